"""The voice of the rules' messages, which every message a client reads must keep: the API's problems and the hand
histories' errors alike."""


def assert_in_the_rules_voice(message):
    """A lower-case clause, with no full stop: the voice of the rules' own messages."""
    assert message and not message[0].isupper() and not message.endswith("."), message
