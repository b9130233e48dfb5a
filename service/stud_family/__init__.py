"""The rules of the stud family, pure Python: start with ``games.py``, where each game is one value.

A ``games.Game`` says what a game decides differently (who brings in, which board opens a street,
the options it accepts, its words); each section of the rules reference has one module here that
decides it and takes the game (docs/architecture.md lists them).
"""
