"""Where the server listens: addresses as URLs, and which of them something else already listens on."""

from __future__ import annotations

import errno
import socket
from typing import Any


def url(host: str, port: int) -> str:
    """The address as a URL.

    >>> url("127.0.0.1", 8080), url("::1", 8080)
    ('http://127.0.0.1:8080', 'http://[::1]:8080')
    """
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def listener_url(listener: socket.socket) -> str:
    """Where a listening socket listens: its URL, or ``unix:PATH``."""
    if listener.family == socket.AF_UNIX:
        return f"unix:{listener.getsockname()}"
    host, port = listener.getsockname()[:2]
    return url(host, port)


def taken(addresses: list[Any]) -> list[str]:
    """The TCP addresses (``(host, port)``) something already listens on, as URLs; unix paths and port 0 are never.

    A socket of the service's own (SO_REUSEPORT) would share such a port silently: with two
    servers on it, the kernel would split callers between them.
    """
    return [url(host, port) for host, port in (address for address in addresses if isinstance(address, tuple))
            if port != 0 and _in_use(host, port)]


def _in_use(host: str, port: int) -> bool:
    """Whether binding ``host:port`` fails because the address is in use."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as refused:
            return refused.errno == errno.EADDRINUSE
    return False
