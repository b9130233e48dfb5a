"""The Helm chart through Helm's own engine (helm-python-sdk): lint, render, Kubernetes schemas, hardening.

Every rendered manifest is validated (strict) against the Kubernetes 1.30 schemas and the newest
that kubernetes-validate bundles. The ServiceMonitor is a Prometheus Operator CRD those schemas do
not hold: it is checked here against the part of the CRD's schema the chart uses.
"""

from __future__ import annotations

import json
import re
from typing import Any

import helm_python as helm
import jsonschema
import kubernetes_validate
import kubernetes_validate.utils
import pytest
import yaml

from service.environment import VARIABLES

from ..serving.conftest import ROOT

CHART = ROOT / "helm" / "razz-rules"
DIGEST = "sha256:" + "0123456789abcdef" * 4
KUBE_VERSIONS = ("1.30.0", kubernetes_validate.utils.latest_version())

VALUE_SETS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "everything-on": {
        "replicaCount": 3,
        "autoscaling": {"enabled": False},
        "networkPolicy": {"enabled": True, "from": [{"namespaceSelector": {"matchLabels": {"name": "monitoring"}}},
                                                      {"podSelector": {}}]},
        "serviceMonitor": {"enabled": True, "interval": "15s", "labels": {"release": "prometheus"}},
        "podDisruptionBudget": {"maxUnavailable": "50%"},
        "resources": {"requests": {"cpu": "2", "memory": "512Mi"}, "limits": {"cpu": "2", "memory": "1Gi"}},
        "gunicorn": {"workers": 4, "workerConnections": 500, "gracefulTimeoutSeconds": 45},
        "env": {"RAZZ_REQUEST_TIMEOUT": "10", "GUNICORN_CMD_ARGS": "--keep-alive 5"},
        "preStopSleepSeconds": 10,
        "containerPort": 9000,
        "service": {"port": 8080},
        "image": {"repository": "registry.example/razz-rules-service", "tag": "1.0.0-rc1"},
        "topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone",
                                       "whenUnsatisfiable": "DoNotSchedule",
                                       "labelSelector": {"matchLabels": {"app.kubernetes.io/name": "razz-rules"}}}],
    },
    "minimal": {"replicaCount": 1, "autoscaling": {"enabled": False}, "podDisruptionBudget": {"enabled": False},
                "spreadOverNodes": False},
    "operators": {
        "image": {"repository": "registry.example/razz-rules-service", "digest": DIGEST},
        "serviceAccount": {"create": True, "name": "razz-rules", "annotations": {"example.com/role": "rules"}},
        "ingress": {"enabled": True, "className": "nginx", "annotations": {"example.com/timeout": "30"},
                    "hosts": [{"host": "razz.example", "paths": [{"path": "/", "pathType": "Prefix"}]},
                              {"host": "rules.example", "paths": [{"path": "/v1", "pathType": "Prefix"}]}],
                    "tls": [{"secretName": "razz-tls", "hosts": ["razz.example", "rules.example"]}]},
        "podSecurityContext": {"runAsUser": None, "runAsGroup": None, "fsGroup": None},
        "env": {"RAZZ_REQUEST_TIMEOUT": "10"},
        "extraEnv": [
            {"name": "RAZZ_MAX_CONTENT_LENGTH", "valueFrom": {"configMapKeyRef": {"name": "razz-limits",
                                                                                  "key": "max-content-length"}}},
            {"name": "GUNICORN_CMD_ARGS", "valueFrom": {"secretKeyRef": {"name": "razz-gunicorn", "key": "args"}}},
            {"name": "GUNICORN_MAX_REQUESTS", "value": "100000"},
        ],
    },
    "existing-account": {"serviceAccount": {"create": False, "name": "razz-runner"},
                         "podSecurityContext": {"runAsUser": None}, "ingress": {"enabled": True}},
}

KINDS = {
    "defaults": ["Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Pod", "Service", "ServiceAccount"],
    "everything-on": ["Deployment", "NetworkPolicy", "PodDisruptionBudget", "Pod", "Service", "ServiceAccount",
                      "ServiceMonitor"],
    "minimal": ["Deployment", "Pod", "Service", "ServiceAccount"],
    "operators": ["Deployment", "HorizontalPodAutoscaler", "Ingress", "PodDisruptionBudget", "Pod", "Service",
                  "ServiceAccount"],
    "existing-account": ["Deployment", "HorizontalPodAutoscaler", "Ingress", "PodDisruptionBudget", "Pod", "Service"],
}

DURATION = "^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$"
SERVICE_MONITOR = {
    "type": "object",
    "additionalProperties": False,
    "required": ["apiVersion", "kind", "metadata", "spec"],
    "properties": {
        "apiVersion": {"const": "monitoring.coreos.com/v1"},
        "kind": {"const": "ServiceMonitor"},
        "metadata": {"type": "object", "required": ["name"],
                     "properties": {"name": {"type": "string"},
                                    "labels": {"type": "object", "additionalProperties": {"type": "string"}}}},
        "spec": {
            "type": "object", "additionalProperties": False, "required": ["selector", "endpoints"],
            "properties": {
                "selector": {"type": "object", "additionalProperties": False, "required": ["matchLabels"],
                             "properties": {"matchLabels": {"type": "object", "minProperties": 1,
                                                            "additionalProperties": {"type": "string"}}}},
                "endpoints": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "additionalProperties": False, "required": ["port", "path"],
                    "properties": {"port": {"type": "string"}, "path": {"type": "string", "pattern": "^/"},
                                   "interval": {"type": "string", "pattern": DURATION},
                                   "scrapeTimeout": {"type": "string", "pattern": DURATION}}}},
            },
        },
    },
}
"""The fields of the Prometheus Operator's ServiceMonitor CRD (monitoring.coreos.com/v1) the chart writes."""


def render(values: dict[str, Any]) -> dict[str, str]:
    """Helm's engine renders the chart as ``helm install razz --namespace games`` would."""
    return helm.Chart.load(str(CHART)).render(values, name="razz", namespace="games", is_install=True)


def manifests(values: dict[str, Any]) -> list[dict[str, Any]]:
    """Every Kubernetes object the chart renders for ``values``."""
    return [document for path, text in render(values).items() if path.endswith(".yaml")
            for document in yaml.safe_load_all(text) if document]


def one(documents: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """The single object of ``kind``."""
    [document] = [document for document in documents if document["kind"] == kind]
    return document


@pytest.mark.parametrize("kube_version", KUBE_VERSIONS)
def test_helm_lint_strict_finds_nothing(kube_version: str):
    report = helm.lint(str(CHART), strict=True, kube_version=f"v{kube_version}")
    assert report["errors"] == []
    assert [message for message in report["messages"] if message["severity"] >= 2] == []


@pytest.mark.parametrize("name", VALUE_SETS)
def test_renders_the_expected_kinds(name: str):
    assert sorted(document["kind"] for document in manifests(VALUE_SETS[name])) == sorted(KINDS[name])


@pytest.mark.parametrize("name", VALUE_SETS)
@pytest.mark.parametrize("kube_version", KUBE_VERSIONS)
def test_every_manifest_is_valid_kubernetes(name: str, kube_version: str):
    for document in manifests(VALUE_SETS[name]):
        if document["kind"] == "ServiceMonitor":
            jsonschema.validate(document, SERVICE_MONITOR)
        else:
            kubernetes_validate.validate(document, kube_version, strict=True)


def test_the_service_monitor_check_would_catch_a_mistake():
    monitor = one(manifests(VALUE_SETS["everything-on"]), "ServiceMonitor")
    monitor["spec"]["endpoints"][0]["interval"] = "15 seconds"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(monitor, SERVICE_MONITOR)


@pytest.mark.parametrize("name", VALUE_SETS)
def test_pods_are_hardened(name: str):
    documents = manifests(VALUE_SETS[name])
    pods = [one(documents, "Deployment")["spec"]["template"]["spec"], one(documents, "Pod")["spec"]]
    uids = {"runAsUser": 10001, "runAsGroup": 10001, "fsGroup": 10001} | VALUE_SETS[name].get("podSecurityContext", {})
    for pod in pods:
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert {field: pod["securityContext"].get(field) for field in uids} == uids
        assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
        assert pod["automountServiceAccountToken"] is False
        for container in pod["containers"]:
            security = container["securityContext"]
            assert security["readOnlyRootFilesystem"] is True and security["allowPrivilegeEscalation"] is False
            assert security["capabilities"] == {"drop": ["ALL"]} and security["runAsNonRoot"] is True
            assert not {"runAsUser", "runAsGroup"} & set(security)  # the pod's, or the platform's
            assert container["resources"]["requests"] and container["resources"]["limits"]["memory"]


@pytest.mark.parametrize("name", VALUE_SETS)
def test_the_service_is_probed_drained_and_writes_only_tmp(name: str):
    values = VALUE_SETS[name]
    pod = one(manifests(values), "Deployment")["spec"]["template"]["spec"]
    [container] = pod["containers"]
    env = {variable["name"]: variable.get("value") for variable in container["env"]}
    assert container["startupProbe"]["httpGet"]["path"] == "/healthz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    probes = ("startupProbe", "livenessProbe", "readinessProbe")
    assert all(container[probe]["httpGet"]["port"] == "http" for probe in probes)
    assert container["ports"] == [{"name": "http", "containerPort": int(env["PORT"]), "protocol": "TCP"}]
    assert env["HOST"] == "0.0.0.0" and env["PROMETHEUS_MULTIPROC_DIR"].startswith("/tmp/")
    drain = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pod["terminationGracePeriodSeconds"] > drain + int(env["GUNICORN_GRACEFUL_TIMEOUT"])
    assert container["volumeMounts"] == [{"name": "tmp", "mountPath": "/tmp"}]
    assert [volume["name"] for volume in pod["volumes"] if "emptyDir" in volume] == ["tmp"]


def test_non_default_values_reach_the_manifests():
    documents = manifests(VALUE_SETS["everything-on"])
    deployment = one(documents, "Deployment")
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    env = {variable["name"]: variable["value"] for variable in container["env"]}
    assert deployment["spec"]["replicas"] == 3
    assert container["image"] == "registry.example/razz-rules-service:1.0.0-rc1"
    assert container["resources"]["limits"] == {"cpu": "2", "memory": "1Gi"}
    assert (env["WEB_CONCURRENCY"], env["GUNICORN_GRACEFUL_TIMEOUT"], env["PORT"]) == ("4", "45", "9000")
    added = (env["GUNICORN_WORKER_CONNECTIONS"], env["RAZZ_REQUEST_TIMEOUT"], env["GUNICORN_CMD_ARGS"])
    assert added == ("500", "10", "--keep-alive 5")
    spread = deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]
    assert [constraint["topologyKey"] for constraint in spread] == ["kubernetes.io/hostname",
                                                                    "topology.kubernetes.io/zone"]
    assert deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] == 10 + 45 + 10
    assert one(documents, "Service")["spec"]["ports"][0]["port"] == 8080
    assert one(documents, "PodDisruptionBudget")["spec"]["maxUnavailable"] == "50%"
    policy = one(documents, "NetworkPolicy")["spec"]
    assert policy["policyTypes"] == ["Ingress", "Egress"] and "egress" not in policy
    assert policy["ingress"][0]["ports"] == [{"port": "http", "protocol": "TCP"}]
    assert one(documents, "ServiceMonitor")["metadata"]["labels"]["release"] == "prometheus"


def test_defaults_request_a_core_per_worker_and_spread_over_nodes():
    deployment = one(manifests({}), "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    [container] = pod["containers"]
    env = {variable["name"]: variable["value"] for variable in container["env"]}
    assert float(container["resources"]["requests"]["cpu"]) == int(env["WEB_CONCURRENCY"])
    assert pod["topologySpreadConstraints"] == [{
        "maxSkew": 1, "topologyKey": "kubernetes.io/hostname", "whenUnsatisfiable": "ScheduleAnyway",
        "labelSelector": {"matchLabels": deployment["spec"]["selector"]["matchLabels"]}}]
    minimal = one(manifests(VALUE_SETS["minimal"]), "Deployment")["spec"]["template"]["spec"]
    assert "topologySpreadConstraints" not in minimal


def test_autoscaler_owns_the_replica_count_when_on():
    documents = manifests({})
    assert "replicas" not in one(documents, "Deployment")["spec"]
    autoscaler = one(documents, "HorizontalPodAutoscaler")["spec"]
    assert autoscaler["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "razz-razz-rules"}
    assert (autoscaler["minReplicas"], autoscaler["maxReplicas"]) == (2, 10)


def test_helm_test_hook_ranks_through_the_service(client):
    pod = one(manifests({}), "Pod")
    assert pod["metadata"]["annotations"]["helm.sh/hook"] == "test"
    [container] = pod["spec"]["containers"]
    script = container["command"][-1]
    assert "http://razz-razz-rules:80/v1/hands/rank" in script
    body = re.search(r"-d '([^']*)'", script).group(1)
    expected = re.search(r"grep -q '([^']*)'", script).group(1)
    answer = client.post("/v1/hands/rank", data=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 200 and expected in answer.get_data(as_text=True)


def test_notes_tell_how_to_reach_and_test_the_release():
    notes = render({})["razz-rules/templates/NOTES.txt"]
    assert "port-forward service/razz-razz-rules 8080:80" in notes and "helm test razz --namespace games" in notes
    assert "Ingress" not in notes
    notes = render(VALUE_SETS["operators"])["razz-rules/templates/NOTES.txt"]
    assert "Through the Ingress: https://razz.example/ https://rules.example/v1\n" in notes
    notes = render(VALUE_SETS["existing-account"])["razz-rules/templates/NOTES.txt"]
    assert "Through the Ingress: http://razz.example/\n" in notes


@pytest.mark.parametrize(("values", "where"), [
    ({"replicaCount": "two"}, "/replicaCount"),
    ({"replicas": 2}, ""),
    ({"service": {"port": -1}}, "/service/port"),
    ({"image": {"pullPolicy": "Sometimes"}}, "/image/pullPolicy"),
    ({"resources": {"requests": {"cpu": "lots"}}}, "/resources/requests/cpu"),
    ({"gunicorn": {"workers": 0}}, "/gunicorn/workers"),
    ({"serviceMonitor": {"interval": "soon"}}, "/serviceMonitor/interval"),
    ({"autoscaling": {"target": 50}}, "/autoscaling"),
    ({"env": {"PATH": "/bin"}}, "': invalid propertyName 'PATH"),
    ({"env": {"GUNICORN_TIMEOUT": "60"}}, "': invalid propertyName 'GUNICORN_TIMEOUT"),
    ({"env": {"GUNICORN_GRACEFUL_TIMEOUT": "5"}}, "': invalid propertyName 'GUNICORN_GRACEFUL_TIMEOUT"),
    ({"env": {"RAZZ_REQUEST_TIMEOUT": 30}}, "/env/RAZZ_REQUEST_TIMEOUT"),
    ({"image": {"digest": "sha256:abc"}}, "/image/digest"),
    ({"image": {"digest": "latest"}}, "/image/digest"),
    ({"serviceAccount": {"create": "yes"}}, "/serviceAccount/create"),
    ({"serviceAccount": {"automount": True}}, "/serviceAccount"),
    ({"ingress": {"enabled": True, "hosts": []}}, "/ingress/hosts"),
    ({"ingress": {"hosts": [{"host": "razz.example", "paths": [{"path": "/", "pathType": "Regex"}]}]}},
     "/ingress/hosts/0/paths/0/pathType"),
    ({"ingress": {"tls": [{"hosts": ["razz.example"]}]}}, "/ingress/tls/0"),
    ({"podSecurityContext": {"runAsUser": 0}}, "/podSecurityContext/runAsUser"),
    ({"podSecurityContext": {"runAsUser": "10001"}}, "/podSecurityContext/runAsUser"),
    ({"podSecurityContext": {"privileged": True}}, "/podSecurityContext"),
    ({"extraEnv": [{"name": "PATH", "value": "/bin"}]}, "/extraEnv/0/name"),
    ({"extraEnv": [{"name": "GUNICORN_MAX_REQUESTS"}]}, "/extraEnv/0"),
    ({"extraEnv": [{"name": "GUNICORN_MAX_REQUESTS", "value": "5",
                    "valueFrom": {"secretKeyRef": {"name": "s", "key": "k"}}}]}, "/extraEnv/0"),
    ({"extraEnv": [{"name": "GUNICORN_MAX_REQUESTS", "valueFrom": {"vaultRef": {"path": "x"}}}]},
     "': invalid propertyName 'vaultRef"),
], ids=lambda item: yaml.safe_dump(item, default_flow_style=True).strip() if isinstance(item, dict) else None)
def test_values_schema_rejects_bad_values(values: dict[str, Any], where: str):
    with pytest.raises(helm.HelmValuesError, match=re.escape(f"at '{where}'")):
        render(values)


def test_autoscaler_bounds_must_be_ordered():
    with pytest.raises(helm.HelmRenderError, match="maxReplicas must be at least"):
        render({"autoscaling": {"minReplicas": 5, "maxReplicas": 3}})


def test_every_variable_the_service_reads_is_set_by_the_chart_or_allowed_in_env():
    """A setting the service gains (``service/environment.py``) is one the chart can give it."""
    schema = json.loads((ROOT / "helm" / "razz-rules" / "values.schema.json").read_text())
    assert schema["properties"]["env"]["propertyNames"] == {"$ref": "#/definitions/serviceVariable"}
    assert schema["properties"]["extraEnv"]["items"]["properties"]["name"] == {"$ref": "#/definitions/serviceVariable"}
    allowed = set(schema["definitions"]["serviceVariable"]["enum"])
    [container] = one(manifests({}), "Deployment")["spec"]["template"]["spec"]["containers"]
    set_by_chart = {variable["name"] for variable in container["env"]}
    where_to_listen = {"BIND"}  # the chart sets HOST and PORT
    assert {variable.name for variable in VARIABLES} - where_to_listen == (allowed | set_by_chart) - where_to_listen


def test_a_digest_pins_the_image():
    [container] = one(manifests(VALUE_SETS["operators"]), "Deployment")["spec"]["template"]["spec"]["containers"]
    assert container["image"] == f"registry.example/razz-rules-service@{DIGEST}"


def test_the_pods_run_as_their_own_service_account_with_no_token():
    for name, account in (("defaults", "razz-razz-rules"), ("operators", "razz-rules"),
                          ("existing-account", "razz-runner")):
        documents = manifests(VALUE_SETS[name])
        pod = one(documents, "Deployment")["spec"]["template"]["spec"]
        assert (pod["serviceAccountName"], pod["automountServiceAccountToken"]) == (account, False), name
        made = [document for document in documents if document["kind"] == "ServiceAccount"]
        assert [(made["metadata"]["name"], made["automountServiceAccountToken"]) for made in made] == (
            [] if name == "existing-account" else [(account, False)]), name
    borrowed = one(manifests({"serviceAccount": {"create": False, "name": ""}}), "Deployment")
    assert borrowed["spec"]["template"]["spec"]["serviceAccountName"] == "default"
    annotations = one(manifests(VALUE_SETS["operators"]), "ServiceAccount")["metadata"]["annotations"]
    assert annotations == {"example.com/role": "rules"}


def test_the_ingress_routes_each_host_to_the_services_http_port():
    documents = manifests(VALUE_SETS["operators"])
    ingress = one(documents, "Ingress")
    service = one(documents, "Service")
    assert ingress["spec"]["ingressClassName"] == "nginx"
    assert ingress["spec"]["tls"] == [{"secretName": "razz-tls", "hosts": ["razz.example", "rules.example"]}]
    assert ingress["metadata"]["annotations"] == {"example.com/timeout": "30"}
    routes = [(rule["host"], path["path"], path["backend"]["service"]) for rule in ingress["spec"]["rules"]
              for path in rule["http"]["paths"]]
    backend = {"name": service["metadata"]["name"], "port": {"name": service["spec"]["ports"][0]["name"]}}
    assert routes == [("razz.example", "/", backend), ("rules.example", "/v1", backend)]
    plain = one(manifests(VALUE_SETS["existing-account"]), "Ingress")["spec"]
    assert "ingressClassName" not in plain and "tls" not in plain


def test_uids_left_to_the_platform_are_left_out():
    documents = manifests(VALUE_SETS["operators"])
    for pod in (one(documents, "Deployment")["spec"]["template"]["spec"], one(documents, "Pod")["spec"]):
        assert pod["securityContext"] == {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"}}
    group_only = one(manifests(VALUE_SETS["existing-account"]), "Deployment")["spec"]["template"]["spec"]
    assert (group_only["securityContext"]["runAsGroup"], group_only["securityContext"]["fsGroup"]) == (10001, 10001)
    assert "runAsUser" not in group_only["securityContext"]


def test_extra_env_takes_values_from_secrets_and_config_maps_after_env():
    [container] = one(manifests(VALUE_SETS["operators"]), "Deployment")["spec"]["template"]["spec"]["containers"]
    assert container["env"][-4:] == [{"name": "RAZZ_REQUEST_TIMEOUT", "value": "10"},
                                     *VALUE_SETS["operators"]["extraEnv"]]


def test_a_setting_given_in_env_and_extra_env_is_refused():
    with pytest.raises(helm.HelmRenderError, match="extraEnv sets GUNICORN_MAX_REQUESTS, which env sets too"):
        render({"env": {"GUNICORN_MAX_REQUESTS": "10"}, "extraEnv": [{"name": "GUNICORN_MAX_REQUESTS", "value": "5"}]})
