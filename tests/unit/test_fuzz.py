"""Fuzzing the game files: mutations of every shipped file (lines deleted, swapped or
duplicated, values replaced by huge numbers or odd words, random bytes, deep nesting), each read,
checked and, when it checks clean, loaded and played a little. The only acceptable failure is a
RulebookError (a located finding, a refused option or seat count): never an internal error."""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import RulebookError, check_file, load_game

from conftest import GAMES

FILES = sorted(p for p in GAMES.glob("*.yaml") if "extends" not in p.read_text())
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in FILES}
ODD = ["0", "-1", "99999999999999999999", "1e400", "nan", "~", "[]", "{}", "'x'", "all", "adjacent",
       "opposite(all)", "step(adjacent)", "place(board)", "true", "north", "[[", "]]", "\u00b2", "\x00"]


@st.composite
def mutated(draw):
    name = draw(st.sampled_from(sorted(TEXTS)))
    lines = TEXTS[name].split("\n")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "swap", "duplicate", "value", "bytes", "nest"]))
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            del lines[i]
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "value":          # a value after `: ` replaced by something odd
            lines[i] = re.sub(r": .*$", ": " + draw(st.sampled_from(ODD)), lines[i], count=1)
        elif kind == "bytes":
            junk = draw(st.text(min_size=1, max_size=8))
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + junk + lines[i][at:]
        else:
            depth = draw(st.integers(10, 200))
            lines[i] = re.sub(r": (.+)$", lambda m: ": " + "[" * depth + m.group(1) + "]" * depth, lines[i], count=1)
        if not lines:
            lines = [""]
    return name, "\n".join(lines)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=mutated())
def test_a_mutated_game_file_is_a_finding_or_a_game(tmp_path_factory, case):
    name, text = case
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        check_file(path)
        game = load_game(path)
        state = game.initial_state()
        for _ in range(3):
            if game.is_over(state) or game.to_move(state) < 0:
                break
            moves = game.legal_moves(state)
            if not moves:
                break
            game.move_str(moves[0])
            state = game.apply(state, moves[0])
        game.outcome(state)
    except RulebookError:
        pass
