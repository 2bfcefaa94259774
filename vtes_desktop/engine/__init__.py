"""The rules engine: state, commands, windows, legal moves, views. No Qt here."""
