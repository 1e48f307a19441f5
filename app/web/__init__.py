"""The local web table: ``machiavelli serve``.

A Starlette application (:mod:`.server`) serves a start page, the table
page and a JSON API that the page itself uses. Every seat reads the game
through its own view only (:mod:`.declared`), so no browser ever receives
another seat's hand; games are kept in an SQLite store in the user's data
folder (:mod:`.tables`, :mod:`.store`) and survive a restart. Needs the ``web`` extra.
"""
