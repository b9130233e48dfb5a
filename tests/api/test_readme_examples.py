"""The README's curl examples answer what the README says they answer, byte for byte."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"

EXAMPLE = re.compile(r"```sh\ncurl -s -X POST '?localhost:8080(?P<path>/[^\s']+)'? [^`]*?-d '(?P<body>[^']*)'\n```\n"
                     r"```json\n(?P<answer>[^\n]*)\n```")
"""A POST whose body is its last argument, and the one-line JSON block right after it (no match crosses a block)."""

HEADER = re.compile(r"-H '(?P<name>[\w-]+): (?P<value>[^']*)'")
"""A request header the command sends (``Prefer: return=minimal``); Content-Type is the test client's own."""

EXAMPLES = [pytest.param(found["path"], found["body"], found["answer"], headers, id=f"line-{line}")
            for found in EXAMPLE.finditer(README.read_text())
            for line in [README.read_text().count("\n", 0, found.start()) + 1]
            for headers in [{header["name"]: header["value"] for header in HEADER.finditer(found.group())
                             if header["name"] != "Content-Type"}]]


def test_the_readme_has_its_examples():
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("path, body, answer, headers", EXAMPLES)
def test_a_readme_example_answers_as_written(client, path, body, answer, headers):
    response = client.post(path, data=body, content_type="application/json", headers=headers)
    assert response.get_data(as_text=True) == answer
