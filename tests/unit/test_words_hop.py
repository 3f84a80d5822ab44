"""The words xiangqi brought, each on a made-up game of tests/data/words (figures by hand):
hop(D) and attacked() over a screen (hop.yaml); a board named from rank 0, the notation
`path: ends`, stepping sequences between zone tests counted by attacked(), and faces()
(legs.yaml); their located errors."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulebook import check_file, load_game
from rulebook.play.measure import perft
from rulebook.source.load import GameFileError

WORDS_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "words"


def moves(g, st, origin=""):
    return sorted(m for m in (g.move_str(x) for x in g.legal_moves(st)) if m.startswith(origin))


def cli(*args):
    return subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True)


# ---------------------------------------------------------------- hop
def test_hop_perft_from_the_start():
    g = load_game(WORDS_DIR / "hop.yaml")
    assert perft(g, g.initial_state(), 1) == 13       # catapults 4 + 4, chief 2, pawns 3


def test_hop_over_exactly_one_screen_of_either_side_onto_an_enemy():
    g = load_game(WORDS_DIR / "hop.yaml")
    st = g.position({"white": {"chief": ["e1"], "catapult": ["a1"], "pawn": ["a2"]},
                     "black": {"chief": ["e5"], "pawn": ["a4", "a5"], "catapult": ["c1"]}}, to_move="white")
    cat = moves(g, st, "a1")
    assert "a1xa4" in cat                              # over its own pawn a2 onto the first piece beyond
    assert "a1xa5" not in cat                          # never over two
    assert "a1-b1" in cat and "a1xc1" not in cat       # no screen east: it only slides
    st = g.position({"white": {"chief": ["e1"], "catapult": ["a1"]},
                     "black": {"chief": ["e5"], "pawn": ["b1", "c1"]}}, to_move="white")
    assert moves(g, st, "a1") == ["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1xc1"]    # a screen of theirs


def test_attacked_counts_hops_and_a_move_making_a_screen_is_refused():
    g = load_game(WORDS_DIR / "hop.yaml")
    st = g.position({"white": {"chief": ["c1"], "catapult": ["a3"]},
                     "black": {"chief": ["e5"], "catapult": ["c5"]}}, to_move="white")
    ms = moves(g, st, "a3")
    assert "a3-b3" in ms and "a3-c3" not in ms         # on c3 it would screen c5's hop onto c1
    assert "c1-c2" in moves(g, st, "c1")               # no screen: the chief is not attacked on c2


def test_hop_inside_a_longer_pattern_is_refused_where_attacked_is_used(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text((WORDS_DIR / "hop.yaml").read_text().replace("slide(orth) | hop(orth)",
                                                              "slide(orth) | hop(orth) when(landing in home)"))
    with pytest.raises(GameFileError) as info:
        check_file(f)
    [finding] = info.value.findings
    assert finding.message.startswith("attacked() counts a capturing hop only when it is a whole alternative")
    proc = cli("validate", f)
    assert proc.returncode == 1 and f"broken.yaml:{finding.line}:{finding.column}: attacked() counts" in proc.stderr


def test_hop_takes_no_options(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text((WORDS_DIR / "hop.yaml").read_text().replace("hop(orth)", "hop(orth, capture=yes)"))
    proc = cli("validate", f)
    assert proc.returncode == 1 and "broken.yaml:" in proc.stderr and "Traceback" not in proc.stderr


def test_hop_in_the_rules_prose():
    proc = cli("rules", WORDS_DIR / "hop.yaml")
    assert proc.returncode == 0 and "screen" in proc.stdout


# ---------------------------------------------------------------- legs.yaml
def test_legs_perft_names_and_notation():
    g = load_game(WORDS_DIR / "legs.yaml")
    st = g.initial_state()
    assert moves(g, st) == ["a1a2", "b0a2", "b0c2", "c1c2", "d0c2", "d0e2", "e1e2"]
    assert g.geo.name(0) == "a0" and g.geo.parse_cell("e5") is not None and g.geo.parse_cell("a6") is None
    assert g.geo.parse_cell("a00") is None
    proc = cli("show", WORDS_DIR / "legs.yaml")
    assert proc.returncode == 0 and "\n  0 . R L R ." in proc.stdout


def test_a_capture_through_a_leg_is_written_by_its_two_cells():
    g = load_game(WORDS_DIR / "legs.yaml")
    st = g.position({"white": {"lord": ["c0"], "rider": ["b0"], "scout": ["c1"]},
                     "black": {"lord": ["c5"], "scout": ["c2", "a2"]}}, to_move="white")
    assert moves(g, st, "b0") == ["b0a2", "b0c2"]      # captures, not b0b1a2
    st = g.position({"white": {"lord": ["c0"], "rider": ["b0"], "scout": ["b1", "c1"]},
                     "black": {"lord": ["c5"]}}, to_move="white")
    assert moves(g, st, "b0") == []                    # the leg b1 is occupied


def test_attacked_counts_a_leg_and_its_zone_tests():
    g = load_game(WORDS_DIR / "legs.yaml")
    # black's rider d3 attacks c1 through its leg d2 (a step ahead, south for black)
    st = g.position({"white": {"lord": ["c0"], "scout": ["a1"]}, "black": {"lord": ["a5"], "rider": ["d3"]}},
                    to_move="white")
    assert "c0c1" not in moves(g, st) and "c0b0" in moves(g, st)
    st = g.position({"white": {"lord": ["c0"], "scout": ["d2"]}, "black": {"lord": ["a5"], "rider": ["d3"]}},
                    to_move="white")
    assert "c0c1" in moves(g, st)                      # the leg is blocked
    # the lord stays in its keep (b..d, ranks 0-1); the scout goes sideways on the far half only
    st = g.position({"white": {"lord": ["b1"], "scout": ["a3", "e2"]}, "black": {"lord": ["d5"]}}, to_move="white")
    assert moves(g, st, "b1") == ["b1b0", "b1c1"]
    assert moves(g, st, "a3") == ["a3a4", "a3b3"] and moves(g, st, "e2") == ["e2e3"]


def test_faces_forbids_the_lords_seeing_each_other():
    g = load_game(WORDS_DIR / "legs.yaml")
    st = g.position({"white": {"lord": ["c0"], "scout": ["c3"]}, "black": {"lord": ["c5"]}}, to_move="white")
    assert moves(g, st, "c3") == ["c3c4"]              # sideways would open the file
    st = g.position({"white": {"lord": ["b0"]}, "black": {"lord": ["c5"]}}, to_move="white")
    assert "b0c0" not in moves(g, st) and "b0b1" in moves(g, st)


def test_faces_needs_groups_and_a_direction(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text((WORDS_DIR / "legs.yaml").read_text().replace("faces(mine.lord, ahead, theirs.lord)",
                                                               "faces(mine.lord, theirs.lord, ahead)"))
    proc = cli("validate", f)
    assert proc.returncode == 1 and "broken.yaml:" in proc.stderr and "faces" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_first_rank_is_0_or_1(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text((WORDS_DIR / "legs.yaml").read_text().replace("first_rank: 0", "first_rank: 2"))
    proc = cli("validate", f)
    assert proc.returncode == 1 and "broken.yaml:" in proc.stderr and "Traceback" not in proc.stderr


def test_why_names_the_legal_rule_that_refuses():
    g = load_game(WORDS_DIR / "legs.yaml")
    st = g.position({"white": {"lord": ["c0"], "scout": ["c3"]}, "black": {"lord": ["c5"]}}, to_move="white")
    text = g.explain(st, "c3b3")
    assert "apart" in text


def test_captures_elsewhere_tells_a_landing_capture_from_one_off_the_landing():
    """Pin filters skip the test of a capture off the landing for phases whose words cannot make
    one: a capturing step or slide last in its pattern, a hop; not a jump, a take, or a capturing
    step that another step follows."""
    from rulebook.boards.grid.patterns import captures_elsewhere
    from rulebook.lang.dsl import Action, Name, Rep, Seq

    def act(word, **kw):
        return Action(word, [Name(("adjacent",))], {k: Name((v,)) for k, v in kw.items()})

    assert not captures_elsewhere(act("step", capture="yes"))
    assert not captures_elsewhere(act("hop"))
    assert not captures_elsewhere(Seq(act("step"), act("step", capture="yes")))
    assert captures_elsewhere(Seq(act("step", capture="yes"), act("step")))
    assert captures_elsewhere(Rep(act("step", capture="yes"), "+"))
    assert not captures_elsewhere(Rep(act("step", capture="yes"), "?"))
    assert captures_elsewhere(act("jump", capture="yes"))
    assert not captures_elsewhere(act("step"))
