"""The rules reference the service publishes: served as docs/ holds it, and every citation an answer can make is in it.

The citations are enumerated from the code's declarations (every ``Citation`` is built at import, by a module-level
statement, which the first test checks), not from a list written here.
"""

import ast
import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import service
from service.stud_family.rules import OPTIONS, REFERENCE_VERSION
from service.stud_family.why import GAME, REFERENCE_PATH, SECTIONS, Citation, anchor, section_anchor

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "rules-reference.md"
TEXT = DOCUMENT.read_text(encoding="utf-8")
ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"


def anchors_by_section() -> dict[str, list[str]]:
    """Each razz section's anchor with the anchors written inside it, up to the next section's heading."""
    sections: dict[str, list[str]] = {}
    current: list[str] = []
    for line in TEXT.splitlines():
        found = ANCHOR.findall(line)
        if line.startswith("#") and found:
            current = sections.setdefault(found[0], [])
        else:
            current.extend(found)
    return sections


def walk(value: object, depth: int = 0) -> Iterator[Citation]:
    """The citations a module-level value holds: itself, or in a mapping's values, a tuple or a record."""
    if isinstance(value, Citation):
        yield value
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from walk(item, depth + 1)
    elif depth < 3 and isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from walk(item, depth + 1)


def modules() -> Iterator[object]:
    """Every module of the service's packages."""
    for info in pkgutil.walk_packages(service.__path__, "service."):
        if info.name != "service.serving.settings":  # imports prometheus's multiprocess folder; holds no citation
            yield importlib.import_module(info.name)


def declared_citations() -> set[Citation]:
    """Every citation the service's modules declare."""
    return {citation for module in modules() for value in vars(module).values() for citation in walk(value)}


CITATIONS = sorted(declared_citations())


def test_every_citation_is_declared_at_import_so_that_the_enumeration_finds_it():
    built_later = []
    for path in (ROOT / "service").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
                built_later += [f"{path.relative_to(ROOT)}:{call.lineno}" for call in ast.walk(node)
                                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                                and call.func.id == "Citation"]
    assert not built_later, "a Citation built in a function or class escapes the enumeration"
    assert len(CITATIONS) >= 40


@pytest.mark.parametrize("citation", CITATIONS, ids=lambda citation: f"{citation.rule} {citation.source}")
def test_a_citation_resolves_to_its_entry_in_its_section(citation):
    section = anchors_by_section()[section_anchor(citation.rule)]
    assert anchor(citation.rule, citation.source) in section
    assert citation.see == f"{REFERENCE_PATH}#{anchor(citation.rule, citation.source)}"
    entry = next(line for line in TEXT.splitlines() if f'<a id="{anchor(citation.rule, citation.source)}">' in line)
    assert f"**{citation.source}**" in entry, "the entry names the source as answers write it"


def test_every_citation_entry_is_one_an_answer_can_make():
    entries = {name for section in anchors_by_section().values() for name in section
               if name.startswith((f"{GAME}-", "stud-"))}
    assert entries == {anchor(*citation) for citation in CITATIONS}


def test_every_section_a_citation_names_has_its_heading():
    headings = {match[1]: match[2] for match in re.finditer(r'^## <a id="([a-z0-9-]+)"></a>(.*)$', TEXT, re.M)}
    for rule, title in SECTIONS.items():
        assert headings[section_anchor(rule)] == f"{rule} {title}"


def test_the_razz_options_table_names_every_option_with_its_default_and_values():
    table = TEXT.partition('<a id="razz-options">')[2].partition("###")[0]
    rows = {line.split("|")[1].strip(" `"): line for line in table.splitlines() if line.startswith("| `")}
    assert set(rows) == {spec.name for spec in OPTIONS}
    for spec in OPTIONS:
        default, others = rows[spec.name].split("|")[2:4]
        assert f"`{str(spec.default).lower()}`" in default, spec.name
        for value in spec.values:
            assert f"`{str(value).lower()}`" in default + others, (spec.name, value)


def test_the_reference_names_its_version():
    assert f"Version **{REFERENCE_VERSION}**" in TEXT


@pytest.mark.parametrize(("accept", "media_type"), [
    (None, "text/plain"), ("*/*", "text/plain"), ("text/markdown", "text/markdown"),
    ("text/markdown, text/plain;q=0.5", "text/markdown"), ("text/html, text/markdown, text/plain", "text/plain"),
    ("application/json", "text/plain")])
def test_the_reference_served_is_the_file_in_docs(client, accept, media_type):
    response = client.get(REFERENCE_PATH, headers={} if accept is None else {"Accept": accept})
    assert response.status_code == 200
    assert response.headers["Content-Type"] == f"{media_type}; charset=utf-8"
    assert response.headers["Vary"] == "Accept"
    assert response.data == DOCUMENT.read_bytes()


def test_a_browser_gets_the_page_with_every_anchor(client):
    response = client.get(REFERENCE_PATH, headers={"Accept": BROWSER_ACCEPT})
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    page = response.get_data(as_text=True)
    assert page.startswith("<!DOCTYPE html>")
    assert "<title>Rules reference of the stud family: razz, seven-card stud, stud/8</title>" in page
    assert ANCHOR.findall(page) == ANCHOR.findall(TEXT)
    assert "<table>" in page and "<h2>" in page


def test_the_service_pages_have_an_icon(client):
    response = client.get("/favicon.ico")
    assert (response.status_code, response.mimetype) == (200, "image/png")
    assert response.data.startswith(b"\x89PNG")
