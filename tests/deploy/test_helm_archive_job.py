"""The chart's archive job through Helm's own engine: an Indexed Job of shards and the merge run as a test hook,
valid Kubernetes, hardened as the service is, and their commands doing on a folder what the pods do on the volume."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import helm_python as helm
import kubernetes_validate
import pytest

from service.histories import cli, shards

from .test_helm_chart import KUBE_VERSIONS, manifests, one, render

SAMPLES = Path(__file__).resolve().parents[1] / "histories" / "samples"
ARCHIVE = {"archiveJob": {"enabled": True, "volumeClaim": "hand-archive", "inputs": ["2024", "old/site.zip"],
                          "shards": 8, "parallelism": 3, "backoffLimitPerIndex": 1, "jobsPerPod": 2,
                          "rules": {"preset": "tda_tournament"}}}


def archive_objects(values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The Job and the merge's test Pod the chart renders."""
    documents = manifests(values)
    [merge] = [document for document in documents if document["metadata"]["name"].endswith("-archive-merge")]
    return one(documents, "Job"), merge


def test_off_by_default():
    assert all(document["kind"] != "Job" for document in manifests({}))
    assert [name for name in render({}) if "archive" in name and render({})[name].strip()] == []


@pytest.mark.parametrize("kube_version", KUBE_VERSIONS)
def test_the_job_and_the_merge_are_valid_kubernetes_and_lint_clean(kube_version: str):
    for document in manifests(ARCHIVE):
        kubernetes_validate.validate(document, kube_version, strict=True)
    assert helm.lint(str(Path(cli.__file__).parents[2] / "helm" / "razz-rules"), strict=True,
                     kube_version=f"v{kube_version}", values=ARCHIVE)["errors"] == []


def test_an_indexed_job_of_the_shards_each_retried_alone():
    job, _ = archive_objects(ARCHIVE)
    spec = job["spec"]
    assert spec["completionMode"] == "Indexed"
    assert (spec["completions"], spec["parallelism"], spec["backoffLimitPerIndex"]) == (8, 3, 1)
    pod = spec["template"]["spec"]
    assert pod["restartPolicy"] == "Never"
    [container] = pod["containers"]
    env = {variable["name"]: variable["value"] for variable in container["env"]}
    assert env == {shards.COUNT_VARIABLE: "8"}  # N; Kubernetes gives each pod its JOB_COMPLETION_INDEX
    assert container["command"] == ["python", "-m", "service.histories"]
    arguments = cli.parser().parse_args(container["args"])
    assert (arguments.out, arguments.jobs, arguments.shard) == (Path("/archive/parts"), 2, None)
    assert arguments.rules == {"preset": "tda_tournament"}
    assert arguments.inputs == ["/archive/2024", "/archive/old/site.zip"]
    assert {"name": "archive", "mountPath": "/archive"} in container["volumeMounts"]
    assert {"name": "archive", "persistentVolumeClaim": {"claimName": "hand-archive"}} in pod["volumes"]


def test_the_pods_are_hardened_as_the_services_and_never_selected_as_its_pods():
    values = {**ARCHIVE, "networkPolicy": {"enabled": True, "from": [{"podSelector": {}}]},
              "image": {"digest": "sha256:" + "0" * 64}, "serviceAccount": {"create": False, "name": "checker"}}
    documents = manifests(values)
    service_pod = one(documents, "Deployment")["spec"]["template"]["spec"]
    [service_container] = service_pod["containers"]
    job, merge = archive_objects(values)
    for pod, labels in [(job["spec"]["template"]["spec"], job["spec"]["template"]["metadata"]["labels"]),
                        (merge["spec"], merge["metadata"]["labels"])]:
        assert pod["securityContext"] == service_pod["securityContext"]
        assert pod["serviceAccountName"] == service_pod["serviceAccountName"] == "checker"
        assert pod["automountServiceAccountToken"] is False and pod["enableServiceLinks"] is False
        [container] = pod["containers"]
        assert container["securityContext"] == service_container["securityContext"]
        assert container["resources"]["requests"] and container["resources"]["limits"]["memory"]
        assert container["image"] == service_container["image"] == "razz-rules-service@sha256:" + "0" * 64
        for selector in [one(documents, "Service")["spec"]["selector"],
                         one(documents, "Deployment")["spec"]["selector"]["matchLabels"],
                         one(documents, "PodDisruptionBudget")["spec"]["selector"]["matchLabels"],
                         one(documents, "NetworkPolicy")["spec"]["podSelector"]["matchLabels"]]:
            assert not selector.items() <= labels.items()


def readme_values() -> tuple[dict[str, Any], str]:
    """The README's three commands: the values its ``helm upgrade --install`` sets, and the whole block."""
    readme = (Path(cli.__file__).parents[2] / "README.md").read_text()
    section = readme[readme.index("### A whole archive: an Indexed Job"):]
    start = section.index("```sh\n") + len("```sh\n")
    commands = section[start:section.index("\n```", start)]
    values: dict[str, Any] = {}
    for setting in re.findall(r"--set '?([^\s']+)'?", commands):
        path, value = setting.split("=", 1)
        *parents, leaf = path.split(".")
        into = values
        for key in parents:
            into = into.setdefault(key, {})
        into[leaf] = (value[1:-1].split(",") if value.startswith("{") else True if value == "true"
                      else int(value) if value.isdigit() else value)
    return values, commands


def test_the_readme_installs_waits_for_and_merges_what_the_chart_renders():
    values, commands = readme_values()
    job, merge = archive_objects(values)
    assert len(commands.replace("\\\n", "").splitlines()) == 3
    assert commands.startswith("helm upgrade --install razz helm/razz-rules ")
    assert f"job/{job['metadata']['name']} " in commands and f"name={merge['metadata']['name']} " in commands
    assert job["spec"]["completions"] == 16 and job["spec"]["parallelism"] == 8


def test_the_merge_is_a_test_hook_of_its_own():
    _, merge = archive_objects(ARCHIVE)
    assert merge["metadata"]["annotations"]["helm.sh/hook"] == "test"
    assert merge["metadata"]["name"] == "razz-razz-rules-archive-merge"
    assert "razz-razz-rules-archive-merge" in render(ARCHIVE)["razz-rules/templates/NOTES.txt"]


def test_the_pods_commands_check_an_archive_in_shards_and_merge_it_as_one_run(tmp_path: Path):
    """The rendered commands run here, the volume a folder: each shard as its pod runs it, then the merge's shell."""
    volume = tmp_path / "volume"
    (volume / "2024").mkdir(parents=True)
    for sample in SAMPLES.glob("*.*"):
        if sample.suffix != ".md":
            shutil.copyfile(sample, volume / "2024" / sample.name)
    values = {"archiveJob": {"enabled": True, "volumeClaim": "hand-archive", "inputs": ["2024"], "shards": 3,
                             "mountPath": str(volume)}}
    job, merge = archive_objects(values)
    [shard] = job["spec"]["template"]["spec"]["containers"]
    environment = {**os.environ, **{variable["name"]: variable["value"] for variable in shard["env"]}}
    for index in range(job["spec"]["completions"]):
        done = subprocess.run([sys.executable, *shard["command"][1:], *shard["args"]], capture_output=True,
                              env={**environment, "JOB_COMPLETION_INDEX": str(index)}, timeout=120)
        assert done.returncode == 0, done.stderr
    [merging] = merge["spec"]["containers"]
    script = re.sub(r"^python ", f"{sys.executable} ", merging["command"][-1])
    done = subprocess.run([*merging["command"][:2], script], capture_output=True, timeout=120,
                          env={**os.environ, **{variable["name"]: variable["value"] for variable in merging["env"]}})
    one_run = subprocess.run([sys.executable, "-m", "service.histories", str(volume / "2024")], capture_output=True,
                             timeout=120)
    # two samples (a PHH stud/8 hand, a Winamax stud export) write no up card: invalid in both runs
    assert done.returncode == one_run.returncode == 1
    assert (volume / "report.txt").read_bytes() == one_run.stdout
    assert done.stdout == one_run.stdout.splitlines(keepends=True)[-1]


@pytest.mark.parametrize(("values", "where"), [
    ({"enabled": True, "inputs": ["2024"]}, "/archiveJob/volumeClaim"),
    ({"enabled": True, "volumeClaim": "hands"}, "/archiveJob/inputs"),
    ({"inputs": ["/etc"]}, "/archiveJob/inputs/0"),
    ({"out": "../elsewhere"}, "/archiveJob/out"),
    ({"shards": 0}, "/archiveJob/shards"),
    ({"backoffLimitPerIndex": -1}, "/archiveJob/backoffLimitPerIndex"),
    ({"parallel": 2}, "/archiveJob"),
])
def test_values_schema_rejects_bad_archive_values(values: dict[str, Any], where: str):
    with pytest.raises(helm.HelmValuesError, match=re.escape(f"at '{where}'")):
        render({"archiveJob": values})


def test_no_more_pods_run_at_once_than_there_are_shards():
    job, _ = archive_objects({"archiveJob": {**ARCHIVE["archiveJob"], "parallelism": 9}})
    assert job["spec"]["parallelism"] == job["spec"]["completions"] == 8
