"""``python -m service.healthcheck``: the image's HEALTHCHECK, since a slim image has no curl."""

from __future__ import annotations

import os
import sys
import urllib.request


def main() -> int:
    """0 when /healthz answers 200 on this container's PORT, else 1 with the reason on stderr."""
    url = f"http://127.0.0.1:{os.environ.get('PORT', '8080')}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return 0 if response.status == 200 else 1
    except OSError as error:
        print(f"unhealthy: {url}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
