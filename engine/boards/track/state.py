"""A track game's position, shared by the game (game.py) and the position form (picture.py)."""
from __future__ import annotations

from typing import NamedTuple


class TrackState(NamedTuple):
    """A position (immutable, hashable).
      pts     per point, numbered from the first seat's side (index q - 1 for its point q): the
              first seat's pieces there as a positive count, the second's as a negative one
      bar     per seat, its pieces on the bar; off: per seat, its pieces borne off
      roll    the roll to play, highest first; () when the next ply is a roll
      seat    who rolls or plays; winner: the seat that won, or -1 while the game goes on
    """
    pts: tuple
    bar: tuple
    off: tuple
    roll: tuple
    seat: int
    ply: int
    winner: int = -1
