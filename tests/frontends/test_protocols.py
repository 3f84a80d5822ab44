"""rulebook uci and rulebook gtp: python-chess's engine module drives `rulebook uci` through whole
games; scripted GTP sessions on Go, Hex and Gomoku; Debian's gnugo plays a whole game of Go on a
small board against `rulebook gtp`, a referee in the test passing the moves between them."""
from __future__ import annotations

import io
import shutil
import subprocess
import sys

import chess
import chess.engine
import pytest

import rulebook
from rulebook.play.protocols import GtpEngine, UciEngine, serve

from conftest import GAMES, ROOT, run_cli

CHESS = str(GAMES / "chess.yaml")
GO = str(GAMES / "go.yaml")


def rulebook_command(*args) -> list[str]:
    return [sys.executable, "-m", "rulebook", *map(str, args)]


def session(engine, text: str) -> str:
    out = io.StringIO()
    serve(engine, io.StringIO(text), out)
    return out.getvalue()


@pytest.mark.parametrize("player, limit", [("random", chess.engine.Limit(time=1)), ("greedy", chess.engine.Limit(depth=1))])
def test_python_chess_drives_rulebook_uci_through_a_whole_game(player, limit):
    board = chess.Board()
    with chess.engine.SimpleEngine.popen_uci(rulebook_command("uci", CHESS, "--player", player, "--seed", 3),
                                             cwd=ROOT) as engine:
        assert engine.id["name"] == f"rulebook Chess ({player})"
        while True:
            result = engine.play(board, limit)
            if not result.move:                 # the null move 0000: rulebook's game is over: python-chess agrees (with its claims)
                break
            assert result.move in board.legal_moves
            board.push(result.move)
            assert board.ply() < 1000
    assert board.is_game_over(claim_draw=True)
    # the same game replayed in rulebook ends there too
    game = rulebook.load_game(CHESS)
    st = game.initial_state()
    for move in board.move_stack:
        st = game.apply(st, game.parse_move(st, move.uci()))
    assert game.is_over(st)


def test_python_chess_sets_a_new_game_and_the_player_option():
    with chess.engine.SimpleEngine.popen_uci(rulebook_command("uci", CHESS, "--player", "random"), cwd=ROOT) as engine:
        assert engine.options["Player"].default == "random"
        engine.configure({"Player": "mcts:iterations=30"})
        board = chess.Board()
        board.push_uci("f2f3"), board.push_uci("e7e5"), board.push_uci("g2g4")
        assert engine.play(board, chess.engine.Limit(time=1)).move == chess.Move.from_uci("d8h4")   # mate in one
        assert engine.play(chess.Board(), chess.engine.Limit(time=1), game=object()).move in chess.Board().legal_moves


def test_a_scripted_uci_session_and_its_errors():
    game = rulebook.load_game(CHESS)
    text = session(UciEngine(game, "random", 1), "uci\nisready\nposition startpos moves e2e4 e7e5\ngo wtime 100\n"
                   "position startpos moves e2e4 e7e5 e1e3\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\n"
                   "setoption name Hash value 16\nsetoption name Player value grandmaster\nfrobnicate\n"
                   "quit\ngo\n")
    lines = text.splitlines()
    assert lines[:5] == ["id name rulebook Chess (random)", "id author rulebook",
                         "option name Player type string default random", "uciok", "readyok"]
    assert lines[5].startswith("bestmove ") and len(lines[5].split()[1]) == 4
    assert lines[6] == "info string error: move 3 of the position: 'e1e3' is not a legal move here (29 legal moves)"
    assert lines[7].startswith("info string error: only 'position startpos")
    assert lines[8] == "info string error: unknown option in 'setoption name Hash value 16' (the one option is: Player)"
    assert lines[9].startswith("info string error: unknown player 'grandmaster'")
    assert lines[10] == "info string error: unknown command 'frobnicate'"
    assert len(lines) == 11                                     # nothing after quit
    # fool's mate: the game is over, the answer is the null move
    over = session(UciEngine(game, "random"), "position startpos moves f2f3 e7e5 g2g4 d8h4\ngo\n")
    assert over == "bestmove 0000\n"


def test_a_scripted_gtp_session_on_go():
    game = rulebook.load_game(GO)
    engine = GtpEngine(game, "random", 2, reload=lambda values: rulebook.load_game(GO, values))
    text = session(engine, "1 protocol_version\nname\nknown_command genmove\nknown_command frob\n"
                   "boardsize 5\n# a comment\nclear_board\nkomi 0.5\nplay b C3\nplay w c3\nplay w J9\n"
                   "play w d3\nundo\nplay w D3\ngenmove w\nplay b pass\nplay w pass\nfinal_score\n"
                   "boardsize 40\nplay x c3\nfrob\nquit\n")
    answers = text.split("\n\n")[:-1]
    assert answers[:4] == ["=1 2", "= rulebook", "= true", "= false"]
    assert answers[4:7] == ["=", "=", "="]                      # boardsize, clear_board, komi
    assert answers[7:9] == ["=", "? illegal move"]              # C3, then c3 on it
    assert answers[9] == "? illegal move"                       # J9 is off a 5x5 board
    assert answers[10:13] == ["=", "=", "="]                    # d3, undo, D3
    assert answers[13] == "? it is black's turn"
    assert answers[14:16] == ["=", "="]                         # two passes end the game
    assert answers[16] == "= W+0.5"                             # a stone each, no territory, komi 0.5
    assert answers[17:] == ["? unacceptable size", "? syntax error (invalid color)", "? unknown command", "="]
    assert engine.game.options["size"] == 5 and engine.game.options["komi"] == 0.5


@pytest.mark.parametrize("name, size", [("hex", 11), ("gomoku", 15)])
def test_gtp_plays_placement_games_to_their_end(name, size):
    game = rulebook.load_game(GAMES / f"{name}.yaml")
    engine = GtpEngine(game, "random", 4)
    script = f"boardsize {size}\nclear_board\n" + "".join(f"genmove {'bw'[i % 2]}\n" for i in range(size * size + 1))
    answers = session(engine, script + "final_score\n").split("\n\n")[:-1]
    assert answers[:2] == ["=", "="]
    assert all(a.startswith("= ") for a in answers[2:-1])
    assert game.is_over(engine.state) and answers[-1].startswith(("= B+", "= W+", "= 0"))
    assert session(GtpEngine(game, "random"), "boardsize 9\n") == "? unacceptable size\n\n"


def gnugo() -> str:
    found = shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games")
    assert found, "Debian's gnugo is needed (apt-get install gnugo; .ci/run installs it)"
    return found


class GtpProcess:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)

    def send(self, command: str) -> str:
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            assert line, f"the engine stopped after {command!r}"
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        assert answer.startswith("="), f"{command!r}: {answer}"
        return answer[1:].strip()

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=30)


def test_gnugo_plays_a_whole_game_of_go_against_rulebook_gtp():
    black = GtpProcess([gnugo(), "--mode", "gtp", "--chinese-rules", "--level", "1", "--seed", "1"])
    white = GtpProcess(rulebook_command("gtp", GO, "--player", "mcts:iterations=60", "--seed", 1))
    moves = []
    try:
        for engine in (black, white):
            engine.send("boardsize 5"), engine.send("clear_board"), engine.send("komi 0.5")
        while len(moves) < 200 and moves[-2:] != ["pass", "pass"]:
            mover, other = (black, white) if len(moves) % 2 == 0 else (white, black)
            colour = "bw"[len(moves) % 2]
            move = mover.send(f"genmove {colour}").lower()
            assert move != "resign" or mover is black
            if move == "resign":
                break
            other.send(f"play {colour} {move}")             # each accepts the other's moves: the rules agree
            moves.append(move)
        assert moves[-2:] == ["pass", "pass"] and len(moves) > 10, moves     # two passes end the game
        score, their_score = white.send("final_score"), black.send("final_score")
    finally:
        black.close(), white.close()
    # rulebook's record of the game: over, and its score the one rulebook gtp gave
    game = rulebook.load_game(GO, size=5, komi=0.5)
    cells = GtpEngine(game, "random").from_vertex
    st = game.initial_state()
    for move in moves:
        st = game.apply(st, game.parse_move(st, cells.get(move, move)))
    out = game.outcome(st)
    assert out.over and score == f"{'BW'[game.players.index(out.winners[0])]}+{abs(out.scores['black'] - out.scores['white']):g}"
    assert their_score[0] == score[0]      # gnugo counts dead stones off, rulebook scores the board as it stands: the winner agrees here


def test_the_commands_refuse_bad_input_clearly():
    bad = run_cli("uci", CHESS, "--player", "grandmaster")
    assert bad.returncode == 1 and "unknown player 'grandmaster'" in bad.stderr
    tiles = run_cli("gtp", GAMES / "zug.yaml", "--player", "random")
    assert tiles.returncode == 1 and "GTP needs a board of named cells" in tiles.stderr
    missing = run_cli("gtp", GAMES / "no_such_game.yaml")
    assert missing.returncode == 1 and "no_such_game.yaml" in missing.stderr
