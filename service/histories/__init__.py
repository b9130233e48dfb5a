"""Hand histories as written (PHH, PokerStars): read, checked by the rules engine, settled and written as PHH."""
