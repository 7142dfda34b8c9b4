"""Tournaments: seating, standings and their store."""
