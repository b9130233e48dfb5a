"""``python -m service``: serve the app with gunicorn and the project's gunicorn.conf.py."""

from __future__ import annotations

import sys
from pathlib import Path

from gunicorn.app.wsgiapp import run

CONFIG_NAME = "gunicorn.conf.py"


def config_path() -> Path:
    """The project's gunicorn.conf.py: beside the package in a checkout, else in the working folder."""
    beside_package = Path(__file__).resolve().parent.parent / CONFIG_NAME
    return beside_package if beside_package.is_file() else Path.cwd() / CONFIG_NAME


def main() -> None:
    """Start gunicorn; any arguments (e.g. ``--bind 0.0.0.0:9000``) override the config file."""
    config = config_path()
    if not config.is_file():
        sys.exit(f"{CONFIG_NAME} not found beside the package or in {Path.cwd()}")
    sys.argv = ["gunicorn", "--config", str(config), *sys.argv[1:], "service.app:create_app()"]
    run()


if __name__ == "__main__":
    main()
