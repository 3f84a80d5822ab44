"""games/shogi.yaml and games/minishogi.yaml: perft from the start in both conventions (the
published figures; deeper ones in tools/corpus_perft.py), the USI names and notation, and
scripted positions for each rule the start does not reach: captures into the hand (a promoted
piece returns demoted), drops and their limits (dead pieces, one pawn per file, no pawn-drop
mate while a pawn-move mate and another drop's mate stand), optional and forced promotion on
moves into, inside and out of the zone, pins and check evasion by a drop, position files with
hands, the max_plies option, and the repetition option (sennichite: a fourfold repetition
of board, hands and player to move draws; a perpetual check loses)."""
from __future__ import annotations

import json

import pytest

from rulebook import load_game
from rulebook.look.scene import end_reason
from rulebook.play.measure import perft
from rulebook.play.positions import position_state, read_position

from conftest import GAMES

_GAMES: dict = {}


def game(file="shogi.yaml", **options):
    key = (file, tuple(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = load_game(GAMES / file, {k: str(v) for k, v in options.items()})
    return _GAMES[key]


def moves(g, st, start=None) -> list[str]:
    out = sorted(g.move_str(m) for m in g.legal_moves(st))
    return [m for m in out if start is None or m.startswith(start)]


def at(pieces, to_move="sente", hands=None, file="shogi.yaml"):
    g = game(file)
    return g, g.position(pieces, to_move=to_move, reserves=hands)


def play(g, st, *texts):
    for t in texts:
        st = g.apply(st, g.parse_move(st, t))
    return st


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("depth,leaves", [(1, 30), (2, 900), (3, 25470)])
def test_shogi_perft_from_the_start(depth, leaves, exact):
    g = game()
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


@pytest.mark.parametrize("depth,exact_leaves,leaf_leaves", [(1, 14, 14), (2, 181, 181), (3, 2512, 2512),
                                                            (4, 35401, 35401)])
def test_minishogi_perft_from_the_start(depth, exact_leaves, leaf_leaves):
    g = game("minishogi.yaml")
    assert perft(g, g.initial_state(), depth, exact=True) == exact_leaves
    assert perft(g, g.initial_state(), depth) == leaf_leaves


def test_minishogi_mate_at_ply_4():
    """The only game that ends within 4 plies: sente mated (leaf depth 5 counts it once)."""
    g = game("minishogi.yaml")
    st = play(g, g.initial_state(), "5e4d", "5a5d", "4d3c", "2a3b")
    assert moves(g, st) == [] and g.outcome(st).winners == ("gote",)


def test_cells_are_named_as_usi_and_moves_by_their_two_cells():
    g = game()
    st = g.initial_state()
    ms = moves(g, st)
    assert len(ms) == 30 and {"7g7f", "2h7h", "5i4h", "1i1h", "9g9f"} <= set(ms)
    assert g.geo.name(0) == "9i" and g.geo.name(80) == "1a" and g.geo.parse_cell("5e") == 40
    pieces = g.position_json(st)["pieces"]
    assert pieces["sente"]["king"] == ["5i"] and pieces["gote"]["king"] == ["5a"]
    assert pieces["sente"]["bishop"] == ["8h"] and pieces["gote"]["bishop"] == ["2b"]
    assert pieces["sente"]["rook"] == ["2h"] and pieces["gote"]["rook"] == ["8b"]
    m = game("minishogi.yaml")
    p = m.position_json(m.initial_state())["pieces"]
    assert p["sente"] == {"king": ["5e"], "gold": ["4e"], "silver": ["3e"], "bishop": ["2e"], "rook": ["1e"],
                          "pawn": ["5d"]}
    assert p["gote"] == {"king": ["1a"], "gold": ["2a"], "silver": ["3a"], "bishop": ["4a"], "rook": ["5a"],
                         "pawn": ["1b"]}


def test_bishop_exchange_promotes_or_not_and_the_capture_goes_to_the_hand():
    g = game()
    st = play(g, g.initial_state(), "7g7f", "3c3d")
    ms = moves(g, st, "8h")
    assert "8h2b" in ms and "8h2b+" in ms                   # into the zone: both moves
    st = play(g, st, "8h2b+")
    js = g.position_json(st)
    assert js["pieces"]["sente"]["horse"] == ["2b"] and js["reserve"]["sente"] == {"bishop": 1}
    st = play(g, st, "3a2b")                                # the horse is taken: a bishop in gote's hand
    assert g.position_json(st)["reserve"]["gote"] == {"bishop": 1}
    assert "B*5e" in moves(g, play(g, st, "7i8h"))


def test_captured_promoted_piece_returns_demoted():
    g, st = at({"sente": {"king": ["5i"], "rook": ["2h"]}, "gote": {"king": ["5a"], "tokin": ["2c"], "dragon": ["8c"]}})
    st = play(g, st, "2h2c")
    assert g.position_json(st)["reserve"]["sente"] == {"pawn": 1}
    st = play(g, st, "8c2c")
    assert g.position_json(st)["reserve"]["gote"] == {"rook": 1}
    assert "R*5e" in moves(g, play(g, st, "5i5h"))


def test_optional_and_forced_promotion():
    g, st = at({"sente": {"king": ["5i"], "pawn": ["2d", "3b"], "knight": ["7d"], "silver": ["4c"], "lance": ["9e"]},
                "gote": {"king": ["5a"]}})
    ms = moves(g, st)
    assert {"2d2c", "2d2c+"} <= set(ms)                     # into the zone: may promote
    assert "3b3a+" in ms and "3b3a" not in ms               # the last rank: must
    assert {"7d6b+", "7d8b+"} <= set(ms) and "7d6b" not in ms and "7d8b" not in ms   # a knight's last two ranks
    assert {"4c3d", "4c3d+", "4c5d", "4c5d+"} <= set(ms)    # out of the zone: may promote
    assert {"9e9c", "9e9c+", "9e9b", "9e9b+", "9e9a+"} <= set(ms) and "9e9a" not in ms
    assert {"9e9d"} <= set(ms) and "9e9d+" not in ms        # outside the zone: no promotion
    st = play(g, st, "4c3d+")
    assert g.position_json(st)["pieces"]["sente"]["promoted_silver"] == ["3d"]


def test_promotion_for_gote_uses_its_own_zone():
    g, st = at({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"], "pawn": ["1f", "2h"]}}, "gote")
    ms = moves(g, st)
    assert {"1f1g", "1f1g+"} <= set(ms) and "2h2i+" in ms and "2h2i" not in ms


def test_drops_never_where_the_piece_could_not_move():
    g, st = at({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"]}}, hands={"sente": {"pawn": 1, "lance": 1, "knight": 1, "gold": 1}})
    ms = moves(g, st)
    for letter, dead in (("P", "a"), ("L", "a"), ("N", "ab")):
        drops = [m for m in ms if m.startswith(letter + "*")]
        assert drops and not any(m[-1] in dead for m in drops)
    assert "N*3c" in ms and "G*3a" in ms and "P*3b" in ms
    gote = g.position({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"]}}, to_move="gote",
                      reserves={"gote": {"pawn": 1, "knight": 1}})
    gm = moves(g, gote)
    assert "P*3i" not in gm and "P*3h" in gm and "N*3h" not in gm and "N*3g" in gm


def test_nifu_one_unpromoted_pawn_per_file():
    g, st = at({"sente": {"king": ["5i"], "pawn": ["5g"], "tokin": ["3c"]}, "gote": {"king": ["1a"], "pawn": ["4c"]}},
               hands={"sente": {"pawn": 1}})
    drops = [m for m in moves(g, st) if m.startswith("P*")]
    assert not any(m[2] == "5" for m in drops)              # the file of the pawn on 5g
    assert "P*3d" in drops and "P*4d" in drops              # a tokin, or an enemy pawn, does not count


def test_uchifuzume_a_pawn_drop_may_not_mate():
    pieces = {"sente": {"king": ["5i"], "gold": ["1c"], "silver": ["3b"]}, "gote": {"king": ["1a"], "lance": ["2a"]}}
    g, st = at(pieces, hands={"sente": {"pawn": 1, "gold": 1}})
    ms = moves(g, st)
    assert "P*1b" not in ms                                 # a pawn drop that mates
    assert "G*1b" in ms and "1c1b" in ms                    # a gold drop or a gold move that mates
    st2 = play(g, st, "G*1b")
    assert moves(g, st2) == [] and g.outcome(st2).winners == ("sente",)
    # a pawn drop that checks without mating is legal
    g, st = at({"sente": {"king": ["5i"], "silver": ["3b"]}, "gote": {"king": ["1a"], "lance": ["2a"]}},
               hands={"sente": {"pawn": 1}})
    assert "P*1b" in moves(g, st)
    # a pawn move that mates is legal
    g, st = at({"sente": {"king": ["5i"], "gold": ["2c"], "pawn": ["1c"], "silver": ["3b"]},
                "gote": {"king": ["1a"], "lance": ["2a"]}})
    assert "1c1b" in moves(g, st)
    st = play(g, st, "1c1b")
    assert moves(g, st) == [] and g.outcome(st).winners == ("sente",)


def test_pins_and_check_evasion_by_a_drop():
    # the gold on 5h is pinned to the file by the rook on 5a: it may only step along it
    g, st = at({"sente": {"king": ["5i"], "gold": ["5h"]}, "gote": {"king": ["1a"], "rook": ["5a"]}})
    assert moves(g, st, "5h") == ["5h5g"]
    # in check from afar: king moves, and drops between the rook and the king
    g, st = at({"sente": {"king": ["5i"]}, "gote": {"king": ["1a"], "rook": ["5a"]}}, hands={"sente": {"gold": 1}})
    ms = moves(g, st)
    drops = sorted(m for m in ms if m.startswith("G*"))
    assert drops == sorted(f"G*5{r}" for r in "bcdefgh")
    assert "5i5h" not in ms and {"5i4h", "5i6i"} <= set(ms)
    # in check from a knight: no interposing, the drop cannot help
    g, st = at({"sente": {"king": ["5i"]}, "gote": {"king": ["1a"], "knight": ["4g"]}}, hands={"sente": {"gold": 1}})
    assert not any(m.startswith("G*") for m in moves(g, st))


def test_drop_notation_is_read_back():
    g, st = at({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"]}}, hands={"sente": {"pawn": 2, "rook": 1}})
    m = g.parse_move(st, "P*5e")
    assert g.move_str(m) == "P*5e"
    st = g.apply(st, m)
    assert g.position_json(st)["reserve"]["sente"] == {"pawn": 1, "rook": 1}
    assert g.position_json(st)["pieces"]["sente"]["pawn"] == ["5e"]


def test_position_files_carry_the_hands(tmp_path):
    g, st = at({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"]}}, hands={"sente": {"pawn": 2}, "gote": {"rook": 1}})
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(g.position_json(st)))
    back = position_state(g, read_position(path))
    assert back == st
    with pytest.raises(Exception, match="held in hand"):
        g.position({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"]}}, reserves={"sente": {"king": 1}})


def test_max_plies_draws():
    g = game(max_plies=2)
    st = play(g, g.initial_state(), "7g7f")
    assert not g.outcome(st).over
    st = play(g, st, "3c3d")
    assert g.outcome(st).over and g.outcome(st).winners == ()


def test_why_a_drop_is_refused():
    g, st = at({"sente": {"king": ["5i"], "gold": ["1c"], "silver": ["3b"]}, "gote": {"king": ["1a"], "lance": ["2a"]}},
               hands={"sente": {"pawn": 1, "gold": 1}})
    assert g.explain(st, "P*1b").startswith("'P*1b' is refused by rule 'no_pawn_drop_mate' of phase 'play' (")
    assert g.explain(st, "G*1b") == "'G*1b' is legal"
    g, st = at({"sente": {"king": ["5i"], "pawn": ["5g"]}, "gote": {"king": ["1a"]}}, hands={"sente": {"pawn": 1}})
    assert g.explain(st, "P*5e").startswith(
        "'P*5e' is refused by the condition when(along(mine.pawn, landing, file_line) == 0) of phase 'play' (")
    g, st = at({"sente": {"king": ["5i"], "pawn": ["5b"]}, "gote": {"king": ["1a"]}})
    assert g.explain(st, "5b5a") == "'5b5a': the legal move with these cells is written 5b5a+"


# sennichite (option repetition): the fourth time a position (board, both hands, the player to
# move) stands ends the game, a draw, or a loss for the player whose every move since the first
# of those times gave check

ROOKS_SHUFFLE = ("2h3h", "8b7b", "3h2h", "7b8b")      # the start again, four plies on


def test_fourfold_repetition_draws_at_the_fourth_time_and_not_before():
    g = game(repetition=True)
    st = g.initial_state()
    for _ in range(2):                  # the start stands a second and a third time
        st = play(g, st, *ROOKS_SHUFFLE)
        assert not g.outcome(st).over
    st = play(g, st, *ROOKS_SHUFFLE[:3])
    assert not g.outcome(st).over
    st = play(g, st, ROOKS_SHUFFLE[3])  # the fourth
    assert g.outcome(st).over and g.outcome(st).winners == ()
    assert g.legal_moves(st) == []
    assert end_reason(g, st) == "repetition"


def test_without_the_option_repetition_goes_on():
    g = game()
    st = play(g, g.initial_state(), *ROOKS_SHUFFLE * 5)
    assert not g.outcome(st).over and len(g.legal_moves(st)) == 30
    # and the game keeps no history: its states are those of the game without the rule
    assert len(g.initial_state()) == len(game(repetition=True).initial_state()) - 2


def test_minishogi_fourfold_repetition_draws():
    g = game("minishogi.yaml", repetition=True)
    shuffle = ("1e1d", "5a5b", "1d1e", "5b5a")     # the rooks
    st = play(g, g.initial_state(), *shuffle * 3)
    assert g.outcome(st).over and g.outcome(st).winners == ()
    plain = game("minishogi.yaml")
    assert not plain.outcome(play(plain, plain.initial_state(), *shuffle * 3)).over


def test_the_same_board_with_other_hands_is_another_position():
    g = game(repetition=True)
    st = g.position({"sente": {"king": ["5i"]}, "gote": {"king": ["5a"], "gold": ["4b"]}}, to_move="sente",
                    reserves={"sente": {"pawn": 1}})
    # the pawn goes from sente's hand to gote's; the kings make up the tempo (sente's on a
    # triangle), and the board stands again with sente to move
    st = play(g, st, "P*4c", "4b4c", "5i5h", "4c4b", "5h4h", "5a5b", "4h5i", "5b5a")
    assert g.position_json(st)["reserve"]["gote"] == {"pawn": 1}
    kings = ("5i4i", "5a6a", "4i5i", "6a5a")     # through cells the tempo moves did not visit
    st = play(g, st, *kings * 2)        # the board's fourth time (plies 0, 8, 12, 16), this position's third
    assert not g.outcome(st).over
    st = play(g, st, *kings)            # and its fourth
    assert g.outcome(st).over and g.outcome(st).winners == ()


CHECKS = ("2i1i", "1a2a", "1i2i", "2a1a")     # sente's rook checks on file 1, then on file 2, ...


def perpetual_check_start(rook):
    g = game(repetition=True)
    return g, g.position({"sente": {"king": ["9i"], "rook": [rook]}, "gote": {"king": ["1a"]}}, to_move="sente")


def test_a_perpetual_check_loses_for_the_checker_at_its_check():
    # from 3i the first check: the position after it (gote to move) stands at plies 1, 5, 9 and 13
    g, st = perpetual_check_start("3i")
    st = play(g, st, "3i1i", *CHECKS[1:], *CHECKS * 2)
    assert not g.outcome(st).over
    st = play(g, st, CHECKS[0])
    assert g.outcome(st).over and g.outcome(st).winners == ("gote",)
    assert g.legal_moves(st) == []
    assert end_reason(g, st) == "perpetual check"


def test_a_perpetual_check_loses_for_the_checker_at_the_escape():
    # from 2i: the start (sente to move) stands at plies 0, 4, 8 and 12, gote's escape making the fourth
    g, st = perpetual_check_start("2i")
    st = play(g, st, *CHECKS * 2, *CHECKS[:3])
    assert not g.outcome(st).over
    st = play(g, st, CHECKS[3])
    assert g.outcome(st).over and g.outcome(st).winners == ("gote",)
    assert end_reason(g, st) == "perpetual check"


def test_a_check_with_some_moves_only_draws():
    # sente's rook checks on file 1 only: on file 2 a gold of gote's stands between it and the king
    g = game(repetition=True)
    st = g.position({"sente": {"king": ["9i"], "rook": ["1i"]}, "gote": {"king": ["1a"], "gold": ["2b"]}},
                    to_move="gote")
    st = play(g, st, *("1a2a", "1i2i", "2a1a", "2i1i") * 3)
    assert g.outcome(st).over and g.outcome(st).winners == ()


def test_perpetual_check_without_the_option_goes_on():
    g = game()
    st = g.position({"sente": {"king": ["9i"], "rook": ["2i"]}, "gote": {"king": ["1a"]}}, to_move="sente")
    st = play(g, st, *CHECKS * 5)
    assert not g.outcome(st).over
