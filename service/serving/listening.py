"""Stopping listening without resetting anyone: every connection the kernel completed is served, later ones refused.

Closing a listening socket makes the kernel reset every connection still queued on it: their
callers had sent whole requests and got "connection reset by peer". So a stopping worker first
has the kernel drop every new packet for its socket (a socket filter that keeps nothing), then
accepts what is queued, and only then closes. A caller that connects meanwhile gets no answer to
its SYN; TCP sends it again a second later, finds nothing listening, and the connect is refused:
refused at connect, never accepted and reset.
"""

from __future__ import annotations

import ctypes
import select
import socket
import struct
import time
from collections.abc import Callable

SO_ATTACH_FILTER = getattr(socket, "SO_ATTACH_FILTER", 26)
"""Linux's option to attach a classic BPF program to a socket (no privilege needed on one's own socket)."""

_KEEP_NOTHING = ctypes.create_string_buffer(struct.pack("HBBI", 0x06, 0, 0, 0))
"""One BPF instruction, ``ret #0``: every packet is dropped before the socket sees it."""


def stop_accepting(listener: socket.socket) -> bool:
    """Have the kernel drop every new connection's packets for ``listener``, so its queue only empties; whether it
    would.

    Connections already queued stay there for ``accept``; a SYN arriving from now on is dropped.
    Where the kernel refuses the filter (EPERM for uid 10001 without capabilities in the image's
    emulated sandbox), the queue is still emptied just before the close, and only a connection
    completed in between can be reset.
    """
    program = struct.pack("HL", 1, ctypes.addressof(_KEEP_NOTHING))
    try:
        listener.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, program)
    except OSError:
        return False
    return True


def queued(listener: socket.socket) -> bool:
    """Whether ``listener`` has a connection waiting to be accepted."""
    readable, _, _ = select.select([listener.fileno()], [], [], 0)
    return bool(readable)


def wait_until_drained(listeners: list[socket.socket], seconds: float, pause: Callable[[float], None]) -> bool:
    """Let the server accept every connection queued on ``listeners``, for ``seconds`` at most; whether it did.

    ``pause`` (``gevent.sleep``) lets the server's own greenlets accept meanwhile.
    """
    deadline = time.monotonic() + seconds
    while any(queued(listener) for listener in listeners):
        if time.monotonic() > deadline:
            return False
        pause(0.01)
    return True

