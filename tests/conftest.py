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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/serving starts or drives the real server: ``-m "not serving"`` skips them.

    Each test also joins a group, which ``-n 2`` (pytest-xdist, ``--dist loadgroup``) runs whole on one worker:
    the serving tests all in one, so that no two servers under load run beside each other and their latency
    bounds judge one server; tests/clients as one, which shares a server; every other module as one, so that a
    module's fixtures are built once."""
    for item in items:
        if SERVING_TESTS in item.path.parents:
            item.add_marker(pytest.mark.serving)
        if item.get_closest_marker("serving"):
            group = "serving"
        else:
            group = str(CLIENT_TESTS if CLIENT_TESTS in item.path.parents else item.path)
        item.add_marker(pytest.mark.xdist_group(group))
