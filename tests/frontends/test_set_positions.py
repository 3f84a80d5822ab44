"""Set positions checked against the game's own rules (the `legal` rules of the last move's phase
for the player who made it, the file's `position:` rules for every player), and what a finished
position reads back as (docs/positions.md)."""
from __future__ import annotations

import json
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import GAMES, ROOT, line_of

from rulebook import GameFileError, RulebookError, check_file, load_game
from rulebook.cli import main
from rulebook.play.positions import position_state

sys.path.insert(0, str(ROOT))
from tools.fen import fen_to_position  # noqa: E402

CHESS = load_game(GAMES / "chess.yaml")
KING_SAFE_RULE = "not attacked(mine.king) and not attacked(mine.unmoved_king)"
ONE_KING_RULE = "count(mine.king) + count(mine.unmoved_king) == 1"
NO_PAWN_RULE = "none(mine.pawn in home) and none(mine.pawn in opponent.home)"
KING_SAFE = (f"and breaks the legal rule 'king_safe' ({GAMES / 'chess.yaml'}:"
             f"{line_of(GAMES / 'chess.yaml', KING_SAFE_RULE)}: {KING_SAFE_RULE})")
ONE_KING = (f"breaks the position rule 'one_king' ({GAMES / 'chess.yaml'}:"
            f"{line_of(GAMES / 'chess.yaml', ONE_KING_RULE)}: {ONE_KING_RULE})")
NO_PAWN = (f"breaks the position rule 'no_pawn_on_an_end_rank' ({GAMES / 'chess.yaml'}:"
           f"{line_of(GAMES / 'chess.yaml', NO_PAWN_RULE)}: {NO_PAWN_RULE})")


def refused(game, data) -> str:
    with pytest.raises(RulebookError) as info:
        position_state(game, data, "pos.json")
    return str(info.value)


def cli(capsys, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    got = capsys.readouterr()
    return info.value.code, got.out, got.err


def test_the_side_not_to_move_in_check_is_refused():
    data = {"to_move": "white", "pieces": {"white": {"king": ["e1"], "rook": ["e7"]}, "black": {"king": ["e8"]}}}
    assert refused(CHESS, data) == "pos.json: black moved last (white is to move) " + KING_SAFE


def test_the_side_to_move_in_check_is_a_position():
    data = {"to_move": "black", "pieces": {"white": {"king": ["e1"], "rook": ["e7"]}, "black": {"king": ["e8"]}}}
    moves = [CHESS.move_str(m) for m in CHESS.legal_moves(position_state(CHESS, data))]
    assert sorted(moves) == ["e8d8", "e8e7", "e8f8"]      # not d7 nor f7, on the rook's rank


def test_a_fen_with_the_side_not_to_move_in_check_is_refused():
    # white to move, the black king on e8 attacked by the rook on e2: capturing it (e2e8) was listed
    pos = fen_to_position("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")
    assert refused(CHESS, pos) == "pos.json: black moved last (white is to move) " + KING_SAFE


def test_the_cli_refuses_it_located_exit_1(tmp_path, capsys):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(fen_to_position("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")))
    for command in (["moves"], ["perft", "1"]):
        code, out, err = cli(capsys, command[0], GAMES / "chess.yaml", *command[1:], "--position", path)
        assert code == 1 and out == ""
        assert err.strip() == f"{path}: black moved last (white is to move) " + KING_SAFE


def test_two_kings_of_one_side_are_refused():
    data = {"pieces": {"white": {"king": ["e1", "a1"]}, "black": {"king": ["e8"]}}}
    assert refused(CHESS, data) == "pos.json: white " + ONE_KING


def test_no_king_is_refused():
    data = {"pieces": {"white": {"king": ["e1"]}, "black": {"queen": ["a5"]}}}
    assert refused(CHESS, data) == "pos.json: black " + ONE_KING


@pytest.mark.parametrize("cell", ["a8", "h1"])
def test_a_pawn_on_an_end_rank_is_refused(cell):
    data = {"pieces": {"white": {"king": ["e1"], "pawn": [cell]}, "black": {"king": ["e6"]}}}
    assert refused(CHESS, data) == "pos.json: white " + NO_PAWN


def test_xiangqi_wants_one_general_in_its_palace():
    g = load_game(GAMES / "xiangqi.yaml")
    msg = refused(g, {"pieces": {"red": {"general": ["a0"]}, "black": {"general": ["e9"]}}})
    assert msg.startswith("pos.json: red breaks the position rule 'general_in_palace' (")
    assert msg.endswith(": all(mine.general in palace))")


def test_draughts_wants_no_man_on_its_crowning_rank():
    g = load_game(GAMES / "english_draughts.yaml")
    msg = refused(g, {"pieces": {"black": ["b8"], "white": ["c5"]}})
    assert msg.startswith("pos.json: black breaks the position rule 'no_man_on_the_crowning_rank' (")


POSITION_RULES = """
game: Guarded
players: [white, black]
board: {grid: {files: 3, ranks: 3}}
zones: {board: all, home: rank 1}
pieces: {stone: {}}
phases:
  - name: play
    move: place(board)
end:
  draw: count(empty) == 0
position:
  few: count(mine) <= 2
"""


def test_a_made_up_game_states_its_own_position_rule(tmp_path):
    path = tmp_path / "guarded.yaml"
    path.write_text(POSITION_RULES)
    g = load_game(path)
    assert position_state(g, {"pieces": {"white": ["a1", "b1"]}})
    msg = refused(g, {"pieces": {"white": ["a1", "b1", "c1"]}})
    assert msg == f"pos.json: white breaks the position rule 'few' ({path}:13: count(mine) <= 2)"
    # the game's compiled code is the same with or without the rule
    plain = tmp_path / "plain.yaml"
    plain.write_text(POSITION_RULES.split("position:")[0])
    def code(p):
        return {k: v.replace(str(p), "FILE") for k, v in load_game(p).sources.items()}
    assert code(path) == code(plain)


def test_a_position_rule_with_a_word_the_game_has_no_tables_for_is_a_finding(tmp_path):
    path = tmp_path / "rows.yaml"
    path.write_text(POSITION_RULES.replace("few: count(mine) <= 2", "few: not in_a_row(3, of=mine)"))
    with pytest.raises(GameFileError) as info:
        check_file(path)
    (f,) = info.value.findings
    assert (f.line, f.column) == (13, 8) and "position rule few uses in_a_row()" in f.message


# ---------------------------------------------------------------- finished positions
def finished_tictactoe(tmp_path, capsys) -> str:
    record = tmp_path / "match.json"
    code, out, _ = cli(capsys, "play", GAMES / "tictactoe.yaml", "--players", "random,random", "--seed", "4",
                       "--record", record)
    assert code in (0, None) and "x won after 7 plies" in out
    code, out, _ = cli(capsys, "show", GAMES / "tictactoe.yaml", "--record", record, "--json")
    return out


def test_a_finished_matchs_last_position_reads_back_finished(tmp_path, capsys):
    path = tmp_path / "pos.json"
    path.write_text(finished_tictactoe(tmp_path, capsys))
    code, out, err = cli(capsys, "moves", GAMES / "tictactoe.yaml", "--position", path)
    assert (out + err).strip() == "no moves: the game is over (x won after 7 plies)"
    code, out, _ = cli(capsys, "perft", GAMES / "tictactoe.yaml", "2", "--exact", "--position", path)
    assert out.split()[-1] == "0"


def test_a_line_on_the_board_ends_the_game_without_last(tmp_path, capsys):
    data = json.loads(finished_tictactoe(tmp_path, capsys))
    del data["last"]
    g = load_game(GAMES / "tictactoe.yaml")
    st = position_state(g, data)
    assert g.is_over(st) and g.outcome(st).winners == ("x",)


def test_a_line_made_by_either_stone_of_a_drop_shows():
    g = load_game(GAMES / "connect6.yaml")
    # black's six on rank 1; `last` names the other stone of black's move, off the line
    data = {"to_move": "white", "ply": 11, "last": "s19",
            "pieces": {"black": ["a1", "b1", "c1", "d1", "e1", "f1", "s19"],
                       "white": ["a5", "b5", "c5", "d5", "e5", "f5"]}}
    st = position_state(g, data)
    assert g.outcome(st).winners == ("black",)


def _positional(path) -> bool:
    """Whether a shipped game has the grid kind's position form (no open board of tiles, no track:
    tests/games/test_backgammon.py fuzzes the track's)."""
    import yaml
    return not {"open", "track"} & set(yaml.safe_load(path.read_text()).get("board") or {})


@pytest.mark.parametrize("name", sorted(p.name for p in GAMES.glob("*.yaml") if _positional(p)))
def test_the_end_of_a_random_game_reads_back_the_same(name):
    g = load_game(GAMES / name)
    for seed in range(3):
        rng, st, n = random.Random(seed), g.initial_state(), 0
        while not g.is_over(st) and n < 300:
            st, n = g.apply(st, g.random_move(st, rng)), n + 1
        back = position_state(g, g.position_json(st))
        a, b = g.outcome(st), g.outcome(back)
        assert (a.over, a.winners) == (b.over, b.winners), (name, seed, n)


# ---------------------------------------------------------------- fuzz: every shipped game
SHIPPED = {p.name: load_game(p) for p in sorted(GAMES.glob("*.yaml")) if _positional(p)}


@st.composite
def random_position(draw):
    name = draw(st.sampled_from(sorted(SHIPPED)))
    g = SHIPPED[name]
    if draw(st.booleans()):         # a position of play (legal), perhaps with a piece moved or added
        rng, state = random.Random(draw(st.integers(0, 1000))), g.initial_state()
        for _ in range(draw(st.integers(0, 60))):
            if g.is_over(state):
                break
            state = g.apply(state, g.random_move(state, rng))
        data = g.position_json(state)
        if draw(st.booleans()):
            owner = draw(st.sampled_from(list(g.players)))
            kind = draw(st.sampled_from([k.name for k in g.kinds]))
            where = data["pieces"].setdefault(owner, [])
            if isinstance(where, list):
                where = data["pieces"][owner] = {g.kinds[0].name: where}
            where.setdefault(kind, []).append(g.geo.name(draw(st.sampled_from(g.geo.cells()))))
        if draw(st.booleans()):
            data["to_move"] = draw(st.sampled_from(list(g.players)))
        return name, data
    cells = [g.geo.name(i) for i in g.geo.cells()]
    kinds = [k.name for k in g.kinds]
    owners = list(g.players) + (["nobody"] if draw(st.booleans()) else [])
    chosen = draw(st.lists(st.sampled_from(cells), max_size=min(24, len(cells)), unique=True))
    if draw(st.integers(0, 9)) == 0:
        chosen.append(draw(st.sampled_from(cells + ["z99", "a0", ""])))      # a bad or doubled cell
    pieces: dict = {}
    for c in chosen:
        owner = draw(st.sampled_from(owners))
        pieces.setdefault(owner, {}).setdefault(draw(st.sampled_from(kinds)), []).append(c)
    data = {"pieces": pieces, "to_move": draw(st.sampled_from(list(g.players)))}
    if draw(st.booleans()):
        data["ply"] = draw(st.integers(0, 400))
    if draw(st.booleans()):
        data["reserve"] = {p: draw(st.integers(0, 5)) for p in g.players}
    return name, data


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=random_position())
def test_a_random_position_is_refused_with_a_message_or_playable(case):
    name, data = case
    g = SHIPPED[name]
    try:
        st = position_state(g, data, "pos.json")
    except RulebookError as e:
        assert str(e).startswith("pos.json: ") and len(str(e)) > len("pos.json: ")
        return
    rng = random.Random(0)
    for _ in range(4):
        if g.is_over(st):
            g.outcome(st)
            break
        moves = g.legal_moves(st)
        st = g.apply(st, rng.choice(moves))


def test_position_rules_belong_to_grid_boards(tmp_path):
    path = tmp_path / "tiles.yaml"
    path.write_text((GAMES / "zug.yaml").read_text() + "position:\n  some: count(mine) >= 0\n")
    with pytest.raises(GameFileError) as info:
        check_file(path)
    assert any("'position': position rules (set positions) belong to grid boards, not to an open board" in f.message
               for f in info.value.findings)


def test_analysis_may_build_an_unchecked_position():
    pieces = {"white": {"king": ["e1"], "rook": ["e7"]}, "black": {"king": ["e8"]}}
    with pytest.raises(RulebookError):
        CHESS.position(pieces, "white")
    st = CHESS.position(pieces, "white", checked=False)
    assert "e7e8" in [CHESS.move_str(m) for m in CHESS.legal_moves(st)]
