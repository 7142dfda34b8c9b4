"""The game engines: pure rules, standard library only, one package per game."""
