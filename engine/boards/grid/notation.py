"""Move notation of grid games: the cells a move visits, `x` before a capture landing, a
placement's cell, a drop's cells joined by `+`, a shot after `/`; more where two moves would
otherwise share a name (GridNotation, mixed into GridGame)."""
from __future__ import annotations

from ...api import IllegalMove, parse_by_notation
from ...lang import dsl
from .layout import CHOICE, TURN
from .words import WORDS

PASS = "pass"


class GridNotation:
    """move_str and parse_move of a GridGame."""

    def _notation_flags(self):
        """Where the plain notation would give two moves one name, it says more: which kind a
        choice promotes to (`b7-b8=queen`), which kind is placed (`cap@c3`, when several can
        be), and a `*` after a move that flips where flipping is optional."""
        from .patterns import pattern_actions
        self._choosing = any(len(k.promote_to) > 1 or k.promote_optional for k in self.kinds)
        placed, optional, takes = set(), False, False
        for ph in self.rules.phases:
            for p in ph.places:
                for a in pattern_actions(p):
                    if a.name == "place":
                        placed.add(a.kwargs["kind"].dotted)
            for p in ph.patterns + ph.places:
                optional = optional or _optional_flip(p)
                takes = takes or any(a.name == "take" for a in pattern_actions(p))
        self._placing_kinds = len(placed) > 1
        self._single_promotions = {k.promote_to[0] for k in self.kinds if k.promote_optional}
        self._removes = any(a.name == "remove" for ph in self.rules.phases for p in ph.patterns + ph.places
                            for a in pattern_actions(p))
        self._optional_flips = optional
        # a capture away from the landing (take(CELL)) is marked before the landing, as one onto it is
        self._marks_takes = takes
        style = self.rules.spec.get("notation") or {}
        # what a move's text puts between its cells, and before a capture landing
        self.join_mark, self.capture_mark = style.get("join", "-"), style.get("capture", "x")
        self._promo = style.get("promotion", "=")
        self._ends = style.get("path") == "ends"         # a move by its origin and final cell only
        by_symbol = style.get("kinds") == "symbol"
        self._kind_word = [(k.symbol or k.name).lower() if by_symbol else k.name for k in self.kinds]
        if style.get("kinds") == "letter":      # the symbol as the file writes it (P for a pawn)
            self._kind_word = [k.symbol or k.name for k in self.kinds]
        self._place_mark = style.get("placement", "@")
        # a drop's cells written file by file (a1 a2 .. b1) rather than in the board's order, rank by rank
        files = self.geo.files
        self._drop_order = (lambda c: (c % files, c // files)) if style.get("drops") == "by_file" else None
        self._short_style, self._short = style.get("short"), None

    @property
    def short(self):
        """The file's short notation (`notation: short:`, short.py), or None if it asks for none."""
        if self._short is None and self._short_style is not None:
            from .short import ShortNotation
            self._short = ShortNotation(self, self._short_style)
        return self._short

    def move_cells(self, move) -> list[str] | None:
        """The cells a front-end clicks for a move whose text names none (a sowing: its pit), or
        None where the text's own cells are the ones to click."""
        if move != PASS and move[0] == "sow":
            return [self.geo.name(move[1])]
        return None

    def move_str(self, move) -> str:
        if move == PASS:
            return PASS
        name = self.geo.name
        if move[0] == "drop":
            return "+".join(name(c) for c in (move[1:] if self._drop_order is None else
                                              sorted(move[1:], key=self._drop_order)))
        if move[0] == "sow":        # the pit's letter among the mover's, from the mover's left
            return self.sowing["letter"][move[1]]
        if not self.general:
            return f"{name(move[0])}-{name(move[1])}"
        o, d, _caps, path, fl, val = move[:6]
        join, cap = self.join_mark, self.capture_mark
        if o < 0:
            text = name(d) if not self._placing_kinds else f"{self._kind_word[val >> 3]}{self._place_mark}{name(d)}"
        elif path is None:
            text = f"{name(o)}{cap if _caps and self._marks_takes else join}{name(d)}"
        elif self._ends:
            text = f"{name(o)}{cap if _caps else join}{name(d)}"
        else:
            if _caps and self._marks_takes and all(p >= 0 for p in path):     # taken away from every landing
                path = path[:-1] + (~path[-1],)
            text = name(o) + "".join(f"{cap}{name(~p)}" if p < 0 else f"{join}{name(p)}" for p in path)
        text += WORDS["shoot"].spell(move, name)           # the arrow, if any: `/cell`
        if self._removes:                                  # the pieces taken off the path: `xa4`
            text += WORDS["remove"].spell(move, name, cap)
        if self.turns and move[TURN] is not None:          # the block turned: `/2cw` (block 2, clockwise)
            text += self.turn_text(move[TURN])
        if self._choosing and move[CHOICE]:
            # which of the kinds it becomes; an optional promotion to one kind: the mark alone
            single = self.kinds[val >> 3].name in self._single_promotions
            text += self._promo if single else f"{self._promo}{self._kind_word[val >> 3]}"
        if fl and self._optional_flips:
            text += "*"                                   # with the flip (it could go without)
        return text

    def parse_move(self, st, text: str):
        guess = self._drop_guess(st, text)
        if guess is not None:
            return guess
        ph = self.rules.phases[self.phase_index(st)]
        if ph.drops and not ph.kinds and not ph.places and text.strip() != PASS and len(self.legal_moves(st)) > 1000:
            # every move here is a drop (or a pass), read above from its cells: what was not read
            # is no move, said without searching tens of thousands of them by their notation
            legal = self.legal_moves(st)
            if self.is_over(st):
                raise IllegalMove(f"'{text.strip()}': the game is over", 0)
            cells = {self.geo.parse_cell(p.strip()) for p in text.split("+")}
            found = ("drop",) + tuple(sorted(cells)) if None not in cells else None
            hint = f" (a drop's cells are written in one order: {self.move_str(found)})" \
                if found in legal and len(cells) == len(text.split("+")) else ""
            raise IllegalMove(f"'{text.strip()}' is not a legal move here ({len(legal)} legal moves){hint}", len(legal))
        try:
            return parse_by_notation(self, st, text)
        except IllegalMove as e:
            spelled = self.drop_spelling(st, text)
            if spelled:
                raise IllegalMove(f"{e} (a drop's cells are written in one order: {spelled})", e.legal_count) from None
            raise

    def _drop_guess(self, st, text: str):
        """A drop of several cells read straight from its cells (where a drop lists tens of
        thousands of moves, a search of them all by their notation is slow): the legal move
        with those cells, if it is written so; else None (the search decides)."""
        parts = text.strip().split("+")
        if len(parts) < 2 or not any(ph.drops for ph in self.rules.phases):
            return None
        cells = [self.geo.parse_cell(p) for p in parts]
        if None in cells:
            return None
        guess = ("drop",) + tuple(sorted(cells))
        legal = self.legal_moves(st)
        try:
            found = legal[legal.index(guess)]
        except ValueError:
            return None
        return found if self.move_str(found) == text.strip() else None

    def drop_spelling(self, st, text: str) -> str | None:
        """The legal drop with the same cells as `text` in another order, as it is written."""
        parts = text.strip().split("+")
        if len(parts) < 2:
            return None
        cells = {self.geo.parse_cell(p.strip()) for p in parts}
        for m in self.legal_moves(st):
            if m != PASS and m[0] == "drop" and set(m[1:]) == cells and len(m) - 1 == len(parts):
                return self.move_str(m)
        return None

    # ---------------------------------------------------------------- tools for front-ends
    def turn_text(self, number: int) -> str:
        """What a turn of a block adds to a move's text: `/2cw` (block 2, clockwise)."""
        _set, j, sense, _to = self.turns[number]
        return f"/{j}{sense}"

    def block_list(self, name: str) -> list[list[int]]:
        """The cells of each block of a set of board.blocks, in their order (pictures draw them)."""
        from .words.turn import block_cells
        return [block_cells(self.geo, text) for text in self.rules.blocks.get(name, [])]

    def turn_parts(self, name: str) -> list[tuple[int, str, str]]:
        """The turns of a set of blocks as (block index from 0, sense, the text they add to a
        move): the controls a picture offers for a move's last part."""
        return [(j - 1, sense, self.turn_text(i)) for i, (s, j, sense, _to) in enumerate(self.turns) if s == name]

    def any_order(self, move) -> bool:
        """Are a move's cells given in any order (a drop of several cells)?"""
        return move != PASS and move[0] == "drop" and len(move) > 2


def _optional_flip(node) -> bool:
    """Does the pattern let a flip be left out (flip inside `?` or `*`)?"""
    if isinstance(node, dsl.Rep):
        from .patterns import pattern_actions
        if node.quant in ("?", "*", "*+") and any(a.name == "flip" for a in pattern_actions(node.body)):
            return True
        return _optional_flip(node.body)
    if isinstance(node, (dsl.Seq, dsl.Alt)):
        return _optional_flip(node.left) or _optional_flip(node.right)
    return False
