"""The track kind: two seats racing pieces along one track of numbered points in opposite
directions, a bar and an off area per seat, dice rolled as chance plies, plays made of steps.
rules.py checks a file (`board: {track: ...}`) into TrackRules, whose `compile` gives a TrackGame
(game.py)."""
from __future__ import annotations

from .rules import TrackRules, check_track

__all__ = ["TrackRules", "check_track"]
