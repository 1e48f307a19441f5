"""Machiavelli, the Italian rummy card game, and its relatives.

``machiavelli.core`` is the kernel of the family (cards, melds, variants,
records, bots, simulation); ``machiavelli.games`` holds each game's rules;
``machiavelli.app`` the terminal application, and ``machiavelli.cli`` the
``machiavelli`` command.
"""

__version__ = "0.2.0"
