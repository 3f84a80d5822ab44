"""games/chess.yaml: perft from the start and from the standard test positions, scripted
positions for every special rule, and random games replayed against python-chess (a test-only
dependency, an independent implementation) comparing the legal moves at every ply and the result.

The golden perft figures are the published ones (the chessprogramming wiki's perft results page):
Kiwipete and positions 3 to 6, in the exact convention.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys

import chess
import pytest

from rulebook import load_game
from rulebook.play.measure import perft
from tools.fen import fen_to_position, position_to_fen

from conftest import GAMES, ROOT

FILE = GAMES / "chess.yaml"
_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(FILE, {k: str(v).lower() for k, v in options.items()})
    return _GAMES[key]


def at(fen: str, g=None):
    g = g or game()
    pos = fen_to_position(fen)
    return g.position(pos["pieces"], to_move=pos["to_move"], ply=pos["ply"], quiet=pos["quiet"],
                      last=pos.get("last"), passed=pos.get("passed"))


def moves(g, st) -> list[str]:
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def play(g, st, *texts):
    for t in texts:
        st = g.apply(st, g.parse_move(st, t))
    return st


# ---------------------------------------------------------------- perft
@pytest.mark.parametrize("depth,leaves", [(1, 20), (2, 400), (3, 8902), (4, 197281)])
def test_perft_from_the_start(depth, leaves):
    g = game()
    assert perft(g, g.initial_state(), depth, exact=True) == leaves


KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITIONS = [
    (KIWIPETE, [48, 2039, 97862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238]),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
    ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", [6, 264, 9467]),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379]),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", [46, 2079, 89890]),
]


@pytest.mark.parametrize("fen,figures", POSITIONS, ids=["kiwipete", "position3", "position4", "position4-mirrored",
                                                        "position5", "position6"])
def test_perft_of_the_standard_positions(fen, figures):
    g = game()
    st = at(fen, g)
    for depth, leaves in enumerate(figures, 1):
        assert perft(g, st, depth, exact=True) == leaves, (fen, depth)


def test_the_cli_reads_a_position_converted_from_fen(tmp_path):
    pos = tmp_path / "kiwipete.json"
    pos.write_text(json.dumps(fen_to_position(KIWIPETE)))
    proc = subprocess.run([sys.executable, "-m", "rulebook", "perft", FILE, "2", "--exact", "--position", pos],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[0] == "2039"
    show = subprocess.run([sys.executable, "-m", "rulebook", "show", FILE, "--position", pos, "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert position_to_fen(json.loads(show.stdout)) == KIWIPETE


# ---------------------------------------------------------------- castling
def test_castling_both_ways_moves_the_rook_and_ends_the_right():
    g = game()
    st = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", g)
    assert {"e1g1", "e1c1"} <= set(moves(g, st))
    after = play(g, st, "e1g1")
    pieces = g.position_json(after)["pieces"]["white"]
    assert pieces["king"] == ["g1"] and pieces["rook"] == ["f1"] and pieces["unmoved_rook"] == ["a1"]
    assert position_to_fen(g.position_json(after)).split()[2] == "kq"
    after = play(g, st, "e1c1")
    pieces = g.position_json(after)["pieces"]["white"]
    assert pieces["king"] == ["c1"] and pieces["rook"] == ["d1"]
    black = play(g, st, "a1b1")
    assert {"e8g8", "e8c8"} <= set(moves(g, black))


@pytest.mark.parametrize("fen,refused,why", [
    ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", {"e1g1", "e1c1"}, "the king has moved (no right)"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", {"e1g1"}, "the h1 rook has moved"),
    ("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", {"e1g1", "e1c1"}, "a piece between"),
    ("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", {"e1g1", "e1c1"}, "the king is in check"),
    ("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", {"e1g1"}, "the king passes an attacked cell (f1)"),
    ("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", {"e1c1"}, "the king passes an attacked cell (d1)"),
    ("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", {"e1g1"}, "the king lands on an attacked cell (g1)"),
])
def test_castling_refused(fen, refused, why):
    g = game()
    assert not refused & set(moves(g, at(fen, g))), why


def test_castling_allowed_when_only_b1_is_attacked():
    g = game()
    assert "e1c1" in moves(g, at("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", g))


# ---------------------------------------------------------------- en passant
def test_en_passant_only_right_after_the_double_step():
    g = game()
    st = play(g, g.initial_state(), "e2e4", "a7a6", "e4e5", "d7d5")
    assert "e5d6" in moves(g, st)
    taken = play(g, st, "e5d6")
    black = g.position_json(taken)["pieces"]["black"]["pawn"]
    assert "d5" not in black and len(black) == 7
    later = play(g, st, "a2a3", "a6a5")
    assert "e5d6" not in moves(g, later)
    single = play(g, g.initial_state(), "e2e4", "d7d6", "e4e5", "a7a6", "a2a3", "d6d5")
    assert "e5d6" not in moves(g, single)            # d6-d5 was a single step


def test_en_passant_refused_when_it_opens_the_rank_to_the_king():
    g = game()
    st = at("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", g)
    assert "e5d6" not in moves(g, st) and "e5e6" in moves(g, st)


# ---------------------------------------------------------------- promotion
def test_promotion_to_each_of_four_kinds_with_and_without_capture():
    g = game()
    st = at("1n5k/P7/8/8/8/8/8/K7 w - - 0 1", g)
    assert [m for m in moves(g, st) if m.startswith("a7")] == [
        "a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"]
    for letter, kind in (("q", "queen"), ("r", "rook"), ("b", "bishop"), ("n", "knight")):
        after = play(g, st, f"a7b8{letter}")
        assert g.position_json(after)["pieces"]["white"][kind] == ["b8"]


# ---------------------------------------------------------------- the end
def test_checkmate_wins():
    g = game()
    st = play(g, g.initial_state(), "f2f3", "e7e5", "g2g4", "d8h4")
    assert g.is_over(st) and g.outcome(st).winners == ("black",)


def test_stalemate_is_a_draw():
    g = game()
    st = play(g, at("7k/8/4Q3/8/8/8/8/K7 w - - 0 1", g), "e6f7")     # (a queen on f6 would give check)
    assert g.legal_moves(st) == [] and g.outcome(st).winners == () and g.is_over(st)


@pytest.mark.parametrize("on", [True, False])
def test_fifty_moves(on):
    g = game(fifty_moves=on)
    st = play(g, at("7k/8/8/8/8/8/8/KR6 w - - 99 80", g), "b1b2")
    assert g.is_over(st) == on
    reset = play(g, at("7k/8/8/8/8/8/P7/KR6 w - - 99 80", g), "a2a3")    # a pawn's move resets the count
    assert not g.is_over(reset)


@pytest.mark.parametrize("on", [True, False])
def test_threefold_repetition(on):
    g = game(repetition=on)
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    st = play(g, g.initial_state(), *shuffle, *shuffle[:3])
    assert not g.is_over(st)
    st = play(g, st, shuffle[3])                          # the start stands for the third time
    assert g.is_over(st) == on
    if on:
        assert g.outcome(st).winners == ()


@pytest.mark.parametrize("fen,drawn", [
    ("7k/8/8/8/8/8/1r6/K1B5 w - - 0 1", True),          # K+B v K
    ("7k/8/8/8/8/8/1r6/K1N5 w - - 0 1", True),          # K+N v K
    ("7k/8/8/8/8/8/1r6/KNN5 w - - 0 1", False),         # two knights (a mate exists)
    ("6bk/8/8/8/8/8/1r6/K1B5 w - - 0 1", False),        # bishops on both colours
    ("7k/8/7b/8/8/8/1r6/K1B5 w - - 0 1", True),         # both bishops on dark squares
])
def test_insufficient_material(fen, drawn):
    """The white king takes the rook on b2; what is left decides."""
    g = game()
    assert g.is_over(play(g, at(fen, g), "a1b2")) == drawn
    off = game(insufficient_material=False)
    assert not off.is_over(play(off, at(fen, off), "a1b2"))


def test_records_and_traces_are_in_uci(tmp_path):
    record = tmp_path / "match.json"
    proc = subprocess.run([sys.executable, "-m", "rulebook", "play", FILE, "--players", "random,random", "--seed", "5",
                           "--record", record], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(record.read_text())
    board = chess.Board()
    for m in data["moves"]:
        board.push_uci(m)                                  # python-chess reads every move as UCI
    replay = subprocess.run([sys.executable, "-m", "rulebook", "replay", FILE, record], capture_output=True,
                            text=True, cwd=ROOT, timeout=300)
    assert replay.returncode == 0, replay.stderr


# ---------------------------------------------------------------- against python-chess
def _reference_result(board: chess.Board) -> str | None:
    if board.is_checkmate():
        return "white" if board.turn == chess.BLACK else "black"
    if board.is_stalemate() or board.is_insufficient_material() or board.halfmove_clock >= 100 \
            or board.is_repetition(3):
        return "draw"
    return None


@pytest.mark.parametrize("block", range(6))
def test_random_games_against_python_chess(block):
    """50 random games per block: the sorted legal moves agree at every ply, and the result."""
    g = game()
    for seed in range(block * 50, block * 50 + 50):
        rng = random.Random(seed)
        board, st = chess.Board(), g.initial_state()
        while True:
            expected = _reference_result(board)
            assert g.is_over(st) == (expected is not None), (seed, board.fen())
            if expected is not None:
                winners = g.outcome(st).winners
                assert (winners[0] if winners else "draw") == expected, (seed, board.fen())
                break
            ours = moves(g, st)
            assert ours == sorted(m.uci() for m in board.legal_moves), (seed, board.fen())
            move = rng.choice(ours)
            board.push_uci(move)
            st = g.apply(st, g.parse_move(st, move))


def test_why_of_a_cell_named_alone_explains_it_as_a_piece():
    """A cell alone (a click on the page) in a game of piece moves: whose piece, its moves, or
    the rule that refuses every one of them."""
    g = load_game("games/chess.yaml")
    st = g.initial_state()
    assert g.explain(st, "e4") == "'e4': e4 holds no piece of white"
    assert g.explain(st, "e2") == "'e2' stops early: the move goes on (e2e3, e2e4)"
    assert g.explain(st, "a1") == "'a1': the piece on a1 has no move"
    for text in ("e2e4", "e7e5", "d1h5"):
        st = g.apply(st, g.parse_move(st, text))
    assert g.explain(st, "f7").startswith("'f7': every move of the piece on f7 is refused by rule 'king_safe'")


def test_a_finished_game_has_no_moves_after_its_end_is_explained():
    """Saying why a game ended asks its end rules again (`stuck` lists the moves of the player
    to move and keeps them): the finished position still has no legal move after that."""
    import random
    from rulebook.look.scene import end_reason
    g = load_game("games/chess.yaml")
    rng, st = random.Random(2), g.initial_state()
    while not g.is_over(st):
        st = g.apply(st, rng.choice(g.legal_moves(st)))
    assert end_reason(g, st) == "insufficient material"
    assert g.legal_moves(st) == [] and g.is_over(st)
