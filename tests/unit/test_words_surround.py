"""surround(D) on its made-up game tests/data/words/surround.yaml (Hemmed in): an enemy piece
next to where the moving piece stands is captured when every one of its neighbours in D holds
one of the player's pieces or is a hostile cell; a piece on the edge never is. Its options
(`of=`, `by=`, `hostile=`) are custodial's. Every figure computed by hand."""
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

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "words" / "surround.yaml"
PATTERN = "surround(orthogonal, of=theirs.leader, by=mine.stone, hostile=centre)"


def position(white: dict, black: dict, to_move="white"):
    g = load_game(GAME)
    return g, g.position({"white": white, "black": black}, to_move=to_move)


def after(g, st, text):
    end = g.apply(st, g.parse_move(st, text))
    return g.position_json(end)["pieces"]["black"], (g.outcome(end).winners if g.is_over(end) else None)


def test_perft_from_the_start():
    g = load_game(GAME)
    assert perft(g, g.initial_state(), 1) == 15          # five pieces, each 1 to 3 cells north
    # black: four pieces 3 cells each, the one facing the white piece moved k cells 3 - k: 5 * (14 + 13 + 12)
    assert perft(g, g.initial_state(), 2) == 195


def test_hemmed_in_by_three_pieces_and_the_empty_centre():
    g, st = position({"stone": ["b2", "d2", "e1"], "leader": ["a3"]}, {"stone": ["e5"], "leader": ["c2"]})
    assert after(g, st, "e1-c1") == (["e5"], ("white",))        # b2, d2, c1 (the mover) and c3


def test_a_centre_an_enemy_stands_on_is_not_hostile():
    g, st = position({"stone": ["b2", "d2", "e1"], "leader": ["a3"]}, {"stone": ["c3", "e5"], "leader": ["c2"]})
    assert after(g, st, "e1-c1") == ({"stone": ["c3", "e5"], "leader": ["c2"]}, None)


def test_three_sides_are_not_enough():
    g, st = position({"stone": ["b2", "e1"], "leader": ["a3"]}, {"stone": ["e5"], "leader": ["c2"]})
    assert after(g, st, "e1-c1") == ({"stone": ["e5"], "leader": ["c2"]}, None)


def test_a_piece_on_the_edge_is_never_hemmed_in():
    g, st = position({"stone": ["a1", "b2", "e3"], "leader": ["e1"]}, {"stone": ["e5"], "leader": ["a2"]})
    assert after(g, st, "e3-a3") == ({"stone": ["e5"], "leader": ["a2"]}, None)


def test_of_spares_the_stones():
    g, st = position({"stone": ["b2", "d2", "e1"], "leader": ["a3"]}, {"stone": ["c2"], "leader": ["e5"]})
    assert after(g, st, "e1-c1") == ({"stone": ["c2"], "leader": ["e5"]}, None)


def test_only_a_move_that_ends_next_to_it_captures():
    # black's leader stands hemmed in already (it moved there): a white move elsewhere takes nothing
    g, st = position({"stone": ["b2", "d2", "c1", "e1"], "leader": ["a3"]}, {"stone": ["e5"], "leader": ["c2"]})
    assert after(g, st, "e1-e2") == ({"stone": ["e5"], "leader": ["c2"]}, None)


def test_by_needs_the_moving_piece_among_them():
    # white's leader closes the ring: it is not of `by` (stones), so nothing is taken
    g, st = position({"stone": ["b2", "d2"], "leader": ["e1"]}, {"stone": ["e5"], "leader": ["c2"]})
    assert after(g, st, "e1-c1") == ({"stone": ["e5"], "leader": ["c2"]}, None)
    # a leader in the ring is no stone either
    g, st = position({"stone": ["b2", "e1"], "leader": ["d2"]}, {"stone": ["e5"], "leader": ["c2"]})
    assert after(g, st, "e1-c1") == ({"stone": ["e5"], "leader": ["c2"]}, None)


def test_the_rules_say_it():
    g = load_game(GAME)
    assert "hem in on every side" in g.info.actions["surround"]


@pytest.mark.parametrize("pattern, expected", [
    ("surround(orthogonal, capture=yes)", "25:58: surround takes no option 'capture' (it takes of, by, hostile)"),
    ("surround(centre)", "25:38: surround needs a direction set, not a zone"),
    ("surround(orthogonal, by=centre)", "25:53: surround(by=...) needs a group of pieces, not a zone"),
])
def test_a_misused_surround_is_located(tmp_path, pattern, expected):
    path = tmp_path / "broken.yaml"
    path.write_text(GAME.read_text(encoding="utf-8").replace(PATTERN, pattern), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == [expected]
