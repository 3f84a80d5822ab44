"""Why a text is not a legal move of a track game (`moves --why`): the first step the position
refuses and the rule that refuses it, or the rule of the whole play (as many numbers as can be
used, the larger, the name of a position reached by several step lists)."""
from __future__ import annotations

from .dice import roll_str
from .steps import OFF, play_str, plays, single_steps


def _parse(text: str, P: int):
    """The steps of a play's text, or None: `24/23 23/20`, `bar/22`, `6/off`, `pass` (no step)."""
    if text == "pass":
        return ()
    out = []
    for part in text.split():
        f, sep, t = part.partition("/")
        if not sep:
            return None
        f = P + 1 if f == "bar" else int(f) if f.isdigit() else None
        t = OFF if t == "off" else int(t) if t.isdigit() else None
        if f is None or t is None or not 1 <= f <= P + 1 or not 0 <= t <= P:
            return None
        out.append((f, t))
    return tuple(out)


def explain(game, st, text: str) -> str:
    text = text.strip()
    if st.winner >= 0:
        return f"'{text}': the game is over"
    legal = game.legal_moves(st)
    names = {game.move_str(m) for m in legal}
    if text in names:
        return f"'{text}' is legal here"
    if not st.roll:
        return f"'{text}': the dice are rolled now (a roll, highest first: {roll_str(game.rolls[1][1])})"
    P, rule, who = game.points, game.step_rule, game.players[st.seat]
    where = game.rules.places.get("move", game.rules.src_file)
    steps = _parse(text, P)
    if steps is None:
        return (f"'{text}' is not a play: steps FROM/TO in {who}'s own numbers joined by spaces (bar/22, 6/off), "
                "or pass")
    numbers = list(game.dice.steps(st.roll))
    b, bar = game.view(st, st.seat), st.bar[st.seat]
    home = rule.home
    outside = bar + sum(b[q] for q in range(home + 1, P + 1) if b[q] > 0)
    for f, t in steps:
        d = f - t if t != OFF else None
        frm = "bar" if f > P else str(f)
        if f <= P and b[f] <= 0:
            return f"'{text}': {who} has no piece on {frm} to move ({where})"
        if f <= P and bar:
            return f"'{text}': {who}'s pieces on the bar enter before any other step ({where})"
        if t != OFF and b[t] <= -rule.block:
            return (f"'{text}': point {t} holds {-b[t]} of the opponent's pieces: {rule.block} or more close a point "
                    f"(block={rule.block}, {where})")
        if t == OFF and (not home or outside):
            return (f"'{text}': pieces are taken off only while all of {who}'s stand on points 1..{home} or are off "
                    f"({where})" if home else f"'{text}': pieces are never taken off in this game ({where})")
        if d is None:                     # off: the exact number, or a larger one from the highest point
            usable = [n for n in numbers if n == f or n > f and not any(b[q] > 0 for q in range(f + 1, home + 1))]
            if not usable:
                return (f"'{text}': {frm}/off needs a {f}, or a larger number while no piece of {who}'s stands "
                        f"higher (the roll is {roll_str(st.roll)})")
            d = min(usable)
        if d not in numbers:
            return f"'{text}': no number of the roll {roll_str(st.roll)} moves {frm} to {t or 'off'}"
        if (f, t) not in set(single_steps(rule, b, bar, outside, d, P + 1)):
            return f"'{text}': {frm}/{t or 'off'} is not a step of {who}'s here ({where})"
        numbers.remove(d)
        if f > P:
            bar -= 1
        else:
            b[f] -= 1
        if t != OFF:
            b[t] = (0 if b[t] < 0 else b[t]) + 1
        outside -= (f > home) and (t <= home)
    most = max((len(m) for m in legal), default=0)
    if len(steps) < most:
        return (f"'{text}' uses {len(steps)} of the numbers: a play must use as many as can be used ({most} here, "
                f"e.g. {game.move_str(legal[0])}; {where})")
    if len(steps) == 1 and most == 1:
        return (f"'{text}': only one number can be used, and the larger must be when it can "
                f"(e.g. {game.move_str(legal[0])}; {where})")
    same = [m for m in legal if sorted(m) == sorted(steps)] or \
           [m for m in plays(rule, game.view(st, st.seat), st.bar[st.seat], game.dice.steps(st.roll))
            if _reaches(game, st, m, steps)]
    if same:
        return (f"'{text}' reaches the same position as {play_str(same[0], P)}, its name (the greatest of the step "
                f"lists that reach it, each sorted by from then to, descending)")
    return f"'{text}' is not a legal move here"


def _reaches(game, st, a, b) -> bool:
    try:
        return game.apply(st, a) == game.apply(st, tuple(b))
    except Exception:       # b not appliable as written: it reaches nothing
        return False


__all__ = ["explain"]
