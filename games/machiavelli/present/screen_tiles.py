"""The table's words as players of a tile game say them (``pieces: tiles``):
the screens, prompts, refusals, narration, the web table and the
simulation's labels speak of tiles on a rack drawn from the pool where a
card game's speak of cards in a hand drawn from the deck.

Each entry maps a message as the code says it (its context and English
singular) to its tile wording, a message of its own in the catalogs
(:data:`machiavelli.core.i18n.Wording`): every language words it as its
tile players do. Messages whose English names no card are here too when a
language's card wording does (German "alle Karten abgelegt" for "went out",
Turkish "kart çekmek" for "draw"). The rules' sentences have their own
table (:mod:`.rules_tiles`). tests/games/machiavelli/test_family.py plays a
Rummikub game in every language and finds no card word on its screens.
"""

from __future__ import annotations

from typing import Any

from machiavelli.core.i18n import Wording

Entry = tuple["str | None", str, "str | None"]


# Named like the catalogs' keywords, so that the extractor finds each wording
# (context "tile table": its note tells translators where the words appear).
def pgettext(context: str, message: str) -> Entry:
    return (context, message, None)


def npgettext(context: str, singular: str, plural: str) -> Entry:
    return (context, singular, plural)


SCREEN_TILES: dict[tuple[str | None, str], Entry] = {
    # -- the terminal's table -------------------------------------------------------
    (None, "{n} card in the deck"): npgettext("tile table", "{n} tile in the pool", "{n} tiles in the pool"),
    (None, "{player}: {n} card"): npgettext("tile table", "{player}: {n} tile", "{player}: {n} tiles"),
    (None, "{n} card"): npgettext("tile table", "{n} tile", "{n} tiles"),
    # TRANSLATORS: The table of a tile game (Rummikub); {order} is an order of the rack (by suit, by rank).
    (None, "Your hand, by {order} ({n} card):"): npgettext("tile table", "Your rack, by {order} ({n} tile):",
                                                         "Your rack, by {order} ({n} tiles):"),
    (None, "Your first play must be new combinations of cards from your hand worth at least {n} point."):
        npgettext("tile table", "Your first play must be new combinations of tiles from your rack worth at least {n} point.",
                 "Your first play must be new combinations of tiles from your rack worth at least {n} points."),
    (None, "You may not take, move, split or join table cards before your first play is on the table."):
        pgettext("tile table", "You may not take, move, split or join tiles of the table before your first play is on the table."),
    (None, "Cards of your hand laid down this turn: {n} of {limit}."):
        pgettext("tile table", "Tiles of your rack laid down this turn: {n} of {limit}."),
    (None, "{n} card left in the deck."): npgettext("tile table", "{n} tile left in the pool.", "{n} tiles left in the pool."),
    (None, "The solver finds no card you can put down: draw."):
        pgettext("tile table", "The solver finds no tile you can put down: draw."),
    (None, "The solver finds no more cards you can put down: end your turn."):
        pgettext("tile table", "The solver finds no more tiles you can put down: end your turn."),
    (None, "You can put down {n} card: {cards}."):
        npgettext("tile table", "You can put down {n} tile: {cards}.", "You can put down {n} tiles: {cards}."),
    (None, "{n} card of your hand can go down. Type {hint} again to see the play."):
        npgettext("tile table", "{n} tile of your rack can go down. Type {hint} again to see the play.",
                 "{n} tiles of your rack can go down. Type {hint} again to see the play."),
    (None, "There is a play. Type {hint} again to see how many cards it puts down, or {hint} {all} to see it "
     "whole."):
        pgettext("tile table", "There is a play. Type {hint} again to see how many tiles it puts down, or {hint} {all} to see it whole."),
    # -- the table's help -----------------------------------------------------------------
    ("command usage", "{verb} CARD CARD ..."): pgettext("command usage", "{verb} TILE TILE ..."),
    ("command usage", "{verb} MELD CARD ..."): pgettext("command usage", "{verb} MELD TILE ..."),
    ("command usage", "{verb} MELD [MELD ...] or {verb} MELD CARD ..."):
        pgettext("command usage", "{verb} MELD [MELD ...] or {verb} MELD TILE ..."),
    ("command usage", "{verb} CARD ... FROM TO"): pgettext("command usage", "{verb} TILE ... FROM TO"),
    ("command usage", "{verb} MELD CARD"): pgettext("command usage", "{verb} MELD TILE"),
    ("command help", "After touching the table: put everything back as it was when the turn began, draw the penalty "
     "and pass."):
        pgettext("command help", "After touching the table: put everything back as it was when the turn began, draw "
                 "the penalty tiles from the pool and pass."),
    ("command help", "Put down a new meld from your hand, the cards taken from the table and the help cards (*7C "
     "asks for the help card 7C)."):
        pgettext("command help", "Put down a new meld from your rack and the tiles taken from the table."),
    ("command help", "Add cards to a meld of the table."): pgettext("command help", "Add tiles to a meld of the table."),
    ("command help", "Take whole melds, or some cards of one meld, off the table: they must go back before the turn "
     "ends."):
        pgettext("command help", "Take whole melds, or some tiles of one meld, off the table: they must go back "
                 "before the turn ends."),
    ("command help", "Move cards from one meld to another."): pgettext("command help", "Move tiles from one meld to "
                                                                        "another."),
    ("command help", "Cut a meld in two: the second part starts at the card named."):
        pgettext("command help", "Cut a meld in two: the second part starts at the tile named."),
    ("command help", "Put the cards of the other melds into the first one."):
        pgettext("command help", "Put the tiles of the other melds into the first one."),
    ("command help", "Put a card from your hand in place of a joker of the meld and take the joker: play it again "
     "before the turn ends (variants with jokers)."):
        pgettext("command help", "Put a tile from your rack in place of a joker of the meld and take the joker: "
                 "play it again before the turn ends."),
    ("command help", "End your turn and the deal when your hand is worth no more than the variant allows: the hand "
     "lowest in points wins (variants with knocking)."):
        pgettext("command help", "End your turn and the deal when the tiles on your rack are worth no more than the "
                 "variant allows: the rack lowest in points wins."),
    ("command help", "Draw and pass (only if you have put down no card; the restore penalty if you touched the table "
     "this turn)."):
        pgettext("command help", "Draw a tile from the pool and pass (only if you have put down no tile; the "
                 "restore penalty if you touched the table this turn)."),
    ("command help", "End the turn: every meld valid, every taken card back, a card of yours played."):
        pgettext("command help", "End the turn: every meld valid, every taken tile back, a tile of yours played."),
    ("command help", "Say whether you can put cards down, then how many, then the play as commands (nothing is "
     "played); hint all: the whole play at once."):
        pgettext("command help", "Say whether you can put tiles down, then how many, then the play as commands "
                 "(nothing is played); hint all: the whole play at once."),
    ("command help", "Order your hand: by suit, by rank, or grouped into the melds it holds."):
        pgettext("command help", "Order your rack: by colour, by number, or grouped into the melds it holds."),
    # The orders' words, typed too (sort colour); the card words still work.
    ("hand order", "suit"): pgettext("hand order", "colour"),
    ("hand order", "rank"): pgettext("hand order", "number"),
    (None, "Cards: the rank ({ranks}) then the suit ({suits}), e.g. 10H or 10♥."):
        # TRANSLATORS: The help of a tile game's table; {ranks} is the numbers, listed, {suits} is the colours'
        # letters and names, listed (R=red).
        pgettext("tile table", "Tiles: the number ({ranks}) then the colour's letter ({suits}), e.g. 10R for the red 10."),
    (None, "Orders of the hand: {orders}."): pgettext("tile table", "Orders of the rack: {orders}."),
    # -- refusals -------------------------------------------------------------------------
    (None, "Not a card: {token}"): pgettext("tile table", "Not a tile: {token}"),
    ("meld reason", "there are too few cards"): pgettext("meld reason", "there are too few tiles"),
    (None, "You have no {cards} to play: not in your hand, the taken cards or the help cards."):
        pgettext("tile table", "You have no {cards} to play: not on your rack or among the tiles taken from the table."),
    (None, "Cards cannot move from meld {meld} to itself."): pgettext("tile table", "Tiles cannot move from meld {meld} to itself."),
    (None, "Cards taken from the table must go back first: {cards}."):
        pgettext("tile table", "Tiles taken from the table must go back first: {cards}."),
    (None, "You have not played a card from your hand: draw or restore instead."):
        pgettext("tile table", "You have not played a tile from your rack: draw or restore instead."),
    (None, "Your first play must be new combinations of cards from your hand worth at least {needed} points; these "
     "are worth {points}."):
        pgettext("tile table", "Your first play must be new combinations of tiles from your rack worth at least {needed} points; these "
          "are worth {points}."),
    (None, "You have no {cards} in your hand to put in place of a joker."):
        pgettext("tile table", "You have no {cards} on your rack to put in place of a joker."),
    (None, "The joker of meld {meld} leaves its meld only when a card from your hand takes its place: swap {meld} "
     "CARD."):
        pgettext("tile table", "The joker of meld {meld} leaves its meld only when a tile from your rack takes its place: swap {meld} "
          "TILE."),
    (None, "Or type {restore} to put the table back as it was when your turn began: you then draw {n} card and your "
     "turn ends."):
        npgettext("tile table", "Or type {restore} to put the table back as it was when your turn began: you then draw {n} tile "
                 "from the pool and your turn ends.", "Or type {restore} to put the table back as it was when your "
                 "turn began: you then draw {n} tiles from the pool and your turn ends."),
    (None, "You have taken nothing from the table this turn, so there is nothing to restore: undo your own plays, or "
     "draw."):
        pgettext("tile table", "You have taken nothing from the table this turn, so there is nothing to restore: undo your own plays, or "
          "draw a tile."),
    # -- narration ------------------------------------------------------------------------
    (None, "{player} restores the table and draws {n} card."):
        npgettext("tile table", "{player} restores the table and draws {n} tile.", "{player} restores the table and draws {n} tiles."),
    (None, "{player} gives up a rearrangement of the table and draws {n} card as a penalty."):
        npgettext("tile table", "{player} gives up a rearrangement of the table and draws {n} tile as a penalty.",
                 "{player} gives up a rearrangement of the table and draws {n} tiles as a penalty."),
    (None, "{player} draws {n} card."): npgettext("tile table", "{player} draws {n} tile.", "{player} draws {n} tiles."),
    (None, "{player} passes without drawing."): pgettext("tile table", "{player} passes without drawing a tile."),
    (None, "{player} went out and wins."): pgettext("tile table", "{player} has played every tile of the rack and wins."),
    (None, "The deck ran out. Winner: {players}."):
        npgettext("tile table", "The pool ran out. Winner: {players}.", "The pool ran out. Joint winners: {players}."),
    (None, "Nobody could play or draw any more. Winner: {players}."):
        npgettext("tile table", "The pool is empty and nobody could lay a tile down any more. Winner: {players}.",
                 "The pool is empty and nobody could lay a tile down any more. Joint winners: {players}."),
    # -- machiavelli review ---------------------------------------------------------------
    (None, "Turn {turn}, {player}: {n} card put down. {why}"):
        npgettext("tile table", "Turn {turn}, {player}: {n} tile put down. {why}",
                  "Turn {turn}, {player}: {n} tiles put down. {why}"),
    (None, "Turn {turn}, {player}: no card could be put down."):
        pgettext("tile table", "Turn {turn}, {player}: no tile could be put down."),
    (None, "Turn {turn}, {player}: {n} card put down, the most possible."):
        npgettext("tile table", "Turn {turn}, {player}: {n} tile put down, the most possible.",
                  "Turn {turn}, {player}: {n} tiles put down, the most possible."),
    (None, "Turn {turn}, {player}: going out was possible with {n} card, but {did} went down."):
        npgettext("tile table", "Turn {turn}, {player}: playing every tile of the rack was possible with {n} tile, "
                  "but {did} went down.", "Turn {turn}, {player}: playing every tile of the rack was possible with "
                  "all {n} tiles, but {did} went down."),
    (None, "Turn {turn}, {player}: {did} of {could} cards put down; {n} card missed."):
        npgettext("tile table", "Turn {turn}, {player}: {did} of {could} tiles put down; {n} tile missed.",
                  "Turn {turn}, {player}: {did} of {could} tiles put down; {n} tiles missed."),
    (None, "{n} card missed"): npgettext("tile table", "{n} tile missed", "{n} tiles missed"),
    (None, "going out missed {n} time"):
        npgettext("tile table", "emptying the rack missed {n} time", "emptying the rack missed {n} times"),
    # -- the web table --------------------------------------------------------------------
    (None, "Draw a card"): pgettext("tile table", "Draw a tile"),
    (None, "Put the selected cards here"): pgettext("tile table", "Put the selected tiles here"),
    (None, "Play the selected card here"): pgettext("tile table", "Play the selected tile here"),
    (None, "Split before the selected card"): pgettext("tile table", "Split before the selected tile"),
    (None, "You drew: {cards}"): pgettext("tile table", "You drew these tiles: {cards}"),
    (None, "Selected: {cards}"): pgettext("tile table", "Selected tiles: {cards}"),
    (None, "No card selected."): pgettext("tile table", "No tile selected."),
    (None, "Drop cards here"): pgettext("tile table", "Drop tiles here"),
    (None, "Hands at the end"): pgettext("tile table", "Racks at the end"),
    (None, "Order of the hand"): pgettext("tile table", "Order of the rack"),
    (None, "Deck"): pgettext("tile table", "Pool"),
    (None, "Your hand"): pgettext("tile table", "Your rack"),
    (None, "Skip to your hand"): pgettext("tile table", "Skip to your rack"),
    (None, "Hand"): pgettext("tile table", "Rack"),
    (None, "Put back"): pgettext("tile table", "Put the tiles back"),
    (None, "Tab goes from area to area and the arrow keys from card to card inside one; Space selects a card; Alt "
     "with an arrow key moves a card of your hand; Escape clears the selection."):
        pgettext("tile table", "Tab goes from area to area and the arrow keys from tile to tile inside one; Space selects a tile; Alt "
          "with an arrow key moves a tile of your rack; Escape clears the selection."),
    (None, "Tab goes from area to area and the arrow keys from card to card inside one; Space selects a card; Escape "
     "clears the selection."):
        pgettext("tile table", "Tab goes from area to area and the arrow keys from tile to tile inside one; Space selects a tile; Escape "
          "clears the selection."),
    # -- the simulation's report ----------------------------------------------------------
    (None, "Ended: the deck ran out"): pgettext("tile table", "Ended: the pool ran out"),
    (None, "the deck ran out"): pgettext("tile table", "the pool ran out"),
    (None, "Ended: a player went out"): pgettext("tile table", "Ended: a player played every tile"),
    (None, "a player went out"): pgettext("tile table", "a player played every tile"),
    (None, "Ended: nobody could play or draw"): pgettext("tile table", "Ended: the pool was empty and nobody could play"),
    (None, "nobody could play or draw"): pgettext("tile table", "the pool was empty and nobody could play"),
    (None, "Draws per game"): pgettext("tile table", "Draws from the pool per game"),
    (None, "Cards left in losers' hands"): pgettext("tile table", "Tiles left on the losers' racks"),
}


def wording(variant: Any) -> Wording:
    """The tile wording of a tile variant; a card game's messages as written."""
    return SCREEN_TILES if getattr(variant, "pieces", "cards") == "tiles" else {}
