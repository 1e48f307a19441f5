"""The kernel of a family of card games: knows no single game's rules."""
