"""The layers import downwards only: the rules core and the history core know nothing of HTTP.

The core owns its words and errors (``service/stud_family/wording.py``, ``errors.py``); the HTTP layer
(``service/api/``, ``service/problems.py``, the server in ``service/serving/``) writes them as RFC 9457
problems. An import running back up would tie the core to one way of answering.
"""

import ast
from pathlib import Path

import pytest

import service

SERVICE = Path(service.__file__).parent
CORE_PACKAGES = ("stud_family", "histories")
HTTP_LAYER = ("flask", "service.api", "service.app", "service.problems", "service.serving")


def imported(path: Path) -> set[str]:
    """The modules a source file imports, relative ones resolved against its own package."""
    package = ".".join(path.relative_to(SERVICE.parent).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names |= {module} | {f"{module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("path", sorted(path for name in CORE_PACKAGES for path in (SERVICE / name).glob("*.py")),
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_core_module_imports_the_http_layer(path):
    assert not {name for name in imported(path) for layer in HTTP_LAYER
                if name == layer or name.startswith(layer + ".")}


def test_the_import_reader_resolves_relative_imports():
    names = imported(SERVICE / "histories" / "detect.py")
    assert {"service.stud_family.errors.InputError", "service.histories.fulltilt", "service.histories.formats"} <= names
