"""``python -m service.histories``: check hand-history files, folders and archives without a server (``cli.py``);
``merge DIR`` puts shards' parts back together (``shards.py``), without loading the check."""

import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["merge"]:
        from .shards import merge

        sys.exit(merge(sys.argv[2:]))
    from .cli import main

    sys.exit(main())
