"""``python -m service``: serve the app with gunicorn and the service's own settings.

The command line is the service's own: its options, the environment variables it reads with
their defaults (``environment.py``), its version. gunicorn's other settings go after ``--``
(``python -m service -- --keep-alive 5``) or in ``GUNICORN_CMD_ARGS``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .environment import PROGRAM, VARIABLES, bind_address, host_address, port_number, refusal, setting, worker_count

OVERRIDE_NAME = "gunicorn.conf.py"
OWN_SETTINGS = "python:service.serving.settings"
DISTRIBUTION = "razz-rules-service"
T = TypeVar("T")


def config_location() -> str:
    """A gunicorn.conf.py in the working folder, else the settings the package carries."""
    override = Path.cwd() / OVERRIDE_NAME
    return str(override) if override.is_file() else OWN_SETTINGS


def parser() -> argparse.ArgumentParser:
    """The service's options; its environment variables, a line each with its default, below them."""
    width = max(len(f"{variable.name}={variable.default}") for variable in VARIABLES)
    variables = "\n".join(f"  {f'{variable.name}={variable.default}':<{width}}  {variable.meaning}"
                          for variable in VARIABLES)
    command = argparse.ArgumentParser(
        prog=PROGRAM, formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s [-h] [--version] [--host HOST] [--port PORT] [--bind ADDRESS] [--workers N]\n"
              "       [--access-logfile PATH] [-- GUNICORN_FLAG ...]",
        description="Serve the Razz rules service over HTTP (gunicorn, gevent workers).",
        epilog=f"environment (an option given wins over its variable; empty means unset):\n{variables}\n\n"
               "Any other gunicorn setting goes after -- or in GUNICORN_CMD_ARGS. A gunicorn.conf.py in the working\n"
               "folder is read instead of the package's settings.")
    command.add_argument("--version", action=PrintVersion, nargs=0, help="show the service's version and exit")
    command.add_argument("--host", type=flag(host_address), help="address to listen on (HOST)")
    command.add_argument("--port", type=flag(port_number), help="port to listen on (PORT)")
    command.add_argument("--bind", type=flag(bind_address), metavar="ADDRESS",
                         help="HOST:PORT or unix:PATH, over --host and --port (BIND)")
    command.add_argument("--workers", type=flag(worker_count), metavar="N", help="worker processes (WEB_CONCURRENCY)")
    command.add_argument("--access-logfile", metavar="PATH", help="where access lines go instead of stdout")
    return command


class PrintVersion(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked (importlib.metadata is the
    slowest import of a start that refuses its environment)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from importlib.metadata import version

        print(f"{parser.prog} {version(DISTRIBUTION)}")
        parser.exit()


def flag(read: Callable[[str], T]) -> Callable[[str], T]:
    """An option's type from an environment variable's reader: the flag and its variable take the same values, and
    are refused in the same words."""
    def parse(text: str) -> T:
        try:
            return read(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return parse


def gunicorn_arguments(arguments: list[str]) -> list[str]:
    """gunicorn's command line for the service's: its options as gunicorn's, then whatever follows ``--``.

    A bad option, then a bad variable (``environment.refusal``), ends the program with one line and exit
    status 2, before gunicorn is imported (which reads ``WEB_CONCURRENCY`` as it is).

    >>> gunicorn_arguments(["--port", "9000", "--workers", "3", "--", "--keep-alive", "5"])[2:]
    ['--bind', '127.0.0.1:9000', '--workers', '3', '--keep-alive', '5', 'service.app:create_app()']
    """
    split = arguments.index("--") if "--" in arguments else len(arguments)
    options, passed_on = parser().parse_args(arguments[:split]), arguments[split + 1:]
    refused = refusal()
    if refused:
        print(refused, file=sys.stderr)
        sys.exit(2)
    translated = ["--config", config_location()]
    if options.bind or options.host or options.port is not None:
        host = options.host or host_address(setting("HOST"))
        port = setting("PORT") if options.port is None else str(options.port)
        translated += ["--bind", options.bind or f"{host}:{port}"]
    if options.workers is not None:
        translated += ["--workers", str(options.workers)]
    if options.access_logfile is not None:
        translated += ["--access-logfile", options.access_logfile]
    return [*translated, *passed_on, "service.app:create_app()"]


def main() -> None:
    """Read the service's command line and its environment, then start gunicorn with them; stop at once if an
    address is taken.

    gunicorn would try five times over five seconds, ten error lines, before giving up.
    """
    arguments = gunicorn_arguments(sys.argv[1:])
    from gunicorn.app.wsgiapp import WSGIApplication  # here: --help and --version answer without loading gunicorn

    from .serving.addresses import taken
    from .serving.logs import JsonFormatter

    sys.argv = ["gunicorn", *arguments]
    application = WSGIApplication("%(prog)s [OPTIONS] [APP_MODULE]", prog=PROGRAM)
    in_use = taken(application.cfg.address)
    if in_use:
        taken_line = logging.LogRecord("gunicorn.error", logging.ERROR, __file__, 0, "cannot listen on %s: the address "
                                       "is already in use", (", ".join(in_use),), None)
        print(JsonFormatter().format(taken_line), file=sys.stderr)
        sys.exit(1)
    application.run()


if __name__ == "__main__":
    main()
