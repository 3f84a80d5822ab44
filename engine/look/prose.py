"""A game's rules in plain English (Markdown), told from what its Game carries of its file
(`game.info`, never the file itself), in the order a rulebook gives them: the board and the
start, a turn, each piece's moves, the end, the options (then the notation). Patterns and
conditions are read with the rules language's parser and said in words, in the game's own words:
a file's `glossary:` gives a name said in place of a key (a kind, a zone, a rule...) and an about
text said where it is introduced. With `exact`, each sentence is followed by a quoted line of
the file's text it tells, so nothing is lost in the telling.

Conditions keep their grouping: where an `or` stands inside an `and` (or the other way round),
or a sum inside a product, the words are bracketed as the rule is, so the prose means what the
rule means (tests/frontends/test_rules_prose.py reads the words back and compares)."""
from __future__ import annotations

import re

OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
       ">=": "is at least", "+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo",
       "//": "divided (whole) by"}
NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
# how tightly each operator binds (the grammar's order): a looser child is bracketed
PREC = {"if": 1, "or": 2, "and": 3, "not": 4, "cmp": 5, "+": 6, "-": 6, "*": 7, "/": 7, "//": 7, "%": 7, "neg": 8}
NAMES = {"empty": "the empty cells", "others": "the player's other pieces", "landing": "the landing cell",
         "origin": "the cell the piece moves from", "last": "the cell of the last move",
         "ply": "the number of moves played", "passes": "the number of passes in a row",
         "reserve": "the number of the player's pieces in hand",
         "opponent.reserve": "the number of the opponent's pieces in hand", "players": "the number of players",
         "stuck": "the player to move has no legal move", "placed": "the move placed a new piece", "all_stuck": "no player has a legal move",
         "tolls": "the player's tolls", "supply": "the player's counters left",
         "passed": "the cell the last move passed over",
         "stones": "1 while the player's stone is on the board", "tiles": "the number of tiles in the player's hand",
         "repeated": "the number of times this position has stood (with the same player to move)",
         "mover": "mover", "owner": "owner", "any": "any",
         "lead": "the player's lead over the best other player",
         "score": "the player's score",
         "off": "the number of the player's pieces off", "bar": "the number of the player's pieces on the bar",
         "opponent.off": "the number of the opponent's pieces off",
         "opponent.bar": "the number of the opponent's pieces on the bar",
         "to_go": "the points the player's pieces have still to go",
         "singles": "the number of points holding exactly one of the player's pieces", "opponent.to_go": "the points the opponent's pieces have still to go"}
CELLS = ("landing", "origin", "last", "passed")      # names of cells: `X in GROUP` says what stands there
# each function of the expressions in words ({0}, {1}: its arguments); NOT_FUNCS: its negation
FUNCS = {"count": "the number of {0}", "size": "the number of cells of {0}", "all": "all of {0}",
         "none": "none of {0}", "any": "any of {0}", "advance": "how far {0} have advanced (ranks from home, summed)",
         "counters": "the number of the player's counters on {0} tiles", "free": "the number of {0} tiles without a counter",
         "counters_on_line": "the number of the player's counters on {0} tiles on a line",
         "counters_between_own": "the number of the player's counters on {0} tiles on a line whose end stations are both the player's",
         "counters_between_same": "the number of the player's counters on {0} tiles on a line whose end stations have one owner",
         "in_a_row": "a piece just placed is part of a line of {0} or more of its owner's pieces",
         "open_rows": "the number of lines of {0} cells holding {1} of {2} and no other piece",
         "connected": "a chain of the player's pieces joins {0} and {1}",
         "one_group": "{0} form one connected group",
         "attacked": "{0} is under attack", "empty": "{0} is empty",
         "always_attacked": "{0} stood under attack at every turn of its owner since this position first stood "
                            "(every move of the other player since then attacked it)",
         "occupied": "{0} holds a piece", "friend": "{0} holds one of the player's pieces",
         "enemy": "{0} holds an enemy piece", "first": "the first occupied cell {1} of {0}",
         "neighbour": "the cell {1} of {0}",
         "area": "{0} plus every empty region bordered only by them (regions joined {1})",
         "faces": "{0} faces {2} along a line {1}, with nothing between them",
         "along": "the number of {0} on the lines from {1} {2}",
         "in_line": "{0} completes a line of the board with {1}",
         "outside_lines": "those of {0} that stand in no line of the board filled by {0}",
         "touching": "the number of {0} features touching it",
         "touching_complete": "the number of completed {0} features touching it",
         "own_on": "the number of the player's pieces on {0}", "enemy_on": "the number of the opponent's pieces on {0}"}
NOT_FUNCS = {"attacked": "{0} is not under attack", "empty": "{0} is not empty", "occupied": "{0} is empty",
             "friend": "{0} does not hold one of the player's pieces", "enemy": "{0} does not hold an enemy piece",
             "one_group": "{0} do not form one connected group", "connected": "no chain of the player's pieces "
             "joins {0} and {1}",
             "faces": "{0} does not face {2} along a line {1} with nothing between them",
             "in_line": "{0} completes no line of the board with {1}",
             "always_attacked": "{0} did not stand under attack at every turn of its owner since this position "
                                "first stood"}
# the groups said by all/none/any when they stand in a zone
SELECTIONS = {"all": "every one of {0} stands in {1}", "none": "none of {0} stands in {1}",
              "any": "one of {0} stands in {1}"}
DIRECTION_WORDS = {"front": "forward", "back": "backward", "front-left": "forward-left", "front-right": "forward-right",
                   "back-left": "backward-left", "back-right": "backward-right"}
SIDES = {"N": "north", "S": "south", "E": "east", "W": "west"}
# the keyword options of actions, in words: (option, value) -> words; (option, None): an expression
KEYWORDS = {("capture", "yes"): "or onto an enemy piece, capturing it", ("capture", "only"):
            "but only onto an enemy piece, capturing it", ("capture", "no"): "",
            ("over", "any"): "", ("over", "mine"): "", ("over", "theirs"): "",
            ("onto", "theirs"): "or onto an enemy piece, which leaves the board", ("onto", "empty"): "",
            ("ko", "yes"): "never retaking at once a single stone just captured (ko)",
            ("ko", "super"): "never repeating a whole-board position (superko)", ("ko", "no"): "",
            ("sense", "cw"): "clockwise", ("sense", "ccw"): "counter-clockwise", ("sense", "both"): "either way",
            ("within", None): "passing only through {}", ("kind", None): "a {}"}
# options said as clauses of their own, after a colon: custodial(D, of=G, by=G, hostile=Z)...
CLAUSES = {"of": "only {} are taken", "by": "the pieces that close in are {}",
           "hostile": "any cell of {} closes in too, unless an enemy piece stands on it"}
JUMP_OVER = {"any": "a piece", "mine": "one of the player's pieces", "theirs": "an enemy piece", "none": "nothing"}


def plural(word: str) -> str:
    if word.endswith("man"):
        return word[:-3] + "men"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def a(word: str) -> str:
    """The word with its article: a pawn, an unmoved rook."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _code(text) -> str:
    return "`" + re.sub(r"\s+", " ", str(text)).strip().replace("`", "'") + "`"


def _and(words: list[str], last: str = "and") -> str:
    words = [w for w in words if w]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1] if words else ""


class Teller:
    """The words of one game: its glossary, kinds, zones, direction sets and options, and the
    sentences built from them. `info` may be None (expressions alone, in the language's words)."""

    def __init__(self, info=None, exact: bool = False):
        self.info = info
        self.exact = exact
        d = info.sections if info is not None else {}
        self.d = d
        self.glossary = d.get("glossary") or {}
        self.kinds = list(d.get("pieces") or {})
        self.zones = set(d.get("zones") or {}) | {"board", "edge"}
        self.dirsets = d.get("directions") or {}
        self.options = {o.name: o for o in info.options} if info is not None else {}
        self.actions = info.actions if info is not None else {}
        self.rule_set = info.rule_set if info is not None else ""     # tile games: track, sides or paths
        owned = [k for k, v in (d.get("pieces") or {}).items() if not (v or {}).get("neutral")]
        self.only_kind = owned[0] if len(owned) == 1 else ""       # "a new stone" where a game has one kind
        neutral = [k for k, v in (d.get("pieces") or {}).items() if (v or {}).get("neutral")]
        self.neutral = neutral[0] if len(neutral) == 1 else ""
        self.lets = {k for ph in d.get("phases") or [] for k in (ph.get("let") or {})}
        # zones also said of the opponent (opponent.ZONE): the player's own is then "the player's"
        self.theirs_too = set(re.findall(r"opponent\.(\w+)", repr(d.get("phases")) + repr(d.get("end"))
                                         + repr(d.get("pieces"))))
        self.two = len(d.get("players") or []) == 2 or info is not None and info.seats.max == 2
        quiet = [self.name(k) for k, v in (d.get("pieces") or {}).items() if v and v.get("resets_quiet")]
        self.quiet = "the number of moves since the last capture" + (
            f" or {_and(quiet, 'or')} move" if quiet else "")

    # ------------------------------------------------------------ names
    def name(self, key: str) -> str:
        """A key of the file in words: its glossary name, or the key with spaces."""
        entry = self.glossary.get(key) or {}
        return str(entry.get("name") or key.replace("_", " "))

    def about(self, key: str) -> str:
        return str((self.glossary.get(key) or {}).get("about") or "")

    def named(self, key: str) -> str:
        """The name in bold, with its about text after a colon if it has one."""
        about = self.about(key)
        return f"**{self.name(key)}**" + (f": {about}" if about else "")

    def titled(self, key: str) -> str:
        """The name in bold, with its about text in brackets (before a rule's words)."""
        about = self.about(key)
        return f"**{self.name(key)}**" + (f" ({about})" if about else "")

    def zone(self, dotted: str) -> str:
        if (self.d.get("zones") or {}).get(dotted) == "all" and not self.about(dotted):
            return "the board"
        if dotted.startswith("opponent."):
            return f"the {'opponent' if self.two else 'next player'}'s {self.name(dotted[9:])}"
        if dotted == "board":
            return "the board"
        if dotted in self.theirs_too:
            return f"the player's own {self.name(dotted)}"
        return ("" if "'s " in self.name(dotted) else "the ") + self.name(dotted)

    def group(self, dotted: str, one: bool = False) -> str:
        """A group of pieces (mine, theirs.KIND...) in words; `one`: a kind said in the singular
        (the player's king is under attack)."""

        enemy = "the opponent's" if self.two else "the other players'"
        pieces = plural(self.name(self.only_kind)) if self.only_kind else "pieces"
        if dotted == "mine":
            return f"the player's {pieces}"
        if dotted == "theirs":
            return f"{enemy} {pieces}"
        head, _, kind = dotted.partition(".")
        said = self.name(kind) if one else plural(self.name(kind))
        if head == "mine":
            return f"the player's {said}"
        if head == "theirs":
            return f"{enemy} {said}"
        return ""

    def word(self, dotted: str) -> str:
        """A name of an expression in words."""
        if dotted.startswith("option."):
            return f"the option `{dotted[7:]}`"
        g = self.group(dotted)
        if g:
            return g
        if dotted == "quiet":
            return self.quiet
        kind, _, field = dotted.rpartition(".")
        if field == "reserve" and kind in self.kinds:     # KIND.reserve: the file's number
            n = ((self.d.get("pieces") or {}).get(kind) or {}).get("reserve")
            return f"the number of {plural(self.name(kind))} each player holds at the start ({n})"
        if dotted in ("files", "ranks"):
            return f"the number of {dotted} of the board"
        if dotted in self.kinds:
            return plural(self.name(dotted))
        if dotted in self.dirsets:
            return f"the {self.name(dotted)} directions"
        if dotted in ("opponent.off", "opponent.bar", "opponent.to_go"):     # a track game's names
            return NAMES[dotted]
        if dotted in self.zones or dotted.startswith("opponent."):
            return self.zone(dotted)
        if dotted == "tiles" and self.rule_set == "sides":
            return "the number of its tiles"        # in a feature's score (tiles with sides)
        if dotted in NAMES:
            return NAMES[dotted]
        return self.name(dotted)

    def directions(self, dotted: str) -> str:
        """A direction or a set of them, as a way to move: east, forward, in a diagonal direction."""
        if set(dotted.split("_")) <= {"north", "south", "east", "west", "front", "back", "left", "right"}:
            dotted = dotted.replace("_", "-")           # north_east, front_left: a direction word
        if dotted in DIRECTION_WORDS or dotted in ("north", "south", "east", "west", "left", "right") or \
                "-" in dotted and dotted.split("-")[0] in ("north", "south"):
            return DIRECTION_WORDS.get(dotted, dotted)
        if dotted in self.lets:
            return f"in one of the {self.name(dotted)}"
        members = self.dirsets.get(dotted)
        if isinstance(members, list) and len(members) <= 2 and all(isinstance(m, str) for m in members):
            return _and([self.directions(m) for m in members], "or")
        if dotted in self.glossary:
            return f"in {a(self.name(dotted))} direction"
        if isinstance(members, str):
            return self.directions(members)
        if dotted == "adjacent":
            return "in any direction"
        return f"in {a(self.name(dotted))} direction"

    # ------------------------------------------------------------ expressions
    def say(self, node, parent: int = 0) -> str:
        """An expression in words, bracketed where it binds more loosely than its place
        (`parent`: the binding strength of the operator it is an operand of)."""
        from ..lang import dsl
        t = type(node)
        if t is dsl.Num:
            return f"{node.value:g}" if isinstance(node.value, float) else str(node.value)
        if t is dsl.Bool:
            return "true" if node.value else "false"
        if t is dsl.Name:
            d = node.dotted
            if d.startswith("option.") and isinstance((o := self.options.get(d[7:])) and o.default, bool):
                return f"the option `{d[7:]}` is on"
            return self.word(d)
        if t is dsl.In:
            return self._bracket(self._in(node), PREC["cmp"], parent)
        if t is dsl.Call:
            return self._call(node)
        if t is dsl.Compare and node.op == "==" and (filled := self._fills(node)):
            return self._bracket(filled, PREC["cmp"], parent)
        if t is dsl.Compare and (seat := self._seat_test(node)):
            return seat
        if t is dsl.Compare:
            left, right = self.say(node.left, PREC["cmp"] + 1), self.say(node.right, PREC["cmp"] + 1)
            return self._bracket(f"{left} {OPS[node.op]} {right}", PREC["cmp"], parent)
        if t is dsl.BinOp and node.op == "+" and (counted := self._counts(node)):
            return self._bracket(f"the number of {_and(counted)} together", PREC["+"], parent)
        if t is dsl.BinOp:
            p = PREC[node.op]
            # the right operand of - / // % binds as tightly as the operator (a - (b - c))
            right = p + 1 if node.op in ("-", "/", "//", "%") else p
            text = f"{self.say(node.left, p)} {OPS[node.op]} {self.say(node.right, right)}"
            return self._bracket(text, p, parent)
        if t is dsl.BoolOp:
            p = PREC[node.op]
            # a mixed and/or is always bracketed, whatever the grammar would allow: a reader
            # should never need to know that `and` binds tighter
            parts = [self.say(x, 99 if type(x) is dsl.BoolOp and x.op != node.op else p)
                     for x in (node.left, node.right)]
            return self._bracket(f"{parts[0]} {node.op} {parts[1]}", p, parent)
        if t is dsl.Not:
            return self._bracket(self._not(node.operand), PREC["not"], parent)
        if t is dsl.Neg:
            return self._bracket(f"minus {self.say(node.operand, PREC['neg'])}", PREC["neg"], parent)
        if t is dsl.IfElse:
            text = (f"{self.say(node.then, PREC['if'] + 1)} if {self.say(node.cond, PREC['if'] + 1)}, "
                    f"else {self.say(node.other, PREC['if'] + 1)}")
            return self._bracket(text, PREC["if"], parent)
        return "?"

    def _seat_test(self, node) -> str:
        """size(Z) > 0 (or != 0) of a zone that has cells for one seat only: the player is that seat (else "")."""
        from ..lang import dsl
        if node.op not in (">", "!=") or type(node.right) is not dsl.Num or node.right.value != 0 \
                or type(node.left) is not dsl.Call or node.left.func != "size" or len(node.left.args) != 1 \
                or type(node.left.args[0]) is not dsl.Name:
            return ""
        zone = (self.d.get("zones") or {}).get(node.left.args[0].dotted)
        seats = [str(p) for p in self.d.get("players") or []] if isinstance(self.d.get("players"), list) else []
        if isinstance(zone, dict) and len(zone) == 1 and next(iter(zone)) in seats:
            return f"the player is {next(iter(zone))}"
        return ""

    def _fills(self, node) -> str:
        """count(G in Z) == size(Z): the group fills the zone (else "")."""
        from ..lang import dsl
        left, right = node.left, node.right
        if type(left) is dsl.Call and left.func == "size":
            left, right = right, left
        if type(left) is dsl.Call and left.func == "count" and type(right) is dsl.Call and right.func == "size" \
                and left.args and type(left.args[0]) is dsl.In and right.args \
                and self.say(left.args[0].right) == self.say(right.args[0]):
            return f"{self.say(left.args[0].left)} fill {self.say(right.args[0])}"
        return ""

    def _counts(self, node) -> list[str]:
        """The groups of a sum of counts, count(a) + count(b) + ..., in words (else [])."""
        from ..lang import dsl
        terms, stack = [], [node]
        while stack:
            n = stack.pop()
            if type(n) is dsl.BinOp and n.op == "+":
                stack += [n.right, n.left]
            elif type(n) is dsl.Call and n.func == "count" and len(n.args) == 1 and not n.kwargs \
                    and type(n.args[0]) is dsl.Name:
                terms.append(self.word(n.args[0].dotted))
            else:
                return []
        return terms

    @staticmethod
    def _bracket(text: str, own: int, parent: int) -> str:
        return f"({text})" if own < parent else text

    def _not(self, operand) -> str:
        from ..lang import dsl
        t = type(operand)
        if t is dsl.Call and operand.func == "attacked" and operand.args and type(operand.args[0]) is dsl.Name \
                and self.group(operand.args[0].dotted, True):
            return self.group(operand.args[0].dotted, True) + " is not under attack"
        if t is dsl.Compare:
            return self.say(dsl.Compare(NEGATED[operand.op], operand.left, operand.right), PREC["not"])
        if t is dsl.Call and operand.func == "in_a_row" and "of" in operand.kwargs:
            return self._call(operand).replace(" stand in a line ", " do not stand in a line ")
        if t is dsl.Call and operand.func in NOT_FUNCS and not operand.kwargs:
            return NOT_FUNCS[operand.func].format(*self._args(operand), "", "")
        if t is dsl.In and self._cell(operand.left):
            return f"{self.say(operand.left, PREC['cmp'] + 1)} is not in {self.say(operand.right, PREC['cmp'] + 1)}"
        if t is dsl.Name and operand.dotted.startswith("option.") and \
                isinstance((o := self.options.get(operand.dotted[7:])) and o.default, bool):
            return f"the option `{operand.dotted[7:]}` is off"
        return f"not {self.say(operand, PREC['not'])}"

    def _cell(self, node) -> bool:
        from ..lang import dsl
        return type(node) is dsl.Call and node.func in ("first", "neighbour") or \
            type(node) is dsl.Name and node.dotted in CELLS

    def _in(self, node) -> str:
        from ..lang import dsl
        left, right = self.say(node.left, PREC["cmp"] + 1), self.say(node.right, PREC["cmp"] + 1)
        is_group = type(node.right) is dsl.Name and self.group(node.right.dotted) or \
            type(node.right) is dsl.Name and node.right.dotted in self.kinds
        if self._cell(node.left):
            if is_group:
                return f"{left} holds one of {right}"
            return f"{left} is in {right}"
        return f"{left} in {right}"

    def _call(self, node) -> str:
        from ..lang import dsl
        f = node.func
        if f == "count" and len(node.args) == 1 and type(node.args[0]) is dsl.Name and node.args[0].dotted == "empty":
            return "the number of empty cells"
        if f in SELECTIONS and len(node.args) == 1 and type(node.args[0]) is dsl.In:
            arg = node.args[0]
            where = self.say(arg.right, PREC["cmp"] + 1)
            if type(arg.left) is dsl.Name and arg.left.dotted in self.kinds:      # none(bishop in dark)
                kind = self.name(arg.left.dotted)
                return {"all": f"every {kind} stands in {where}", "none": f"no {kind} stands in {where}",
                        "any": f"{a(kind)} stands in {where}"}[f]
            return SELECTIONS[f].format(self.say(arg.left, PREC["cmp"] + 1), where)
        if f == "attacked" and node.args and type(node.args[0]) is dsl.Name and self.group(node.args[0].dotted, True):
            return self.group(node.args[0].dotted, True) + " is under attack"
        if f == "in_a_row" and "of" in node.kwargs:      # anywhere on the board, not at the last piece
            text = f"{self.say(node.args[0])} of {self.say(node.kwargs['of'])} stand in a line anywhere on the board"
        elif f in FUNCS and FUNCS[f].count("{") <= len(node.args) or f in FUNCS and "{1}" not in FUNCS[f]:
            args = self._args(node)
            text = FUNCS[f].format(*args, "", "")
        else:
            text = f"{f.replace('_', ' ')}({', '.join(self.say(a) for a in node.args)})"
        for k, v in node.kwargs.items():
            if k == "of":
                continue
            if k == "exact":            # exactly N, not more
                if type(v) is dsl.Bool:
                    text = text.replace(" or more", "") if v.value else text
                else:
                    text += f" (exactly {self.say(node.args[0])}, not more, if {self.say(v)})"
                continue
            text += f" ({k} {self.say(v)})"
        return text

    def _args(self, node) -> list[str]:
        """A call's arguments in words: a direction set as a way to go, a group of one kind in the
        singular where the function asks of a piece (faces, always_attacked)."""
        from ..lang import dsl
        f = node.func
        return [self.directions(x.dotted) if f in ("first", "neighbour", "area", "faces") and j == 1
                and type(x) is dsl.Name else self.group(x.dotted, True) if f in ("faces", "always_attacked")
                and type(x) is dsl.Name
                and self.group(x.dotted, True) else self.say(x) for j, x in enumerate(node.args)]

    def expr(self, text) -> str:
        from ..lang import dsl
        try:
            return self.say(dsl.parse(str(text), "expr"))
        except dsl.DslError:
            return str(text)

    def cases(self, text) -> list[str]:
        """A condition split at its top-level `or`s: each way it can hold, in words."""
        from ..lang import dsl
        try:
            node = dsl.parse(str(text), "expr")
        except dsl.DslError:
            return [str(text)]
        out, stack = [], [node]
        while stack:
            n = stack.pop()
            if type(n) is dsl.BoolOp and n.op == "or":
                stack += [n.right, n.left]
            else:
                out.append(self.say(n, PREC["or"] + 1))
        return out

    # ------------------------------------------------------------ patterns
    def sowing(self, node) -> str:
        """sow(Z, along=D, skip=, store=, again=, facing=, capture=) in one sentence."""
        from ..lang import dsl
        kw = node.kwargs

        def word(k):
            v = kw.get(k)
            return v.dotted if type(v) is dsl.Name else None
        said = (f"take up all the {plural(self.name(self.only_kind)) if self.only_kind else 'pieces'} of one of the "
                f"player's non-empty cells of {self.zone(node.args[0].dotted)} and sow them one by one into the cells "
                f"that follow")
        if word("along"):
            said += f" along {self.directions(word('along'))}"
        if word("skip"):
            said += f", passing over {self.zone(word('skip'))}"
        out = [said + "."]
        if word("again") == "yes":
            out.append(f"When the last one lands in {self.zone(word('store')) if word('store') else 'the store'}, "
                       "the same player moves again.")
        cap = word("capture")
        if cap and cap != "no":
            when = ("even when the facing cell is empty" if cap == "lone" else
                    f"even when the facing cell is empty if the option `{cap[7:]}` is on" if cap.startswith("option.")
                    else "")
            out.append("When the last one lands on an empty cell of the player's own, it and what stands on the cell "
                       f"facing it go to the store, when that cell holds some{', or ' + when if when else ''}.")
        return " ".join(out).rstrip(".")       # (the caller ends the sentence)

    def action(self, node) -> str:
        from ..lang import dsl
        if node.name == "sow":
            return self.sowing(node)
        text = self.actions.get(node.name, node.name)
        args, fill = [], {}
        for arg in node.args:
            if type(arg) is dsl.Name and (arg.dotted in self.dirsets or "{d}" in text):
                fill["d"] = self.directions(arg.dotted)
            elif type(arg) is dsl.Name and arg.dotted in self.zones | set(self.d.get("zones") or {}) \
                    or type(arg) is dsl.Name and arg.dotted.startswith("opponent."):
                fill["z"] = self.zone(arg.dotted)
            elif type(arg) is dsl.Name and arg.dotted in ((self.d.get("board") or {}).get("blocks") or {}):
                fill["z"] = self.name(arg.dotted)
            else:
                args.append(self.say(arg))
        over = node.kwargs.get("over")
        fill["over"] = JUMP_OVER.get(over.dotted if type(over) is dsl.Name else "", "a piece")
        try:
            said = text.format(*args, "", "", d=fill.get("d", ""), z=fill.get("z", "the board"), over=fill["over"])
        except (IndexError, KeyError):
            said = text
        if "{d}" not in text and "d" in fill:
            said += f" ({fill['d']})"
        if "{z}" not in text and "z" in fill:
            said += f" in {fill['z']}"
        kind = node.kwargs.get("kind")
        new = self.name(kind.dotted) if type(kind) is dsl.Name else \
            self.name(self.neutral) if node.name == "shoot" and self.neutral else \
            self.name(self.only_kind) if self.only_kind and node.name != "shoot" else ""
        if new:
            said = said.replace("a new piece", f"{a(new)}" if node.name == "shoot" else f"a new {new}")
            said = said.replace("put a piece from hand", f"put {a(new)} from hand")
        extra, clauses = [], []
        for k, v in node.kwargs.items():
            if k in CLAUSES:
                clauses.append(CLAUSES[k].format(self.say(v, PREC["if"] + 1)))
                continue
            if k == "kind":
                continue
            if k == "capture" and node.name == "jump":
                if type(v) is dsl.Name and v.dotted == "yes":
                    extra.append("capturing the piece jumped")
                continue
            if k == "kind" and type(v) is dsl.Name:
                said += f" (a {self.name(v.dotted)})"
                continue
            word = v.dotted if type(v) is dsl.Name else None
            if (k, word) == ("capture", "only") and " to an empty cell" in said:
                said = said.replace(" to an empty cell", " onto an enemy piece, capturing it")
                continue
            if k == "ko" and word and word.startswith("option."):
                extra.append(f"never retaking a ko at once, and, if the option `{word[7:]}` is on, never repeating "
                             "a whole-board position (superko)")
                continue
            if word is not None and (k, word) in KEYWORDS:
                extra.append(KEYWORDS[(k, word)])
            elif (k, None) in KEYWORDS:
                extra.append(KEYWORDS[(k, None)].format(self.say(v, PREC["if"] + 1)))
            elif k == "count":          # drop(Z, count=N): N pieces at once
                many = plural(self.name(self.only_kind)) if self.only_kind else "pieces"
                n = "all their" if word == "all" else self.say(v)
                if n != "1":
                    said = re.sub(r"put an? \w+ from hand on an empty cell", f"put {n} {many} from hand on empty cells",
                                  said)
            else:
                extra.append(f"{k} {self.say(v)}")
        extra = [e for e in extra if e]
        return said + (", " + ", ".join(extra) if extra else "") + (": " + "; ".join(clauses) if clauses else "")

    def pattern(self, node, parent: str = "") -> str:
        """A pattern (a regular expression over actions) in words."""
        from ..lang import dsl
        t = type(node)
        if t is dsl.Action and node.name == "when" and parent == "alt" and node.args:
            return f"nothing more, only if {self.say(node.args[0])}"      # a way that ends the move here
        if t is dsl.Action:
            return self.action(node)
        if t is dsl.Alt:
            text = "either " + "; or ".join(self.pattern(n, "alt") for n in self.choices(node))
            return f"({text})" if parent else text
        if t is dsl.Seq:
            items = self.flat(node, dsl.Seq)
            # when(c) is a guard: the move goes on only where c holds. Before the first action
            # it says when the way may be taken; after an action, where that action may lead
            parts, first = [], ""
            for n in items:
                if type(n) is dsl.Action and n.name == "when":
                    cond = self.say(n.args[0]) if n.args else ""
                    if parts:
                        parts[-1] += f", provided {cond}" if ", provided " not in parts[-1] else f" and {cond}"
                    else:
                        first = f"{first} and {cond}" if first else cond
                    continue
                parts.append(self.pattern(n, "seq"))
            text = "; then ".join(parts)
            if first:
                text = f"only if {first}: {text}" if parts else f"nothing more, only if {first}"
            return f"({text})" if parent == "rep" else text
        if t is dsl.Rep:
            body = self.pattern(node.body, "rep")
            return {"+": f"{body}, one or more times", "*": f"{body}, any number of times",
                    "?": f"optionally {body}", "++": f"{body}, again and again as long as it can (at least once)",
                    "*+": f"{body}, as long as it can"}.get(node.quant, f"{body}{node.quant}")
        return "?"

    @classmethod
    def choices(cls, node) -> list:
        from ..lang import dsl
        return cls.flat(node, dsl.Alt)

    @staticmethod
    def flat(node, joint) -> list:
        """The parts a chain of one joint (a Seq's `then`s, an Alt's `|`s) joins, left to right."""
        out, stack = [], [node]
        while stack:
            n = stack.pop()
            if type(n) is joint:
                stack += [n.right, n.left]
            else:
                out.append(n)
        return out

    def ways(self, text) -> list[str]:
        """A pattern's choices (its top-level `|`s), each in words."""
        from ..lang import dsl
        try:
            node = dsl.parse(str(text), "pattern")
        except dsl.DslError:
            return [str(text)]
        return [self.pattern(n, "alt" if type(n) is dsl.Alt else "") for n in self.choices(node)]

    # ------------------------------------------------------------ lines
    def quote(self, source, indent: str = "") -> list[str]:
        """The file's exact text, quoted under a sentence (with `exact` only)."""
        return [f"{indent}> {_code(source)}", ""] if self.exact else []

    def rule(self, head: str, source, bullet: str = "", cases: bool = True) -> list[str]:
        """A condition: `head` then its words; split into a list where it has top-level ors."""
        ways = self.cases(source) if cases else [self.expr(source)]
        if len(ways) == 1:
            out = [f"{bullet}{head} {ways[0]}."]
        else:
            pad = "  " if bullet or head.startswith("- ") else ""
            out = [f"{bullet}{head} any of these holds:"] + ([] if pad else [""]) + \
                [f"{pad}- {w};" for w in ways[:-1]] + [f"{pad}- {ways[-1]}."] + ([] if pad else [""])
        return out + self.quote(source, "  " if bullet or head.startswith("- ") else "")


def _ways(intro_one: str, intro_many: str, ways: list[str]) -> list[str]:
    """A move's ways: one sentence, or a list; a way of many steps is told step by step."""
    def steps(way: str, pad: str) -> list[str]:
        parts = way.split("; then ")
        if len(parts) < 3 or len(way) < 200:
            return []
        return [f"{pad}{j}. {'then ' if j > 1 else ''}{part}{'.' if j == len(parts) else ';'}"
                for j, part in enumerate(parts, 1)]
    if len(ways) == 1:
        listed = steps(ways[0], "")
        return [f"{intro_one.rstrip(':')}, step by step:", "", *listed, ""] if listed else [f"{intro_one} {ways[0]}."]
    out = [f"{intro_many}:", ""]
    for j, w in enumerate(ways):
        listed = steps(w, "   ")
        end = "." if j == len(ways) - 1 else ";"
        out += ["- step by step:", *listed] if listed else [f"- {w}{end}"]
    return out + [""]


def rules_prose(game, exact: bool = False) -> str:
    """The rules of a compiled game, as Markdown: told from what it carries of its file
    (`game.info`: the title, about text, seats, options and the checked sections). `exact`:
    each sentence followed by the file's text it tells, quoted."""
    info = game.info
    tell = Teller(info, exact)
    out = [f"# {info.name}", ""]
    if info.about:
        out += [info.about, ""]
    out += _start(tell) + _turn(tell) + _pieces(tell) + _end(tell) + _options(info.options) + _notation(tell.d)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip() + "\n"


# ---------------------------------------------------------------- the board and the start
def _players(tell: Teller) -> list[str]:
    info, d = tell.info, tell.d
    ps = d.get("players") or []
    names = [tell.name(p if isinstance(p, str) else p.get("name")) for p in ps]
    facing = {tell.name(p.get("name")): p.get("forward") for p in ps if isinstance(p, dict) and p.get("forward") is not None}
    seats = info.seats
    if seats.min != seats.max:
        out = [f"{seats.span()} players ({seats.default} by default) take turns, in this order: {_and(names)}; "
               "a turn is one move."]
    else:
        out = [f"{_word_number(len(names)).capitalize()} players, {_and(names)}, take turns, {names[0]} first; "
               + ("a turn is a roll of the dice and the play of it." if any((ph or {}).get("roll") for ph in
                                                                           d.get("phases") or [])
                  else "a turn is one move.")]
    if facing:
        out.append("Each player faces " + _and([f"{facing[n]} ({n})" if isinstance(facing[n], str) else
                                                 f"{facing[n]} degrees ({n})" for n in names if n in facing])
                   + ": forward, left and right, and ranks and files, are counted from each player's own side.")
    for n, who in (d.get("seating") or {}).items():
        out.append(f"- With {n} players: {_and(list(map(str, who)))}.")
    return out + [""]


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _word_number(n: int) -> str:
    return ["no", "one", "two", "three", "four", "five", "six"][n] if n < 7 else str(n)


def _start(tell: Teller) -> list[str]:
    d = tell.d
    b = d.get("board") or {}
    out = ["## The board and the start", ""] + _players(tell)
    if "grid" in b:
        g = b["grid"]
        files, ranks = g.get("files"), g.get("ranks")
        first = g.get("first_rank", 1)
        if g.get("names") == "1a" and isinstance(files, int) and isinstance(ranks, int):
            out.append(f"The board is a square grid of {files} files by {ranks} ranks; a cell is named by its file "
                       f"number counted from the right (1 to {files}) and its rank letter counted from the top "
                       f"(a to {chr(ord('a') + ranks - 1)}), as the first player sees the board.")
        elif isinstance(files, int) and isinstance(ranks, int):
            last_file = chr(ord("a") + files - 1) if files <= 26 else "?"
            out.append(f"The board is a square grid of {files} files (a to {last_file}) by {ranks} ranks "
                       f"({first} to {first + ranks - 1}); a{first} is at the lower left.")
        elif files == ranks:
            o = tell.options.get(str(files)[7:])
            out.append(f"The board is a square grid of N files by N ranks, N being {tell.expr(files)}"
                       + (f" ({o.default} by default)" if o else "") + f"; a{first} is at the lower left.")
        else:
            said = [f"{tell.expr(x)}" + (f" ({tell.options[str(x)[7:]].default} by default)"
                                        if str(x)[7:] in tell.options else "") for x in (files, ranks)]
            out.append(f"The board is a square grid of files by ranks, as many files as {said[0]} and as many "
                       f"ranks as {said[1]}; a{first} is at the lower left.")
    elif "hex" in b:
        h = b["hex"]
        shape = h.get("shape", "rhombus")
        size = f"{h.get('files')} by {h.get('ranks')}" if shape == "rhombus" else f"of side {h.get('size')}"
        out.append(f"The board is made of hexagons: a {shape} {size}.")
    elif "graph" in b:
        g = b["graph"]
        links = g.get("links") or {}
        out.append(f"The board is {len(g.get('cells') or {})} points ({', '.join(g.get('cells') or {})}) joined by "
                   f"{sum(len(v) for v in links.values())} lines, each along one of these directions: "
                   f"{_and(list(links))}.")
    elif "ring" in b:
        pits = b["ring"].get("pits")
        pits = f"`{pits}`" if isinstance(pits, str) else pits
        out.append(f"A ring of pits: two rows of {pits} pits (a1.. and a2.., each row named from its own "
                   "left) with a store at each row's right-hand end (s1, s2), joined counter-clockwise by the links "
                   "ccw (back: cw); across joins each pit to the pit facing it.")
    elif "track" in b:
        out += _track_board(tell, b["track"])
    elif "open" in b and b["open"].get("bounds"):
        out.append(_bounds(b["open"]["bounds"]))
    elif "open" in b:
        s = b["open"].get("start", {})
        out.append(f"There is no board: tiles are laid side by side on the table, growing from a start tile, a "
                   f"{tell.name(s.get('tile', ''))}" + (f" turned {s['rotation']} degrees" if s.get("rotation") else "")
                   + ".")
    if b.get("cells"):
        out.append(f"Only the cells where {tell.expr(b['cells'])} are used.")
        out += tell.quote(b["cells"])
    if b.get("lines"):
        out.append(f"Its {len(b['lines'])} lines: " + ", ".join(_code(x) for x in b["lines"]) + ".")
    for name, blocks in (b.get("blocks") or {}).items():
        out.append(f"The board has {len(blocks)} blocks that turn, the **{tell.name(name)}**: "
                   + "; ".join(f"{j}: {_code(x)}" for j, x in enumerate(blocks, 1)) + ".")
    out.append("")
    if any(not (isinstance(v, list) and len(v) <= 2 and not tell.about(k) or isinstance(v, str))
           for k, v in (d.get("directions") or {}).items()):
        out += ["Directions, as each player faces:", ""]
        for k, v in d["directions"].items():
            if isinstance(v, list) and len(v) <= 2 and not tell.about(k) or isinstance(v, str):
                continue            # said by its members wherever it is used
            members = ", ".join(DIRECTION_WORDS.get(m, m) if isinstance(m, str) else str(m)
                                for m in (v if isinstance(v, list) else [v]))
            out.append(f"- {tell.named(k)} ({members})")
        out.append("")
    starts = {v.get("start") for v in (d.get("pieces") or {}).values() if v}
    zones = {k: v for k, v in (d.get("zones") or {}).items()
             if k not in starts and not (k == "board" and v == "all") or tell.about(k)}
    if zones:
        out += ["Areas of the board" + (" (ranks and files counted from each player's own side)" if
                                        any(isinstance(v, str) and ("rank" in v or "file" in v)
                                            for v in d["zones"].values())
                                        else "") + ":", ""]
        for k, v in zones.items():
            if isinstance(v, dict):
                v = "; ".join(f"for {p}: {z}" for p, z in v.items())
            out.append(f"- {tell.named(k)} ({_code(v)})")
        out.append("")
    out += _setup(tell)
    return out


def _setup(tell: Teller) -> list[str]:
    d = tell.d
    pieces = d.get("pieces") or {}
    start = [f"{a(tell.name(k))} {_on(tell, v['start'])}" for k, v in pieces.items()
             if v and v.get("start") and v.get("count") is None]
    # a counted kind (words of counts on cells): so many on each cell of its start
    counted = [f"{_counted(v['count'])} {plural(tell.name(k))} {_on(tell, v['start'])}" for k, v in pieces.items()
               if v and v.get("start") and v.get("count") is not None]
    hand = [f"{v['reserve']} {plural(tell.name(k)) if v['reserve'] != 1 else tell.name(k)}"
            for k, v in pieces.items() if v and v.get("reserve")]
    out = []
    if start:
        out += ["At the start each player has:", ""] + [f"- {s};" for s in start[:-1]] + [f"- {start[-1]}."] + [""]
    if counted:
        out += ["At the start the board holds " + _and(counted) + ".", ""]
    if not start and not counted and (pieces or d.get("tiles")):
        out += ["The board starts empty." if not {"open", "track"} & set(d.get("board") or {}) else "", ""]
    if hand:
        out += [f"Each player holds {_and(hand)} in hand, off the board, to bring into play.", ""]
    out += _tiles(tell)
    return out


def _counted(v) -> str:
    """A count of the file: a number, or the option that gives it."""
    return f"`{v[7:]}` (an option)" if isinstance(v, str) and v.startswith("option.") else str(v)


def _on(tell: Teller, zone: str) -> str:
    """Where a kind starts: on the cells a zone names, or on each cell of the zone (said with its text)."""
    z = (tell.d.get("zones") or {}).get(zone)
    if isinstance(z, dict) and all(str(v).startswith("cells ") for v in z.values()):
        said = [f"{_cells(str(v)[6:])} ({p})" for p, v in z.items()]
        return "on " + ("; or ".join(said) if any("," in x for x in said) else _and(said, "or"))
    if isinstance(z, str) and z.startswith("cells ") and len(z.split()) <= 5:
        return "on " + _and(z.split()[1:])
    return f"on each cell of {tell.zone(zone)}" + (f" ({_code(z)})" if isinstance(z, str) else "")


def _cells(text: str) -> str:
    cells = text.split()
    return cells[0] if len(cells) == 1 else "each of " + ", ".join(cells)


def _track(segments: list) -> str:
    """A track tile's segments (`track S E`: a piece of track and the two sides it joins) in words."""
    if not segments:
        return "no track"
    sides = [" to ".join(SIDES.get(s, s) for s in str(x).split()[1:]) for x in segments]
    return ("a track " if len(sides) == 1 else "tracks ") + _and(sides)


def _tiles(tell: Teller) -> list[str]:
    d = tell.d
    tiles = (d.get("tiles") or {}).get("types")
    if not tiles:
        return []
    if tell.rule_set == "paths":
        return _path_tiles(tell)
    total = sum(v.get("count") or 0 for v in tiles.values())
    if tell.rule_set == "sides":
        return _edge_tiles(tell, total)
    out = [f"The bag holds {total} tiles (tracks run between the middles of sides, as the tile lies unturned):", ""]
    for k, v in tiles.items():
        feature = f", with {a(tell.name(v['feature']))}" if v.get("feature") else ""
        out.append(f"- {v.get('count')} {tell.named(k)}: {_track(v.get('segments') or [])}{feature}")
    out.append("")
    c = d.get("counters") or {}
    if c:
        supply = str(c.get("supply"))
        if supply.startswith("option.") and supply[7:] in tell.options:
            o = tell.options[supply[7:]]
            out.append(f"Each player has {o.default} counters (the option `{o.name}` changes the number).")
        else:
            out.append(f"Each player has {tell.expr(supply)} counters.")
        out += tell.quote(supply)
        if c.get("claim"):
            out.append(f"A player who lays a tile with {_and([a(tell.name(x)) for x in c['claim']], 'or')} puts one "
                       "of their counters on it, claiming it.")
        if c.get("take_back"):
            out.append("A player with no counter left may take one back from a claimed tile (that tile no longer "
                       "counts) or leave the new tile unclaimed.")
    r = d.get("routes") or {}
    if r.get("stop"):
        out.append(f"Lines of track run from one {tell.name(r['stop'])} to another.")
    return out + [""]


def _edge_tiles(tell: Teller, total: int) -> list[str]:
    """Tiles with sides of several kinds: the kinds of side, each type's sides and segments, claims."""
    d = tell.d
    kinds = d["tiles"]["sides"]
    out = ["Each side of a tile is of one of these kinds, named by the features along it, clockwise round the "
           "tile: " + "; ".join(f"{k}, {_and([a(tell.name(f)) for f in v])}" for k, v in kinds.items())
           + ". A side of one point is whole; of two, its halves; of three, a half, the middle and a half. A half "
           "is named by its side and its corner (Nw, Ne, En, Es, Se, Sw, Ws, Wn).", "",
           f"The bag holds {total} tiles; each lists its sides N, E, S and W as it lies unturned, then its "
           "segments: a feature and the points of the sides it joins (a side's letter for all its points of that "
           "feature)" + (f", with its marks ({_and(d['tiles']['marks'])})" if d["tiles"].get("marks") else "")
           + "; a segment without points lies in the middle of the tile:", ""]
    for k, v in d["tiles"]["types"].items():
        out.append(f"- {v.get('count')} {tell.named(k)}: {' '.join(str(v.get('sides', '')))}; "
                   + "; ".join(f"{a(tell.name(x.split()[0]))}" + (f" {' '.join(x.split()[1:])}" if len(x.split()) > 1
                                                                  else " in the middle")
                               for x in v.get("segments") or []))
    out += ["", "Segments of neighbouring tiles whose points meet along a shared side are parts of one feature, "
            "which grows across the tiles: it is completed when none of its points faces an empty cell (a segment "
            "in the middle: when the eight cells around its tile hold tiles, its tiles being those of the nine "
            "that are laid). Two segments of a tile touch when two of their points are next to each other round "
            "the tile's edge.", ""]
    c = d.get("counters") or {}
    supply = str(c.get("supply"))
    if supply.startswith("option.") and supply[7:] in tell.options:
        o = tell.options[supply[7:]]
        out.append(f"Each player has {o.default} counters (the option `{o.name}` changes the number).")
    else:
        out.append(f"Each player has {tell.expr(supply)} counters.")
    out += tell.quote(supply)
    if c.get("claim"):
        out.append(f"After laying a tile, a player with a counter left may put one on a segment of that tile, "
                   f"{_and([a(tell.name(x)) for x in c['claim']], 'or')}, unless the feature it is part of (once "
                   "the tile is laid) holds a counter already. A feature's counters go back to their players when "
                   "it scores.")
    return out + [""]


# ---------------------------------------------------------------- a turn
def _turn(tell: Teller) -> list[str]:
    d = tell.d
    phases = d.get("phases") or []
    out = ["## A turn", ""]
    if len(phases) > 1:
        out += [f"The game has {_word_number(len(phases))} phases: "
                + _and([f"{tell.name(p.get('name', ''))}" for p in phases]) + ".", ""]
    for n, ph in enumerate(phases, 1):
        if len(phases) > 1:
            out += [f"### {n}. {tell.name(ph.get('name', f'phase {n}'))}", ""]
            if tell.about(ph.get("name", "")):
                out += [_sentence(tell.about(ph["name"])), ""]
        turns, plies = ph.get("turns"), ph.get("plies")
        when = (f"each player's first {turns} turns" if turns != 1 else "each player's first turn") if turns else \
            (f"the first {plies} moves of the game" if plies != 1 else "the first move of the game") if plies else ""
        if when:
            out.append(f"This phase is {when}.")
        if ph.get("start"):
            out.append("It starts with " + ("the player after the last one to play." if ph["start"] == "after_last"
                                            else "the first player."))
        for k, v in (ph.get("let") or {}).items():
            out += tell.rule(f"At the start of each turn, {tell.titled(k)} means", v, cases=False)
        mv = ph.get("move")
        if ph.get("roll"):
            out += _roll_and_steps(tell, ph)
        elif isinstance(mv, dict):
            out.append("On a turn a player moves one of their pieces, as its kind moves (see the pieces below).")
        elif mv:
            out += _ways("On a turn a player must", "On a turn a player must do one of these", tell.ways(mv))
            out += tell.quote(mv)
        if ph.get("priority"):
            out.append(f"A player who can make a {ph['priority']} must make one (any of them).")
        if ph.get("landing"):
            out += ["", "Every cell a piece lands on during its move must obey these rules:", ""]
            for k, v in ph["landing"].items():
                out += tell.rule(f"- {tell.titled(k)}:", v, cases=False)
        if ph.get("legal"):
            out += ["", "A move is allowed only if, once it is made, these hold for the player who made it:", ""]
            for k, v in ph["legal"].items():
                out += tell.rule(f"- {tell.titled(k)}:", v, cases=False)
        if ph.get("place") == "facing":
            out += _facing(d)
        elif ph.get("draw") and ph.get("place") and ph.get("unplaceable") == "discard":
            out.append("On a turn a player draws a tile from the bag at random, every tile left alike, and lays it "
                       "next to a tile already laid, turned as they choose, so that every side it shares meets a "
                       "side of its own kind. A tile that can be laid nowhere is put aside, and the same player "
                       "draws again. The game ends when the bag is empty.")
        elif ph.get("draw") and ph.get("place"):
            out.append("On a turn a player draws a tile from the bag at random (only among the tiles that can be "
                       "laid somewhere) and lays it next to a tile already laid, turned as they choose, so that along "
                       "every shared side track meets track and blank meets blank. The phase ends when no tile "
                       "left in the bag can be laid.")
        elif ph.get("draw"):
            out.append("On a turn a player draws a tile from the bag at random (only among the tiles that can be "
                       "laid somewhere).")
        elif ph.get("place"):
            out.append("On a turn a player lays a tile next to a tile already laid, turned as they choose, so that "
                       "along every shared side track meets track and blank meets blank.")
        if ph.get("sell"):
            s = ph["sell"]
            out.append(f"On a turn a player sells: they carry one of their counters from a claimed "
                       f"{tell.name(s.get('from', ''))} along the track to an empty {tell.name(s.get('to', ''))} next "
                       f"to a {tell.name((d.get('routes') or {}).get('stop', 'stop'))}; every other player's "
                       f"{tell.name((d.get('routes') or {}).get('stop', 'stop'))} on the way earns its owner "
                       f"{s.get('toll', 0)} toll. A player who cannot sell passes.")
        if ph.get("until"):
            out += tell.rule("The phase ends when", ph["until"])
        out.append("")
    e = d.get("end") or {}
    if e.get("pass") == "always":
        out += ["Instead of moving, a player may pass.", ""]
    if str(e.get("blocked") or "") == "pass" and e.get("pass") != "always":
        out += ["A player who has no legal move passes.", ""]
    return out


# ---------------------------------------------------------------- the pieces
def _pieces(tell: Teller) -> list[str]:
    d = tell.d
    pieces = d.get("pieces") or {}
    phases = d.get("phases") or []
    moves: dict[str, list] = {}
    for ph in phases:
        if isinstance(ph.get("move"), dict):
            for k, v in ph["move"].items():
                moves.setdefault(k, []).append((ph.get("name", ""), v))
    said = [k for k in pieces if moves.get(k) or any((pieces[k] or {}).get(x) for x in ("promote", "moved", "neutral", "hand"))
            or tell.about(k)]
    if not said:
        return []
    out = ["## The pieces", ""]
    several = sum(isinstance(ph.get("move"), dict) for ph in phases) > 1
    for k in said:
        v = pieces.get(k) or {}
        out += [f"### {tell.name(k).capitalize()}", ""]
        if tell.about(k):
            out += [_sentence(tell.about(k)), ""]
        one = a(tell.name(k))
        for phase, pattern in moves.get(k, []):
            where = f" in the {tell.name(phase)} phase" if several else ""
            ways = tell.ways(pattern)
            if v.get("hand"):       # a placement under a held kind: a drop from the hand
                ways = [w.replace("place a new piece on", f"drop {one} from the player's hand onto") for w in ways]
            out += _ways(f"{one.capitalize()}{where} moves:", f"{one.capitalize()}{where} moves in one of these ways",
                         ways)
            out += tell.quote(pattern)
        if v.get("promote"):
            p = v["promote"]
            to = p.get("to")
            to = to if isinstance(to, list) else [to]
            into = _and([a(tell.name(x)) for x in to], "or") + (", as its player chooses" if len(to) > 1 else "")
            where = tell.zone(str(p.get('in'))) + (", or starts there," if p.get("leaving") else "")
            out.append(f"{one.capitalize()} whose move ends in {where} {'may become' if p.get('optional') else 'becomes'} "
                       f"{into}" + (" (during a capture sequence it changes at once and goes on capturing as its new kind)"
                                    if p.get("on_the_way") else "")
                       + (f"; it must when the move ends in {tell.zone(str(p['must_in']))}" if p.get("must_in") else "")
                       + ".")
        if v.get("hand"):
            out.append(f"Captured, {one} goes to the captor's hand as {a(tell.name(v['hand']))} of the captor's, to "
                       "be put back on the board as a move.")
        if v.get("moved"):
            out.append(f"Once it has moved, {one} becomes {a(tell.name(v['moved']))}.")
        if v.get("neutral"):
            out.append(f"{one.capitalize()} belongs to nobody.")
        out.append("")
    return out


# ---------------------------------------------------------------- the end
def _end(tell: Teller) -> list[str]:
    d = tell.d
    e = d.get("end") or {}
    out = ["## The end", ""]
    if any(e.get(k) for k in ("win", "lose", "draw")):
        out += ["After each move, in this order:", ""]
    checks = [(k, head) for k, head in (("win", "the player who has just moved wins when"),
                                        ("lose", "the player who has just moved loses (the others win) when"),
                                        ("draw", "the game is a draw when")) if e.get(k)]
    for j, (k, head) in enumerate(checks):
        out += tell.rule(f"- {'else ' if j else ''}{head}", e[k])
    b = str(e.get("blocked") or "")
    if b and b != "pass":
        what = {"lose": "loses", "draw": "the game is a draw"}.get(b)
        if what is None and b.startswith("option."):
            o = tell.options.get(b[7:])
            what = (f"passes, loses or the game is a draw, as the option `{b[7:]}` says"
                    + (f" ({o.default} by default)" if o else ""))
        lead = "- else, " if any(e.get(k) for k in ("win", "lose", "draw")) else ""
        out += [f"{lead}{'a' if lead else 'A'} player who has no legal move on their turn"
                + (f": {what}." if what.startswith("the game") else f" {what}.")]
    if e.get("over"):
        out += ["", *tell.rule("The game ends, and the scores decide, when", e["over"])]
    scoring = d.get("scoring")
    if d.get("stones"):
        return out + _stones_end(tell, scoring)
    if scoring:
        out += ["", "At the end each player scores the sum of:", ""]
        for k, v in scoring.items():
            if isinstance(v, dict):         # what a feature scores, to the players with the most counters on it
                f = tell.name(v.get("feature", ""))
                if v.get("complete"):
                    out += tell.rule(f"- {tell.titled(k)}: when {a(f)} is completed, the players with the most "
                                     "counters on it (all of them, if tied) score", v["complete"], cases=False)
                if v.get("end"):
                    out += tell.rule(f"- {tell.titled(k)}: at the end, {'each ' + f + ' not scored yet' if v.get('complete') else 'each ' + f}"
                                     " scores, to the players with the most counters on it,", v["end"], cases=False)
                continue
            out += tell.rule(f"- {tell.titled(k)}:", v, cases=False)
        out += ["", "The highest score wins; if all are equal, the game is a draw."]
    elif not any(e.get(k) for k in ("win", "lose", "draw", "over", "blocked")):
        out.append("The game ends when no move is left.")
    return out + [""]


def _options(options) -> list[str]:
    if not options:
        return []
    out = ["## Options", "", "Each can be set with `--option NAME=VALUE`.", "", "| option | default | values | meaning |",
           "|---|---|---|---|"]
    for o in options:
        if o.choices:
            vals = " \\| ".join(map(str, o.choices))
        elif isinstance(o.default, bool):
            vals = "true \\| false"
        else:
            lo, hi = o.min, o.max
            vals = (f"{lo} to {hi}" if lo is not None and hi is not None else f"at least {lo}" if lo is not None
                    else f"at most {hi}" if hi is not None else "")
        default = str(o.default).lower() if isinstance(o.default, bool) else o.default
        out.append(f"| `{o.name}` | `{default}` | {vals} | {o.about} |")
    return out + [""]


def _notation(d) -> list[str]:
    style = d.get("notation")
    if not isinstance(style, dict):
        return []
    marks = {"join": ("between the cells of a move", "-"), "capture": ("before a cell where it captures", "x"),
             "promotion": ("before the kind a piece promotes to", "=")}
    said = [f"{what}: {repr(style.get(k, default)) if style.get(k, default) else 'nothing'}"
            for k, (what, default) in marks.items()]
    kinds = "by their symbol" if style.get("kinds") == "symbol" else "by their name"
    drops = "; a drop's cells file by file (by file letter, then rank)" if style.get("drops") == "by_file" else ""
    return ["## Notation", "", f"Moves are written with the cells they visit; {'; '.join(said)}; kinds {kinds}{drops}.", ""]


def plain(markdown: str) -> str:
    """The Markdown without its marks (for a terminal)."""
    text = re.sub(r"^#+\s*", "", markdown, flags=re.M)
    return text.replace("**", "").replace("`", "")


# ---------------------------------------------------------------- stones on path tiles
_POINT_SIDES = ("north", "east", "south", "west")


def _track_board(tell: Teller, t: dict) -> list[str]:
    """A track of points raced in opposite directions (the track kind), and where each seat's
    pieces start."""
    P = t.get("points")
    kind = next(iter(tell.d.get("pieces") or {}), "piece")
    start = t.get("start") or []
    where = ", ".join(f"{start.count(q)} on {q}" for q in sorted(set(start), reverse=True))
    return [f"The board is a track of {P} points. Each player numbers them 1 to {P} from their own side (a "
            f"player's point q is the other's point {P + 1} minus q) and moves their pieces toward their own "
            "point 1. Each player also has a bar, where their pieces that are hit wait to enter the track again, "
            "and pieces taken off the track are off.", "",
            f"Each player starts with {len(start)} {plural(tell.name(kind))}, in their own numbers: {where}."]


def _roll_and_steps(tell: Teller, ph: dict) -> list[str]:
    """A turn of the track kind: a roll of dice (a chance ply), then its numbers played as steps."""
    from ..lang import dsl
    r = ph["roll"]
    n, faces, doubles = r.get("dice", 2), r.get("faces", 6), r.get("doubles")
    out = [f"A turn starts with a roll of {_word_number(n)} dice of {faces} faces, a move of chance: the roll is "
           "unordered (written highest first, 2-1), each roll as likely as the ordered throws that give it."
           + (f" A roll whose dice all show the same number gives that number {_word_number(doubles)} times."
              if doubles else ""), ""]
    try:
        node = dsl.parse(ph.get("move", ""), "pattern")
    except dsl.DslError:
        return out
    kw = getattr(node, "kwargs", {})
    block = kw["block"].value if "block" in kw and type(kw["block"]) is dsl.Num else 2
    home = kw["off"].dotted if "off" in kw and type(kw["off"]) is dsl.Name else None
    closed = "holding an enemy piece" if block == 1 else f"holding {block} or more enemy pieces"
    out += ["Then the player plays the roll: one step for each number it gives, in any order. A step moves one of "
            "their pieces exactly that many points toward their point 1, never onto a point "
            f"{closed}; any enemy pieces on the point it lands on are hit and go to their owner's bar. A player "
            "with pieces on the bar must enter them before any other step: a number d enters a piece on their "
            "point (the track's last plus 1) minus d.", "",
            *([f"While every one of their pieces stands in {tell.zone(home)} or is off, a number d also takes a "
               "piece off from point d, or from their highest occupied point when that is lower than d.", ""]
              if home else []),
            "The player must use as many of the numbers as can be used, and of those the largest: when only one "
            "of two different numbers can be used, the larger if it can. A roll that allows no step is passed (the move `pass`). Plays "
            "that leave the same position are one move, named by the greatest of their step lists.", ""]
    out += tell.quote(ph.get("move", ""))
    return out


def _bounds(bounds: dict) -> str:
    f, r = bounds.get("files", 1), bounds.get("ranks", 1)
    return (f"The board is {f} by {r} squares, a1 to {chr(96 + f)}{r} (files a.. from west to east, ranks 1.. "
            "from south to north), empty at the start; a tile covers one square.")


def _path_tiles(tell: Teller) -> list[str]:
    d = tell.d
    tiles = d["tiles"]
    per = tiles.get("points", 1)
    total = sum(v.get("count") or 0 for v in tiles["types"].values())
    ends = {0: "west", 1: "north", 2: "east", 3: "south"}
    out = [f"Each side of a tile carries {per} point{'s' if per != 1 else ''}, {4 * per} in all, numbered "
           f"clockwise from the {ends[0]} end of the north side (0 is the north side's {'western' if per > 1 else 'only'} "
           "point); every point is joined to one other by a path. Turned a quarter clockwise, a tile's point p "
           f"lies where point p + {per} was.", "",
           f"The pile holds {total} tiles (their paths as pairs of points, the tile unturned):", ""]
    for k, v in tiles["types"].items():
        n = v.get("count")
        out.append(f"- {n} {tell.named(k)}: " + ", ".join(str(x) for x in v.get("paths") or []))
    out.append("")
    stones = d["stones"].get("start") or []
    out.append("Each player has one stone, on a point of the board's edge facing its square, in seat order: "
               + ", ".join(f"{tell.name(p)} on {x}" for p, x in zip(_seat_names(d), stones)) + ".")
    hands = d.get("hands") or {}
    if hands.get("size"):
        out.append(f"Each player holds a hand of up to {hands['size']} tiles, open to all. At the start the hands "
                   "are dealt from the pile one tile at a time, round the table from the first player, until each "
                   f"holds {hands['size']}; every draw from the pile is at random, each tile in it as likely.")
    return out + [""]


def _seat_names(d) -> list[str]:
    return [p["name"] if isinstance(p, dict) else p for p in d.get("players") or []]


def _facing(d) -> list[str]:
    size = (d.get("hands") or {}).get("size")
    last = (d.get("stones") or {}).get("self_elimination", "last_resort") == "last_resort"
    out = ["On a turn a player lays a tile from their hand, turned as they choose, on the empty square their stone "
           "faces (a tile that looks the same turned is offered only in its smallest turn). Then every stone on a "
           "point of that square follows the path from its point through the new tile, and on through the tiles "
           "it leads into, until it faces an empty square again.",
           "A stone led off the board is out of the game; so are two stones that meet (the path of one runs "
           "through the other's point on the new tile, or both end on the same point)."]
    if last:
        out.append("A player may lay a tile that takes their own stone out only if every tile of their hand, in "
                   "every turn, would.")
    out.append("The tiles of a player whose stone is out go back to the pile. Then, while the pile holds tiles, the "
               f"players still in the game with fewer than {size} tiles draw one each in turn, starting with the "
               "player who moved. The next player in the game holding a tile moves; a player with no tile is "
               "skipped.")
    return out


def _stones_end(tell: Teller, scoring) -> list[str]:
    out = ["The game ends when one stone is left on the board: its player wins. If the last stones leave with the "
           "same tile, their players share the win. It ends too when no player in the game holds a tile and the "
           "pile is empty: the players still in the game share the win. A win shared by every player is a draw."]
    if scoring:
        out += ["", "The score table shows, for each player, the sum of:", ""]
        for k, v in scoring.items():
            out += tell.rule(f"- {tell.titled(k)}:", v, cases=False)
    return out + [""]
