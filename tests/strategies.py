"""Hypothesis strategies shared by the property tests: rules and stakes as a request writes them."""

from hypothesis import strategies as st

from service.stud_family.rules import OPTIONS


@st.composite
def rules(draw):
    """Any rules, as a request writes them: every option at a random allowed value."""
    values = {}
    for spec in OPTIONS:
        choices = list(spec.values) + ([1, 2, 3, 4] if spec.integer_minimum else [])
        values[spec.name] = draw(st.sampled_from(choices))
    values["max_players"] = 8
    return values


@st.composite
def stakes(draw):
    """A structure with 0 <= ante, 0 < bring_in <= small_bet <= big_bet."""
    small = draw(st.integers(2, 40))
    bring_in = draw(st.integers(1, small))
    return {"ante": draw(st.integers(0, 5)), "bring_in": bring_in, "small_bet": small,
            "big_bet": draw(st.sampled_from([small, 2 * small]))}
