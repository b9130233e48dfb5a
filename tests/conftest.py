"""Shared fixtures: the app and its test client, flaskr style."""

import pytest

from service.app import create_app


@pytest.fixture
def app():
    """A fresh app per test: nothing is shared between requests, so nothing leaks between tests."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    """Flask's test client for the app."""
    return app.test_client()
