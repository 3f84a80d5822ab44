"""Records in PGN and SGF, and the short notation: rulebook's short names against python-chess's
SAN at every legal move of random games; PGN written by rulebook read by python-chess and the
other way round; SGF of Go, Hex and Gomoku both ways, and gnugo's own SGF read; `rulebook
convert` and its located errors."""
from __future__ import annotations

import json
import random
import subprocess

import chess
import chess.pgn
import pytest
import yaml

import rulebook
from rulebook.play.formats import read_any, resolve, write
from rulebook.play.protocols import GtpEngine
from rulebook.play.records import Record

from conftest import GAMES, ROOT, line_of, run_cli
from test_protocols import gnugo

CHESS = GAMES / "chess.yaml"


def random_moves(game, seed: int, plies: int = 10_000) -> list[str]:
    rng = random.Random(seed)
    st, moves = game.initial_state(), []
    while not game.is_over(st) and len(moves) < plies:
        m = rng.choice(game.legal_moves(st))
        moves.append(game.move_str(m))
        st = game.apply(st, m)
    return moves


@pytest.mark.parametrize("seed", [1, 2])
def test_short_names_are_sans_at_every_legal_move(seed):
    game = rulebook.load_game(CHESS)
    board, st = chess.Board(), game.initial_state()
    rng = random.Random(seed)
    while not game.is_over(st):
        names = game.short.names(st)
        assert sorted(names.values()) == sorted(board.san(m) for m in board.legal_moves)
        for move, text in names.items():
            assert board.san(chess.Move.from_uci(game.move_str(move))) == text
            assert game.short.parse(st, text) == move and game.short.parse(st, text.rstrip("+#")) == move
        move = rng.choice(list(names))
        st = game.apply(st, move)
        board.push_uci(game.move_str(move))


def test_castling_checks_mates_promotions_and_ambiguity_are_marked():
    game = rulebook.load_game(CHESS)
    st = game.initial_state()
    for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]:
        st = game.apply(st, game.parse_move(st, text))
    names = {game.move_str(m): t for m, t in game.short.names(st).items()}
    assert names["e1g1"] == "O-O" and names["f3e5"] == "Nxe5" and names["c4f7"] == "Bxf7+"
    mate = game.initial_state()
    for text in ["f2f3", "e7e5", "g2g4"]:
        mate = game.apply(mate, game.parse_move(mate, text))
    assert {game.move_str(m): t for m, t in game.short.names(mate).items()}["d8h4"] == "Qh4#"


@pytest.mark.parametrize("name", ["english_draughts", "breakthrough", "xiangqi", "halma", "reversi", "loa", "pentago"])
def test_short_names_name_one_legal_move_each_in_any_game(name, tmp_path):
    # any grid game may ask for the short notation: each text names one legal move and reads back
    spec = yaml.safe_load((GAMES / f"{name}.yaml").read_text())
    spec.setdefault("notation", {})["short"] = {"check": "+", "win": "#"}
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(spec))
    game = rulebook.load_game(path)
    rng = random.Random(3)
    st = game.initial_state()
    for _ in range(40):
        if game.is_over(st):
            break
        names = game.short.names(st)
        assert len(set(names.values())) == len(names) == len(game.legal_moves(st))
        assert all(game.short.parse(st, t) == m for m, t in names.items())
        st = game.apply(st, rng.choice(list(names)))


def test_pgn_written_by_rulebook_reads_in_python_chess(tmp_path):
    game = rulebook.load_game(CHESS)
    moves = random_moves(game, 5)
    rec = Record(moves, game.name, list(game.players), ["random", "greedy"], dict(game.options), 5)
    write(game, rec, str(tmp_path / "g.pgn"))
    read = chess.pgn.read_game(open(tmp_path / "g.pgn"))
    assert not read.errors and [m.uci() for m in read.mainline_moves()] == moves
    st = game.initial_state()
    for t in moves:
        st = game.apply(st, game.parse_move(st, t))
    out = game.outcome(st)
    assert read.headers["Result"] == ("1/2-1/2" if not out.winners else "1-0" if out.winners == ("white",) else "0-1")
    assert read.headers["White"] == "random" and read.headers["Seed"] == "5"
    back = resolve(game, read_any(str(tmp_path / "g.pgn")))
    assert back.moves == moves and back.agents == ["random", "greedy"] and back.seed == 5


def test_pgn_written_by_python_chess_converts_to_the_moves(tmp_path):
    board, rng = chess.Board(), random.Random(8)
    pgn = chess.pgn.Game()
    node = pgn
    while not board.is_game_over(claim_draw=True) and board.ply() < 120:
        move = rng.choice(list(board.legal_moves))
        node = node.add_variation(move, comment="a comment" if board.ply() == 3 else "", nags=[1] if board.ply() == 5 else [])
        if board.ply() == 6:                 # a variation beside the main line is not the game's
            node.parent.add_variation(rng.choice([m for m in board.legal_moves if m != move]))
        board.push(move)
    (tmp_path / "in.pgn").write_text(str(pgn) + "\n")
    assert "{" in str(pgn) and "(" in str(pgn) and "$1" in str(pgn)
    proc = run_cli("convert", CHESS, tmp_path / "in.pgn", tmp_path / "out.json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "out.json").read_text())["moves"] == [m.uci() for m in board.move_stack]


@pytest.mark.parametrize("name, options", [("go", {"size": 7}), ("hex", {}), ("gomoku", {})])
def test_sgf_both_ways(name, options, tmp_path):
    game = rulebook.load_game(GAMES / f"{name}.yaml", **options)
    moves = random_moves(game, 4)
    args = [f"--option={k}={v}" for k, v in options.items()]
    (tmp_path / "a.json").write_text(json.dumps({"moves": moves, "options": options}))
    assert run_cli("convert", GAMES / f"{name}.yaml", tmp_path / "a.json", tmp_path / "a.sgf", *args).returncode == 0
    sgf = (tmp_path / "a.sgf").read_text()
    assert sgf.startswith("(;FF[4]GM[" + {"go": "1", "hex": "11", "gomoku": "4"}[name] + "]")
    assert run_cli("convert", GAMES / f"{name}.yaml", tmp_path / "a.sgf", tmp_path / "b.json").returncode == 0
    assert json.loads((tmp_path / "b.json").read_text())["moves"] == moves
    assert json.loads((tmp_path / "b.json").read_text())["options"] == {**game.options}


def test_sgf_size_and_komi_set_the_options_a_game_declares(tmp_path):
    (tmp_path / "g.sgf").write_text("(;GM[1]SZ[7]KM[6.5];B[cc];W[dd])")
    assert run_cli("convert", GAMES / "go.yaml", tmp_path / "g.sgf", tmp_path / "g.json").returncode == 0
    assert json.loads((tmp_path / "g.json").read_text())["options"] == {"size": 7, "komi": 6.5, "superko": False}
    (tmp_path / "h.sgf").write_text("(;GM[11]SZ[11]KM[0.5];B[cc];W[dd])")       # Hex has no komi: KM is left
    assert run_cli("convert", GAMES / "hex.yaml", tmp_path / "h.sgf", tmp_path / "h.json").returncode == 0


def test_sgf_km_and_sz_carry_the_options_the_file_names_and_no_others(tmp_path):
    """The engine assumes no option name: KM and SZ go where `notation: sgf:` says."""
    text = (GAMES / "go.yaml").read_text()
    renamed = (text.replace("\n  size:\n", "\n  width:\n").replace("\n  komi:\n", "\n  bonus:\n")
               .replace("option.size", "option.width").replace("option.komi", "option.bonus")
               .replace("sgf: {game: 1, komi: komi, size: size}", "sgf: {game: 1, komi: bonus, size: width}"))
    (tmp_path / "go2.yaml").write_text(renamed)
    (tmp_path / "g.sgf").write_text("(;GM[1]SZ[7]KM[6.5];B[cc];W[dd])")
    assert run_cli("convert", tmp_path / "go2.yaml", tmp_path / "g.sgf", tmp_path / "g.json").returncode == 0
    assert json.loads((tmp_path / "g.json").read_text())["options"] == {"width": 7, "bonus": 6.5, "superko": False}
    assert run_cli("convert", tmp_path / "go2.yaml", tmp_path / "g.json", tmp_path / "back.sgf").returncode == 0
    assert "KM[6.5]" in (tmp_path / "back.sgf").read_text()
    plain = renamed.replace("sgf: {game: 1, komi: bonus, size: width}", "sgf: 1")
    (tmp_path / "go3.yaml").write_text(plain)
    (tmp_path / "g9.sgf").write_text("(;GM[1]KM[6.5];B[cc];W[dd])")
    assert run_cli("convert", tmp_path / "go3.yaml", tmp_path / "g9.sgf", tmp_path / "g3.json").returncode == 0
    assert json.loads((tmp_path / "g3.json").read_text())["options"]["bonus"] == 7.5    # KM names no option here


def test_notation_sgf_must_name_options_of_the_game(tmp_path):
    text = (GAMES / "go.yaml").read_text().replace("sgf: {game: 1, komi: komi, size: size}",
                                                    "sgf: {game: 1, komi: handicap, size: size}")
    (tmp_path / "bad.yaml").write_text(text)
    r = run_cli("validate", tmp_path / "bad.yaml")
    assert r.returncode == 1 and "traceback" not in r.stderr.lower()
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "handicap" in l)
    assert f"bad.yaml:{line}:" in r.stderr and "'handicap' is not an option of this game" in r.stderr
    (tmp_path / "bad2.yaml").write_text(text.replace("komi: handicap", "km: komi"))   # the mapping's own key is named
    r = run_cli("validate", tmp_path / "bad2.yaml")
    assert r.returncode == 1 and "unknown key 'km'; expected one of: game, komi, size" in r.stderr, r.stderr


def test_sgf_points_count_rows_from_the_top():
    game = rulebook.load_game(GAMES / "go.yaml", size=5)
    raw = read_any.__globals__["_read_sgf"]("x.sgf", "(;SZ[5];B[ae];W[ea];B[])")
    assert resolve(game, raw).moves == ["a1", "e5", "pass"]      # SGF's aa is the top left corner


def test_gnugo_reads_rulebooks_sgf_to_the_same_board(tmp_path):
    game = rulebook.load_game(GAMES / "go.yaml", size=5, komi=0.5)
    moves = random_moves(game, 11, plies=30)
    write(game, Record(moves, game.name, list(game.players), None, dict(game.options)), str(tmp_path / "g.sgf"))
    script = f"loadsgf {tmp_path / 'g.sgf'}\nlist_stones black\nlist_stones white\nquit\n"
    proc = subprocess.run([gnugo(), "--mode", "gtp"], input=script, text=True, capture_output=True, check=True,
                          timeout=120)
    answers = [a.lstrip("= ").split() for a in proc.stdout.split("\n\n")[:3]]
    assert answers[0] == ["white" if len(moves) % 2 else "black"]         # gnugo: the colour to move
    st = game.initial_state()
    for t in moves:
        st = game.apply(st, game.parse_move(st, t))
    vertex = GtpEngine(game, "random").to_vertex
    pieces = game.position_json(st)["pieces"]
    for colour, stones in zip(("black", "white"), answers[1:]):
        assert sorted(stones) == sorted(vertex[c] for c in pieces.get(colour, []))


def test_bad_records_are_located_errors(tmp_path):
    def refused(name, text, *args, game=CHESS):
        (tmp_path / name).write_text(text)
        proc = run_cli("convert", game, tmp_path / name, tmp_path / "out.json", *args)
        assert proc.returncode == 1 and not (tmp_path / "out.json").exists()
        return proc.stderr.strip()
    bad = str(tmp_path / "bad.pgn")
    assert refused("bad.pgn", '[Event "?"]\n\n1. e4 e5\n2. Nf9 Nc6 *\n') == \
        f"{bad}:4:4: move 3: 'Nf9' is not a legal move here (29 legal moves)"
    assert refused("bad.pgn", "1. e4 e5 (2. d4\n") == f"{bad}: a variation is not closed at the end of the file"
    assert refused("bad.pgn", "1. e4 e5 1-0 2. d4\n") == f"{bad}:1:14: after the result: a PGN record here holds one game"
    sgf = str(tmp_path / "bad.sgf")
    go = GAMES / "go.yaml"
    assert refused("bad.sgf", "(;SZ[9];B[cc];B[dd])", game=go) == \
        f"{sgf}:1:16: move 2: B moves, but it is white's turn"
    assert refused("bad.sgf", "(;SZ[9];B[zz])", game=go) == f"{sgf}:1:10: move 1: 'zz' is not a point of the board"
    assert refused("bad.sgf", "(;SZ[9];B[cc])", game=GAMES / "hex.yaml") == \
        f"{sgf}: SZ says a board of 9x9; the game's is 11x11"
    assert refused("bad.sgf", "(;SZ[9]AB[cc];W[dd])", game=go).startswith(f"{sgf}:1:10: AB sets up pieces")
    assert refused("bad.sgf", "(;B[cc] W)", game=go) == f"{sgf}:1:9: the property W has no [value]"
    assert refused("bad.txt", "1. e4") == f"{tmp_path / 'bad.txt'}: a record's format is told by its extension: .json, .pgn, .sgf (not '.txt')"
    (tmp_path / "c.json").write_text(json.dumps({"moves": ["e2e4"]}))
    proc = run_cli("convert", CHESS, tmp_path / "c.json", tmp_path / "c.sgf")
    assert proc.returncode == 1 and "SGF records hold placement games: move 1, 'e2e4', is not one cell" in proc.stderr
    proc = run_cli("convert", GAMES / "zug.yaml", ROOT / "tests/data/zug_3p.json", tmp_path / "z.pgn")
    assert proc.returncode == 1 and "PGN records hold games of two seats; this one has 3" in proc.stderr


def test_a_short_notation_naming_an_unknown_kind_is_a_located_error(tmp_path):
    path = tmp_path / "chess.yaml"
    path.write_text(CHESS.read_text().replace("short: {plain: [pawn]", "short: {plain: [pawnn]"))
    proc = run_cli("validate", path)
    assert proc.returncode == 1
    assert "notation.short: 'pawnn' is not a piece kind of this game" in proc.stderr and f"{path}:{line_of(path, 'short: {plain: [pawnn]')}:" in proc.stderr
