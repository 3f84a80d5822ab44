"""enclose(D) (captures of groups without an empty neighbour, no suicide, simple ko and
positional superko), area(GROUP, D), end.pass: always and a board sized by an option, on the
made-up game Fences (tests/data/words/enclose.yaml, 4x3) and small variants of it. The counts and
lists were worked out by hand from the rules."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook import RulebookError, load_game
from rulebook.boards.grid.layout import BOARDS, HISTORY, with_slot
from rulebook.play.measure import perft
from rulebook.source.load import GameFileError

WORDS_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "words"
FILE = WORDS_DIR / "enclose.yaml"
GO = WORDS_DIR.parents[2] / "games" / "go.yaml"
KO = {"red": ["b3", "a2", "b1"], "blue": ["c3", "b2", "d2", "c1"]}
#   3 . R B .
#   2 R B . B      red c2 takes b2; blue b2 would take c2 back at once: ko
#   1 . R B .


def moves(g, st):
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def play(g, st, *texts):
    for t in texts:
        st = g.apply(st, g.parse_move(st, t))
    return st


def test_perft_counts_pass_as_a_move():
    g = load_game(FILE)
    st = g.initial_state()
    # 12 cells + pass; then 11 + pass after a stone, 12 + pass after a pass (and pass pass ends)
    assert [perft(g, st, d) for d in (1, 2)] == [13, 12 * 12 + 13]
    assert perft(g, st, 2, exact=True) == 12 * 12 + 13
    assert perft(g, st, 3) - perft(g, st, 3, exact=True) == 1      # pass, pass


def test_a_group_without_an_empty_neighbour_is_captured():
    g = load_game(FILE)
    st = g.position({"red": ["b1", "c2"], "blue": ["a1", "b2", "c1"]}, to_move="red")
    # d1 takes c1 (its last empty neighbour); a1 and b2 keep a2, b3
    after = g.position_json(play(g, st, "d1"))["pieces"]
    assert sorted(after["blue"]) == ["a1", "b2"]
    assert sorted(after["red"]) == ["b1", "c2", "d1"]
    # a group of two: blue a1 a2 with red b1 b2; red a3 takes both
    st = g.position({"red": ["b1", "b2"], "blue": ["a1", "a2"]}, to_move="red")
    after = g.position_json(play(g, st, "a3"))["pieces"]
    assert not after.get("blue") and sorted(after["red"]) == ["a3", "b1", "b2"]


def test_suicide_is_refused_unless_it_captures():
    g = load_game(FILE)
    st = g.position({"red": ["b3", "a2", "b1"], "blue": ["c3", "d2", "c1"]}, to_move="blue")
    legal = moves(g, st)
    assert "a1" not in legal and "a3" not in legal        # no empty neighbour: suicide
    assert "b2" in legal and "c2" in legal
    assert g.explain(st, "a1").startswith("'a1': its group would have no empty neighbour (suicide)")
    # the same stone that captures is legal: red a1 would be suicide, but takes blue b1 first
    st = g.position({"red": ["c1", "b2"], "blue": ["b1", "a2", "a3"]}, to_move="red")
    assert "a1" in moves(g, st)
    assert g.position_json(play(g, st, "a1"))["pieces"]["blue"] == ["a2", "a3"]


def test_simple_ko_bars_the_immediate_retake_only():
    g = load_game(FILE)
    st = g.position(KO, to_move="red")
    assert moves(g, st) == ["a1", "a3", "c2", "pass"]
    st = play(g, st, "c2")
    assert g.position_json(st)["pieces"]["blue"] == ["c1", "d2", "c3"]
    assert moves(g, st) == ["d1", "d3", "pass"]           # b2 would take c2 back at once
    assert "(ko)" in g.explain(st, "b2")
    # after a pass (or any other move) the ko is gone
    later = play(g, st, "pass", "a3")
    assert "b2" in moves(g, later)
    assert g.position_json(play(g, later, "b2"))["pieces"]["red"] == ["b1", "a2", "a3", "b3"]


def test_superko_refuses_a_board_that_stood_before():
    plain, strict = load_game(FILE), load_game(FILE, {"strict": "true"})
    for g, legal in ((plain, True), (strict, False)):
        st = g.position(KO, to_move="red")
        seen = play(g, st, "c2")[BOARDS]      # the board after red c2, seeded as an earlier one
        if g is strict:
            st = with_slot(st, HISTORY, (seen, st[HISTORY]))
        assert ("c2" in moves(g, st)) is legal
    st = with_slot(strict.position(KO, to_move="red"), HISTORY, (seen, None))
    assert "(superko)" in strict.explain(st, "c2")


def test_two_passes_end_the_game_scored_by_area():
    g = load_game(FILE)
    # red b1 b2 b3 wall off the a file: 3 stones + 3 points; the region c1 c3 d1 d2 d3 touches
    # red b1 b3 and blue c2: nobody's
    st = g.position({"red": ["b1", "b2", "b3"], "blue": ["c2"]}, to_move="red")
    done = play(g, st, "pass", "pass")
    out = g.outcome(done)
    assert out.over and out.scores == {"red": 6, "blue": 1} and out.winners == ("red",)
    assert moves(g, done) == []
    assert not g.outcome(play(g, st, "pass")).over


def test_the_go_board_size_comes_from_its_option():
    go = Path(__file__).resolve().parents[2] / "games" / "go.yaml"
    assert len(load_game(go).legal_moves(load_game(go).initial_state())) == 82
    g = load_game(go, {"size": "5"})
    assert len(g.legal_moves(g.initial_state())) == 26
    g = load_game(go, {"size": "19"})
    assert len(g.legal_moves(g.initial_state())) == 362
    with pytest.raises(RulebookError):
        load_game(go, {"komi": "lots"})


# ---------------------------------------------------------------- misuse, located
def findings(tmp_path, text: str) -> list[str]:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    return [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings]


BASE = FILE.read_text(encoding="utf-8")


@pytest.mark.parametrize("old,new,message", [
    ("ko=option.strict", "ko=maybe", "22:47: ko must be no, yes, super or option.NAME"),
    ("enclose(orthogonal,", "enclose(sideways,", "22:32: unknown name 'sideways'"),
    ("  pass: always", "  pass: sometimes",
     "25:9: end.pass must be blocked (a player passes only without a move) or always"),
    ("  blocked: pass", "  blocked: lose", "25:9: end.pass: always needs end.blocked: pass"),
    ("{files: 4, ranks: 3}", "{files: option.strict, ranks: 3}",
     "13:17: board.grid.files: 'option.strict' is not a whole-number option"),
])
def test_misuse_is_located(tmp_path, old, new, message):
    assert old in BASE
    got = findings(tmp_path, BASE.replace(old, new))
    assert any(f.startswith(message) for f in got), got


@pytest.mark.parametrize("file, options", [(FILE, None), (GO, {"size": "7"})])
def test_the_bulk_generator_gives_the_generic_generators_moves(monkeypatch, file, options):
    # a phase of `place(Z) enclose(D)` has a generator of its own (words/enclose.py
    # placement_source); the generic one, written where it is refused, must list the same
    # moves in the same order at every position of random games (captures, suicides, ko)
    import random

    import rulebook.boards.grid.game as grid_game
    bulk = load_game(file, options)
    monkeypatch.setattr(grid_game, "placement_source", lambda *a: None)
    generic = load_game(file, options)
    assert "_lone_play" in bulk.sources["play"] and "_lone_play" not in generic.sources["play"]
    seen = set()
    for seed in range(40):
        rng, st = random.Random(seed), bulk.initial_state()
        while not bulk.is_over(st):
            ms = bulk.legal_moves(st)
            assert ms == generic.legal_moves(st)
            seen |= {"capture" for m in ms if m != "pass" and m[2]}
            st = bulk.apply(st, rng.choice(ms))
    assert seen == {"capture"}
