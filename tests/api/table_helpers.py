"""Builders for table snapshots and readers for the answers, shared by the HTTP example tests."""

PROBLEM = "application/problem+json"
ACTION_PROBLEM = "https://razz.rules/problems/illegal-action"
"""The problem type of an action the rules do not allow."""

STAKES = {"ante": 5, "bring_in": 10, "small_bet": 40, "big_bet": 80}
DEFAULT_STACK = 1000


def actions(*texts):
    """Actions from text: 's3 bring_in', 's1 bet 80' (the optional number is the chips it adds)."""
    parsed = []
    for text in texts:
        seat, kind, *amount = text.split()
        action = {"seat": int(seat.removeprefix("s")), "type": kind}
        if amount:
            action["amount"] = int(amount[0])
        parsed.append(action)
    return parsed


def snapshot(boards, *acts, stacks=None, down=None, stakes=STAKES, rules=None, **extra):
    """A table snapshot from {seat: 'up cards'}, action texts, {seat: stack} and {seat: 'down cards'}."""
    players = []
    for seat, cards in boards.items():
        player = {"seat": seat, "stack": (stacks or {}).get(seat, DEFAULT_STACK), "up_cards": cards.split()}
        if down and seat in down:
            player["down_cards"] = down[seat].split()
        players.append(player)
    body = {"stakes": stakes, "players": players, "actions": actions(*acts), **extra}
    if rules is not None:
        body["rules"] = rules
    return body


def post_ok(client, path, body):
    """POST a body that must be accepted; the JSON answer."""
    response = client.post(path, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def legal(answer):
    """The legal actions of an answer as 'type' or 'type to' strings."""
    return [a["type"] if "to" not in a else f"{a['type']} {a['to']}" for a in answer["legal_actions"]]


def action_of(answer, kind):
    """The one legal action of a type, with its amount, to and all_in."""
    (action,) = [a for a in answer["legal_actions"] if a["type"] == kind]
    return action


def assert_action_problem(response, index, *fragments):
    """A 422 problem about actions[index] whose detail and message contain every fragment."""
    assert response.status_code == 422, response.get_json()
    assert response.content_type == PROBLEM
    body = response.get_json()
    assert body["type"] == ACTION_PROBLEM, body["type"]
    path = f"actions[{index}]"
    assert list(body["errors"]) == [path]
    assert body["detail"].startswith(path)
    for fragment in fragments:
        assert fragment in body["detail"], (fragment, body["detail"])
        assert any(fragment in message for message in body["errors"][path])
    return body


def assert_field_problem(response, path, *fragments):
    """A 422 problem whose errors name ``path`` (with every fragment in one of its messages)."""
    assert response.status_code == 422, response.get_json()
    assert response.content_type == PROBLEM
    body = response.get_json()
    assert path in body["errors"], body
    for fragment in fragments:
        assert any(fragment in message for message in body["errors"][path]), (fragment, body["errors"][path])
    return body
