"""A Java caller takes the contract as it is: openapi-generator (its jar from PyPI's openapi-generator-cli) generates
a client on Java's own HTTP client and Jackson, and javac compiles it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .contract import CONTRACT

JAVA = shutil.which("java")
JAVAC = shutil.which("javac")
MAVEN_REPOSITORY = Path.home() / ".m2" / "repository"
LIBRARIES = [
    MAVEN_REPOSITORY / group / artifact / version / f"{artifact}-{version}.jar"
    for group, artifact, version in (("com/fasterxml/jackson/core", "jackson-core", "2.17.2"),
                                     ("com/fasterxml/jackson/core", "jackson-annotations", "2.17.2"),
                                     ("com/fasterxml/jackson/core", "jackson-databind", "2.17.2"),
                                     ("com/fasterxml/jackson/datatype", "jackson-datatype-jsr310", "2.17.1"),
                                     ("jakarta/annotation", "jakarta.annotation-api", "2.1.1"))
]
"""What the generated client imports, from the machine's Maven repository (Maven Central is out of reach here)."""

GENERATE = ["generate", "-g", "java", "--library", "native",
            "--additional-properties=openApiNullable=false,useJakartaEe=true"]
"""The README's command: Java 11's HTTP client and Jackson, with no library beyond them for nullable fields."""

EXPECTED_WARNINGS = [
    # The generator's own notice for every OpenAPI 3.1 document.
    "OpenAPI 3.1 support is still in beta",
    # It copies no object example into the Java docs.
    "Ignoring complex example on request body",
    # Printed while it looks for schemas no operation uses: ShowdownRequest's `additionalProperties: false`
    # brings it on (without that line it goes), though ShowdownRequest is the showdown's request body.
    "Failed to get the schema name: null",
]

needs_java = pytest.mark.skipif(
    JAVA is None or JAVAC is None or not all(library.is_file() for library in LIBRARIES),
    reason="needs a JDK (javac) and Jackson 2.17 and Jakarta annotations in ~/.m2/repository")


@needs_java
def test_openapi_generator_writes_a_java_client_that_compiles(tmp_path):
    generator = Path(sys.executable).parent / "openapi-generator-cli"
    done = subprocess.run([generator, *GENERATE, "-i", CONTRACT, "-o", tmp_path / "client"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    warnings = re.findall(r"(?:WARN|ERROR) +\S+ - (.*)", done.stdout + done.stderr)
    unexpected = [warning for warning in warnings if not any(known in warning for known in EXPECTED_WARNINGS)]
    assert not unexpected, unexpected

    sources = sorted(str(path) for path in (tmp_path / "client" / "src" / "main" / "java").rglob("*.java"))
    compiled = subprocess.run([JAVAC, "-d", tmp_path / "classes", "-cp", ":".join(map(str, LIBRARIES)), *sources],
                              capture_output=True, text=True, timeout=300, check=False)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    assert (tmp_path / "classes" / "org" / "openapitools" / "client" / "api" / "TableApi.class").is_file()
