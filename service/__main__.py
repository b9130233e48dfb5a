"""``python -m service``: serve the app with gunicorn and the service's own settings."""

from __future__ import annotations

import sys
from pathlib import Path

from gunicorn.app.wsgiapp import run

OVERRIDE_NAME = "gunicorn.conf.py"
OWN_SETTINGS = "python:service.serving.settings"


def config_location() -> str:
    """A gunicorn.conf.py in the working folder, else the settings the package carries."""
    override = Path.cwd() / OVERRIDE_NAME
    return str(override) if override.is_file() else OWN_SETTINGS


def main() -> None:
    """Start gunicorn; any arguments (e.g. ``--bind 0.0.0.0:9000``) override the settings."""
    sys.argv = ["gunicorn", "--config", config_location(), *sys.argv[1:], "service.app:create_app()"]
    run()


if __name__ == "__main__":
    main()
