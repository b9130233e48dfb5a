"""The README's command-line examples, and the hand-history recipe of docs/integration-testing.md, run as written
and print what the pages say they print, byte for byte."""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
CLI_SECTION = README[README.index("### Hand histories from the command line"):]
CLI_SECTION = CLI_SECTION[:CLI_SECTION.index("\n### ")]
RECIPES = (ROOT / "docs" / "integration-testing.md").read_text()
RECIPE = RECIPES[RECIPES.index("## Checking the hands your servers logged"):]
RECIPE = RECIPE[:RECIPE.index("\n## ")]

EXAMPLE = re.compile(r"```sh\n(?P<commands>.*?)\n```\n```\n(?P<output>.*?\n)```", re.DOTALL)
"""Shell commands, and the plain block right after them: what they print, standard error included, in order."""

EXAMPLES = [pytest.param(found["commands"], found["output"], id=f"readme-line-{README.count(chr(10), 0, at) + 1}")
            for found in EXAMPLE.finditer(CLI_SECTION) for at in [README.index(found.group())]]


def shell(commands, cwd):
    """What the commands print, run by bash in ``cwd`` with this test's Python as ``.venv/bin/python``, ``python`` and
    ``python3``, standard error merged into standard output as a terminal shows them."""
    python = shlex.quote(sys.executable)
    commands = re.sub(r"(?<![\w/.-])(?:\.venv/bin/python|python3?)(?= )", python, commands)
    done = subprocess.run(["bash", "-c", commands], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    return done.stdout.decode()


def checkout(tmp_path):
    """A folder standing for the repository's root, with its samples (what the examples read), to write in."""
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    return tmp_path


def test_the_readme_has_its_command_line_examples():
    assert len(EXAMPLES) >= 5
    assert "hands.phhs" not in README  # a file no example makes


@pytest.mark.parametrize("commands, output", EXAMPLES)
def test_a_readme_command_line_example_prints_what_it_says(tmp_path, commands, output):
    assert shell(commands, checkout(tmp_path)) == output


def test_the_integration_recipe_checks_a_folder_of_logs_utf16_included_as_it_says(tmp_path):
    recipe, = EXAMPLE.finditer(RECIPE)
    assert "fulltilt-razz-cash.txt: 1 hand, 1 valid, 1 agree" in recipe["output"]  # the UTF-16 export
    assert shell(recipe["commands"], checkout(tmp_path)) == recipe["output"]
