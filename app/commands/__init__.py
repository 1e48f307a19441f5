"""Command groups of the `machiavelli` CLI, one module each."""
