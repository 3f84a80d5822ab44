"""always_attacked(G): in every position since the first of the occurrences of the position now
that `repeated` counts, where the player to move had pieces of the group G, one of them was
attacked: every move of the other player since then attacked G (a perpetual attack, for a rule
on repetitions).

It costs a game nothing until it is asked: the positions are rebuilt from the history (each
entry holds what tells positions apart: the cells, and the hands and counts where a game keeps
them) only when the rule reaches the word, and G is read in each of them from the same player's
side as now (`mine.KIND`, `theirs.KIND`)."""
from __future__ import annotations

from functools import partial, reduce
from operator import or_

from ....lang.expr import BOOL, GROUP, Function
from ..layout import BOARDS, CELLS, COUNTS, HISTORY, KINDS, RESERVES, TO_MOVE

FUNCTION = Function(((GROUP,),), BOOL,
                    lambda a, t: f"_always_attacked(st, me, lambda B, K, me, occ: {a[0]})",
                    "in every position since the first of the occurrences that `repeated` counts, where "
                    "the player to move had pieces of the group, one of them was attacked (every move of "
                    "the other player since then attacked it)")


def always_attacked(st, me: int, group, game, ns: dict) -> bool:
    """`group(B, K, me, occ)`: the group's bitboard in a position (its boards, its kinds' boards,
    the seat the rule speaks for, every piece). False when no position of the span had any."""
    slots, n = game.history_slots, game.n
    now = st[HISTORY][0]
    entries, h, i, span = [], st[HISTORY], 0, 0
    while h is not None:         # newest first, as far back as the oldest occurrence of now
        entries.append(h[0])
        if i % n == 0 and h[0] == now:
            span = i
        h, i = h[1], i + 1
    attacked, seen = ns["_attacked"], False
    for i, key in enumerate(entries[:span + 1]):
        part = dict(zip(slots, key)) if len(slots) > 1 else {CELLS: key}
        mover = (st[TO_MOVE] - i) % n
        past = game._state_of(bytearray(part[CELLS]), part.get(RESERVES, st[RESERVES]), mover, 0, 0,
                              counts=part.get(COUNTS))
        B, K = past[BOARDS], past[KINDS]
        mask = group(B, K, me, reduce(or_, B)) & B[mover]
        if mask:
            seen = True
            if not attacked(past, mover, mask):
                return False
    return seen


def tables(game, ns: dict) -> None:
    ns["_always_attacked"] = partial(always_attacked, game=game, ns=ns)
