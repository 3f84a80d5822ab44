"""custodial(D)'s options, on its made-up game tests/data/words/hostile.yaml (Corner traps):
`of=GROUP` (only those enemy pieces are taken), `by=GROUP` (only those of the player's pieces
capture, as the moving piece and as the piece beyond) and `hostile=ZONE` (cells that close in
as the player's pieces do, unless an enemy stands on them). Every figure computed by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook import load_game
from rulebook.source.load import GameFileError

try:
    from rulebook.play.measure import perft
except ImportError:                      # the older home of perft
    from rulebook.analysis import perft

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "words" / "hostile.yaml"
PATTERN = "custodial(orthogonal, of=theirs.stone, by=mine.stone, hostile=corners)"


def position(white: dict, black: dict, to_move="white"):
    g = load_game(GAME)
    return g, g.position({"white": white, "black": black}, to_move=to_move)


def after(g, st, text):
    return g.position_json(g.apply(st, g.parse_move(st, text)))["pieces"]


def test_perft_from_the_start():
    g = load_game(GAME)
    # b1 and d1 slide north 3 cells each, or out to a1 and e1; c1 (the chief) north only: 11
    assert perft(g, g.initial_state(), 1) == 11


def test_an_empty_corner_closes_in():
    g, st = position({"stone": ["b3", "d1"], "chief": ["c1"]}, {"stone": ["a2", "e4"], "chief": ["c5"]})
    assert after(g, st, "b3-a3")["black"]["stone"] == ["e4"]          # a2, between a3 and the corner a1


def test_a_corner_an_enemy_stands_on_is_not_hostile():
    g, st = position({"stone": ["b3", "d1"], "chief": ["c1"]}, {"stone": ["a2", "e4"], "chief": ["a1"]})
    assert sorted(after(g, st, "b3-a3")["black"]["stone"]) == ["a2", "e4"]


def test_a_corner_the_players_own_piece_stands_on_is_hostile():
    # the chief captures nothing itself, but the corner it holds stays hostile to black
    g, st = position({"stone": ["b3", "d1"], "chief": ["a1"]}, {"stone": ["a2", "e4"], "chief": ["c5"]})
    assert after(g, st, "b3-a3")["black"]["stone"] == ["e4"]


def test_of_spares_the_other_kinds():
    g, st = position({"stone": ["b1", "d3"], "chief": ["e1"]}, {"stone": ["e4"], "chief": ["c3"]})
    assert after(g, st, "b1-b3")["black"] == {"stone": ["e4"], "chief": ["c3"]}
    g, st = position({"stone": ["b1", "d3"], "chief": ["e1"]}, {"stone": ["c3", "e4"], "chief": ["a5"]})
    assert after(g, st, "b1-b3")["black"]["stone"] == ["e4"]          # a stone there is taken


def test_by_leaves_out_the_moving_piece_and_the_piece_beyond():
    # the chief as the moving piece: c3 stays, though a white stone stands beyond it
    g, st = position({"stone": ["d3", "e1"], "chief": ["a3"]}, {"stone": ["c3", "e4"], "chief": ["a5"]})
    assert sorted(after(g, st, "a3-b3")["black"]["stone"]) == ["c3", "e4"]
    # the chief as the piece beyond: c3 stays
    g, st = position({"stone": ["b1", "e1"], "chief": ["d3"]}, {"stone": ["c3", "e4"], "chief": ["a5"]})
    assert sorted(after(g, st, "b1-b3")["black"]["stone"]) == ["c3", "e4"]


def test_the_last_stone_taken_wins():
    g, st = position({"stone": ["b3", "d1"], "chief": ["c1"]}, {"stone": ["a2"], "chief": ["c5"]})
    end = g.apply(st, g.parse_move(st, "b3-a3"))
    assert g.outcome(end).winners == ("white",)


def test_the_notation_marks_no_capture():
    g, st = position({"stone": ["b3", "d1"], "chief": ["c1"]}, {"stone": ["a2", "e4"], "chief": ["c5"]})
    assert "b3-a3" in {g.move_str(m) for m in g.legal_moves(st)}


@pytest.mark.parametrize("value, expected", [
    ("of=north", "25:54: custodial(of=...) needs a group of pieces, not a direction set"),
    ("hostile=mine", "25:59: custodial(hostile=...) needs a zone, not a group of pieces"),
    ("of=theirs.stone, hostile=corners if landing in corners else corners",
     "25:76: custodial(hostile=...) is read before the piece lands: it cannot depend on the landing cell"),
    ("capture=yes", "25:59: custodial takes no option 'capture' (it takes of, by, hostile)"),
    ("of=nothing", "25:54: unknown name 'nothing' (did you mean 'north'?)"),
])
def test_a_misused_option_is_located(tmp_path, value, expected):
    path = tmp_path / "broken.yaml"
    path.write_text(GAME.read_text(encoding="utf-8").replace(PATTERN, f"custodial(orthogonal, {value})"),
                    encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == [expected]


def test_rulebook_rules_says_the_options():
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "rulebook", "rules", str(GAME)], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert ("capture every enemy piece next to it in an orthogonal direction that it closes in against another of "
            "the player's pieces beyond: only the opponent's stones are taken; the pieces that close in are the "
            "player's stones; any cell of the corners closes in too, unless an enemy piece stands on it") in proc.stdout
