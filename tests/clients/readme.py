"""The README's "Clients" section: each language's commands and examples, as written."""

from __future__ import annotations

import re
import shlex

from .contract import ROOT

SECTION = (ROOT / "README.md").read_text().partition("\n## Clients\n")[2].partition("\n## ")[0]
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", SECTION, re.DOTALL)
"""The section's code blocks: (language, text)."""
COMMANDS = {label: next(text for language, text in BLOCKS if language == "sh" and marker in text)
            for label, marker in (("typescript", "openapi-typescript"), ("python", "openapi-python-client"),
                                  ("java", "openapi-generator-cli"))}
"""Each language's shell commands, as the README writes them."""
TYPESCRIPT_EXAMPLES = [text for language, text in BLOCKS if language == "ts"]
PYTHON_EXAMPLE = next(text for language, text in BLOCKS if language == "python")


def pip_pin(label: str) -> tuple[str, str]:
    """The package and version a language's ``pip install 'NAME==VERSION'`` pins."""
    found = re.search(r"pip install '([\w-]+)==([\d.]+)'", COMMANDS[label])
    assert found, COMMANDS[label]
    return found[1], found[2]


def generator_words(label: str) -> list[str]:
    """The words of a language's generator command, after ``&&``: the program and its arguments."""
    return shlex.split(COMMANDS[label].partition("&&")[2].replace("\\\n", " "))
