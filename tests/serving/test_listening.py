"""Stopping listening on a real kernel socket: new connections get no handshake, one already answered completes.

Without a server: a listener, a client, and the socket filters ``listening.py`` attaches.
"""

from __future__ import annotations

import ctypes
import os
import select
import socket
import struct
from collections.abc import Iterator

import pytest

from service.serving.listening import (
    SO_ATTACH_FILTER,
    half_open,
    queued,
    stop_accepting,
    stop_listening,
    wait_until_drained,
)

ONLY_SYNS = ctypes.create_string_buffer(b"".join(struct.pack("HBBI", *step) for step in [
    (0x30, 0, 0, 13),  # ldb [13]: the TCP flags
    (0x45, 1, 0, 0x02),  # jset #SYN: kept
    (0x06, 0, 0, 0),  # dropped
    (0x06, 0, 0, 0xFFFFFFFF),  # kept
]))
"""A filter that keeps a connection half-open: its SYN is answered, its caller's ACK and request are dropped."""


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    with socket.create_server(("127.0.0.1", 0), backlog=8) as listening:
        yield listening


def test_a_listener_that_stops_accepting_answers_no_new_syn(listener: socket.socket):
    assert stop_accepting(listener)
    with pytest.raises(TimeoutError):
        socket.create_connection(listener.getsockname(), timeout=0.5)
    assert not queued(listener) and not half_open(listener.getsockname()[1])


def test_a_handshake_answered_before_the_listener_stopped_completes_and_is_drained(listener: socket.socket):
    port = listener.getsockname()[1]
    listener.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, struct.pack("HL", 4, ctypes.addressof(ONLY_SYNS)))
    with socket.create_connection(listener.getsockname(), timeout=5) as caller:
        caller.sendall(b"GET /healthz HTTP/1.1\r\n\r\n")
        assert half_open(port) and not queued(listener)
        assert stop_accepting(listener)
        accepted: list[bytes] = []

        def accept_meanwhile(seconds: float) -> None:
            if select.select([listener], [], [], seconds)[0]:
                connection, _ = listener.accept()
                with connection:
                    accepted.append(connection.recv(100))

        assert wait_until_drained([listener], 5, accept_meanwhile)
    assert accepted == [b"GET /healthz HTTP/1.1\r\n\r\n"] and not half_open(port)


def test_draining_gives_up_after_its_seconds(listener: socket.socket):
    socket.create_connection(listener.getsockname(), timeout=5).close()
    assert not wait_until_drained([listener], 0.05, lambda seconds: None)


def test_a_listener_that_stops_listening_refuses_at_connect_whoever_else_holds_it(listener: socket.socket):
    """``shutdown(SHUT_RD)`` acts on the socket, not on one descriptor: the arbiter's copy keeps nothing listening."""
    with socket.socket(fileno=os.dup(listener.fileno())) as copy:
        stop_listening(listener)
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(listener.getsockname(), timeout=2)
        assert copy.fileno() >= 0
