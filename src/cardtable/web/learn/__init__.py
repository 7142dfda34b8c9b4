"""Lessons and puzzles on the web: the first lesson of each game at ``/learn``, puzzles from
real hands at ``/puzzles`` with a puzzle of the day and each player's puzzle rating."""
