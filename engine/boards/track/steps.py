"""steps(dice, block=N, off=ZONE): the play of a roll, one step per number the roll gives.

The board as the mover sees it (`b`): b[q] for their points q = 1..P, positive for their own
pieces, negative for the opponent's; `bar` their pieces on the bar. A step moves one own piece
exactly the number toward point 1, onto a point holding fewer than `block` enemy pieces (any
there are hit: they go to their owner's bar). Pieces on the bar enter first, number d onto point
P + 1 - d. While every own piece is on points 1..home (or off), number d also takes a piece off
from point d, or from the highest occupied point when that is lower than d.

A play uses as many of the numbers as can be used, and of those the largest (compared from the
largest down): when only one number of two different ones can be used, the larger if it can.
Plays are the distinct resulting positions, each named by the greatest of the step lists that
reach it (steps sorted by from, then to, both descending; the bar is P + 1, off is 0), compared
step by step as (from, to) pairs. No step possible: the play is empty (`pass`)."""
from __future__ import annotations

from itertools import permutations

from ...structs import struct

OFF = 0


@struct(frozen=True)
class Steps:
    """A checked steps(...) move: the track's points, the enemy count that closes a point, the
    home points 1..home from which pieces bear off (0: they never do)."""
    points: int
    block: int = 2
    home: int = 0


def single_steps(s: Steps, b: list, bar: int, outside: int, d: int, below: int):
    """The single steps (from, to) of number d, from points at most `below` (a double's steps are
    searched in non-increasing order of their from: every order of them gives the same)."""
    P = s.points
    if bar:
        t = P + 1 - d
        if P + 1 <= below and t >= 1 and b[t] > -s.block:
            yield P + 1, t
        return
    top = min(P, below)
    off_ok = s.home and not outside
    highest = 0
    if off_ok:
        for q in range(s.home, 0, -1):
            if b[q] > 0:
                highest = q
                break
    for f in range(top, 0, -1):
        if b[f] <= 0:
            continue
        t = f - d
        if t >= 1:
            if b[t] > -s.block:
                yield f, t
        elif off_ok and (t == 0 or f == highest):
            yield f, OFF


def plays(s: Steps, b: list, bar: int, numbers: tuple) -> list[tuple]:
    """Every play of the numbers (a tuple of step lists, each sorted and named as the module says)."""
    P, home = s.points, s.home
    outside = bar + sum(b[q] for q in range(home + 1, P + 1) if b[q] > 0)
    double = len(set(numbers)) == 1
    orders = [numbers] if double else list(dict.fromkeys(permutations(numbers)))
    found = []                      # (dice used, the numbers used, steps, the position reached)
    path: list = []

    def search(order, i, below):
        nonlocal bar, outside
        moved = False
        if i < len(order):
            d = order[i]
            for f, t in list(single_steps(s, b, bar, outside, d, below)):
                moved = True
                # the step
                if f > P:
                    bar -= 1
                else:
                    b[f] -= 1
                hit = 0
                if t:
                    if b[t] < 0:
                        hit = -b[t]
                        b[t] = 0
                    b[t] += 1
                home_now = (f > home) and (0 < t <= home or t == OFF)
                outside -= home_now
                path.append((f, t))
                search(order, i + 1, f if double else P + 1)
                # undone
                path.pop()
                outside += home_now
                if t:
                    b[t] -= 1
                    b[t] -= hit
                if f > P:
                    bar += 1
                else:
                    b[f] += 1
        if not moved:
            found.append((i, order[:i], tuple(path), (*b, bar)))

    for order in orders:
        search(order, 0, P + 1)
    most = max(n for n, _u, _p, _k in found)
    kept = [x for x in found if x[0] == most]
    if not double:                  # the largest numbers among those that can be used together
        best = max(tuple(sorted(u, reverse=True)) for _n, u, _p, _k in kept)
        kept = [x for x in kept if tuple(sorted(x[1], reverse=True)) == best]
    named: dict = {}
    for _n, _u, steps, key in kept:
        name = tuple(sorted(steps, reverse=True))
        if key not in named or name > named[key]:
            named[key] = name
    return list(named.values())


def step_str(step: tuple, points: int) -> str:
    f, t = step
    return f"{'bar' if f > points else f}/{'off' if t == OFF else t}"


def play_str(play: tuple, points: int) -> str:
    return " ".join(step_str(x, points) for x in play) if play else "pass"


__all__ = ["OFF", "Steps", "play_str", "plays", "single_steps", "step_str"]
