"""X-Request-ID: the caller's own when it is sane, else a new one, so every answer can be traced.

No Flask here: the app and the HTTP server around it (for what never reaches the app) both name
their answers this way.
"""

from __future__ import annotations

import re
import uuid

SANE = re.compile(r"[A-Za-z0-9._:-]{1,128}")
"""Request ids the service echoes; anything else is replaced, so logs and headers stay clean."""


def request_id(sent: str | None) -> str:
    """The id of a request that came with ``sent`` as its X-Request-ID (or none)."""
    return sent if sent is not None and SANE.fullmatch(sent) else uuid.uuid4().hex
