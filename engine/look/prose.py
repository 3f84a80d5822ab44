"""A game's rules in plain English (Markdown), told from what its Game carries of its file
(`game.info`, never the file itself): the board, the pieces or tiles, every phase and its
pattern, every named landing and legal rule, the end, the scoring and the options with their
defaults. Patterns and conditions are read with the rules language's parser and said in words;
each sentence is followed by its source text, so nothing is lost in the telling."""
from __future__ import annotations

import re

OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
       ">=": "is at least", "+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo",
       "//": "divided (whole) by"}
NAMES = {"mine": "the player's pieces", "theirs": "the other players' pieces", "empty": "the empty cells",
         "others": "the player's other pieces", "landing": "the landing cell", "origin": "the cell the piece left",
         "last": "the cell of the last move", "ply": "the number of moves played", "passes": "the passes in a row",
         "reserve": "the player's reserve", "opponent.reserve": "the opponent's reserve", "players": "the number of players", "quiet": "the quiet plies",
         "stuck": "the player to move has no move", "all_stuck": "no player has a move",
         "tolls": "the player's tolls", "supply": "the player's counters left",
         "passed": "the cell the last move passed over", "repeated": "the times this position has stood"}
CELLS = ("landing", "origin", "last", "passed")      # names of cells: `X in ZONE` is a condition
FUNCS = {"count": "the number of {0}", "size": "the number of cells of {0}", "all": "all of {0}",
         "none": "none of {0}", "any": "any of {0}", "advance": "how far {0} have advanced",
         "counters": "the player's counters on {0} tiles", "free": "the {0} tiles without a counter",
         "counters_on_line": "the player's counters on {0} tiles on a line",
         "in_a_row": "the last piece stands in a line of {0} of its owner's pieces",
         "connected": "a chain of the player's pieces joins {0} and {1}",
         "one_group": "{0} form one group",
         "attacked": "{0} could be captured by another player", "empty": "{0} is empty",
         "occupied": "{0} holds a piece", "friend": "{0} holds a piece of the player",
         "enemy": "{0} holds another player's piece", "first": "the first piece from {0} towards {1}",
         "neighbour": "the cell next to {0} towards {1}",
         "in_line": "a line of the board through {0} has one of {1} on each of its other cells",
         "outside_lines": "those of {0} that stand in no line of the board filled by {0}"}


def name_words(n: str) -> str:
    if n in NAMES:
        return NAMES[n]
    if n.startswith("option."):
        return f"the option {n[7:]}"
    if n.startswith("opponent."):
        return f"the opponent's {n[9:]}"
    if n.startswith("mine."):
        return f"the player's {n[5:]} pieces"
    if n.startswith("theirs."):
        return f"the other players' {n[7:]} pieces"
    return n.replace("_", " ")


def say(node) -> str:
    """An expression in words."""
    from ..lang import dsl
    t = type(node)
    if t is dsl.Num:
        return f"{node.value:g}" if isinstance(node.value, float) else str(node.value)
    if t is dsl.Bool:
        return "true" if node.value else "false"
    if t is dsl.Name:
        return name_words(node.dotted)
    if t is dsl.In:
        if isinstance(node.left, dsl.Name) and node.left.dotted in ("mine", "theirs", "empty") or \
                isinstance(node.left, dsl.Name) and "." in node.left.dotted and \
                node.left.dotted.split(".")[0] in ("mine", "theirs"):
            return f"{say(node.left)} in {say(node.right)}"
        if isinstance(node.right, dsl.Name) and (node.right.dotted in ("mine", "theirs")
                                                 or node.right.dotted.split(".")[0] in ("mine", "theirs")):
            return f"{say(node.left)} holds one of {say(node.right)}"
        if isinstance(node.left, dsl.Call) or isinstance(node.left, dsl.Name) and node.left.dotted in CELLS:
            return f"{say(node.left)} is in {say(node.right)}"
        return f"{say(node.left)} in {say(node.right)}"
    if t is dsl.Call:
        args = [say(a) for a in node.args]
        form = FUNCS.get(node.func)
        text = form.format(*args, *[""] * 3) if form and "{1}" not in form or form and len(args) > 1 else None
        if text is None:
            text = f"{node.func.replace('_', ' ')}({', '.join(args)})"
        if node.func == "in_a_row" and "of" in node.kwargs:      # anywhere on the board, not at the last piece
            text = f"{node.args and say(node.args[0])} of {say(node.kwargs['of'])} stand in a line anywhere on the board"
            return text + (f" (exact {say(node.kwargs['exact'])})" if "exact" in node.kwargs else "")
        for k, v in node.kwargs.items():
            text += f" ({k} {say(v)})"
        return text
    if t in (dsl.BinOp, dsl.Compare):
        return f"{say(node.left)} {OPS.get(node.op, node.op)} {say(node.right)}"
    if t is dsl.BoolOp:
        return f"{say(node.left)} {node.op} {say(node.right)}"
    if t is dsl.Not:
        return f"not ({say(node.operand)})"
    if t is dsl.Neg:
        return f"minus {say(node.operand)}"
    if t is dsl.IfElse:
        return f"{say(node.then)} if {say(node.cond)}, else {say(node.other)}"
    return "?"


# the keyword options of actions whose values are expressions (a group, a zone), in words
_EXPRESSION_OPTIONS = {"of": "taking only {}", "by": "the pieces that capture being {}",
                       "hostile": "the cells of {} hostile too, unless an enemy stands there",
                       "within": "only over cells of {}"}


def say_pattern(node, actions: dict) -> str:
    """A pattern (a regular expression over actions) in words; `actions`: each action word in
    words (game.info.actions, from the board kind's words)."""
    from ..lang import dsl
    t = type(node)
    if t is dsl.Action:
        text = actions.get(node.name, node.name)
        if "{0}" in text:           # when, take, shift: their arguments are expressions
            return text.format(*[say(a) for a in node.args], *[""] * 2)
        args = [a.dotted if hasattr(a, "dotted") else say(a) for a in node.args]
        if args:
            where = "in" if node.name in ("place", "drop") else "along"
            text += f" ({where} {', '.join(args)})"
        extra = []
        for k, v in node.kwargs.items():
            if k in _EXPRESSION_OPTIONS:        # an option whose value is an expression: said as one
                extra.append(_EXPRESSION_OPTIONS[k].format(say(v)))
                continue
            v = v.dotted if hasattr(v, "dotted") else say(v)
            extra.append({("capture", "yes"): "capturing an enemy piece there if any",
                          ("capture", "only"): "only onto an enemy piece, capturing it",
                          ("over", "any"): "over any piece", ("over", "mine"): "over one of the player's pieces",
                          ("over", "theirs"): "over an enemy piece", ("onto", "theirs"): "or onto an enemy piece, "
                                                                                        "which leaves",
                          ("count", "all"): "all of them at once"}.get((k, v), f"{k} {v}"))
        return text + (", " + ", ".join(extra) if extra else "")
    if t is dsl.Alt:          # a | b | c: one "either", the choices side by side
        choices, stack = [], [node]
        while stack:
            n = stack.pop()
            if type(n) is dsl.Alt:
                stack += [n.right, n.left]
            else:
                choices.append(say_pattern(n, actions))
        return "either " + "; or ".join(choices)
    if t is dsl.Seq:
        return f"{say_pattern(node.left, actions)}, then {say_pattern(node.right, actions)}"
    if t is dsl.Rep:
        body = say_pattern(node.body, actions)
        return {"+": f"({body}) one or more times", "*": f"({body}) any number of times",
                "?": f"optionally ({body})", "++": f"({body}) as long as it can, at least once",
                "*+": f"({body}) as long as it can"}.get(node.quant, f"({body}){node.quant}")
    return "?"


def _expr(text) -> str:
    from ..lang import dsl
    try:
        return say(dsl.parse(str(text), "expr"))
    except dsl.DslError:
        return str(text)


def _pattern(text, actions: dict) -> str:
    from ..lang import dsl
    try:
        return say_pattern(dsl.parse(str(text), "pattern"), actions)
    except dsl.DslError:
        return str(text)


def _code(text) -> str:
    return "`" + re.sub(r"\s+", " ", str(text)).strip().replace("`", "'") + "`"


def _line(words: str, source) -> str:
    return f"{words} ({_code(source)})"


def rules_prose(game) -> str:
    """The rules of a compiled game, as Markdown: told from what it carries of its file
    (`game.info`: the title, about text, seats, options and the checked sections)."""
    info = game.info
    d = info.sections
    out = [f"# {info.name}", ""]
    if info.about:
        out += [info.about, ""]
    out += _players(info) + _board(d) + _pieces(d) + _phases(d, info.actions) + _notation(d) + _end(d) + _options(info.options)
    return "\n".join(out).rstrip() + "\n"


def _players(info) -> list[str]:
    ps = info.sections.get("players") or []
    names = [p if isinstance(p, str) else f"{p.get('name')} (facing {p.get('forward', 'north')})" for p in ps]
    out = ["## Players", ""]
    seats = info.seats
    if seats.min != seats.max:
        out.append(f"{seats.span()} players ({seats.default} by default), from: {', '.join(names)}.")
    else:
        out.append(f"{len(ps)} players, in turn order: {', '.join(names)}.")
    if info.sections.get("seating"):
        for n, who in info.sections["seating"].items():
            out.append(f"- With {n} players: {', '.join(map(str, who))}.")
    return out + [""]


def _board(d) -> list[str]:
    b = d.get("board") or {}
    out = ["## Board", ""]
    if "grid" in b:
        g = b["grid"]
        out.append(f"A square grid of {g.get('files')} files by {g.get('ranks')} ranks (a{g.get('first_rank', 1)} at the lower left).")
    elif "hex" in b:
        h = b["hex"]
        shape = h.get("shape", "rhombus")
        size = f"{h.get('files')} by {h.get('ranks')}" if shape == "rhombus" else f"of side {h.get('size')}"
        out.append(f"A board of hexagons: a {shape} {size}.")
    elif "graph" in b:
        g = b["graph"]
        links = g.get("links") or {}
        back = g.get("opposite") or {}
        names = ", ".join(f"{d} (back: {back[d]})" if d in back else d for d in links)
        out.append(f"A board of {len(g.get('cells') or {})} points ({', '.join(g.get('cells') or {})}) joined by "
                   f"{sum(len(v) for v in links.values())} links, each of a direction: {names}.")
    elif "open" in b:
        s = b["open"].get("start", {})
        out.append(f"An open board of square tiles, growing from a start tile ({s.get('tile')} at "
                   f"{', '.join(map(str, s.get('at', [0, 0])))}, turned {s.get('rotation', 0)} degrees).")
    if b.get("cells"):
        out.append(f"Only the cells where {_expr(b['cells'])} are used ({_code(b['cells'])}).")
    if b.get("lines"):
        out.append(f"Its {len(b['lines'])} lines: " + ", ".join(_code(x) for x in b["lines"]) + ".")
    for name, blocks in (b.get("blocks") or {}).items():
        out.append(f"Blocks that turn, **{name}**: " + ", ".join(f"{j} = {_code(x)}" for j, x in enumerate(blocks, 1)) + ".")
    if d.get("directions"):
        out += ["", "Directions, as each player faces:", ""]
        out += [f"- **{k}**: {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in d["directions"].items()]
    if d.get("zones"):
        out += ["", "Zones (ranks counted from each player's own side):", ""]
        for k, v in d["zones"].items():
            if isinstance(v, dict):
                v = "; ".join(f"for {p}: {z}" for p, z in v.items())
            out.append(f"- **{k}**: {_code(v)}")
    return out + [""]


def _pieces(d) -> list[str]:
    out = []
    if d.get("pieces"):
        out += ["## Pieces", ""]
        for k, v in d["pieces"].items():
            v = v or {}
            bits = []
            if v.get("start"):
                bits.append(f"one on each cell of {v['start']} at the start")
            if v.get("reserve"):
                bits.append(f"{v['reserve']} held in reserve by each player")
            if v.get("promote"):
                p = v["promote"]
                to = p.get("to")
                if isinstance(to, list) and len(to) > 1:
                    bits.append(f"becomes a {', a '.join(to[:-1])} or a {to[-1]}, as the player chooses, when a move "
                                f"ends in {p.get('in')}")
                else:
                    bits.append(f"becomes a {to[0] if isinstance(to, list) else to} when a move ends in {p.get('in')}")
            if v.get("moved"):
                bits.append(f"becomes a {v['moved']} once it has moved")
            if v.get("symbol"):
                bits.append(f"written {v['symbol']}")
            if v.get("neutral"):
                bits.append("owned by nobody")
            if v.get("resets_quiet"):
                bits.append("its moves reset the quiet count")
            out.append(f"- **{k}**" + (": " + "; ".join(bits) if bits else "") + ".")
        out.append("")
    tiles = (d.get("tiles") or {}).get("types")
    if tiles:
        out += ["## Tiles", ""]
        for k, v in tiles.items():
            track = ", ".join(v.get("connects") or []) or "no track"
            out.append(f"- **{k}**: {v.get('count')} of them; track {track}"
                       + (f"; a {v['feature']}" if v.get("feature") else "") + ".")
        c = d.get("counters") or {}
        if c:
            out += ["", f"Each player has {_expr(c.get('supply'))} counters ({_code(c.get('supply'))})."]
            if c.get("claim"):
                out.append(f"Placing a tile with a {', '.join(c['claim'])} puts one of the player's counters on it.")
            if c.get("take_back"):
                out.append("With no counter left, a player may take one back from a tile (it becomes void) "
                           "or leave the tile unclaimed.")
        r = d.get("routes") or {}
        if r.get("stop"):
            out.append(f"Train paths run from {r['stop']} to {r['stop']}.")
        out.append("")
    return out


def _phases(d, actions: dict) -> list[str]:
    out = ["## Play", ""]
    phases = d.get("phases") or []
    for n, ph in enumerate(phases, 1):
        name = ph.get("name", f"phase {n}")
        turns, plies = ph.get("turns"), ph.get("plies")
        when = (f"for each player's first {turns} turns" if turns != 1 else "for each player's first turn") if turns else \
            (f"for the first {plies} moves of the game" if plies != 1 else "for the first move of the game") if plies else \
            ("until the game ends" if n == len(phases) else "")
        out += [f"### Phase {n}: {name}", ""]
        if when:
            out.append(f"This phase lasts {when}.")
        if ph.get("let"):
            out.append("At the start of each turn:")
            out += [f"- **{k}** is {_line(_expr(v), v)}" for k, v in ph["let"].items()]
        mv = ph.get("move")
        if isinstance(mv, dict):
            out.append("A move, by the kind of piece moved:")
            out += [f"- **{k}**: {_line(_pattern(v, actions), v)}." for k, v in mv.items()]
        elif mv:
            out.append(f"A move: {_line(_pattern(mv, actions), mv)}.")
        if ph.get("priority"):
            out.append(f"Priority: when a {ph['priority']} move exists, only such moves are legal.")
        if ph.get("landing"):
            out.append("Every cell a piece lands on must pass these rules:")
            out += [f"- rule **{k}**: {_line(_expr(v), v)}" for k, v in ph["landing"].items()]
        if ph.get("legal"):
            out.append("A move is legal only if, after it, these hold for the player who made it:")
            out += [f"- rule **{k}**: {_line(_expr(v), v)}" for k, v in ph["legal"].items()]
        if ph.get("draw"):
            out.append(f"Each turn the player first draws from the {ph['draw']} (a chance draw, weighted by the "
                       "pieces left that can be placed),")
        if ph.get("place"):
            out.append(f"then places the drawn tile {ph['place']} to a placed tile, every shared side matching: "
                       "track meets track, blank meets blank. The phase ends when no tile left can be placed.")
        if ph.get("start"):
            out.append(f"It starts with {'the player after the last builder' if ph['start'] == 'after_last' else 'the first player'}.")
        if ph.get("sell"):
            s = ph["sell"]
            out.append(f"A sale carries one of the player's counters from a {s.get('from')} along the track to an "
                       f"empty {s.get('to')} next to a stop; each other player's stop on the way earns its owner "
                       f"{s.get('toll', 0)} toll. A player with no sale passes.")
        if ph.get("until"):
            out.append(f"The phase ends when {_line(_expr(ph['until']), ph['until'])}.")
        out.append("")
    return out


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


def _end(d) -> list[str]:
    e = d.get("end") or {}
    out = ["## The end", ""]
    if e.get("win"):
        out.append(f"- The player who just moved wins when {_line(_expr(e['win']), e['win'])}.")
    if e.get("lose"):
        out.append(f"- Else the player who just moved loses (the others win) when {_line(_expr(e['lose']), e['lose'])}.")
    if e.get("draw"):
        out.append(f"- The game is a draw when {_line(_expr(e['draw']), e['draw'])}.")
    if e.get("over"):
        out.append(f"- The game ends, the scores deciding, when {_line(_expr(e['over']), e['over'])}.")
    if e.get("blocked"):
        b = str(e["blocked"])
        what = {"pass": "passes", "lose": "loses", "draw": "draws the game"}.get(b, f"does what {name_words(b)} says")
        out.append(f"- A player with no legal move {what}.")
    if d.get("scoring"):
        out.append("- Scores, per player (the highest total wins; all equal is a draw):")
        out += [f"  - **{k}**: {_line(_expr(v), v)}" for k, v in d["scoring"].items()]
    elif not any(e.get(k) for k in ("win", "lose", "draw", "over", "blocked")):
        out.append("- The game ends when no move is left.")
    if d.get("evaluate"):
        out.append(f"- For AI players, a position is judged by {_code(d['evaluate'])}.")
    return out + [""]


def _options(options) -> list[str]:
    if not options:
        return []
    out = ["## Options", "", "Set with `--option NAME=VALUE`.", "", "| option | default | values | meaning |",
           "|---|---|---|---|"]
    for o in options:
        if o.choices:
            vals = " \\| ".join(map(str, o.choices))
        else:
            lo, hi = o.min, o.max
            vals = (f"{lo} to {hi}" if lo is not None and hi is not None else f"at least {lo}" if lo is not None
                    else f"at most {hi}" if hi is not None else "")
        out.append(f"| `{o.name}` | `{o.default}` | {vals} | {o.about} |")
    return out + [""]


def plain(markdown: str) -> str:
    """The Markdown without its marks (for a terminal)."""
    text = re.sub(r"^#+\s*", "", markdown, flags=re.M)
    return text.replace("**", "").replace("`", "")
