"""Stopping listening without resetting anyone: every connection the kernel completed is served, later ones refused.

Closing a listening socket makes the kernel reset every connection still queued on it: their
callers had sent whole requests and got "connection reset by peer". So a stopping worker first
has the kernel drop every new connection's SYN for its socket (a socket filter), then accepts
what is queued, and only then closes. A caller that connects meanwhile gets no answer to its SYN;
TCP sends it again a second later, finds nothing listening, and the connect is refused: refused
at connect, never accepted and reset.

A handshake can straddle the filter: its SYN answered before, its caller's ACK arriving after.
That caller's connect has returned and its request is sent, so the filter lets every segment
but a SYN through, and the socket closes only once no handshake to its port is half-open (a
filter that dropped everything would leave such a connection half-open until the close reset it).

Where the kernel refuses the filter (uid 10001 in the image: EPERM), the queue is emptied while
new connections still join it, and the moment it is empty and no handshake is half-open the
socket stops listening (``stop_listening``: ``shutdown(SHUT_RD)``, which takes a listening socket
out of the LISTEN state for every descriptor of it, the arbiter's and the worker's alike), in the
same step of the loop, with nothing in between that could let a connection complete. A SYN after
that is answered with a reset: refused at connect. Closing the worker's descriptor did not stop
the listening, and everything that arrived until the last one closed was reset (67 of 160).
"""

from __future__ import annotations

import contextlib
import ctypes
import select
import socket
import struct
import time
from collections.abc import Callable
from pathlib import Path

SO_ATTACH_FILTER = getattr(socket, "SO_ATTACH_FILTER", 26)
"""Linux's option to attach a classic BPF program to a socket (no privilege needed on one's own socket)."""

_SYNS_DROPPED = [
    (0x30, 0, 0, 13),  # ldb [13]: the TCP header's flags (a TCP socket's filter reads from the TCP header)
    (0x54, 0, 0, 0x12),  # and #(SYN | ACK)
    (0x15, 0, 1, 0x02),  # jeq #SYN: a connection's first segment
    (0x06, 0, 0, 0),  # ret #0: dropped before the socket sees it
    (0x06, 0, 0, 0xFFFFFFFF),  # ret #-1: any other segment kept whole
]
_NEW_CONNECTIONS_DROPPED = ctypes.create_string_buffer(b"".join(struct.pack("HBBI", *step) for step in _SYNS_DROPPED))
"""A classic BPF program that drops the SYNs of new connections and keeps every other segment."""

HALF_OPEN = "03"
"""How ``/proc/net/tcp`` writes the state of a handshake the listener answered and its caller has not yet ACKed."""


def stop_accepting(listener: socket.socket) -> bool:
    """Have the kernel drop every new connection's SYN for ``listener``, so its queue only empties; whether it would.

    Connections already queued stay there for ``accept``, handshakes already answered complete,
    and a SYN arriving from now on is dropped.
    Where the kernel refuses the filter (EPERM for uid 10001 without capabilities in the image's
    emulated sandbox), the queue is still emptied, and the socket stops listening the moment it is
    empty (``stop_listening``).
    """
    program = struct.pack("HL", len(_SYNS_DROPPED), ctypes.addressof(_NEW_CONNECTIONS_DROPPED))
    try:
        listener.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, program)
    except OSError:
        return False
    return True


def stop_listening(listener: socket.socket) -> None:
    """Take ``listener`` out of the LISTEN state at once, whoever else holds a descriptor of it: connections still
    queued are reset, new ones refused at connect. Call it once the queue is empty (``wait_until_drained``)."""
    with contextlib.suppress(OSError):  # not listening any more
        listener.shutdown(socket.SHUT_RD)


def queued(listener: socket.socket) -> bool:
    """Whether ``listener`` has a connection waiting to be accepted."""
    readable, _, _ = select.select([listener.fileno()], [], [], 0)
    return bool(readable)


def half_open(port: int) -> bool:
    """Whether a handshake to ``port`` is half-open: its SYN answered, its caller's ACK not yet in.

    Read from the kernel's tables (``/proc/net/tcp`` and ``tcp6``), which list each such
    handshake by its local address; False where they cannot be read.
    """
    for table in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")):
        try:
            rows = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            _, local, _, state, *_ = row.split()
            if state == HALF_OPEN and int(local.rpartition(":")[2], 16) == port:
                return True
    return False


def wait_until_drained(listeners: list[socket.socket], seconds: float, pause: Callable[[float], None]) -> bool:
    """Let the server accept every connection on ``listeners``, queued or still in its handshake, for ``seconds`` at
    most; whether it did.

    ``pause`` (``gevent.sleep``) lets the server's own greenlets accept meanwhile. Half-open
    handshakes are looked at first: once none is left, no connection can join the queue.
    """
    ports = {listener.getsockname()[1] for listener in listeners}
    deadline = time.monotonic() + seconds
    while any(map(half_open, ports)) or any(queued(listener) for listener in listeners):
        if time.monotonic() > deadline:
            return False
        pause(0.01)
    return True

