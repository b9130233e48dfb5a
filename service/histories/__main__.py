"""``python -m service.histories``: check hand-history files, folders and archives without a server (``cli.py``)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
