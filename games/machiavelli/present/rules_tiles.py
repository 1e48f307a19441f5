"""The rules' sentences as players of a tile game say them (``pieces:
tiles``): tiles on a rack drawn from the pool, a number and a colour, where
Machiavelli's say cards in a hand drawn from the deck, a rank and a suit.

Each entry maps a sentence of :mod:`rules_text` (its context and English
singular) to its tile wording: (context, singular, plural or None). The
wording is its own message in the catalogs, so every language words it as
its tile players do (Italian tessere and leggio, German Steine and Bank),
never by swapping one word for another. A sentence without an entry keeps
its card wording; tests/games/machiavelli/present/test_rules_tiles.py checks
that every key is a sentence of the rules and that no card word is left in
a shipped tile variant's rules.
"""

from __future__ import annotations

Wording = tuple[str, str, "str | None"]


def _p(context: str, message: str) -> Wording:
    # Named like the composer's pgettext, so that the extractor finds the message.
    return (context, message, None)


def _np(context: str, singular: str, plural: str) -> Wording:
    return (context, singular, plural)


TILES: dict[tuple[str, str], Wording] = {
    ("rules", "Players take turns laying cards from their hand on the table in combinations. During a turn a "
     "player may rearrange all the combinations on the table, as long as every card on the table is part of a valid "
     "combination when the turn ends. The first player to get rid of all their cards wins."):
        _p("rules", "Players take turns laying tiles from their rack on the table in combinations. During a turn a "
           "player may rearrange all the combinations on the table, as long as every tile on the table is part of a "
           "valid combination when the turn ends. The first player to get rid of all their tiles wins."),
    ("rules section", "The cards"): _p("rules section", "The tiles"),
    ("rules section", "Rearranging the table"): _p("rules section", "Rearranging the tiles on the table"),
    ("rule:decks", "The game is played with {n} deck."):
        # TRANSLATORS: A clause of the rules of a tile game (Rummikub); {n} is a number of sets of tiles.
        _np("rule:decks", "The game is played with {n} set of tiles.",
            "The game is played with {n} sets of tiles mixed together."),
    ("rule:decks", "That makes {n} card in all."):
        _np("rule:decks", "That makes {n} tile in all.", "That makes {n} tiles in all."),
    ("rule:jokers", "Each deck adds {n} joker."):
        _np("rule:jokers", "Each set of tiles adds {n} joker.", "Each set of tiles adds {n} jokers."),
    ("rule:deck", "Each deck has {n} suit: {suits}."):
        # TRANSLATORS: A clause of the rules of a tile game; {suits} is colours, listed (red (R), blue (B)).
        _np("rule:deck", "The tiles come in {n} colour: {suits}.", "The tiles come in {n} colours: {suits}."),
    ("rule:deck", "Each suit has {n} rank, in this order: {ranks}."):
        _np("rule:deck", "Each colour has {n} number, in this order: {ranks}.",
            "Each colour has {n} numbers, in this order: {ranks}."),
    ("rule:deck", "Each card is worth the number on it."): _p("rule:deck", "Each tile is worth the number on it."),
    ("rule:hand_size", "The dealer deals {n} card to each player."):
        _np("rule:hand_size", "Each player takes {n} tile and sets it on their rack.",
            "Each player takes {n} tiles and sets them on their rack."),
    ("rules", "Players keep their cards hidden from the others. The remaining cards are placed face down in the "
     "middle of the table: they are the deck."):
        _p("rules", "Players keep their tiles on their racks, hidden from the others. The remaining tiles are placed "
           "face down in the middle of the table: they are the pool."),
    ("rules", "The cards on the table must always form combinations."):
        _p("rules", "The tiles on the table must always form combinations."),
    ("rule:melds.max_size", "It has from {low} to {n} card."):
        _np("rule:melds.max_size", "It has from {low} to {n} tile.", "It has from {low} to {n} tiles."),
    ("rule:melds.min_size", "It has at least {n} card."):
        _np("rule:melds.min_size", "It has at least {n} tile.", "It has at least {n} tiles."),
    ("rule:melds.min_size", "It has exactly {n} card."):
        _np("rule:melds.min_size", "It has exactly {n} tile.", "It has exactly {n} tiles."),
    ("rule:melds.same", "All its cards have the same rank."):
        _p("rule:melds.same", "All its tiles have the same number."),
    ("rule:melds.same", "All its cards have the same suit."):
        _p("rule:melds.same", "All its tiles have the same colour."),
    ("rule:melds.distinct", "No two of its cards are identical."):
        _p("rule:melds.distinct", "No two of its tiles are identical."),
    ("rule:melds.distinct", "No two of its cards have the same rank."):
        _p("rule:melds.distinct", "No two of its tiles have the same number."),
    ("rule:melds.distinct", "No two of its cards have the same suit."):
        _p("rule:melds.distinct", "No two of its tiles have the same colour."),
    ("rule:melds.sequence", "Its ranks follow each other without a gap."):
        _p("rule:melds.sequence", "Its numbers follow each other without a gap."),
    ("rule:jokers", "A joker stands for any card its combination needs. A combination must hold at least one card "
     "that is not a joker."):
        _p("rule:jokers", "A joker stands for any tile its combination needs. A combination must hold at least one "
           "tile that is not a joker."),
    ("rule:joker_release", "When you rearrange the table, a joker moves like any other card."):
        _p("rule:joker_release", "When you rearrange the table, a joker moves like any other tile."),
    ("rule:joker_release", "A joker on the table leaves its combination only when you put in its place a card from "
     "your hand that it stands for (swap). You then hold the joker and must play it again before your turn ends."):
        _p("rule:joker_release", "A joker on the table leaves its combination only when you put in its place a tile "
           "from your rack that it stands for (swap). You then hold the joker and must play it again before your "
           "turn ends."),
    ("rules", "On your turn you may lay down as many cards from your hand as you like: as new combinations, or added "
     "to combinations already on the table. You may stop at any time."):
        _p("rules", "On your turn you may lay down as many tiles from your rack as you like: as new combinations, or "
           "added to combinations already on the table. You may stop at any time."),
    ("rule:opening", "Your first play must be new combinations made only of cards from your hand and worth at least "
     "{n} point in all; cards added to other combinations do not count."):
        _np("rule:opening", "Your first play must be new combinations made only of tiles from your rack and worth "
            "at least {n} point in all; tiles added to other combinations do not count.",
            "Your first play must be new combinations made only of tiles from your rack and worth at least {n} "
            "points in all; tiles added to other combinations do not count."),
    ("rule:opening", "In your first play a joker is worth the card it stands for (the lowest, if it could stand for "
     "several)."):
        _p("rule:opening", "In your first play a joker is worth the tile it stands for (the lowest, if it could "
           "stand for several)."),
    ("rule:joker_points", "A joker left in hand costs {n} point."):
        _np("rule:joker_points", "A joker left on the rack costs {n} point.",
            "A joker left on the rack costs {n} points."),
    ("rules", "You may also rearrange the combinations on the table: take cards from them, split them, join them and "
     "form new ones, together with cards from your hand."):
        _p("rules", "You may also rearrange the combinations on the table: take tiles from them, split them, join "
           "them and form new ones, together with tiles from your rack."),
    # The rearranging examples: the Turkish card wording carries the piece in a case suffix ({moved} kartını).
    ("rules example", "For example, the table has {before} and you want to play {cards}. Move {moved} from the first "
     "combination to the second and add {cards} to it: the table now has {after}."):
        _p("rules example", "For example, the table has {before} and you want to play {cards} from your rack. Move "
           "the tiles {moved} from the first combination to the second and add {cards} to it: the table now has "
           "{after}."),
    ("rules example", "But if the table has {before}, you may not take {moved} to play {new} with {cards}: {left} "
     "would be left over, and they form no combination."):
        _p("rules example", "But if the table has {before}, you may not take the tiles {moved} to play {new} with "
           "{cards} from your rack: {left} would be left over, and they form no combination."),
    ("rules", "Cards taken from the table never stay in your hand: all of them must be back on the table, in valid "
     "combinations, before your turn ends."):
        _p("rules", "Tiles taken from the table never stay on your rack: all of them must be back on the table, in "
           "valid combinations, before your turn ends."),
    ("rule:rearrange_before_opening", "Until your first play is on the table, you may not take, move, split or join "
     "cards of the table."):
        _p("rule:rearrange_before_opening", "Until your first play is on the table, you may not take, move, split "
           "or join tiles of the table."),
    ("rule:rearranging", "A turn in which you touched the table must end with at least one card from your hand laid "
     "down; otherwise you must restore."):
        _p("rule:rearranging", "A turn in which you touched the table must end with at least one tile from your "
           "rack laid down; otherwise you must restore."),
    ("rules", "If you cannot leave the table valid, you restore it: the table is put back exactly as it was at the "
     "start of your turn, and the cards you played return to your hand."):
        _p("rules", "If you cannot leave the table valid, you restore it: the table is put back exactly as it was "
           "at the start of your turn, and the tiles you played return to your rack."),
    ("rule:restore_penalty", "Then you draw {n} card from the deck as a penalty, and your turn ends."):
        _np("rule:restore_penalty", "Then you draw {n} tile from the pool as a penalty, and your turn ends.",
            "Then you draw {n} tiles from the pool as a penalty, and your turn ends."),
    ("rules", "You may restore only after taking, moving, splitting or joining cards of the table. Undoing a step "
     "that moved only cards of your own hand costs nothing."):
        _p("rules", "You may restore only after taking, moving, splitting or joining tiles of the table. Undoing a "
           "step that moved only tiles of your own rack costs nothing."),
    ("rule:restore_penalty", "Putting the table back by undoing your steps and then drawing counts as restoring: a "
     "turn in which you touched the table and that ends without a card of your hand on it costs the penalty of {n} "
     "card, not the usual draw."):
        _np("rule:restore_penalty", "Putting the table back by undoing your steps and then drawing counts as "
            "restoring: a turn in which you touched the table and that ends without a tile of your rack on it costs "
            "the penalty of {n} tile, not the usual draw.", "Putting the table back by undoing your steps and then "
            "drawing counts as restoring: a turn in which you touched the table and that ends without a tile of "
            "your rack on it costs the penalty of {n} tiles, not the usual draw."),
    ("rules", "You may end your turn only when every card on the table is part of a valid combination and no card "
     "taken from the table is left in your hand."):
        _p("rules", "You may end your turn only when every tile on the table is part of a valid combination and no "
           "tile taken from the table is left on your rack."),
    ("rule:draw_count", "A turn in which you lay down no card from your hand ends with a draw: you take {n} card "
     "from the deck."):
        _np("rule:draw_count", "A turn in which you lay down no tile from your rack ends with a draw: you take {n} "
            "tile from the pool.", "A turn in which you lay down no tile from your rack ends with a draw: you take "
            "{n} tiles from the pool."),
    ("rule:drawing", "You may draw instead of playing, even when you could lay down cards."):
        _p("rule:drawing", "You may draw instead of playing, even when you could lay down tiles."),
    ("rules", "If you laid down at least one card, you draw nothing."):
        _p("rules", "If you laid down at least one tile, you draw nothing."),
    ("rules", "A player who has no cards left in hand wins at once."):
        _p("rules", "A player who has no tiles left on the rack wins at once."),
    ("rule:deck_runs_out", "When the deck is empty, play goes on without drawing; the game ends when every player "
     "in a row has passed without laying a card down."):
        _p("rule:deck_runs_out", "When the pool is empty, play goes on without drawing; the game ends when every "
           "player in a row has passed without laying a tile down."),
    ("rule:deck_out_winners", "Then the player whose cards in hand are worth the fewest points wins; tied players "
     "win together."):
        _p("rule:deck_out_winners", "Then the player whose tiles left on the rack are worth the fewest points wins; "
           "tied players win together."),
    ("rule:scoring", "Scoring: at the end of a deal every loser scores the values of the cards left in hand as minus "
     "points, and the winner scores what the losers hold beyond the winner's own cards as plus points; over several "
     "deals, the most points win."):
        _p("rule:scoring", "Scoring: at the end of a round every loser scores the values of the tiles left on the "
           "rack as minus points, and the winner scores what the losers hold beyond the winner's own tiles as plus "
           "points; over several rounds, the most points win."),
}
