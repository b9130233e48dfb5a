"""What a decision's citation names: a rule of one of the rulebooks of the reference's section 0, or the reference
itself. The explanations' tests, on the engine and over HTTP, hold every citation to it."""

import re

SOURCE = re.compile(r"(TDA( 2024)? [A-Z0-9-]+|WSOP-[LT] [A-Za-z0-9/ ]+|RRoP [A-Za-z &]+\d|BARGE [A-Za-z ]+|PokerKit"
                    r"|reference default)")
"""The rulebooks of the reference's section 0, cited by rule, or the reference itself."""
