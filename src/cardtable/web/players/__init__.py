"""Players, their ratings and their store."""
