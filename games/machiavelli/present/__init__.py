"""How Machiavelli is shown to people: its table at the terminal and on a
web page, its narration, hints, hand orders, command words and the rules
composed from a variant's parameters."""
