"""Why a grid move is not legal: the landing rule of the game file that refuses it, found by
generating the phase's moves again with rules left out."""
from __future__ import annotations

import re

from .movegen import PRIORITY
from .patterns import conditions, pattern_actions
from .words import WORDS

PASS = "pass"


def explain(game, st, text: str) -> str:
    text = text.strip()
    if game.is_over(st):
        return f"'{text}': the game is over"
    moves = game.legal_moves(st)
    if text in {game.move_str(m) for m in moves}:
        return f"'{text}' is legal"
    spelled = game.drop_spelling(st, text)
    if spelled:
        return f"'{text}' is legal written in its one order: {spelled}"
    phase = game.rules.phases[game.phase_index(st)]
    who = game.players[game.to_move(st)]
    if text == PASS:
        return f"'pass' is only legal when {who} has no other move"
    if phase.sows:          # a sowing phase: its moves are the mover's cells by letter
        from .words.sow import why
        return why(game, st, text, phase.sows[0])
    parts, shot = _parts(game, text)
    cells = [game.geo.parse_cell(p) for p in parts]
    # (a placement of one kind is not another kind's placement on that cell, written otherwise)
    if None not in cells and not (len(cells) == 1 and game._placing_kinds):   # the cells of a legal move, written otherwise
        same = sorted(t for t in (game.move_str(m) for m in moves) if _parts(game, t)[0] == parts)
        if same:
            return f"'{text}': the legal move{'s' if len(same) > 1 else ''} with these cells {'are' if len(same) > 1 else 'is'} written {', '.join(same)}"
    body = text.partition("/")[0]
    if not text or None in cells:
        bad = [p for p, c in zip(parts, cells) if c is None and p]
        if bad and len(bad) == len([p for p in parts if p]) or (bad and re.fullmatch(r"[a-z]\d+", bad[0])):
            return f"'{text}': {bad[0]} is not a cell of this board"
        examples = sorted({game.move_str(m) for m in moves})[:3]
        return f"'{text}' is not a move in this game's notation" + (f" (e.g. {', '.join(examples)})" if examples else "")
    if shot:
        cells = cells[:-1]
    legal = {game.move_str(m) for m in moves}
    for p in phase.patterns + phase.places:      # a word that refuses a part of the move says why
        for a in pattern_actions(p):
            why = WORDS[a.name].refuses(game, st, a, text, legal)
            if why:
                return f"'{text}': {why} ({game.rules.places.get(phase.path + ('move',), game.rules.src_file)})"
    # (a `+` that ends the text is a promotion's mark where the notation writes one so)
    drop = "+" in body and not (game._promo and body.endswith(game._promo)) or len(cells) == 1
    if drop and not (phase.drops or phase.places):
        if len(cells) == 1 and phase.patterns:      # a piece named alone: why no move starts there
            return _no_move_from(game, st, phase, text, cells[0], who)
        return f"'{text}': phase '{phase.name}' has no drop moves"
    if not drop:
        if not phase.patterns:
            return f"'{text}': phase '{phase.name}' has no piece moves"
        o = cells[0]
        if game.cells_of(st)[o] & 7 != game.to_move(st) + 1:
            return f"'{text}': {game.geo.name(o)} holds no piece of {who}"
    longer = sorted(m for m in (game.move_str(x) for x in moves) if m.startswith(text) and m[len(text):][:1] in "-x/")
    if longer:
        return f"'{text}' stops early: the move goes on ({', '.join(longer[:3])})"
    names = [r.name for r in phase.rules]
    after = [r.name for r in phase.legal]

    def legal_without(skip):
        return text in {game.move_str(m) for m in game.moves_without(st, skip)}

    for r in after:
        if legal_without({r}):
            return (f"'{text}' is refused by rule '{r}' of phase '{phase.name}' "
                    f"({game.rules.places[(phase.name, r)]}): the position after it breaks the rule")
    names += after

    for r in names:
        if legal_without({r}):
            return (f"'{text}' is refused by rule '{r}' of phase '{phase.name}' "
                    f"({game.rules.places[(phase.name, r)]})")
    if names and legal_without(set(names)):
        where = ", ".join(f"'{r}' ({game.rules.places[(phase.name, r)]})" for r in names)
        return f"'{text}' is refused by several rules together: {where}"
    for n, cond in enumerate(conditions(phase)):
        if legal_without({("when", n)}):
            return (f"'{text}' is refused by the condition {_text_of(game, phase, cond)} of phase '{phase.name}' "
                    f"({game.rules.places.get(_pattern_text(game, phase, cond)[1], game.rules.src_file)})")
    if phase.priority and legal_without({PRIORITY}):
        return f"'{text}': a capture is possible, and phase '{phase.name}' then allows only capturing moves"
    if drop and phase.places and len(cells) == 1:
        c = cells[0]
        if game.cells_of(st)[c]:
            return f"'{text}': {game.geo.name(c)} is not empty"
        for p in phase.places:      # a word that refuses the placement says why (`refusal`)
            for a in pattern_actions(p):
                why = WORDS[a.name].refusal(game, st, a, c)
                if why:
                    return f"'{text}': {why} ({game.rules.places.get(phase.path + ('move',), game.rules.src_file)})"
        return f"'{text}': no move of phase '{phase.name}' places a piece on {game.geo.name(c)} ({_moves(game, phase)})"
    if drop:
        return f"'{text}': those cells are not free cells of the drop zone, or not as many as the drop takes"
    if shot:
        return (f"'{text}': no move of phase '{phase.name}' goes from {game.geo.name(cells[0])} to "
                f"{game.geo.name(cells[-1])} and shoots onto {shot} ({_moves(game, phase)})")
    return f"'{text}': no pattern of phase '{phase.name}' reaches {game.geo.name(cells[-1])} from {game.geo.name(cells[0])}"


def _no_move_from(game, st, phase, text: str, o: int, who: str) -> str:
    """A cell named alone in a phase of piece moves: it holds no piece of the mover, or its
    piece's moves go on from it, or none is legal (and which rule refuses them all)."""
    name = game.geo.name(o)
    if game.cells_of(st)[o] & 7 != game.to_move(st) + 1:
        return f"'{text}': {name} holds no piece of {who}"
    def starts_here(moves):         # (a piece's move is a tuple led by its origin)
        return [m for m in moves if m[0] == o]

    longer = sorted(map(game.move_str, starts_here(game.legal_moves(st))))
    if longer:
        return f"'{text}' stops early: the move goes on ({', '.join(longer[:3])})"
    for r in [r.name for r in phase.legal] + [r.name for r in phase.rules]:
        if starts_here(game.moves_without(st, {r})):
            return (f"'{text}': every move of the piece on {name} is refused by rule '{r}' of phase "
                    f"'{phase.name}' ({game.rules.places[(phase.name, r)]})")
    return f"'{text}': the piece on {name} has no move"


def _parts(game, text: str) -> tuple[list[str], str]:
    """The cell names a move's text gives, in order (a shot's last), and its shot."""
    body, _, shot = text.partition("/")          # a shot (an arrow) follows the piece's move
    if game.join_mark:
        parts = [p for p in re.split("|".join(map(re.escape, {game.join_mark, game.capture_mark, "+"} - {""})), body)]
    else:                                        # cells run together (UCI): the cell names in it
        parts = re.findall(getattr(game.geo, "cell_text", r"[a-z]+\d+"), body) or [body]
    cell = getattr(game.geo, "cell_text", r"[a-z]+\d+")
    parts = [p if re.fullmatch(cell, p) else re.sub(r"(?<=\d)\D+$", "", p)     # a promotion's kind
             for p in parts] + ([shot] if shot else [])
    return parts, shot


def _pattern_text(game, phase, cond) -> tuple[str, tuple]:
    """The pattern text that holds a when(...) action, and its path in the file."""
    move = game.rules.spec["phases"][phase.path[-1]].get("move")
    if isinstance(move, dict):
        for kind, alts in phase.kinds:
            if kind is not None and any(cond in pattern_actions(a) for a in alts):
                name = game.kinds[kind].name
                return str(move[name]), phase.path + ("move", name)
        for p in phase.places:          # a kind's own placement, written under its key
            acts = pattern_actions(p)
            name = acts[0].kwargs["kind"].dotted if acts and "kind" in acts[0].kwargs else None
            if cond in acts and name in move:
                return str(move[name]), phase.path + ("move", name)
    return str(move), phase.path + ("move",)


def _text_of(game, phase, cond) -> str:
    """when(...) as the file writes it (the source text from the action to its closing bracket)."""
    text, _path = _pattern_text(game, phase, cond)
    lines = text.splitlines() or [""]
    line = " ".join(lines[cond.line - 1:]) if cond.line <= len(lines) else text
    start, depth = cond.column - 1, 0
    for i in range(start, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if line[i] == ")" and depth == 0:
            return line[start:i + 1]
    return "when(...)"


def _moves(game, phase) -> str:
    move = game.rules.spec["phases"][phase.path[-1]].get("move")
    if isinstance(move, dict):
        return "; ".join(f"{k}: {' '.join(str(v).split())}" for k, v in move.items())
    return f"move: {' '.join(str(move).split())}"
