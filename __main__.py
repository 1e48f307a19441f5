"""``python -m machiavelli``: the ``machiavelli`` command."""

from machiavelli.cli import main

main()
