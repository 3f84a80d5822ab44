"""Match-level front-ends over the Game API and the players; each module is imported on its own.

records.py     match records (JSON): read, check against a game, replay, save
positions.py   position files (JSON): read safely, hand to the game's `position`, write back
tournament.py  every pairing of player specs, many games, local / process / ray workers
variants.py    variant analysis: seat advantage, draws, lengths, branching, rule firings; plots
measure.py     perft (leaf and exact conventions), random playouts, the bench figures
"""
