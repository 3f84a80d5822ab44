"""Bad input, second round: a NUL in an `extends:` path, a colour word the drawing does not know,
a bad FEN en passant square, terminal escape codes in any name printed, `analyze` stopped by
Ctrl-C, `replay --trace` as it goes, a capture made by take written with the capture mark. Each
a located message and exit 1 (or the right behaviour), never a traceback."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from conftest import DATA, GAMES, ROOT
from rulebook import load_game
from rulebook.cli import main
from rulebook.printable import printable
from rulebook.source.info import COLOURS

LEZUG = GAMES / "lezug.yaml"


def run(*args, timeout=60):
    proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, env={"RULEBOOK_NO_CACHE": "1", "PATH": "/usr/bin:/bin"})
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    return proc


def in_process(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as e:
        code = e.code
    got = capsys.readouterr()
    return code, got.out, got.err


# ---------------------------------------------------------------- a NUL in an extends path
@pytest.mark.parametrize("command", [["validate"], ["play"], ["serve", "--port", "0"]])
def test_a_nul_in_an_extends_path(tmp_path, command):
    v = tmp_path / "v.yaml"
    v.write_text('extends: "tictactoe\\0.yaml"\ngame: x\n')
    proc = run(*command, v, timeout=30)
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"{v}:1:10: 'extends' must be the path of a base file: this one holds a NUL character"


# ---------------------------------------------------------------- colours the pictures know
def test_a_colour_word_the_pictures_do_not_know_is_refused_where_it_is_written(tmp_path):
    v = tmp_path / "v.yaml"
    v.write_text(f"extends: {LEZUG}\nlook:\n  colours: {{white: crimson}}\n  zones: {{station: seat}}\n")
    proc = run("validate", v)
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"{v}:3:20: look.colours.white: 'crimson' is not a colour the pictures know: ")
    proc = run("show", v, "--svg", tmp_path / "x.svg")
    assert proc.returncode == 1 and proc.stderr.startswith(f"{v}:3:20: ") and not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize("word", sorted(COLOURS) + ["#abc", "#A0B0C0"])
def test_every_colour_validate_accepts_draws_seat_shaded_zones(tmp_path, word):
    from rulebook.look import picture_svg
    from rulebook.look.style import look_for
    v = tmp_path / "v.yaml"
    v.write_text(f"extends: {LEZUG}\nlook:\n  colours: {{white: '{word}'}}\n  zones: {{station: seat}}\n")
    game = load_game(v)
    svg = picture_svg(game, game.initial_state(), look_for(game), None)
    assert svg.startswith("<svg") or "<svg" in svg[:200]


# ---------------------------------------------------------------- FEN
def test_a_bad_fen_en_passant_square_is_named_as_written():
    from tools.fen import FenError, fen_to_position
    with pytest.raises(FenError, match=r"^bad en passant square 'z9' in FEN: a square of rank 3 or 6 \(a3 to h6\), or -$"):
        fen_to_position("4k3/8/8/8/8/8/8/4K3 w - z9 0 1")
    with pytest.raises(FenError, match=r"^en passant square 'e3' with white to move: it is on rank 6 then$"):
        fen_to_position("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1")
    with pytest.raises(FenError, match=r"^bad halfmove clock 'x' in FEN"):
        fen_to_position("4k3/8/8/8/8/8/8/4K3 w - - x 1")
    proc = subprocess.run([sys.executable, "-m", "tools.fen", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and proc.stderr.strip().startswith("fen: bad en passant square 'z9'")
    assert fen_to_position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")["last"] == "d5"


# ---------------------------------------------------------------- escape codes
ESC = "\x1b]0;owned\x07\x1b[2J"


def test_printable_escapes_control_characters_only():
    assert printable(f"a{ESC}b") == "a\\x1b]0;owned\\x07\\x1b[2Jb"
    assert printable("tab\tand\nnewline, é, 象, \x7f, \x9b, \u202e") == "tab\tand\nnewline, é, 象, \\x7f, \\x9b, \\u202e"


def test_escape_codes_never_reach_the_terminal(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("RULEBOOK_NO_CACHE", "1")
    name = tmp_path / f"ttt{ESC}.yaml"
    name.write_text((GAMES / "tictactoe.yaml").read_text().replace("game: Tic-tac-toe", 'game: "Tic\\e[31m"'))
    code, out, err = in_process(capsys, "validate", name)
    assert code == 0 and out == printable(f"{name}: ok\n") and "\x1b" not in out and "\\x1b]0;owned\\x07" in out
    code, out, err = in_process(capsys, "compile", name, "--part", "win")
    assert code == 0 and "\x1b" not in out and "Tic\\x1b[31m" in out
    code, out, err = in_process(capsys, "rules", name)
    assert code == 0 and "\x1b" not in out and "Tic\\x1b[31m" in out
    code, out, err = in_process(capsys, "play", name, "--seed", "1")
    assert code == 0 and "\x1b" not in out + err and "\x07" not in out + err
    # seat names are names (the schema refuses escapes in them), said without the escape itself
    seats = tmp_path / "seats.yaml"
    seats.write_text((GAMES / "tictactoe.yaml").read_text().replace("players: [x, o]", 'players: ["x\\e]0;t\\a", o]'))
    code, out, err = in_process(capsys, "validate", seats)
    assert code == 1 and "\x1b" not in err and "\x07" not in err and err.startswith(f"{seats}:5:11: ")
    # an error message quoting the input: an unknown zone's name, and a move typed with escapes
    bad = tmp_path / "bad.yaml"
    bad.write_text((GAMES / "tictactoe.yaml").read_text().replace("place(board)", 'place(b\\eoard)')
                   .replace("move: place", 'move: "place').replace("oard)\n", 'oard)"\n'))
    code, out, err = in_process(capsys, "validate", bad)
    assert code == 1 and "\x1b" not in err and "\\x1b" in err
    code, out, err = in_process(capsys, "moves", GAMES / "tictactoe.yaml", "--why", f"a1{ESC}")
    assert code == 1 and "\x1b" not in err and "\\x1b" in err


def test_the_human_player_prints_and_prompts_escaped(capsys, monkeypatch):
    from rulebook.players.human import HumanPlayer
    game = load_game(GAMES / "tictactoe.yaml")
    prompts = []
    monkeypatch.setattr("builtins.input", lambda prompt: prompts.append(prompt) or "a1")
    human = HumanPlayer(game, render=lambda g, st: f"a board{ESC}")
    assert game.move_str(human.choose(game.initial_state())) == "a1"
    human.input_fn(f"move{ESC}> ")
    assert prompts[-1] == "move\\x1b]0;owned\\x07\\x1b[2J> "
    shown = capsys.readouterr().out
    assert "a board\\x1b]0;owned" in shown and "\x1b" not in shown and all("\x1b" not in p for p in prompts)


# ---------------------------------------------------------------- analyze on Ctrl-C, replay --trace
def test_analyze_interrupted_prints_what_it_has(tmp_path, capsys, monkeypatch):
    import signal

    from rulebook.play import variants
    from rulebook.play.tournament import JobsInterrupted

    real = variants.run_jobs

    def stopped_after_three(factory, jobs, **kw):       # as run_jobs does on SIGINT: the games finished so far
        raise JobsInterrupted(real(factory, jobs[:3], **kw), len(jobs), signal.SIGINT)
    monkeypatch.setattr(variants, "run_jobs", stopped_after_three)
    code, out, err = in_process(capsys, "analyze", GAMES / "tictactoe.yaml", "-n", "50", "--workers", "1",
                                "--out", tmp_path / "an")
    assert code == 1
    assert "Tic-tac-toe: 3 games of random, random" in out and "draw rate" in out
    assert err.strip() == "interrupted after 3 of 50 games"
    summary = json.loads((tmp_path / "an" / "summary.json").read_text())
    assert summary["games"] == 3 and summary["interrupted"] == {"finished": 3, "planned": 50,
                                                                "message": "interrupted after 3 of 50 games"}
    # with --vs, stopped in the second variant: the first whole beside the second's games so far
    calls = []

    def second_stopped(factory, jobs, **kw):
        calls.append(1)
        if len(calls) == 1:
            return real(factory, jobs, **kw)
        raise JobsInterrupted(real(factory, jobs[:2], **kw), len(jobs), signal.SIGINT)
    monkeypatch.setattr(variants, "run_jobs", second_stopped)
    code, out, err = in_process(capsys, "analyze", LEZUG, "-n", "4", "--workers", "1", "-o", "max_plies=20",
                                "--out", tmp_path / "vs", "--vs", "max_plies=30")
    assert code == 1 and len(calls) == 2 and err.strip() == "interrupted after 2 of 4 games (of the second variant)"
    assert re.search(r"│ games\s+│\s+4 │\s+2 │", out), out       # the comparison table: 4 games of A, 2 of B


def test_replay_trace_prints_each_line_as_it_goes(tmp_path, capsys, monkeypatch):
    from rulebook.cli import positions
    record = tmp_path / "r.json"
    record.write_text(json.dumps({"game": "Tic-tac-toe", "moves": ["b2", "a1", "b2"]}))
    printed = []
    monkeypatch.setattr(positions, "out", lambda text="": printed.append(text))
    code, out, err = in_process(capsys, "replay", GAMES / "tictactoe.yaml", record, "--trace")
    assert code == 1 and err.strip() == f"{record}: ply 2 (move 3): 'b2' is not a legal move here (7 legal moves)"
    assert [json.loads(line)["ply"] for line in printed] == [0, 1, 2]      # one print per line, up to the bad move
    assert json.loads(printed[2])["move"] == "b2" and "b2" not in json.loads(printed[2])["legal"]


# ---------------------------------------------------------------- take in the notation
def test_a_capture_made_with_take_is_marked_in_the_notation(tmp_path):
    v = tmp_path / "v.yaml"
    v.write_text(f"extends: {DATA / 'words' / 'passing.yaml'}\nnotation: {{capture: ~}}\n")   # the default mark x
    game = load_game(v)
    pos = game.position({"up": {"runner": ["b3"], "fresh_chief": ["c1"]}, "down": {"runner": ["c5"], "chief": ["f6"]}},
                        to_move="down", ply=1)
    st = game.apply(pos, game.parse_move(pos, "c5c3"))
    texts = [game.move_str(m) for m in game.legal_moves(st)]
    assert "b3xc4" in texts and "b3c4" not in texts and "b3b4" in texts      # join stays ""
    after = game.apply(st, game.parse_move(st, "b3xc4"))
    assert game.position_json(after)["pieces"]["down"] == {"chief": ["f6"]}
