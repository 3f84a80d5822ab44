"""The state of a grid game and how a move changes it: set positions (and their JSON form), and
the generated apply() and legal_moves() (GridState, mixed into GridGame).

The slots of a state are declared once, in layout.py: every game keeps cells, boards, reserves,
to_move, ply, passes and result; a general game (GridRules.general) kinds, quiet and last too;
one whose rules read `passed` or `repeated` those two as well.
- plain (one kind of piece, steps and jumps, no captures): cells a byte per cell (0 empty, else
  the owner's seat + 1), boards an int bitboard per seat; moves (origin, destination) or drops.
  Its pieces are searched by the automaton lowering, tuned for jump chains whose paths merge.
- general: cells hold kind << 3 | (owner + 1) plus one wall byte (255) at index SIZE, so a cell
  lookup off the board (SIZE, or -1) reads "not empty, nobody's"; boards has one more bitboard,
  for pieces owned by nobody. Its generator is movegen's (captures, slides, placements, flips,
  shots, promotion, priority). A bare game (GridGame.bare: no generated search or end condition
  reads a cell's byte) keeps None for cells: boards and kinds say everything, and apply has no
  bytes to copy. cells_of(st) rebuilds the bytes for whoever asks (drawing, explaining, JSON).
"""
from __future__ import annotations


from ...api import RulebookError
from ...lang.expr import BOOL, CELL, INT, Emitter, Symbol, Vocabulary
from ...lang.pycode import names
from ...structs import replace
from .layout import BOARDS, CELLS, COUNTS, KINDS, LAST, PASSED, PASSES, PLY, QUIET, RESERVES, RESULT, TO_MOVE, with_slot
from .layout import HISTORY, MOVE_FIELDS, SLOTS
from .vocabulary import position_key

PASS = "pass"
NOBODY = "nobody"


def _tuple(items) -> str:
    """Source of a tuple of the given item sources."""
    items = list(items)
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _by_case(var: str, cases: list[str]) -> str:
    """Source of cases[var] (var a name of a small int) as a chain of conditional expressions."""
    out = cases[-1]
    for s in range(len(cases) - 2, -1, -1):
        out = f"{cases[s]} if {var} == {s} else {out}"
    return out


class GridState:
    """The state layout, set positions and the generated apply of a GridGame."""

    def _start_cells(self):
        size = self.size
        cells = bytearray(size + 1 if self.general else size)
        if self.general:
            cells[size] = 255
        for ki, k in enumerate(self.kinds):
            if not k.start:
                continue
            owners = [0] if k.neutral else range(self.n)
            for seat in owners:
                for i in self.zone_cells[k.start][seat]:
                    if cells[i]:
                        raise RulebookError(f"{self.rules.src_file}: two start zones overlap at {self.geo.name(i)}")
                    cells[i] = (ki << 3) | (self.neutral_code if k.neutral else seat + 1) if self.general else seat + 1
        return cells

    def _start_counts(self, cells) -> tuple | None:
        """The counts of a counted game's start: each start cell of a counted kind holds its count."""
        if not self.counted:
            return None
        out = [0] * self.size
        for i in range(self.size):
            v = cells[i]
            if v:
                k = self.kinds[v >> 3]
                out[i] = 1 if k.count is None else self._kind_count(k)
        return tuple(out)

    def _kind_count(self, k) -> int:
        """How many pieces of a counted kind stand on each of its start cells."""
        return self.options.get(k.count[7:], 0) if isinstance(k.count, str) else k.count

    def _state_of(self, cells, reserves, me, ply, passes, quiet=0, last=-1, passed=-1, counts=None):
        """A state from its cells (bytearray): the boards derived from them (layout.py); a
        counted game's counts (None: its start's), a cell with none left empty."""
        if self.counted:
            counts = self._start_counts(cells) if counts is None else counts
            for i in range(self.size):
                if not counts[i]:
                    cells[i] = 0
        n = self.n
        boards = [0] * (n + 1 if self.general else n)
        kinds = [0] * len(self.kinds) if self.multi else []
        for i in range(self.size):
            v = cells[i]
            if v:
                boards[(v & 7) - 1] |= 1 << i
                if self.multi:
                    kinds[v >> 3] |= 1 << i
        cells = None if self.bare else bytes(cells)
        st = self.layout.make(cells=cells, boards=tuple(boards), reserves=tuple(reserves), to_move=me, ply=ply,
                              passes=passes, result=None, kinds=tuple(kinds), quiet=quiet, last=last,
                              passed=passed, history=((tuple(boards), None) if self.uses_boards else (cells, None)),
                              counts=counts)
        if self.uses_history and not self.uses_boards and self.history_slots != (CELLS,):
            st = with_slot(st, HISTORY, (position_key(st, self.history_slots), None))
        return st

    def initial_state(self):
        """The start position, made once (a state is an immutable tuple; a playout starts here)."""
        st = getattr(self, "_initial", None)
        if st is None:
            reserve = (0,) * len(self.kinds) if self.hands else sum(k.reserve for k in self.kinds)
            st = self._initial = self._state_of(self._start_cells(), (reserve,) * self.n, 0, 0, 0)
        return st

    def position(self, pieces: dict, to_move: str | None = None, reserves: dict[str, int] | None = None,
                 ply: int | None = None, passes: int = 0, quiet: int = 0, last: str | None = None,
                 passed: str | None = None, checked: bool = True):
        """A state from a description: pieces by owner (a seat's name, or `nobody`), each a list of
        cells (pieces of the first kind) or a mapping kind -> cells; whose turn; reserves; ply.

        The ply decides the phase; by default it is the first ply after every fixed-length phase,
        with the given player to move. For tests, puzzles and analysis of set positions.
        The position must satisfy the game's own rules (_check_position); `checked=False` leaves
        that out, for analysis that asks about positions no play reaches (the other player to move).
        """
        size = self.size
        cells = bytearray(size + 1 if self.general else size)
        if self.general:
            cells[size] = 255
        kinds = [k.name for k in self.kinds]
        counts = [0] * size if self.counted else None
        for owner, where in pieces.items():
            if owner == NOBODY:
                code = self.neutral_code
            elif owner in self.players:
                code = self.players.index(owner) + 1
            else:
                raise RulebookError(f"unknown player '{owner}' (players: {', '.join(self.players)})")
            if code == self.neutral_code and not self.general:
                raise RulebookError("this game has no pieces owned by nobody")
            groups = where.items() if isinstance(where, dict) else [(kinds[0], where)]
            for kind, cell_names in groups:
                if kind not in kinds:
                    raise RulebookError(f"unknown piece kind '{kind}' (kinds: {', '.join(kinds)})")
                if code == self.neutral_code and not self.kinds[kinds.index(kind)].neutral:
                    raise RulebookError(f"a piece of kind '{kind}' belongs to a player, not to nobody "
                                        "(only a kind with `neutral: true` does)")
                stacked = self.kinds[kinds.index(kind)].count is not None
                if isinstance(cell_names, dict) and not stacked:
                    raise RulebookError(f"pieces of kind '{kind}' are not counted: give a list of cells")
                for text in cell_names:
                    i = self.geo.parse_cell(str(text))
                    if i is None:
                        raise RulebookError(f"'{text}' is not a cell of this board")
                    if cells[i]:
                        raise RulebookError(f"two pieces on {text}")
                    cells[i] = (kinds.index(kind) << 3) | code if self.general else code
                    if counts is not None:      # a counted kind: how many stand there (a list: one)
                        counts[i] = int(cell_names[text]) if isinstance(cell_names, dict) else 1
        if to_move is not None and to_move not in self.players:
            raise RulebookError(f"unknown player '{to_move}' (players: {', '.join(self.players)})")
        me = self.players.index(to_move) if to_move else 0
        if ply is None:
            fixed = sum(ph.length(self.n) or 0 for ph in self.rules.phases)
            ply = fixed + (me - fixed) % self.n
        for name in reserves or {}:
            if name not in self.players:
                raise RulebookError(f"unknown player '{name}' (players: {', '.join(self.players)})")
        if self.hands:      # a hand: kind -> how many, per player
            res = tuple(self._hand_of((reserves or {}).get(p) or {}) for p in self.players)
        else:
            res = tuple((reserves or {}).get(p, 0) for p in self.players)
            if any(isinstance(r, dict) for r in res):
                raise RulebookError("a reserve of this game is a number of pieces; only a game with hands "
                                    "(a kind's `hand:`) holds pieces by kind")
        cell = {}
        for key, text, keeps in (("last", last, self.general), ("passed", passed, self.uses_passed or self.uses_ko)):
            if text is None:
                continue
            if not keeps:
                raise RulebookError(f"'{key}' is not a part of this game's positions")
            cell[key] = self.geo.parse_cell(str(text))
            if cell[key] is None:
                raise RulebookError(f"{key}: '{text}' is not a cell of this board")
        st = self._state_of(cells, res, me, ply, passes, quiet, cell.get("last", -1), cell.get("passed", -1),
                            None if counts is None else tuple(counts))
        if checked:
            self._check_position(st)
        return self._settled(st)

    def _check_position(self, st) -> None:
        """A set position must satisfy the file's `position:` rules, asked for every player, and
        the `legal` rules of the phase of the last move, asked for the player who made it (the one
        before the player to move): else the game would go on from a position its own rules
        forbid (a royal piece left attacked). The rules are compiled here, on first use: nothing of the
        game's own compiled code changes."""
        rules = self.rules
        for r in rules.position:
            test = self._rule_test(r)
            for s in range(self.n):
                if not test(st, s):
                    raise RulebookError(f"{self.players[s]} breaks the position rule '{r.name}' "
                                        f"({rules.places[('position', r.name)]}: {self._rule_text(r)})")
        last_ply = max(st[PLY] - 1, 0)
        ph = next((rules.phases[i] for i, end in enumerate(self._phase_ends) if end is None or last_ply < end),
                  rules.phases[-1])
        mover = (st[TO_MOVE] - 1) % self.n
        for r in ph.legal:
            if not self._rule_test(r)(st, mover):
                raise RulebookError(f"{self.players[mover]} moved last ({self.players[st[TO_MOVE]]} is to move) and "
                                    f"breaks the legal rule '{r.name}' ({rules.places[(ph.name, r.name)]}: "
                                    f"{self._rule_text(r)})")

    def _rule_test(self, rule):
        """A rule of the file as a function of (state, seat), compiled once."""
        made = self.__dict__.setdefault("_rule_tests", {})
        if rule.path not in made:
            # `placed` (the move put a new piece): a set position says nothing of the move that
            # made it, so a rule about placements alone is not asked of it
            em = Emitter(self._vocab.child(placed=Symbol(BOOL, "False")))
            body = em.emit(rule.node)
            code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
            fname = "rule_" + "_".join(map(str, rule.path))
            made[rule.path] = self._exec(f"def {fname}(st, me):\n" + self._prologue(code) + code, fname,
                                         dict(self._ns), rule.path)
        return made[rule.path]

    def _rule_text(self, rule) -> str:
        """A rule's sentence as the file writes it, on one line."""
        at = self.rules.spec
        for key in rule.path:
            at = at[key]
        return " ".join(str(at).split())

    def _hand_of(self, held) -> tuple:
        """A player's hand (one count per kind) from a mapping kind -> how many."""
        kinds = [k.name for k in self.kinds]
        if not isinstance(held, dict):
            raise RulebookError(f"a hand is a mapping of piece kinds to counts, not {held!r}")
        for kind, count in held.items():
            if kind not in self._held_kinds:
                raise RulebookError(f"'{kind}' is not a kind held in hand (held: {', '.join(self._held_kinds)})")
            if not isinstance(count, int) or count < 0:
                raise RulebookError(f"a hand holds a whole number of {kind} pieces, not {count!r}")
        return tuple(held.get(k, 0) for k in kinds)

    @property
    def hands(self) -> bool:
        """Do captured pieces go to the captor's hand (a kind says `hand:`)? Then each seat's
        reserve is a tuple of counts, one per kind."""
        return any(k.hand for k in self.kinds)

    @property
    def _held_kinds(self) -> list[str]:
        return list(dict.fromkeys(k.hand for k in self.kinds if k.hand))

    def _settled(self, st):
        """A set position with the result the end conditions give it, checked for the player who
        moved last (a blocked player to move is found by is_over, as always). A position has no
        last move to look through: `in_a_row(N)` (of the piece just placed or moved) is asked of
        each of that player's pieces, so a line on the board ends the game whatever `last` says."""
        mover = (st[TO_MOVE] - 1) % self.n
        win, lose, draw = self._settle_tests()
        result = None
        if win is not None and win(st, mover):
            result = (mover,)
        elif lose is not None and lose(st, mover):
            result = tuple(s for s in range(self.n) if s != mover)
        elif draw is not None and draw(st, mover):
            result = ()
        elif self._over is not None and self._over(st, mover):
            result = self._top_scorers(st)
        return st if result is None else with_slot(st, RESULT, result)

    def _settle_tests(self):
        """win, lose and draw for a set position: the game's own, but where they ask in_a_row
        of the last move, compiled again (once) to ask it of every piece of the player."""
        if "in_a_row()" not in self.rules.words:
            return self._win, self._lose, self._draw
        made = self.__dict__.get("_settle")
        if made is None:
            fn = self._vocab.functions["in_a_row"]
            vocab = Vocabulary(self._vocab.names, {**self._vocab.functions, "in_a_row": replace(
                fn, emit=lambda a, t: fn.emit(a, t, last="_cells_in(B[me])"))}, self._vocab.member)
            ns = dict(self._ns, _cells_in=lambda b: [i for i in range(b.bit_length()) if b >> i & 1])
            made = []
            for node, name in ((self.rules.win, "win"), (self.rules.lose, "lose"), (self.rules.draw, "draw")):
                if node is None:
                    made.append(None)
                    continue
                em = Emitter(vocab)
                body = em.emit(node)
                code = "".join(f"    {x}\n" for x in em.hoisted[0]) + f"    return {body}\n"
                made.append(self._exec(f"def settle_{name}(st, me):\n" + self._prologue(code) + code,
                                       f"settle_{name}", ns, ("end", name)))
            self._settle = made
        return made

    def cells_of(self, st) -> bytes:
        """The cell bytes of a state (see the module's docstring), rebuilt from the boards and
        kinds in a bare game."""
        if st[CELLS] is not None:
            return st[CELLS]
        cells = bytearray(self.size + 1)
        cells[self.size] = 255
        codes = [(board, j + 1) for j, board in enumerate(st[BOARDS])]      # owner: seat + 1 (nobody: n + 1)
        codes += [(board, j << 3) for j, board in enumerate(st[KINDS])]     # kind << 3
        for board, code in codes:
            while board:
                lo = board & -board
                cells[lo.bit_length() - 1] |= code
                board ^= lo
        return bytes(cells)

    def position_json(self, st) -> dict:
        """The state in the generic JSON form that `position` reads (docs/positions.md)."""
        kinds = [k.name for k in self.kinds]
        owners: dict[str, dict[str, list[str]]] = {}
        cells = self.cells_of(st)
        for i in range(self.size):
            v = cells[i]
            if not v:
                continue
            code = v & 7
            owner = NOBODY if self.general and code == self.neutral_code else self.players[code - 1]
            kind = kinds[v >> 3] if self.general else kinds[0]
            owners.setdefault(owner, {}).setdefault(kind, []).append(self.geo.name(i))
        if self.counted:    # a counted kind's cells with how many stand on each
            counts = st[COUNTS]
            for by in owners.values():
                for kind, where in by.items():
                    if self.kinds[kinds.index(kind)].count is not None:
                        by[kind] = {c: counts[self.geo.parse_cell(c)] for c in where}
        pieces = {o: (by[kinds[0]] if list(by) == [kinds[0]] and not isinstance(by[kinds[0]], dict) else by)
                  for o, by in owners.items()}
        out = {"game": self.name, "to_move": self.players[st[TO_MOVE]], "ply": st[PLY], "passes": st[PASSES],
               "pieces": pieces, "reserve": {p: st[RESERVES][i] for i, p in enumerate(self.players)}}
        if self.hands:      # each hand by kind, the kinds it holds none of left out
            out["reserve"] = {p: {k: c for k, c in zip(kinds, st[RESERVES][i]) if c}
                              for i, p in enumerate(self.players)}
        if self.general:
            out["quiet"] = st[QUIET]
            if st[LAST] >= 0:
                out["last"] = self.geo.name(st[LAST])
        if (self.uses_passed or self.uses_ko) and st[PASSED] >= 0:
            out["passed"] = self.geo.name(st[PASSED])
        return out

    def _put(self, seq: str, value: str, size: int | None = None) -> str:
        """Source of the tuple `seq` (of `size` items, default one per seat) with seq[me]
        replaced by value: a choice between whole tuples for up to 4 seats, slices beyond."""
        n = self.n
        size = n if size is None else size
        if n > 4:
            return f"{seq}[:me] + ({value},) + {seq}[me + 1:]"
        return _by_case("me", [_tuple(value if i == s else f"{seq}[{i}]" for i in range(size)) for s in range(n)])

    def _apply_source(self) -> str:
        """apply() for this game: the end conditions inlined, option values and seats known."""
        n = self.n
        nxt = "1 - me" if n == 2 else f"(me + 1) % {n}"
        if self.general:
            L = self._apply_bare_head() if self.bare else self._apply_general_head()
            state = self.layout.build(to_move="nxt", passes=self._passes, result="%s")
        else:
            passing, ind = self._pass_test(["passes += 1"])
            L = ["def apply(st, move):", "    " + self.layout.unpack(result="_"), *passing]
            L += [ind + x for x in [
                "ba = bytearray(cells)",
                "if move[0] == 'drop':",
                "    b = B[me]",
                "    for c in move[1:]:",
                "        ba[c] = me + 1",
                "        b |= BIT[c]",
                f"    R = {self._put('R', 'R[me] - (len(move) - 1)')}",
                "else:",
                "    o, d = move",
                "    ba[o] = 0",
                "    ba[d] = me + 1",
                "    b = B[me] ^ BIT[o] ^ BIT[d]",
                "cells = bytes(ba)",
                f"B = {self._put('B', 'b')}"]]
            state = self.layout.build(to_move="nxt", passes=self._passes, result="%s")
        sows = "sow" in self.features()
        L += ["    ply += 1",
              f"    nxt = me if again else {nxt}" if sows else f"    nxt = {nxt}"]
        at = len(L)         # where the new state is named, if an end condition reads it
        ends = [(self.rules.win, "(me,)", "w"), (self.rules.draw, "()", "d"), (self.rules.over, "_WINNERS(st)", "v")]
        if self.rules.lose is not None:     # the player who just moved loses: the others win
            ends.insert(1, (self.rules.lose, "(nxt,)" if n == 2 else f"tuple(s for s in range({n}) if s != me)", "l"))
        # the end conditions read the counters from apply's own names, not from the new state
        own = {"ply": Symbol(INT, "ply"), "passes": Symbol(INT, self._passes)}
        if self.general:
            own.update(quiet=Symbol(INT, "quiet"), last=Symbol(CELL, "last"))
        vocab = self._vocab.child(**own)
        if "in_a_row()" in self.rules.words and any(count != 1 for ph in self.rules.phases for _z, count in ph.drops):
            # a drop of several stones: each of them may complete the line, not only the last
            fn = vocab.functions["in_a_row"]
            placed = "move[1:] if move[0] == 'drop' else (last,)"
            vocab = Vocabulary(vocab.names, {**vocab.functions, "in_a_row": replace(
                fn, emit=lambda a, t: fn.emit(a, t, last=placed))}, vocab.member)
        for node, result, prefix in ends:
            if node is None:
                continue
            em = Emitter(vocab, prefix=prefix)
            test = em.emit(node)
            code = "\n".join(em.hoisted[0] + [test])
            used = names(code)
            if "opp" in used and "    opp = nxt" not in L:
                L.append("    opp = nxt" if n == 2 and not sows else f"    opp = (me + 1) % {n}")
            occ = "    occ = " + self.occ_source
            if "occ" in used and occ not in L:
                L.append(occ)
            L.extend("    " + x for x in em.hoisted[0])
            L.append(f"    if {test}:")
            L.append(f"        return {state % result}")
        # a blocked player to move (end.blocked lose or draw) is found when someone asks
        # (is_over, legal_moves, outcome), from the moves generated then: never twice
        if "st" in names("\n".join(L[at:])):
            L.insert(at, f"    st = {state % 'None'}")
            L.append("    return st")
        else:
            L.append(f"    return {state % 'None'}")
        return "\n".join(L) + "\n"

    @property
    def _passes(self) -> str:
        """Source of the passes in a row after a move: 0 where no pass is ever played."""
        return "passes" if self.blocked == "pass" else "0"

    def _pass_test(self, on_pass: list[str]) -> tuple[list[str], str]:
        """apply()'s first lines, and the indent of the code that makes a move: a pass where the
        rules let a blocked player pass (a move is then made one level deeper), else none (no
        other move is ever the word `pass`)."""
        if self.blocked != "pass":
            return [], "    "
        return ["    if move == PASS:", *("        " + x for x in on_pass), "    else:", "        passes = 0"], "        "

    def _kind_at(self, bit: str) -> str:
        """Source of the kind index of the piece on the cell `bit` (one bit), read from the kinds'
        boards (bare layout, several kinds)."""
        nk = len(self.kinds)
        return " else ".join(f"{j} if K[{j}] & {bit}" for j in range(nk - 1)) + f" else {nk - 1}"

    # where each field of a move tuple is (layout.MOVE_FIELDS), for readers outside the kind
    move_field = {name: i for i, (name, _about) in enumerate(MOVE_FIELDS)}

    def action_words(self) -> set[str]:
        """The names of the action words the phases' moves are made of (step, remove, turn...)."""
        from .patterns import pattern_actions
        return {a.name for ph in self.rules.phases for p in ph.patterns + ph.places for a in pattern_actions(p)}

    def features(self) -> set[str]:
        """Which effects this game's moves can have, so apply is written for those only."""
        from .patterns import phase_effects
        out = set()
        for ph in self.rules.phases:
            if ph.drops:
                out.add("drop")
            if ph.sows:
                out.add("sow")
            out |= phase_effects(ph)
            if ph.places:
                out.add("place")
        return out

    def _apply_general_head(self) -> list[str]:
        """The part of apply() that makes the move on the general layout. A move that captures,
        flips or shoots nothing (most moves) takes a short way: one XOR per board touched."""
        multi, n = self.multi, self.n
        has = self.features()
        resets = [i for i, k in enumerate(self.kinds) if k.resets_quiet]
        reserved = [i for i, k in enumerate(self.kinds) if k.reserve]      # at most one (rules.py)
        dropped = self.kinds[reserved[0] if reserved else 0].name
        kb = (lambda line: [line]) if multi else (lambda line: [])
        L = ["def apply(st, move):", "    " + self.layout.unpack(result="_")]
        passing, ind = self._pass_test(["passes += 1", "quiet += 1", *(["passed = -1"] if self.extended else [])])
        if "sow" in has:    # a sowing (words/sow.py): the counts, the cells and boards they fill
            L.append("    again = False")
        L += passing
        if "sow" in has:
            sind = ind
            L += [sind + "if move[0] == 'sow':",
                  sind + "    cells, B, K, N, last, again = _sow(cells, B, K, N, me, move[1])",
                  sind + "    quiet += 1",
                  *([sind + "    passed = -1"] if self.layout.keeps("passed") else []),
                  sind + "else:"]
            ind = sind + "    "
        if "drop" in has:
            L += ["        if move[0] == 'drop':",
                  "            ba = bytearray(cells); b = list(B)" + ("; k = list(K)" if multi else ""),
                  "            for c in move[1:]:",
                  f"                ba[c] = {self.kind_values[dropped]} | (me + 1)",
                  "                b[me] |= BIT[c]",
                  *kb(f"                k[{self.kind_values[dropped] >> 3}] |= BIT[c]"),
                  f"            R = {self._put('R', 'R[me] - (len(move) - 1)')}",
                  "            quiet += 1",
                  "            last = move[-1]",
                  *(["            passed = -1"] if self.extended else []),
                  "            cells = bytes(ba); B = tuple(b)" + ("; K = tuple(k)" if multi else ""),
                  "        else:"]
            ind = "            "
        body = ["o, d, caps, path, fl, val, shot, shift" + (", _" if self._choosing or self.turns else "")
                + (", turn" if self.turns else "") + " = move",
                "ba = bytearray(cells)"]
        quiet = ("quiet = 0 if (v >> 3) in %r else quiet + 1" % (tuple(resets),)) if resets else "quiet += 1"
        hands = self.hands
        if "place" in has:
            body += ["if o >= 0:", "    v = ba[o]; ba[o] = 0", "    " + quiet, "else:",
                     "    v = val",
                     *([f"    if val >> 3 == {reserved[0]}:", f"        R = {self._put('R', 'R[me] - 1')}"]
                       if reserved else []),
                     # from the hand: one piece fewer of the kind placed
                     *(["    h = list(R[me]); h[val >> 3] -= 1", f"    R = {self._put('R', 'tuple(h)')}"]
                       if hands else []), "    quiet += 1"]
        else:       # the moving piece's value, when its kind matters here
            body += ["v = ba[o]; ba[o] = 0" if resets or multi else "ba[o] = 0", quiet]
        effects = [f for f in ("capture", "flip", "shot", "shift", "turn") if f in has]
        slow = ["b = list(B)" + ("; k = list(K)" if multi else ""),
                "bo = BIT[o]; b[me] ^= bo", *kb("k[v >> 3] ^= bo")]
        if "capture" in has:
            slow += ["if caps:",
                     "    quiet = 0",
                     "    c = caps",
                     *(["    h = list(R[me])"] if hands else []),
                     "    while c:",
                     "        lo = c & -c; i = lo.bit_length() - 1; x = ba[i]; ba[i] = 0; b[(x & 7) - 1] ^= lo",
                     *kb("        k[x >> 3] ^= lo"),
                     # a captured piece goes to the captor's hand, as the kind its own kind names
                     *(["        hk = HAND[x >> 3]", "        if hk >= 0: h[hk] += 1"] if hands else []),
                     "        c ^= lo",
                     *([f"    R = {self._put('R', 'tuple(h)')}"] if hands else [])]
        slow += ["ba[d] = val; bd = BIT[d]; b[me] |= bd", *kb("k[val >> 3] |= bd")]
        if "flip" in has:
            slow += ["if fl:",
                     "    c = fl",
                     "    while c:",
                     "        lo = c & -c; i = lo.bit_length() - 1; x = ba[i]",
                     "        ba[i] = (x & 248) | (me + 1); b[(x & 7) - 1] ^= lo; b[me] |= lo",
                     "        c ^= lo"]
        if "shot" in has:
            slow += ["if shot is not None:",
                     f"    a = shot & 65535; av = (shot >> 16) | {self.neutral_code}; ba[a] = av; b[{n}] |= BIT[a]",
                     *kb("    k[av >> 3] |= BIT[a]")]
        if "shift" in has:      # a second piece of the mover's moves (it becomes its `moved` kind)
            slow += ["if shift is not None:",
                     "    s, u = shift; x = ba[s]; y = MOVED[x]; ba[s] = 0; ba[u] = y; b[me] ^= BIT[s] | BIT[u]",
                     *kb("    k[x >> 3] ^= BIT[s]; k[y >> 3] |= BIT[u]")]
        if "turn" in has:       # the block turns with every piece on it, after the rest of the move
            slow += ["if turn is not None:",
                     "    src, dst, mask = TURNS[turn]; xs = [ba[c] for c in src]; keep = ~mask",
                     "    b = [x & keep for x in b]" + ("; k = [x & keep for x in k]" if multi else ""),
                     "    for c, x in zip(dst, xs):",
                     "        ba[c] = x",
                     "        if x:",
                     "            b[(x & 7) - 1] |= BIT[c]" + ("; k[x >> 3] |= BIT[c]" if multi else "")]
        slow.append("B = tuple(b)" + ("; K = tuple(k)" if multi else ""))
        fast = ["ba[d] = val; x = BIT[o] | BIT[d]",
                f"B = {self._put('B', 'B[me] ^ x', n + 1)}"]
        if multi:
            nk = len(self.kinds)
            change = "k = list(K); k[v >> 3] ^= BIT[o]; k[val >> 3] |= BIT[d]; K = tuple(k)"
            if nk <= 4:     # the piece keeps its kind (most moves): one board of K rebuilt whole
                same = _by_case("kv", [_tuple("K[%d] ^ x" % i if i == j else "K[%d]" % i for i in range(nk))
                                       for j in range(nk)])
                fast += ["if v == val:", "    kv = v >> 3", f"    K = {same}", "else:", "    " + change]
            else:
                fast += [change]
        if effects:
            tests = {"capture": "caps", "flip": "fl", "shot": "shot is not None", "shift": "shift is not None",
                     "turn": "turn is not None"}
            body += [f"if {' or '.join(dict.fromkeys(tests[f] for f in effects))}:", *("    " + x for x in slow),
                     "else:", *("    " + x for x in fast)]
        else:
            body += fast
        body += ["cells = bytes(ba)", "last = d" if "turn" not in has else "last = d if turn is None else TURN_TO[turn][d]"]
        if self.extended:
            body.append("passed = MID[o][d]" if self.uses_passed else
                        "passed = caps.bit_length() - 1 if caps and not caps & (caps - 1) else -1" if self.uses_ko
                        else "passed = -1")
        L += [ind + x for x in body]
        if self.uses_boards:        # every board that has stood, newest first
            L.append("    hist = (B, hist)")
        elif self.uses_history:     # the positions since quiet was reset (with hands, every one), newest first
            key = ", ".join(SLOTS[i].local for i in self.history_slots)
            key = key if len(self.history_slots) == 1 else f"({key})"
            L.append(f"    hist = ({key}, {'hist' if self.hands else 'hist if quiet else None'})")
        return L

    def _apply_bare_head(self) -> list[str]:
        """The part of apply() that makes the move on the bare layout (GridGame._can_be_bare: a
        piece moves, and may capture): the boards only, the moving piece's kind read from the
        kinds' boards, the captured cells cleared from every board at once. A move that captures
        nothing takes one XOR per board touched."""
        multi, n = self.multi, self.n
        resets = tuple(i for i, k in enumerate(self.kinds) if k.resets_quiet)
        nk = len(self.kinds)
        L = ["def apply(st, move):", "    " + self.layout.unpack(result="_")]
        passing, ind = self._pass_test(["passes += 1", "quiet += 1"])
        L += passing
        body = ["o, d, caps, path, fl, val, shot, shift" + (", _" if self._choosing else "") + " = move"]
        bits = "bo = BIT[o]; bd = BIT[d]"
        capture = "capture" in self.features()
        # the boards after a move that captures nothing (stepped) and after one that does
        # (cleared); B[n], the board of pieces owned by nobody, is 0 where no kind is neutral
        nobody = f"B[{n}]" if self.neutral else "0"
        if n <= 4:
            stepped = "B = " + _by_case("me", [_tuple("B[me] ^ x" if j == s else f"B[{j}]" if j < n else nobody
                                                     for j in range(n + 1)) for s in range(n)])
        else:
            stepped = f"B = {self._put('B', 'B[me] ^ x', n + 1)}"
        mine = "((B[me] ^ bo) & nc) | bd"      # the mover's board: the piece moves, captured cells leave
        if n <= 4:
            cleared = _by_case("me", [_tuple(mine if j == s else f"B[{j}] & nc" if j < n or self.neutral else "0"
                                             for j in range(n + 1)) for s in range(n)])
        else:
            cleared = "tuple(" + mine.replace("B[me]", "B[j]") + " if j == me else B[j] & nc for j in range(%d))" % (n + 1)
        if multi and nk <= 4:
            # one branch per kind of the moving piece (read from its bit): its quiet rule and its
            # board of K, rebuilt whole; a kind that may change (promotion, a moved kind) asks the
            # move's value which kind it becomes
            def by_kind(taking: bool) -> list[str]:
                out = []
                for j, k in enumerate(self.kinds):
                    head = "if" if j == 0 else "elif" if j < nk - 1 else "else"
                    out.append(f"{head} K[{j}] & bo:" if head != "else" else "else:")
                    if not taking and resets:
                        out.append("    quiet = 0" if j in resets else "    quiet += 1")
                    if taking:
                        same = _tuple(f"((K[{i}] ^ bo) & nc) | bd" if i == j else f"K[{i}] & nc" for i in range(nk))
                        change = ("k = list(K); k[%d] ^= bo; " % j + "; ".join(f"k[{i}] &= nc" for i in range(nk))
                                  + "; k[val >> 3] |= bd; K = tuple(k)")
                    else:
                        same = _tuple(f"K[{i}] ^ x" if i == j else f"K[{i}]" for i in range(nk))
                        change = "k = list(K); k[%d] ^= bo; k[val >> 3] |= bd; K = tuple(k)" % j
                    if k.promote_to or k.moved:
                        out += [f"    if val >> 3 == {j}:", f"        K = {same}", "    else:", f"        {change}"]
                    else:
                        out.append(f"    K = {same}")
                return out
            body.append(bits)
            plain = ["x = bo | bd", stepped, *([] if resets else ["quiet += 1"]), *by_kind(False)]
            if capture:
                body += ["if caps:", "    quiet = 0; nc = ~caps", f"    B = {cleared}", *("    " + x for x in by_kind(True)),
                         "else:", *("    " + x for x in plain)]
            else:
                body += plain
            body.append("last = d")
            return L + [ind + x for x in body]
        if multi:       # the kind of the moving piece, read from its bit
            body += [bits, f"kv = {self._kind_at('bo')}"]
        if resets and multi:
            body.append(f"quiet = 0 if kv {'== %d' % resets if len(resets) == 1 else 'in %r' % (resets,)} else quiet + 1")
        else:
            body.append("quiet = 0" if resets else "quiet += 1")
        fast = ["x = bo | bd" if multi else "x = BIT[o] | BIT[d]", stepped]
        if multi:
            fast.append("k = list(K); k[kv] ^= bo; k[val >> 3] |= bd; K = tuple(k)")
        if capture:
            slow = ([] if multi else [bits]) + ["quiet = 0; nc = ~caps", f"B = {cleared}"]
            if multi:
                slow.append("k = list(K); k[kv] ^= bo; " + "; ".join(f"k[{j}] &= nc" for j in range(nk))
                            + "; k[val >> 3] |= bd; K = tuple(k)")
            body += ["if caps:", *("    " + x for x in slow), "else:", *("    " + x for x in fast)]
        else:
            body += fast
        body.append("last = d")
        return L + [ind + x for x in body]

    def _after_source(self) -> str:
        """The position after a move, without the end conditions (for `legal` rules)."""
        L = self._apply_bare_head() if self.bare else self._apply_general_head()
        L[0] = "def _after(st, move):"
        nxt = "1 - me" if self.n == 2 else f"(me + 1) % {self.n}"
        L += ["    return " + self.layout.build(to_move=nxt, ply="ply + 1", passes=self._passes, result="None")]
        return "\n".join(L) + "\n"

    def _legal_source(self) -> str:
        """legal_moves(), and is_over() for games where a blocked player loses or draws: is_over
        generates the moves to know, and hands them to the next legal_moves of that very state
        (_MEMO holds [the state, its moves] once: a list, whose items are stored faster than a
        module's globals). Where `stuck` is asked after every move and the moves it makes are
        the whole legal list (every phase has `legal` rules), _moves_kept does the same."""
        gen = [f"gen_{ph.name}" for ph in self.rules.phases]
        moves = (f"{gen[0]}(st)" if len(gen) == 1 else
                 f"{gen[-1]}(st) if {self.layout.read('ply')} >= {self._last_from} else _GENS[_phase_index(st)](st)")
        memo = self.blocked in ("lose", "draw") or self._stuck_memo
        keep = ["    _MEMO[1] = moves = " + moves, "    _MEMO[0] = st"]     # the moves, then whose they are
        L = ["def legal_moves(st):"]
        if memo:        # (a finished position has no moves, whatever a rule asked of it: the result first)
            L += [f"    if {self.layout.read('result')} is not None:",
                  "        return []",
                  "    if st is _MEMO[0]:",
                  "        _MEMO[0] = None",
                  "        moves = _MEMO[1]",
                  "    else:",
                  f"        moves = {moves}"]
        else:
            L += [f"    if {self.layout.read('result')} is not None:",
                  "        return []",
                  f"    moves = {moves}"]
        if self.rules.pass_any:     # a pass is always among the moves, last
            L.append("    return moves + [PASS]")
        else:
            if self.blocked == "pass":
                L += ["    if not moves:", "        return [PASS]"]
            L.append("    return moves")
        if self.blocked in ("lose", "draw"):
            L += ["", "def is_over(st):",
                  f"    if {self.layout.read('result')} is not None:",
                  "        return True",
                  "    if st is _MEMO[0]:",
                  "        return not _MEMO[1]",
                  *keep,
                  "    return not moves"]
        if self.by_parts:       # the moves counted, none made (a last phase of moves of parts)
            last = self.rules.phases[-1].name
            count = (f"count_{last}(st)" if len(gen) == 1 else
                     f"count_{last}(st) if {self.layout.read('ply')} >= {self._last_from} else "
                     "len(_GENS[_phase_index(st)](st))")
            L += ["", "def count_moves(st):",
                  f"    if {self.layout.read('result')} is not None:",
                  "        return 0",
                  f"    return {count}"]
        if self._stuck_memo:        # `stuck` in the end conditions: the moves it made are kept
            L += ["", "def _moves_kept(st):",
                  "    if st is _MEMO[0]:",
                  "        return _MEMO[1]",
                  *keep,
                  "    return moves"]
        return "\n".join(L) + "\n"

    def _apply_generic(self, st, move):
        """apply() as plain Python for the plain layout, for reference: the generated one must agree."""
        cells, boards, reserves, me, ply, passes, _ = st        # the plain layout
        if move == PASS:
            passes += 1
        else:
            passes = 0
            ba = bytearray(cells)
            b = boards[me]
            if move[0] == "drop":
                for c in move[1:]:
                    ba[c] = me + 1
                    b |= 1 << c
                reserves = reserves[:me] + (reserves[me] - (len(move) - 1),) + reserves[me + 1:]
            else:
                o, d = move
                ba[o] = 0
                ba[d] = me + 1
                b ^= (1 << o) | (1 << d)
            cells = bytes(ba)
            boards = boards[:me] + (b,) + boards[me + 1:]
        ply += 1
        nxt = (me + 1) % self.n
        new = (cells, boards, reserves, nxt, ply, passes, None)
        result = None
        if self._win is not None and self._win(new, me):
            result = (me,)
        elif self._lose is not None and self._lose(new, me):
            result = tuple(s for s in range(self.n) if s != me)
        elif self._draw is not None and self._draw(new, me):
            result = ()
        if result is not None:
            new = (cells, boards, reserves, nxt, ply, passes, result)
        return new
