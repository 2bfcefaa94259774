"""Solo play: a deck goldfished by hand at the table, its draw odds, and simulated goldfish games.

- `deck_cards.DeckCards`: the deck as the goldfish and the statistics read it (card ids and counts);
- `session.GoldfishSession`: a `LocalSession` whose goldfish seats step by themselves;
- `tracker`: turns, pool bled and spent, vampires in play, the oust turn (no Qt);
- `goldfish_window.GoldfishWindow`: the table with the goldfish panel;
- `stats_dialog.DeckStatsDialog`: draw odds, crypt odds, simulated games.
"""
