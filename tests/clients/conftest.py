"""The real server the generated clients call."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ..serving.conftest import Server, serving


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The service as users start it (``python -m service``), one worker, on a free loopback port."""
    with serving(tmp_path_factory.mktemp("server"), WEB_CONCURRENCY="1") as running:
        yield running
