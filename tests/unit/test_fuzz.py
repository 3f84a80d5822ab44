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


# ------------------------------------------------------------------------------------ records and positions
# Mutations of records and position files (text cut, bytes inserted, values replaced by huge
# numbers, deep nesting, odd JSON), each run through the commands that read them, in-process:
# exit 0, or exit 1 with a message; never an internal error (exit 2) or a traceback.
import json  # noqa: E402

from rulebook.cli import main  # noqa: E402

from conftest import ROOT  # noqa: E402

LEZUG_MOVES = json.loads((ROOT / "tests/data/vectors/lezug-decisive-3001.json").read_text())["moves"][:30]
RECORDS = {
    "lezug.yaml": json.dumps({"game": "Le zug", "players": ["white", "black"], "agents": ["random", "random"],
                              "options": {"max_plies": 2000}, "seed": 3, "moves": LEZUG_MOVES}, indent=1),
    "tictactoe.yaml": json.dumps({"moves": ["a1", "b2", "c3"], "seed": 0, "options": {}}),
    "zug.yaml": (ROOT / "tests/data/zug_2p.json").read_text(encoding="utf-8"),
}
POSITIONS = {
    "lezug.yaml": json.dumps({"game": "Le zug", "to_move": "black", "ply": 12, "passes": 0,
                              "pieces": {"white": ["i9", "c1"], "black": {"man": ["j10", "a17"]}},
                              "reserve": {"white": 0, "black": 0}}),
    "breakthrough.yaml": json.dumps({"to_move": "white", "pieces": {"white": ["a1", "b2"], "black": ["h8"]}}),
}
ODD_JSON = ["9" * 5000, "-" + "9" * 400, "1e400", "-1e400", "NaN", "Infinity", "1.5", "-1", "0", "null", "true",
            "[]", "{}", '""', '"' + "x" * 20000 + '"', '"\\u0000"', '"\\ud800"', "[" * 100000, "{" * 5000,
            "[" * 50 + "]" * 50, '{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": 1}}}}}}}}}',
            '["a1", "a1", "a1"]', '{"white": 99999999999999999999}', '{"nobody": ["a1"]}', '"white"', '"zz99"']


@st.composite
def mutated_json(draw, bases):
    name = draw(st.sampled_from(sorted(bases)))
    text = bases[name]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["cut", "insert", "value", "nest", "delete"]))
        i = draw(st.integers(0, len(text)))
        if kind == "cut":                  # the file ends early
            text = text[:i]
        elif kind == "insert":
            text = text[:i] + draw(st.text(min_size=1, max_size=6)) + text[i:]
        elif kind == "delete":
            j = draw(st.integers(i, min(len(text), i + 40)))
            text = text[:i] + text[j:]
        else:                              # a value (after a ':' or ',' or '[') replaced
            spots = [m.end() for m in re.finditer(r'[:\[,]\s*', text)]
            if spots:
                at = draw(st.sampled_from(spots))
                end = re.compile(r'"(?:\\.|[^"\\])*"|[^,\]}]*').match(text, at).end()
                value = draw(st.sampled_from(ODD_JSON)) if kind == "value" else \
                    "[" * draw(st.integers(5, 3000)) + text[at:end]
                text = text[:at] + value + text[end:]
    return name, text


def _run(capsys, args) -> None:
    capsys.readouterr()
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    got = capsys.readouterr()
    assert code in (0, 1), (args, got.err)
    assert "internal error" not in got.err and "Traceback" not in got.err, got.err
    if code == 1:
        assert got.err.strip(), "a refusal says why"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=mutated_json(RECORDS))
def test_a_mutated_record_is_refused_or_replayed(tmp_path_factory, capsys, case):
    name, text = case
    path = tmp_path_factory.mktemp("fuzzrec") / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    game = GAMES / name
    _run(capsys, ["replay", game, path])
    _run(capsys, ["moves", game, "--record", path])
    _run(capsys, ["show", game, "--record", path, "--ply", "2"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(case=mutated_json(POSITIONS))
def test_a_mutated_position_file_is_refused_or_read(tmp_path_factory, capsys, case):
    name, text = case
    path = tmp_path_factory.mktemp("fuzzpos") / "position.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    game = GAMES / name
    _run(capsys, ["moves", game, "--position", path])
    _run(capsys, ["show", game, "--position", path, "--json"])
    _run(capsys, ["perft", game, "1", "--position", path])
    _run(capsys, ["play", game, "--position", path, "--option", "max_plies=20", "--seed", "1"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(value=st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                          lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                          max_size=4),
                          max_leaves=12),
       field=st.sampled_from(["moves", "players", "options", "agents", "seed", "game", "pieces", "reserve",
                              "to_move", "ply", "quiet"]))
def test_any_json_in_any_field_is_a_message_or_success(tmp_path_factory, capsys, value, field):
    folder = tmp_path_factory.mktemp("fuzzany")
    rec = folder / "record.json"
    rec.write_text(json.dumps({"moves": ["a1"], field: value}))
    pos = folder / "position.json"
    pos.write_text(json.dumps({"pieces": {"white": ["a1"]}, field: value}))
    _run(capsys, ["replay", GAMES / "tictactoe.yaml", rec])
    _run(capsys, ["moves", GAMES / "lezug.yaml", "--position", pos])
