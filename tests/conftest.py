"""Shared fixtures: the app and its test client, flaskr style; the serving tests marked as such."""

from pathlib import Path

import pytest

from service.app import create_app


@pytest.fixture(scope="session")
def app():
    """One app for the whole run: the service keeps nothing between requests, so nothing leaks between tests,
    and building the app (its OpenAPI document from every schema) is paid once instead of once per test. Its
    metrics count every request of the run: a test that reads them asks for a fresh app of its own."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    """Flask's test client for the app."""
    return app.test_client()


SERVING_TESTS = Path(__file__).parent / "serving"
CLIENT_TESTS = Path(__file__).parent / "clients"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under tests/serving starts or drives the real server: ``-m "not serving"`` skips them.

    Schemathesis gives each operation's test its function's node id; each is given its own, with the operation,
    so that reports name it and pytest-xdist, which keys tests by node id, runs every one (not one for all).

    Under ``-n 2 --dist loadgroup`` (pytest-xdist) each test joins a group, which one worker runs whole: the
    serving tests all in one, so that no two servers under load run beside each other and their latency bounds
    judge one server; tests/clients in one, as its server is shared; every other module in one, so that a
    module's fixtures are built once; each operation's schemathesis test alone. pytest-xdist names the group
    after an ``@`` in the node id, which its own marker no longer sets with this pytest (pytest 9.2 keeps node ids
    structured: https://github.com/pytest-dev/pytest-xdist/issues/1386): it is set here."""
    grouped = hasattr(config, "workerinput") and getattr(config.option, "loadgroup", False)  # set by pytest-xdist
    for item in items:
        if SERVING_TESTS in item.path.parents:
            item.add_marker(pytest.mark.serving)
        module, _, name = item.nodeid.rpartition("::")
        if name != item.name:
            _rename(item, f"{module}::{item.name}")
        elif grouped:
            serving = item.get_closest_marker("serving")
            clients = CLIENT_TESTS in item.path.parents
            _rename(item, f"{item.nodeid}@{'serving' if serving else 'clients' if clients else module}")


def _rename(item: pytest.Item, node_id: str) -> None:
    """Give ``item`` the node id ``node_id`` (pytest 9 keeps it parsed in ``_id``, earlier ones in ``_nodeid``)."""
    if hasattr(item, "_id"):
        item._id = type(item._id).parse(node_id)
    else:
        item._nodeid = node_id
