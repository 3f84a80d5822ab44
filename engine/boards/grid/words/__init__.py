"""The action words of grid patterns, one module each (base.py says what a word holds). The
checker (rules.py), the move generator (movegen.py), apply (state.py), the notation and the prose
of `rulebook rules` all walk WORDS: a new word is a new module here and its line below."""
from __future__ import annotations

from . import custodial, drop, enclose, flip, hop, jump, place, shift, shoot, slide, sow, step, stride, surround, take, turn, when
from . import fly, remove
from .base import DIRS, ZONE, Word, keyword

WORDS: dict[str, Word] = {m.WORD.name: m.WORD for m in (step, slide, jump, place, drop, flip, shoot, when, take,
                                                        shift, custodial, hop, surround, stride, turn, enclose,
                                                        sow, fly, remove)}

__all__ = ["DIRS", "WORDS", "ZONE", "Word", "keyword"]
