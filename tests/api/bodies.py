"""Request bodies every POST endpoint is tried with: hostile JSON, and each endpoint's body with a card that is not
one. The error, voice and serving tests post the same bodies."""

from service.app import create_app

CONTRACT = create_app().test_client().get("/openapi.json").get_json()
POST_PATHS = sorted(path for path, operations in CONTRACT["paths"].items() if "post" in operations)
"""Every POST operation the contract declares: a new one is covered without editing this list."""

HOSTILE_BODIES = {
    "nested 979 deep": (b"[" * 979 + b"]" * 979, 422),
    "a field nested 600 deep": (b'{"hands": ' + b"[" * 600 + b"]" * 600 + b"}", 422),
    "nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, 422),
    "a field nested 100,000 deep": (b'{"hands": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", 422),
    "an integer of 4,301 digits": (b'{"players": ' + b"9" * 4301 + b"}", 422),
    "half a surrogate pair": (b'{"players": [{"id": "\\ud800", "seat": 1}]}', 400),
    "nothing": (b"", 400),
    "an unclosed [ 5,000 times": (b"[" * 5000, 400),
    "a field left unclosed 100,000 deep": (b'{"hands": ' + b"[" * 100_000, 400),
    "5,000 deep, then a word that is not JSON": (b"[" * 5000 + b"nope" + b"]" * 5000, 400),
    "5,000 deep, then text after the end": (b"[" * 5000 + b"]" * 5000 + b" 1", 400),
}
"""Bodies that once got a 500 (or a 422 for no JSON at all), and the status each gets now."""


def bad_card_snapshot(card):
    """A snapshot whose first player shows ``card`` as his door card."""
    return {"stakes": {"ante": 5, "bring_in": 10, "small_bet": 40},
            "players": [{"seat": 1, "stack": 100, "up_cards": [card]}, {"seat": 2, "stack": 100, "up_cards": ["Kd"]}]}


BAD_CARD_BODIES = [
    ("/v1/hands/rank", lambda card: {"hands": [["As", card]]}, "hands[0][1]"),
    ("/v1/hands/compare", lambda card: {"players": [{"id": "a", "cards": [card, "2d"]},
                                                    {"id": "b", "cards": ["3c", "4h"]}]}, "players[0].cards[0]"),
    ("/v1/bring-in", lambda card: {"players": [{"seat": 1, "door_card": card}, {"seat": 2, "door_card": "Kd"}]},
     "players[0].door_card"),
    ("/v1/first-to-act", lambda card: {"street": 3, "players": [{"seat": 1, "up_cards": [card]},
                                                                {"seat": 2, "up_cards": ["Kd"]}]},
     "players[0].up_cards[0]"),
    ("/v1/legal-actions", bad_card_snapshot, "players[0].up_cards[0]"),
    ("/v1/table/state", bad_card_snapshot, "players[0].up_cards[0]"),
    ("/v1/showdown", lambda card: {"players": [{"seat": 1, "contributed": 5,
                                                "cards": [card, "2d", "3c", "4h", "5s", "6d", "8c"]},
                                               {"seat": 2, "contributed": 5, "folded": True}]}, "players[0].cards[0]"),
]
"""Each endpoint's body with one card replaced, and the field it is at."""
