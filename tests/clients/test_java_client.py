"""A Java caller takes the contract as it is: openapi-generator (its jar from PyPI's openapi-generator-cli) generates
a client on Java's own HTTP client and Jackson, javac compiles it, and it calls every operation of the real server
and reads every answer field for field."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from ..serving.conftest import Server
from .contract import CONTRACT, DOCUMENT, GAME_REQUESTS, JSON, Operation, operations, problem_types_by_name
from .readme import generator_words

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

README_GENERATOR = generator_words("java")
GENERATE = [word for index, word in enumerate(README_GENERATOR[1:], 1)
            if not {word, README_GENERATOR[index - 1]} & {"-i", "-o"}]
"""The README's command (its input and output aside): Java 11's HTTP client and Jackson, with no library beyond
them for nullable fields.

Card lists are ``uniqueItems``, which the generator makes a ``Set``: Jackson would fill a ``HashSet``
and lose the deal order, which a ``LinkedHashSet`` keeps. A list left out of an answer stays null
(``containerDefaultToNull``), not an empty list, so that a client tells the two apart.
"""

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


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The generated client's classes, and what the generator printed."""
    folder = tmp_path_factory.mktemp("java")
    generator = Path(sys.executable).parent / "openapi-generator-cli"
    done = subprocess.run([generator, *GENERATE, "-i", CONTRACT, "-o", folder / "client"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    sources = sorted(str(path) for path in (folder / "client" / "src" / "main" / "java").rglob("*.java"))
    javac(folder / "classes", sources)
    return folder / "classes", done.stdout + done.stderr


def javac(classes: Path, sources: list[str], against: Path | None = None) -> None:
    """Compile ``sources`` into ``classes`` against the client's libraries (and the classes ``against`` holds)."""
    done = subprocess.run([JAVAC, "-d", classes, "-cp", class_path(against or classes), *sources],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def class_path(classes: Path) -> str:
    """The compiled client and its libraries."""
    return ":".join(map(str, [classes, *LIBRARIES]))


@needs_java
def test_openapi_generator_writes_a_java_client_that_compiles_saying_only_what_it_says_of_any(compiled):
    classes, printed = compiled
    warnings = re.findall(r"(?:WARN|ERROR) +\S+ - (.*)", printed)
    unexpected = [warning for warning in warnings if not any(known in warning for known in EXPECTED_WARNINGS)]
    assert not unexpected, unexpected
    assert (classes / "org" / "openapitools" / "client" / "api" / "TableApi.class").is_file()


@needs_java
def test_problem_types_are_enum_constants_named_for_their_kind(compiled):
    classes, _ = compiled
    source = (classes.parent / "client" / "src" / "main" / "java" / "org" / "openapitools" / "client" / "model"
              / "Problem.java").read_text()
    type_enum = source[source.index("public enum TypeEnum"):]
    constants = dict(re.findall(r'^\s*([A-Z_]+)\(String\.valueOf\("([^"]+)"\)\)[,;]', type_enum, re.MULTILINE))
    assert constants == problem_types_by_name()


def java_text(value: Any) -> str:
    """A Java string literal holding ``value`` as JSON (JSON's string escapes are Java's)."""
    return json.dumps(json.dumps(value))


def body_model(operation: Operation) -> str:
    """The generated class of an operation's request body: its component schema's name."""
    content = DOCUMENT["paths"][operation.path][operation.method]["requestBody"]["content"]
    return content[JSON]["schema"]["$ref"].rpartition("/")[2]


def api_class(operation: Operation) -> str:
    """The generated class of an operation's tag (``hand-histories``: ``HandHistoriesApi``)."""
    tag = DOCUMENT["paths"][operation.path][operation.method]["tags"][0]
    return "".join(word.capitalize() for word in tag.split("-")) + "Api"


def caller_program(every: list[Operation]) -> str:
    """A program calling every operation with the contract's example, plain and explained, and the requests of the
    other games (``GAME_REQUESTS``), printing the answers.

    Its mapper refuses to read a number as true or false, as the README says a Java caller's must: the
    generated reader of an option's value (``boolean | integer | string``) tries a Boolean first, and
    Jackson by default reads 3 as true.
    """
    calls = []
    for operation in every:
        api = f"new {api_class(operation)}(client)"
        if operation.request_example is None:
            calls.append(f'record("{operation.operation_id}", {api}.{operation.operation_id}());')
            continue
        for label, explain in (("", "null"), (" explained", "true")):
            calls.append(f'record("{operation.operation_id}{label}", '
                         f'{call_with(operation, operation.request_example, explain)});')
    by_id = {operation.operation_id: operation for operation in every}
    for operation_id, game, body in GAME_REQUESTS:
        calls.append(f'record("{operation_id} {game}", {call_with(by_id[operation_id], body, "null")});')
    return CALLER.replace("CALLS", "\n        ".join(calls))


def call_with(operation: Operation, body: Any, explain: str) -> str:
    """The Java expression calling ``operation`` with ``body`` read into its generated model, ``explain`` (a Java
    Boolean) as its query parameter and no other parameter."""
    typed = f"mapper.readValue({java_text(body)}, {body_model(operation)}.class)"
    parameters = [parameter["name"] for parameter in
                  DOCUMENT["paths"][operation.path][operation.method].get("parameters", [])]
    arguments = ", ".join([typed, *(explain if name == "explain" else "null" for name in parameters)])
    return f"new {api_class(operation)}(client).{operation.operation_id}({arguments})"


CALLER = """\
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openapitools.client.ApiClient;
import org.openapitools.client.api.*;
import org.openapitools.client.model.*;

public class CallEveryOperation {
    static final ApiClient client = new ApiClient();
    static final ObjectMapper mapper = client.getObjectMapper();
    static final List<Map<String, Object>> answers = new ArrayList<>();

    static void record(String operation, Object answer) {
        answers.add(Map.of("operation", operation, "answer", answer));
    }

    public static void main(String[] arguments) throws Exception {
        client.updateBaseUri(arguments[0]);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        client.setObjectMapper(mapper);
        CALLS
        System.out.println(mapper.writeValueAsString(answers));
    }
}
"""


def sent(server: Server, operation: Operation, explained: bool, example: Any = None) -> Any:
    """What the server answers an operation's example (or ``example``), read as plain JSON (a document as its
    text)."""
    url = f"{server.base}{operation.path}{'?explain=true' if explained else ''}"
    example = operation.request_example if example is None else example
    body = None if example is None else json.dumps(example).encode()
    request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        answer = response.read()
    return json.loads(answer) if operation.answers_json else answer.decode()


@needs_java
def test_the_java_client_calls_every_operation_and_reads_every_answer_whole(compiled, server, tmp_path):
    classes, _ = compiled
    every = operations()
    (tmp_path / "CallEveryOperation.java").write_text(caller_program(every))
    javac(tmp_path / "caller", [str(tmp_path / "CallEveryOperation.java")], against=classes)
    done = subprocess.run([JAVA, "-cp", f"{tmp_path / 'caller'}:{class_path(classes)}", "CallEveryOperation",
                           server.base], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    read = {answer["operation"]: answer["answer"] for answer in json.loads(done.stdout)}
    for operation in every:
        assert read[operation.operation_id] == sent(server, operation, False), operation.name
        if operation.request_example is not None:
            assert read[f"{operation.operation_id} explained"] == sent(server, operation, True), operation.name
    by_id = {operation.operation_id: operation for operation in every}
    for operation_id, game, body in GAME_REQUESTS:
        assert read[f"{operation_id} {game}"] == sent(server, by_id[operation_id], False, body), (operation_id, game)
