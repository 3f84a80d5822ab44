"""The compiled random playout of a grid game: one generated function that plays uniformly random
moves from a state to the end (or to a number of plies), written once per game on first use.

It draws what `api.random_playout` draws through the Game API, and the same sequence for the
same seed: every ply it calls `rng.choice` once on the position's legal moves in their order
(or, where a phase's moves are one drop of several stones among thousands, `random_move`'s
draw, the same distribution; where they are moves of parts, `draw_<phase>`, and where every
free cell has the same choices after its placement (place then turn), `drawn_placement`: the
same index into the same order, found by counting the moves without making them). What it
saves is the API around a ply, and, where the last phase's shape has a loop of its own, the moves and states themselves: that phase runs
as one loop over the state's own variables (placing.py: a piece placed onto an empty cell;
flip_loop.py: a piece placed that must flip; move_loop.py: steps and chains of jumps over any
piece; kept_loop.py: other plain piece moves, each piece's kept until a cell it read changes;
bulk_loop.py: lone steps of one kind, capturing or not, counted by shifts of its board;
parts_loop.py: a slide then a shot from its landing), and one state is built when it stops.

One loop draws otherwise: parts_loop.py's draws each move by rejection (a landing drawn, kept
with the probability of its shots), every legal move equally likely as with rng.choice of the
list, but not the same sequence for a seed. Its tests replay each ply through the Game API.
"""
from __future__ import annotations

import random

from .... import api
# (the loops' modules by name: a function of a module's name imported here would hide the module)
from . import bulk_loop, flip_loop, kept_loop, move_loop, parts_loop, placing


def playout_source(game) -> str:
    """`def playout(st, rng, limit)` for this game: (the state at the end, the plies played);
    `limit` plies at most (-1: no limit)."""
    read = game.layout.read
    step = [f"        if {read('to_move')} == CHANCE:      # drawn by the weights of its outcomes",
            "            moves, weights = zip(*chance_outcomes(st))",
            "            st = apply(st, rng.choices(moves, weights)[0])",
            "            plies += 1",
            "            continue"]
    if any(map(game.drops_drawn, game.rules.phases)) or game.placement_parts() is not None:
        # random_move's draw where it makes no list: k free cells, where thousands of drops are
        # not listed; a free cell and its choice, where every cell has the same choices
        step += ["        move = drawn_move(st, rng)",
                 "        if move is not None:",
                 "            st = apply(st, move)",
                 "            plies += 1",
                 "            continue"]
    step += ["        moves = legal_moves(st)",
             "        if not moves:",
             "            break",
             "        st = apply(st, choice(moves))",
             "        plies += 1"]
    fused = placing.placing_loop(game) or flip_loop.flipping_loop(game) or move_loop.moving_loop(game) or \
        kept_loop.kept_loop(game) or bulk_loop.bulk_loop(game)
    rejecting = fused is None and (fused := parts_loop.parts_loop(game)) is not None     # (its own draw)
    L = ["def playout(st, rng, limit):",
         "    # uniformly random moves to the end: rng.choice of the legal moves at every ply"
         + (" (the last phase's by rejection, parts_loop.py)" if rejecting else ""),
         "    choice = rng.choice",
         "    plies = 0",
         "    while plies != limit:"]
    if fused is not None and any("getrandbits(" in x for x in fused):
        # the loop draws as rng.choice does, through random.Random's own _randbelow; an rng
        # whose choice() draws otherwise is played through the Game API (api.random_playout)
        game._ns["RANDBELOW"] = getattr(random.Random, "_randbelow_with_getrandbits", None)
        game._ns["random_playout"] = lambda st, rng, limit: api.random_playout(game, rng, st, None if limit < 0 else limit)
        L[3:3] = ['    if RANDBELOW is None or getattr(type(rng), "_randbelow", None) is not RANDBELOW:',
                  "        return random_playout(st, rng, limit)",
                  "    getrandbits = rng.getrandbits"]
    if fused is not None:
        L += [f"        if {read('ply')} >= {placing.placing_from(game)} and {read('result')} is None:",
              *("            " + x for x in fused)]
        if rejecting:       # (a player with no move there has lost or drawn: by_parts has no pass)
            L += ["            break       # the end, or the limit"]
        else:
            L += [f"            if {read('result')} is not None or plies == limit:",
                  "                break",
                  "            # no move left: the Game API says what follows (a pass, a blocked player)"]
    if game.by_parts:       # a last phase of moves of parts: one move drawn by counting them (draw_<phase>)
        last = game.rules.phases[-1].name
        when = f" and {read('ply')} >= {game._last_from}" if len(game.rules.phases) > 1 else ""
        L += [f"        if {read('result')} is None{when}:",
              f"            move = draw_{last}(st, choice)",
              "            if move is None:",
              "                break",
              "            st = apply(st, move)",
              "            plies += 1",
              "            continue"]
    L += step
    L.append("    return st, plies")
    return "\n".join(L) + "\n"

