"""Machiavelli, the game: its rules as a plugin of the kernel."""
