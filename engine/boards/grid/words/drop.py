"""drop(ZONE), drop(ZONE, count=N|all): reserve pieces onto free cells of a zone, a move of its own.

A drop is a whole alternative of a phase's move, not a part of a pattern: rules.py reads it into
the phase's drops, and the generators write its moves for the phase (movegen.PathCode)."""
from __future__ import annotations

from .base import ZONE, Word


class Drop(Word):
    name = "drop"
    written = "drop(ZONE)"
    takes = ZONE
    about = "a top-level alternative: N reserve pieces (or all) onto free cells of the zone"
    sentence = "put a piece from hand on an empty cell of {z}"
    plain = True


WORD = Drop()
