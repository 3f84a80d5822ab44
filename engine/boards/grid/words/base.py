"""What every action word of a grid pattern says of itself: the Word class.

A word is one module of this folder holding one Word: how it is written and what it takes (its
argument and keyword options, checked by rules.py with located messages), what it is in words
(the language reference and `rulebook rules`), what a move made with it can do besides moving the
piece (capture, flip, shoot, shift: apply is written for those), and its lowering: the Python the
move generator (movegen.PathCode) writes for it, by continuation (`k(ctx)` writes what follows
the action in the pattern, at each place the action lands).
"""
from __future__ import annotations

from ....lang import dsl

DIRS, ZONE = "dirs", "zone"         # the kinds of a word's one positional argument, besides expressions


def keyword(action: dsl.Action, name: str, default):
    """The word a keyword option of an action names (`capture=yes` -> "yes"), or the default."""
    v = action.kwargs.get(name)
    if v is None:
        return default
    return v.dotted if isinstance(v, dsl.Name) else v.value


class Word:
    """One action of the patterns; a subclass per word (see this module's docstring)."""
    name = ""
    written = ""                    # its form, for messages: step(DIRECTIONS)
    takes: object = DIRS            # DIRS, ZONE, or a tuple of expression types (when, take, shift)
    options: dict = {}              # keyword -> the words it accepts (None: a piece kind's name)
    # keyword -> the expression types it accepts (a group, a zone...), typed in the words of
    # landing rules and known before the landing (per turn or per origin); movegen.PathCode
    # emits each given one in `gen.args` (keyed by the id of its node), as it does when's
    exprs: dict = {}
    about = ""                      # the language reference's line (docs/language.md)
    sentence = ""                   # `rulebook rules`: the action in words ({0}, {1}: its arguments)
    plain = False                   # a plain phase (one kind, no captures) may use it: automaton.py lowers it
    rays = False                    # its direction set is read as whole rays (a slide), not single steps
    lands = False                   # it moves the piece onto a cell (step, slide, jump...): a move's landing
    # it lands on any of many cells (along its rays or in its zone): as a later part of a move
    # (a shot after a slide) it multiplies the moves, which the playout then counts (patterns.parts)
    far = False

    def can_capture(self, a: dsl.Action) -> bool:
        """Can this action capture a piece?"""
        return False

    def always_captures(self, a: dsl.Action) -> bool:
        """Does every way through this action capture?"""
        return False

    def captures_on_landing(self, a: dsl.Action) -> bool:
        """Is every capture it makes of the piece on the cell it lands on (none elsewhere)?"""
        return False

    def effects(self, a: dsl.Action) -> set[str]:
        """What apply must do for a move made with this action, besides moving the piece: a
        capture, a flip, a shot, a shift (state.py writes apply for those a game has)."""
        return set()

    def check(self, a: dsl.Action, bad, kinds) -> None:
        """Checks beyond its argument and options: bad(node, message) for each finding."""

    def lower(self, gen, a: dsl.Action, ctx: dict, k) -> None:
        """Write the action's code at ctx (gen: movegen.PathCode), calling k at each landing."""
        raise NotImplementedError(self.name)

    def tables(self, game, ns: dict) -> None:
        """The tables its generated code reads, put in the namespace `ns` of a game that uses it."""

    def refusal(self, game, st, a: dsl.Action, cell: int) -> str | None:
        """Why this action refuses a placement on `cell` (for --why), or None."""
        return None

    def refuses(self, game, st, a: dsl.Action, text: str, legal: set[str]) -> str | None:
        """Why this action refuses the move written `text` (for --why; `legal`: the legal moves'
        texts), or None."""
        return None

    def spell(self, move, name) -> str:
        """What the action adds to a move's notation after its path (name: a cell's name)."""
        return ""


class Capturing(Word):
    """A word every way through which captures (take, remove, hop)."""

    def can_capture(self, a):
        return True

    def always_captures(self, a):
        return True

    def effects(self, a):
        return {"capture"}


class Landing(Word):
    """A word that lands on a cell and may take what stands there: capture=no|yes|only."""
    options = {"capture": ("no", "yes", "only")}
    lands = True

    def can_capture(self, a):
        return keyword(a, "capture", "no") != "no"

    def captures_on_landing(self, a):
        return True

    def always_captures(self, a):
        return keyword(a, "capture", "no") == "only"

    def effects(self, a):
        return {"capture"} if self.can_capture(a) else set()
