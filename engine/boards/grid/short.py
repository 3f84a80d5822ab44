"""The short notation of grid games (`notation: short:` in a game file): for every legal move of a
position, the shortest text of the usual kind that names it alone among them.

A move of a piece is its kind's letter (the kind's symbol in capitals; none for the kinds listed
in `plain`), as much of its origin as tells it from the other moves of that letter to the same
cell (nothing, the origin's file, its rank, or both: file first), the capture mark when it
captures, its destination, then what the long notation says after the path (a shot, a turned
block, a flip), the promotion mark and the letter of the kind it becomes where it chooses, and
last the check mark (when the player to move next breaks a `legal` rule of its phase as the
position stands: it must answer a threat) or the win mark (when the move wins the game). A move
of a plain kind that captures always names its origin's file. Moves listed in `named` are
written by their name. A placement, a drop and a pass are written as in the long notation;
where two moves would still share a text, both are written in the long notation.
"""
from __future__ import annotations

from ...api import IllegalMove
from .layout import CAPS, CHOICE, ORIGIN, DEST, TURN, VALUE, with_slot, TO_MOVE
from .words import WORDS

PASS = "pass"
MARKS = "+#!?"          # what a reader strips from the end of a short text (check, win, and comments)


class ShortNotation:
    """The short notation of one game (made on first use: games that do not ask pay nothing)."""

    def __init__(self, game, style: dict):
        self.game = game
        kinds = game.kinds
        self.plain = {i for i, k in enumerate(kinds) if k.name in (style.get("plain") or [])}
        self.letter = ["" if i in self.plain else (k.symbol or k.name[0]).upper() for i, k in enumerate(kinds)]
        self.capture = style.get("capture", "x")
        self.promotion = style.get("promotion", "=")
        self.check, self.win = style.get("check", ""), style.get("win", "")
        # named moves: (kind indices, long texts) -> name
        self.named = [({i for i, k in enumerate(kinds) if k.name in spec["kinds"]}, set(spec["moves"]), name)
                      for name, spec in (style.get("named") or {}).items()]
        self._legal_rules = None
        self._last = (None, None)       # the last position named and its names (a reader asks twice)

    # ---- writing
    def names(self, st) -> dict:
        """Every legal move of `st` -> its short text."""
        if self._last[0] is not None and self._last[0] == st:
            return self._last[1]
        out = self._names(st)
        self._last = (st, out)
        return out

    def _names(self, st) -> dict:
        game = self.game
        moves = game.legal_moves(st)
        long = {m: game.move_str(m) for m in moves}
        if not game.general:
            return long
        cells = game.cells_of(st)
        name = game.geo.name
        files = game.geo.files
        base: dict = {}
        for m in moves:
            if m == PASS or m[0] == "drop" or m[ORIGIN] < 0:
                base[m] = long[m]
                continue
            kind = cells[m[ORIGIN]] >> 3
            named = next((n for ks, texts, n in self.named if kind in ks and long[m] in texts), None)
            base[m] = named if named is not None else (kind, m)
        # the origin part: as little as tells the move from the others of its letter to its cell
        groups: dict = {}
        for m, b in base.items():
            if isinstance(b, tuple):
                groups.setdefault((self.letter[b[0]], m[DEST], self._suffix(m)), []).append(m)
        out: dict = {}
        for (letter, dest, suffix), ms in groups.items():
            origins = {m[ORIGIN] for m in ms}
            for m in ms:
                o = m[ORIGIN]
                of, orank = o % files, o // files
                others = origins - {o}
                cell = name(o)
                file_text, rank_text = cell[0], cell[1:]
                if not others:
                    where = file_text if (m[CAPS] and base[m][0] in self.plain) else ""
                elif all(x % files != of for x in others):
                    where = file_text
                elif all(x // files != orank for x in others):
                    where = rank_text
                else:
                    where = cell
                if m[CAPS] and base[m][0] in self.plain and not where:
                    where = file_text
                out[m] = f"{letter}{where}{self.capture if m[CAPS] else ''}{name(dest)}{suffix}"
        for m, b in base.items():
            if not isinstance(b, tuple):
                out[m] = b
        # still two moves of one text: both in the long notation
        seen: dict = {}
        for m, t in out.items():
            seen.setdefault(t, []).append(m)
        for t, ms in seen.items():
            if len(ms) > 1:
                for m in ms:
                    out[m] = long[m]
        if self.check or self.win:
            for m in moves:
                out[m] += self._mark(st, m)
        return out

    def _suffix(self, m) -> str:
        """What follows the destination: the shot, the turned block, the flip, the promotion."""
        game = self.game
        text = WORDS["shoot"].spell(m, game.geo.name)
        if game.turns and m[TURN] is not None:
            _set, j, sense, _to = game.turns[m[TURN]]
            text += f"/{j}{sense}"
        if game._choosing and m[CHOICE]:
            text += f"{self.promotion}{self.letter[m[VALUE] >> 3] or game.kinds[m[VALUE] >> 3].name}"
        if m[4] and game._optional_flips:
            text += "*"
        return text

    def _mark(self, st, m) -> str:
        game = self.game
        after = game.apply(st, m)
        if game.is_over(after) and self.win and game.players[game.to_move(st)] in game.outcome(after).winners:
            return self.win
        return self.check if self.check and self._threatened(after) else ""

    def _threatened(self, st) -> bool:
        """The player to move breaks a `legal` rule of its phase as the position stands: the
        position after a pass of its turn would not be legal."""
        game = self.game
        rules = self._rules()[game.phase_index(st)]
        seat = game.to_move(st)
        passed = with_slot(st, TO_MOVE, (seat + 1) % game.n)     # as a rule reads the position after a move of seat's
        return any(not fn(passed, seat) for fn in rules)

    def _rules(self):
        if self._legal_rules is None:
            game = self.game
            saved = dict(game.sources)        # the compiled sources `rulebook compile` shows stay the file's
            self._legal_rules = [[game._state_fn(r.node, f"short_check_{i}_{j}", game._ns) for j, r in enumerate(ph.legal)]
                                 for i, ph in enumerate(game.rules.phases)]
            game.sources.clear()
            game.sources.update(saved)
        return self._legal_rules

    # ---- reading
    def parse(self, st, text: str):
        """The legal move whose short text is `text` (the check, win and comment marks at its end
        need not be given, nor be right), or whose long notation is `text`; IllegalMove otherwise."""
        names = self.names(st)
        if self._last[1] is names and len(self._last) == 2:
            self._last = (st, names, {t.rstrip(MARKS): m for m, t in names.items()})
        move = self._last[2].get(text.strip().rstrip(MARKS))
        return move if move is not None else self.game.parse_move(st, text.strip())
