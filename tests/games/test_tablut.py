"""games/tablut.yaml: perft from the start (both conventions), scripted positions for every rule
(the throne, hostile cells, the king's capture and escape, the options), and random games
replayed against a small independent implementation of the rules written here, comparing the
legal moves and the position at every ply, with every combination of the options.
"""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES, ROOT, play_and_replay

FILE = GAMES / "tablut.yaml"
_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(FILE, {k: str(v).lower() for k, v in options.items()} or None)
    return _GAMES[key]


def at(attackers, defenders, king, to_move="attackers", **options):
    g = game(**options)
    return g, g.position({"attackers": {"soldier": attackers}, "defenders": {"soldier": defenders, "king": [king]}},
                         to_move=to_move)


def moves(g, st) -> list[str]:
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def after(g, st, text):
    """The pieces after the move, and the winners (None while the game goes on)."""
    end = g.apply(st, g.parse_move(st, text))
    pieces = g.position_json(end)["pieces"]
    return ({p: sorted(v) if isinstance(v, list) else {k: sorted(c) for k, c in v.items()} for p, v in pieces.items()},
            g.outcome(end).winners if g.is_over(end) else None)


# ---------------------------------------------------------------- perft
@pytest.mark.parametrize("depth,leaves", [(1, 80), (2, 4400), (3, 353200)])
@pytest.mark.parametrize("exact", [False, True])
def test_perft_from_the_start(depth, leaves, exact):
    g = game()
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


def test_the_start():
    g = game()
    st = g.initial_state()
    pieces = g.position_json(st)["pieces"]
    assert sorted(pieces["attackers"]) == sorted("d1 e1 f1 e2 d9 e9 f9 e8 a4 a5 a6 b5 i4 i5 i6 h5".split())
    assert {k: sorted(v) for k, v in pieces["defenders"].items()} == {
        "soldier": sorted("c5 d5 f5 g5 e3 e4 e6 e7".split()), "king": ["e5"]}
    assert g.players[g.to_move(st)] == "attackers"
    assert "d1-d4" in moves(g, st) and "e2-b2" in moves(g, st)


# ---------------------------------------------------------------- the throne
def test_only_the_king_stops_on_the_throne_and_soldiers_pass_over_it():
    g, st = at(["e2", "a9"], ["i9"], "c6")
    assert [m for m in moves(g, st) if m.startswith("e2-e")] == ["e2-e1", "e2-e3", "e2-e4", "e2-e6", "e2-e7",
                                                                  "e2-e8", "e2-e9"]
    assert g.explain(st, "e2-e5").startswith("'e2-e5' is refused by the condition when(not (landing in throne))")
    g, st = at(["a9"], ["i9"], "e3", to_move="defenders")
    assert "e3-e5" in moves(g, st) and "e3-e9" in moves(g, st)              # the king stops on it, or passes it


def test_pass_throne_false_the_throne_blocks_soldiers():
    g, st = at(["e2", "a9"], ["i9"], "c6", pass_throne=False)
    assert [m for m in moves(g, st) if m.startswith("e2-e")] == ["e2-e1", "e2-e3", "e2-e4"]
    assert "refused by the condition slide(orthogonal, within=" in g.explain(st, "e2-e7")
    g, st = at(["a9"], ["i9"], "e3", to_move="defenders", pass_throne=False)
    assert "e3-e5" in moves(g, st) and "e3-e9" in moves(g, st)              # not the king


# ---------------------------------------------------------------- custodial captures
def test_a_soldier_between_two_enemies_is_taken_and_several_at_once():
    g, st = at(["c3", "g3", "a1"], ["d3", "f3", "i9"], "b8")
    assert after(g, st, "a1-a2")[0]["defenders"]["soldier"] == ["d3", "f3", "i9"]     # nothing closed in
    g, st = at(["c3", "g3", "e1"], ["d3", "f3", "i9"], "b8")
    assert after(g, st, "e1-e3")[0]["defenders"]["soldier"] == ["i9"]                 # d3 and f3 at once


def test_moving_between_two_enemies_is_safe():
    g, st = at(["c3", "e3", "a9"], ["d1", "i9"], "b8", to_move="defenders")
    assert after(g, st, "d1-d3")[0]["defenders"]["soldier"] == ["d3", "i9"]


def test_the_empty_throne_is_hostile_to_both_sides():
    g, st = at(["a3"], ["e4", "i9"], "b8")
    assert after(g, st, "a3-e3")[0]["defenders"]["soldier"] == ["i9"]                 # e4 against the throne
    g, st = at(["f4", "a1"], ["i9", "g8"], "b8", to_move="defenders")
    assert after(g, st, "g8-g5")[0]["attackers"] == ["a1", "f4"]                      # f4 not next to it
    g, st = at(["f5", "a1"], ["g8", "i9"], "b8", to_move="defenders")
    assert after(g, st, "g8-g5")[0]["attackers"] == ["a1"]                            # f5 against the throne


def test_the_throne_with_the_king_is_hostile_to_attackers_only():
    g, st = at(["f5", "a1"], ["g8", "i9"], "e5", to_move="defenders")
    assert after(g, st, "g8-g5")[0]["attackers"] == ["a1"]
    g, st = at(["a3"], ["e4", "i9"], "e5")
    assert after(g, st, "a3-e3")[0]["defenders"]["soldier"] == ["e4", "i9"]


def test_the_king_is_never_taken_between_two():
    g, st = at(["c5", "a6"], ["a9"], "d5")
    assert after(g, st, "a6-d6") == ({"attackers": ["c5", "d6"], "defenders": {"soldier": ["a9"], "king": ["d5"]}},
                                     None)


def test_armed_king_captures_as_hammer_and_anvil():
    g, st = at(["c7", "a1"], ["c8"], "c3", to_move="defenders")
    assert after(g, st, "c3-c6")[0]["attackers"] == ["a1"]                            # the king moves
    g, st = at(["d7", "a1"], ["d9"], "d6", to_move="defenders")
    assert after(g, st, "d9-d8")[0]["attackers"] == ["a1"]                            # the king beyond


def test_unarmed_king_never_captures_but_its_throne_stays_hostile():
    g, st = at(["c7", "a1"], ["c8"], "c3", to_move="defenders", armed_king=False)
    assert after(g, st, "c3-c6")[0]["attackers"] == ["a1", "c7"]
    g, st = at(["d7", "a1"], ["d9"], "d6", to_move="defenders", armed_king=False)
    assert after(g, st, "d9-d8")[0]["attackers"] == ["a1", "d7"]
    g, st = at(["f5", "a1"], ["g8", "i9"], "e5", to_move="defenders", armed_king=False)
    assert after(g, st, "g8-g5")[0]["attackers"] == ["a1"]


# ---------------------------------------------------------------- the king's capture and escape
def test_the_king_is_taken_on_four_sides_and_the_attackers_win():
    g, st = at(["c6", "b5", "c4", "h5"], ["a9"], "c5")
    assert after(g, st, "h5-d5") == ({"attackers": ["b5", "c4", "c6", "d5"], "defenders": ["a9"]}, ("attackers",))
    g, st = at(["c6", "b5", "h1"], ["a9"], "c5")                                        # three are not enough
    assert after(g, st, "h1-c1")[1] is None


def test_the_king_next_to_the_throne_is_taken_on_three_sides():
    g, st = at(["c6", "d6", "d4", "a5"], ["a9"], "d5")
    assert after(g, st, "c6-c5")[1] == ("attackers",)


def test_the_king_on_the_throne_needs_four():
    g, st = at(["e6", "d5", "f5", "a4"], ["a9"], "e5")
    assert after(g, st, "a4-e4")[1] == ("attackers",)
    g, st = at(["e6", "d5", "a4"], ["a9"], "e5")
    assert after(g, st, "a4-e4")[1] is None


def test_a_soldier_of_the_king_in_the_ring_saves_him():
    g, st = at(["c6", "b5", "h5"], ["c4", "a9"], "c5")
    assert after(g, st, "h5-d5")[1] is None


def test_the_king_on_an_edge_cell_wins():
    g, st = at(["e2", "a9"], ["i9"], "c5", to_move="defenders")
    assert after(g, st, "c5-c1")[1] == ("defenders",)
    assert after(g, st, "c5-i5")[1] == ("defenders",)


def test_no_move_loses():
    # the attackers' one soldier on a1, walled in by b1 and then a2: they cannot move and lose
    g, st = at(["a1"], ["a3", "b1", "i9"], "e8", to_move="defenders")
    assert after(g, st, "a3-a2")[1] == ("defenders",)


def test_ply_limit_draws():
    g, st = at(["e2"], ["i9"], "c5", ply_limit=2)
    st = g.apply(st, g.parse_move(st, "e2-d2"))
    assert not g.is_over(st)
    st = g.apply(st, g.parse_move(st, "c5-c4"))
    assert g.is_over(st) and g.outcome(st).winners == ()
    g, st = at(["e2"], ["i9"], "c5", ply_limit=2)
    st = g.apply(st, g.parse_move(st, "e2-d2"))
    assert after(g, st, "c5-c1")[1] == ("defenders",)     # a win on the last ply is a win


def test_notation_marks_no_capture():
    g, st = at(["c3", "g3", "e1"], ["d3", "f3", "i9"], "b8")
    assert "e1-e3" in moves(g, st)
    assert g.move_str(g.parse_move(st, "e1-e3")) == "e1-e3"


# ---------------------------------------------------------------- against an independent implementation
THRONE = (4, 4)
DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _name(c):
    return "abcdefghi"[c[0]] + str(c[1] + 1)


def ref_moves(board, me, pass_throne):
    out = []
    for c, (owner, kind) in board.items():
        if owner != me:
            continue
        for dx, dy in DIRS:
            x, y = c
            while True:
                x, y = x + dx, y + dy
                if not (0 <= x < 9 and 0 <= y < 9) or (x, y) in board:
                    break
                if (x, y) == THRONE and kind != "king":
                    if pass_throne:
                        continue
                    break
                out.append((c, (x, y)))
    return out


def ref_apply(board, me, move, armed):
    """The board after the move, and whether the king was taken."""
    o, d = move
    board = dict(board)
    piece = board.pop(o)
    board[d] = piece
    capturing = armed or piece[1] != "king"

    def hostile(cell):          # closes in an enemy soldier of the mover's
        if cell == THRONE:
            return cell not in board or board[cell][0] == me
        return cell in board and board[cell][0] == me and (armed or board[cell][1] != "king")
    king_taken = False
    for dx, dy in DIRS:
        n = (d[0] + dx, d[1] + dy)
        if n not in board or board[n][0] == me:
            continue
        if board[n][1] == "soldier":
            b = (n[0] + dx, n[1] + dy)
            if capturing and 0 <= b[0] < 9 and 0 <= b[1] < 9 and hostile(b):
                del board[n]
        elif piece[1] == "soldier" and me == 0:          # an attacker next to the king
            ring = [(n[0] + ex, n[1] + ey) for ex, ey in DIRS]
            if all(0 <= x < 9 and 0 <= y < 9 for x, y in ring) and \
                    all(r == THRONE and r not in board or r in board and board[r][0] == 0 for r in ring):
                king_taken = n
    if king_taken:
        del board[king_taken]
    return board, bool(king_taken)


@pytest.mark.parametrize("pass_throne", [True, False])
@pytest.mark.parametrize("armed_king", [True, False])
def test_random_games_against_an_independent_implementation(pass_throne, armed_king):
    g = game(pass_throne=pass_throne, armed_king=armed_king)
    rng = random.Random(f"{pass_throne}{armed_king}")
    captures = 0
    for _ in range(12):
        st = g.initial_state()
        board = {}
        for p, pieces in g.position_json(st)["pieces"].items():
            seat = g.players.index(p)
            for kind, cells in (pieces.items() if isinstance(pieces, dict) else [("soldier", pieces)]):
                for cell in cells:
                    board[("abcdefghi".index(cell[0]), int(cell[1:]) - 1)] = (seat, kind)
        me = 0
        for _ply in range(200):
            mine = sorted(f"{_name(o)}-{_name(d)}" for o, d in ref_moves(board, me, pass_throne))
            assert moves(g, st) == (mine or ["pass"]) or (not mine and g.is_over(st)), (_ply, mine)
            if not mine:
                assert g.is_over(st) and g.outcome(st).winners == (g.players[1 - me],)
                break
            text = rng.choice(mine)
            o, d = text.split("-")
            move = (("abcdefghi".index(o[0]), int(o[1:]) - 1), ("abcdefghi".index(d[0]), int(d[1:]) - 1))
            before = len(board)
            board, taken = ref_apply(board, me, move, armed_king)
            captures += len(board) < before
            st = g.apply(st, g.parse_move(st, text))
            got = {}
            for p, pieces in g.position_json(st)["pieces"].items():
                for kind, cells in (pieces.items() if isinstance(pieces, dict) else [("soldier", pieces)]):
                    for cell in cells:
                        got[("abcdefghi".index(cell[0]), int(cell[1:]) - 1)] = (g.players.index(p), kind)
            assert got == board, (_ply, text)
            escaped = any(k == "king" and (x in (0, 8) or y in (0, 8)) for (x, y), (_s, k) in board.items())
            if taken or escaped:
                assert g.is_over(st) and g.outcome(st).winners == (g.players[me],)
                break
            assert not g.is_over(st)
            me = 1 - me
    assert captures > 0


# ---------------------------------------------------------------- the CLI
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20"])
def test_play_to_the_end(spec, tmp_path):
    g, st, _ = play_and_replay(FILE, spec, tmp_path)
    assert set(g.outcome(st).winners) <= {"attackers", "defenders"}

def test_show_draws_it(tmp_path):
    out = tmp_path / "t.svg"
    proc = subprocess.run([sys.executable, "-m", "rulebook", "show", str(FILE), "--svg", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "<svg" in out.read_text()
