"""Hands of tiles, open to all, and a shared pile they are drawn from.

A hand is a sorted tuple of tile types; the pile counts the pieces left per type, and each draw
is a chance ply whose outcomes are the types in the pile, weighted by their counts. Hands are
filled one tile at a time, round-robin: starting with a given seat, each standing seat holding
fewer than `size` tiles draws one, in seat order, until all hold `size` or the pile is empty.
The deal is such a fill starting with the first seat; after each move it starts with the mover.
"""
from __future__ import annotations


def next_drawer(hands, standing: int, size: int, pile_left: int, first: int, n: int):
    """The seat that draws next, going round from `first` (itself included), or None when
    every standing seat holds `size` tiles or the pile is empty. `standing` is a bit mask."""
    if pile_left <= 0:
        return None
    for i in range(n):
        s = (first + i) % n
        if standing >> s & 1 and len(hands[s]) < size:
            return s
    return None


def next_mover(hands, standing: int, after: int, n: int):
    """The standing seat after `after` (round the table, itself last) that holds a tile, or None:
    a seat with no tile is skipped."""
    for i in range(1, n + 1):
        s = (after + i) % n
        if standing >> s & 1 and hands[s]:
            return s
    return None


def taken(hand: tuple, t: int) -> tuple:
    """The hand less one tile of type t."""
    i = hand.index(t)
    return hand[:i] + hand[i + 1:]


def added(hand: tuple, t: int) -> tuple:
    """The hand with one more tile of type t (kept sorted)."""
    return tuple(sorted(hand + (t,)))


def returned(pile: tuple, hand: tuple) -> tuple:
    """The pile with a hand's tiles given back."""
    pile = list(pile)
    for t in hand:
        pile[t] += 1
    return tuple(pile)
