"""Every problem type a code path can answer is in the contract, under the name generators give its enum member."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import service
from service.api.problem_types import INPUT_ERRORS, PROBLEM_TYPES
from service.problems import HTTP_ERROR, KIND_BY_STATUS, PROBLEM_BASE
from service.stud_family.errors import InputError

from ..yaml_documents import safe_load

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
CONTRACT_TYPE = safe_load((ROOT / "openapi.yaml").read_text())["components"]["schemas"]["Problem"][
    "properties"]["type"]

KIND_ARGUMENT = {"Problem": 0, "field_problem": 0, "problem_response": 1, "problem_json": 1, "KindedMessage": 1}
"""The calls that make a problem or name its type, and where the type is among their arguments."""
KIND_KEYWORDS = {"kind", "count_kind"}
"""The keywords that give an HTTP layer's field validator its problem type (``Length(kind=...)``)."""
COMPUTED = {
    "KIND_BY_STATUS[status]": "a status's kind: every one is checked below",
    "KIND_BY_STATUS[503]": "a status's kind",
    "KIND_BY_STATUS.get(status, HTTP_ERROR)": "a status's kind, else http-error",
    "schema_kind(messages[0])": "the first message's kind (a KindedMessage, made at a site checked here) or "
                                "validation-error",
}
"""The kinds computed where a problem is made, each from kinds checked elsewhere in this module."""
NOT_IMPORTED = {"service.serving.settings"}
"""Modules imported only by a starting server: they read and change the process's environment."""


def every_module() -> list[str]:
    """The service's modules, each imported, so that every error class they declare exists."""
    names = [module.name for module in pkgutil.walk_packages(service.__path__, "service.")
             if module.name not in NOT_IMPORTED]
    for name in names:
        importlib.import_module(name)
    return names


def subclasses(error: type) -> set[type]:
    """Every class under ``error``, however deep."""
    return {deeper for subclass in error.__subclasses__() for deeper in {subclass, *subclasses(subclass)}}


def test_the_contract_lists_every_problem_type_with_its_generated_name_and_meaning():
    kinds = list(PROBLEM_TYPES)
    assert CONTRACT_TYPE["enum"] == [PROBLEM_BASE + kind for kind in kinds]
    assert CONTRACT_TYPE["x-enum-varnames"] == [kind.upper().replace("-", "_") for kind in kinds]
    assert CONTRACT_TYPE["x-enum-descriptions"] == list(PROBLEM_TYPES.values())
    assert all(PROBLEM_TYPES.values()) and len(set(CONTRACT_TYPE["x-enum-varnames"])) == len(kinds)
    assert {"unreadable-hand", "unsupported-format", "over-budget"} <= set(kinds)


def test_every_input_error_any_module_declares_is_registered():
    every_module()
    declared = {error for error in subclasses(InputError) if error.__module__.startswith("service.")}
    naming_a_kind = {error for error in declared if "kind" in vars(error)}  # the others are of their parent's kind
    assert naming_a_kind == set(INPUT_ERRORS), "register each in service/api/problem_types.py's INPUT_ERRORS"
    assert {error.kind for error in declared} == {error.kind for error in INPUT_ERRORS}
    assert len({error.kind for error in INPUT_ERRORS}) == len(INPUT_ERRORS)


def test_every_status_kind_is_a_problem_type():
    assert {*KIND_BY_STATUS.values(), HTTP_ERROR} <= set(PROBLEM_TYPES)


def kind_sites() -> list[tuple[str, ast.expr, ast.AST | None]]:
    """Every expression that gives a problem its type in the service's code: where, the expression, and the
    function it is in."""
    found = []
    for path in sorted(SERVICE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            arguments = []
            if called in KIND_ARGUMENT and len(node.args) > KIND_ARGUMENT[called]:
                arguments.append(node.args[KIND_ARGUMENT[called]])
            if path.parent.name == "api":
                arguments += [keyword.value for keyword in node.keywords if keyword.arg in KIND_KEYWORDS]
            if not arguments:  # most calls name no kind: the search for their function is skipped
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            enclosing = next((function for function in reversed(functions)
                              if function.lineno <= node.lineno <= (function.end_lineno or 0)), None)
            found += [(where, argument, enclosing) for argument in arguments]
    return found


def module_of(where: str) -> object:
    """The module a site is in, imported."""
    return importlib.import_module(where.partition(":")[0].removesuffix(".py").replace("/", "."))


def parameters(function: ast.AST | None) -> set[str]:
    """The parameter names of ``function`` (none outside one)."""
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        return set()
    return {argument.arg for argument in [*function.args.args, *function.args.kwonlyargs]}


SITES = kind_sites()


@pytest.mark.parametrize(("where", "expression", "function"), SITES, ids=[site[0] for site in SITES])
def test_every_kind_a_code_path_names_is_a_problem_type(where, expression, function):
    """A literal, a module's constant or an error class's kind is in the contract; a parameter or an object's
    ``kind`` passes on what a site checked here gave; anything computed is one of ``COMPUTED``."""
    module = module_of(where)
    if isinstance(expression, ast.Constant):
        assert expression.value in PROBLEM_TYPES, where
    elif isinstance(expression, ast.Name) and expression.id in parameters(function):
        pass  # passed on from the caller, whose site is checked
    elif isinstance(expression, ast.Name):
        assert getattr(module, expression.id) in PROBLEM_TYPES, where
    elif isinstance(expression, ast.Attribute) and expression.attr == "kind" and isinstance(expression.value,
                                                                                           ast.Name):
        owner = getattr(module, expression.value.id, None)
        if isinstance(owner, type):
            assert owner in INPUT_ERRORS, where
        # else an error or problem object, made at a site checked here (or an InputError, checked above)
    else:
        assert ast.unparse(expression) in COMPUTED, where


def test_the_sites_are_found():
    """The scan sees the sites it must: a literal, a constant, an error class's kind, a keyword."""
    seen = {ast.unparse(expression) for _, expression, _ in SITES}
    assert {"'malformed-request'", "DUPLICATE_ID", "DuplicateCardError.kind", "SnapshotError.kind",
            "'not-ready'"} <= seen
