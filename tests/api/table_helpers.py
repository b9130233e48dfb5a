"""HTTP helpers shared by the API tests: an accepted answer, its legal actions, a field's 422 problem."""

PROBLEM = "application/problem+json"


def post_ok(client, path, body):
    """POST a body that must be accepted; the JSON answer."""
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def legal(answer):
    """The legal actions of an answer as 'type' or 'type to' strings."""
    return [a["type"] if "to" not in a else f"{a['type']} {a['to']}" for a in answer["legal_actions"]]


def assert_field_problem(response, path, *fragments):
    """A 422 problem whose errors name ``path`` (with every fragment in one of its messages)."""
    assert response.status_code == 422, response.get_json()
    assert response.content_type == PROBLEM
    body = response.get_json()
    assert path in body["errors"], body
    for fragment in fragments:
        assert any(fragment in message for message in body["errors"][path]), (fragment, body["errors"][path])
    return body
