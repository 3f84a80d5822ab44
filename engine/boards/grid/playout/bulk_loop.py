"""The compiled playout's loop (playout/__init__.py) for a last phase whose every pattern is a
lone step of one kind of piece with no landing rule, maybe capturing (a bulk step: movegen.py
finds it for every piece at once by shifting the kind's board), in a game of two seats. It
plays on the state's own variables (the boards as a list and the counters: a bare state, with
no cells' bytes, which captures make a general game's, not a plain one's: kept_loop.py plays
those), and per ply:

- shifts the mover's board once per direction, as the generated search does, into the
  targets of each part of the legal list (per direction: onto empty cells, then onto enemies),
  and counts each part's targets (their bits): no move is made;
- draws the index as `rng.choice` of the legal list draws it (random.Random's _randbelow, from
  getrandbits) and finds its part and, among the part's targets, lowest first as the list holds
  them, its cell; the origin is one shift back;
- moves the piece in place, takes what it lands on where that part captures, and tests apply's
  end conditions on those variables; no state is built until the loop stops (a player with no
  move: the Game API says what follows).

So the same seed plays the same game as `api.random_playout`, which the tests check.
"""
from __future__ import annotations

import builtins
import re

from ....lang.pycode import names
from ..patterns import bulk_step, may_repeat
from ..topology import direction_sets
from ..words.base import keyword
from .placing import kth_cell, loop_end_tests, on_variables

ASSIGNED = re.compile(r"\s*(\w+(?:, \w+)*) [-+|^&]?= ")      # the names a statement of the loop assigns


def bulk_parts(game) -> list[list[tuple[int, int, bool]]] | None:
    """Per seat, the parts of the last phase's legal list in its order: (the mask of the pieces
    that can step that way, the shift of the step, whether the part captures). None where the
    last phase is not one kind's bulk steps in a game of two seats (moving_phase's other
    conditions, and no promotion, no change of kind once moved, no move listed twice, a bare
    state), or where the generated search goes from each piece (a kind with few pieces: its
    list is in the pieces' order)."""
    rules, geo = game.rules, game.geo
    ph = rules.phases[-1]
    if not game.bare or game.n != 2 or game.multi or game.neutral or game.turns or not geo.translations \
            or game.instrument or rules.over is not None or rules.pass_any or ph.drops or ph.places or ph.legal \
            or ph.priority or ph.sows or ph.rules or ph.lets or len(ph.kinds) != 1 or "connected()" in rules.words:
        return None
    kind, alts = ph.kinds[0]
    k = game.kinds[kind or 0]
    if k.promote_to or k.moved or not all(bulk_step(a) and a.args[0].dotted in game.dir_names for a in alts) \
            or may_repeat(alts, game.vectors):
        return None
    if game.steps_by_origin([(a.args[0].dotted, keyword(a, "capture", "no")) for a in alts], kind):
        return None
    sets = direction_sets(rules.dirsets, geo)
    full = (1 << game.size) - 1
    out = []
    for seat in range(game.n):
        parts = []
        for a in alts:
            cap = keyword(a, "capture", "no")
            for v in dict.fromkeys(x for x in (game.vector(seat, w) for w in sets[a.args[0].dotted]) if x is not None):
                shift = geo.shift(v)
                mask = 0
                for o in geo.cells():
                    d = geo.neighbour(o, v)
                    if d >= 0:
                        if d != o + shift:
                            return None
                        mask |= 1 << o
                if cap != "only":
                    parts.append((mask if mask != full else 0, shift, False))
                if cap != "no":
                    parts.append((mask if mask != full else 0, shift, True))
        out.append(parts)
    return out


def bulk_loop(game) -> list[str] | None:
    """The lines (indented from 0) that play the last phase of bulk steps (bulk_parts) on the
    state's own variables from st, until the game ends, `limit` is reached or the player to move
    has no move, then make st the state reached; None where the game has no such phase."""
    parts = bulk_parts(game)
    ends = loop_end_tests(game) if parts is not None else None
    if ends is None or ends[0]:
        return None
    layout, ns = game.layout, game._ns
    body = ["own = B[me]",
            f"free = FULL ^ ({game.occ_source})",
            "foe = B[1 - me]"]
    for seat, seat_parts in enumerate(parts):
        body.append(f"{'if' if seat == 0 else 'else'}{f' me == {seat}' if seat == 0 else ''}:")
        body.append("    # the parts of the list, in its order: per direction, onto empty cells, then onto enemies")
        shifted = {}
        for j, (mask, shift, cap) in enumerate(seat_parts):
            src = f"(own & {mask:#x})" if mask else "own"
            moved = f"{src} << {shift}" if shift >= 0 else f"{src} >> {-shift}"
            if (mask, shift) not in shifted:
                body.append(f"    sh{len(shifted)} = {moved}")
                shifted[mask, shift] = f"sh{len(shifted)}"
            body.append(f"    p{j} = {shifted[mask, shift]} & {'foe' if cap else 'free'}")
        m = len(seat_parts)
        # a{j}: how many moves the parts up to j hold (the last: all of them)
        body += [f"    a{j} = p{j}.bit_count()" + (f" + a{j - 1}" if j else "") for j in range(m)]
        body += [f"    if not a{m - 1}:      # no move: the Game API says what follows (a blocked player)",
                 "        break",
                 f"    i = getrandbits(a{m - 1}.bit_length())     # rng._randbelow: what rng.choice of the list draws",
                 f"    while i >= a{m - 1}:",
                 f"        i = getrandbits(a{m - 1}.bit_length())"]
        for j, (_mask, shift, cap) in enumerate(seat_parts):     # the part the index falls in
            pick = f"{f'i -= a{j - 1}; ' if j else ''}w = p{j}; back = {-shift}; taking = {cap}"
            if m == 1:
                body.append(f"    {pick}")
                continue
            body += [f"    {'else' if j == m - 1 else 'if' if j == 0 else 'elif'}{'' if j == m - 1 else f' i < a{j}'}:",
                     f"        {pick}"]
    body += [x for x in kth_cell(game, "w", "i") if x != "w = w"]
    body += ["o = t + back",
             "bo = BIT[o]; bt = BIT[t]",
             "B[me] ^= bo | bt",
             "if taking:       # the enemy piece it lands on",
             "    B[1 - me] ^= bt" + ("; quiet = 0" if layout.keeps("quiet") else "")]
    if layout.keeps("quiet"):
        body += ["else:", "    quiet += 1"]
    if layout.keeps("last"):
        body.append("last = t")
    body += ["passes = 0; ply += 1; plies += 1",
             "nxt = 1 - me",
             *ends[1],
             "me = nxt"]
    # an end test that reads the state tuple or a name the loop does not have: the Game API's loop
    known = set(ns) | set(dir(builtins)) | {s.local for s in layout.slots} | {"plies", "limit", "choice", "getrandbits"} \
        | {v for x in body for stmt in x.split(";") if (m := ASSIGNED.match(stmt)) for v in m[1].split(", ")} \
        | {"bit_count", "bit_length"}
    known.discard("cells")      # (a bare state's: None)
    if names("\n".join(body)) - known or "st" in names("\n".join(ends[1])):
        return None
    return on_variables(game, [], body)

