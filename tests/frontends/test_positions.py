"""Position files (docs/positions.md): `--position FILE` on moves, perft, show and play, and
`show --json`, which writes the same form. Every bad file is one located line `FILE: ...`, exit 1."""
from __future__ import annotations

import json

import pytest

from conftest import GAMES, run_cli

from rulebook import RulebookError, load_game
from rulebook.cli import main
from rulebook.play.positions import MAX_BYTES, load_position, position_state, read_position

LEZUG = GAMES / "lezug.yaml"
ZUG = GAMES / "zug.yaml"

# White's one man on i9 faces black men on j10 and a17 (white moves north, black south). White's
# moves: the step to h10 (j10 is taken), the jump over j10 to k11, and that jump with one more
# step, to j12 or l12: 4. Black's replies to each: a17-b16, j10-i9, j10-k9 (i9 is empty once white
# has moved): 3. So perft 2 is 4 x 3 = 12.
RACE = {"game": "Le zug", "to_move": "white", "pieces": {"white": ["i9"], "black": ["j10", "a17"]}}
RACE_MOVES = ["i9-h10", "i9-j12", "i9-k11", "i9-l12"]


def write(tmp_path, data, name="pos.json") -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def cli(capsys, *args) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main([str(a) for a in args])
    got = capsys.readouterr()
    return info.value.code, got.out, got.err


run = run_cli


# ------------------------------------------------------------------------------ Le zug positions
def test_moves_of_a_position(tmp_path):
    proc = run("moves", LEZUG, "--position", write(tmp_path, RACE))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == RACE_MOVES


def test_perft_of_a_position(tmp_path, capsys):
    path = write(tmp_path, RACE)
    code, out, _ = cli(capsys, "perft", LEZUG, 1, "--position", path)
    assert code == 0 and out.split() == ["4"]
    code, out, _ = cli(capsys, "perft", LEZUG, 2, "--position", path, "--divide")
    assert code == 0 and out.splitlines() == [f"{m}: 3" for m in RACE_MOVES] + ["12"]
    code, out, _ = cli(capsys, "perft", LEZUG, 2, "--position", path, "--exact")
    assert code == 0 and out.split() == ["12"]


def test_show_a_position_and_write_it_back(tmp_path, capsys):
    path = write(tmp_path, RACE)
    code, out, _ = cli(capsys, "show", LEZUG, "--position", path, "--no-color")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line[:3].strip().isdigit()}
    assert rows["9"].split()[1:] == [".", ".", ".", ".", "W", ".", ".", ".", "."]   # i9
    assert "B" in rows["10"] and rows["17"].split()[1] == "B"
    code, out, _ = cli(capsys, "show", LEZUG, "--position", path, "--json")
    assert code == 0
    got = json.loads(out)
    # the defaults filled in: the first ply of the race for white (after each side's setup turn)
    assert {k: v for k, v in got.items() if k != "pieces"} == {
        "game": "Le zug", "to_move": "white", "ply": 2, "passes": 0, "reserve": {"white": 0, "black": 0}}
    assert {o: sorted(c) for o, c in got["pieces"].items()} == {"white": ["i9"], "black": ["a17", "j10"]}


def test_the_json_of_a_recorded_position_reads_back_as_the_same_state(tmp_path, capsys):
    rec = tmp_path / "match.json"
    assert run("play", LEZUG, "--seed", "3", "--record", rec, "--option", "max_plies=30").returncode == 0
    game = load_game(LEZUG)
    # up to the last ply before the end: a position file says nothing of a result, so the final
    # position of a finished match reads back as one still in play
    for ply in (0, 1, 2, 7, 29):
        code, out, _ = cli(capsys, "show", LEZUG, "--record", rec, "--ply", ply, "--json")
        assert code == 0
        pos = write(tmp_path, out, f"ply{ply}.json")
        assert json.loads(out)["ply"] == ply
        code, from_record, _ = cli(capsys, "show", LEZUG, "--record", rec, "--ply", ply, "--no-color")
        code2, from_position, _ = cli(capsys, "show", LEZUG, "--position", pos, "--no-color", "-o", "max_plies=30")
        assert code == code2 == 0 and from_record == from_position
        replayed = json.loads(rec.read_text())["moves"][:ply]
        st = game.initial_state()
        for text in replayed:
            st = game.apply(st, game.parse_move(st, text))
        assert load_position(game, pos) == st


def test_setup_phase_from_a_position(tmp_path, capsys):
    home = [f"{f}1" for f in "acegikmoq"]
    pos = {"to_move": "white", "ply": 0, "pieces": {"white": home, "black": {"man": ["a17"]}},
           "reserve": {"white": 3, "black": 3}}
    code, out, _ = cli(capsys, "moves", LEZUG, "--position", write(tmp_path, pos))
    assert code == 0 and len(out.split()) == 56       # 3 of the 8 cells of rank 2: C(8, 3)
    assert all(m.count("+") == 2 for m in out.split())
    # without a ply, black to move starts the race (ply 3: one setup turn each, then white's)
    pos = {"to_move": "black", "pieces": {"white": ["i9"], "black": ["j10"]}}
    code, out, _ = cli(capsys, "show", LEZUG, "--position", write(tmp_path, pos), "--json")
    assert code == 0 and json.loads(out)["ply"] == 3 and json.loads(out)["to_move"] == "black"


def test_play_from_a_position(tmp_path):
    proc = run("play", LEZUG, "--position", write(tmp_path, RACE), "--option", "max_plies=12", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("a draw after")


# ------------------------------------------------------------------------------ refused files
BAD = [
    ('{"pieces": {', "not valid JSON"),
    ("[1, 2]", "a position is a JSON object"),
    ({"pieces": {}, "colour": "red"}, "unknown field 'colour'"),
    ({"to_move": "white"}, "'pieces' is missing"),
    ({"pieces": {"red": ["a1"]}}, "pieces: unknown player 'red' (players: white, black, or nobody)"),
    ({"to_move": "red", "pieces": {}}, "to_move: unknown player 'red'"),
    ({"pieces": {}, "reserve": {"green": 1}}, "reserve: unknown player 'green'"),
    ({"pieces": {"white": ["z99"]}}, "'z99' is not a cell of this board"),
    ({"pieces": {"white": ["b1"]}}, "'b1' is not a cell of this board"),          # a light square
    ({"pieces": {"white": {"king": ["a1"]}}}, "unknown piece kind 'king'"),
    ({"pieces": {"white": ["a1"], "black": ["a1"]}}, "two pieces on a1"),
    ({"pieces": {"white": ["c1", "c1"]}}, "two pieces on c1"),
    ({"game": "Zug", "pieces": {}}, "a position of 'Zug', not of 'Le zug'"),
    ({"pieces": {}, "ply": True}, "'ply' must be a whole number"),
    ({"pieces": {}, "passes": -1}, "'passes' must be a whole number"),
    ({"pieces": {}, "reserve": {"white": "3"}}, "reserve.white must be a whole number"),
    ({"pieces": {"white": "a1"}}, "pieces.white must be a list of cell names"),
    ({"pieces": ["a1"]}, "'pieces' must be an object"),
    ('{"pieces": {}, "pieces": {}}', "'pieces' is given twice"),
    ('{"pieces": {}, "ply": NaN}', "NaN is not a number"),
    ("[" * 9 + "]" * 9, "nested more than 8 deep"),
    ("[" * 200000, "nested more than 8 deep"),
    (b'{"pieces": {"white": ["\xff"]}}', "not UTF-8 text"),
    (b" " * (MAX_BYTES + 1), "at most 1024 KB"),
]


@pytest.mark.parametrize("data,message", BAD, ids=[m for _, m in BAD])
def test_bad_position_files(tmp_path, capsys, data, message):
    path = write(tmp_path, data)
    for command in ("moves", "perft", "show"):
        depth = ["1"] if command == "perft" else []
        code, out, err = cli(capsys, command, LEZUG, *depth, "--position", path)
        assert code == 1 and out == ""
        assert err.startswith(path + ":") and message in err, err
        assert len(err.strip().splitlines()) == 1


def test_a_missing_file_and_a_folder(tmp_path, capsys):
    missing = str(tmp_path / "nowhere.json")
    code, _, err = cli(capsys, "moves", LEZUG, "--position", missing)
    assert code == 1 and err.strip() == f"{missing}: no such position file"
    code, _, err = cli(capsys, "moves", LEZUG, "--position", tmp_path)
    assert code == 1 and err.startswith(f"{tmp_path}: ")


def test_nobody_owns_no_piece_in_le_zug(tmp_path, capsys):
    path = write(tmp_path, {"pieces": {"nobody": ["a1"]}})
    code, _, err = cli(capsys, "moves", LEZUG, "--position", path)
    assert code == 1 and err.startswith(path + ": ") and "nobody" in err


def test_the_tile_kind_has_no_positions(tmp_path, capsys):
    path = write(tmp_path, {"pieces": {}})
    code, _, err = cli(capsys, "moves", ZUG, "--position", path)
    assert code == 1 and err.strip() == f"{path}: positions are not supported for this board kind (Zug)"
    code, _, err = cli(capsys, "show", ZUG, "--json")
    assert code == 1 and "positions are not supported for this board kind" in err


@pytest.mark.parametrize("command", [["moves"], ["perft", "1"], ["show"]])
def test_position_and_record_are_one_or_the_other(tmp_path, capsys, command):
    path = write(tmp_path, RACE)
    args = [command[0], LEZUG, *command[1:], "--position", path, "--record", str(tmp_path / "r.json")]
    code, out, err = cli(capsys, *args)
    assert code == 1 and out == ""
    assert "--position and --record cannot be used together" in err


def test_a_match_from_a_position_writes_a_record_that_replays_from_it(tmp_path, capsys):
    """play --position P --record R: the record keeps the position, so replay, show and moves of
    R start from it (and a position that is not the game's is refused where it stands)."""
    path, rec = write(tmp_path, RACE), tmp_path / "r.json"
    code, out, _ = cli(capsys, "play", LEZUG, "--position", path, "--players", "random,random", "--seed", "4",
                       "--record", str(rec), "--no-show")
    assert code == 0
    data = json.loads(rec.read_text())
    assert data["position"]["pieces"] == json.loads(open(path).read())["pieces"] and data["moves"]
    code, replayed, err = cli(capsys, "replay", LEZUG, str(rec))
    assert code == 0, err
    assert replayed.splitlines()[-1] == out.splitlines()[-1]            # the same result line
    code, shown, _ = cli(capsys, "show", LEZUG, "--record", str(rec), "--ply", "0")
    code2, from_position, _ = cli(capsys, "show", LEZUG, "--position", path)
    assert code == code2 == 0 and shown == from_position
    data["position"]["pieces"] = {"nobody": ["a1"]}
    rec.write_text(json.dumps(data))
    code, _, err = cli(capsys, "replay", LEZUG, str(rec))
    assert code == 1 and f"{rec}: its position" in err


def test_ply_goes_with_a_record_only(tmp_path, capsys):
    code, _, err = cli(capsys, "show", LEZUG, "--position", write(tmp_path, RACE), "--ply", "3")
    assert code == 1 and "--ply" in err


# ------------------------------------------------------------------------------ the call to the game
class FakeGame:
    """A game with a position method of the older form (no `quiet`), recording its arguments."""

    name = "Fake"
    players = ("north", "south")

    def __init__(self):
        self.calls = []

    def position(self, pieces, to_move=None, reserves=None, ply=None, passes=0):
        self.calls.append(dict(pieces=pieces, to_move=to_move, reserves=reserves, ply=ply, passes=passes))
        if "x9" in str(pieces):
            raise RulebookError("'x9' is not a cell of this board")
        return ("state", ply)


def test_the_defaults_handed_to_the_game(tmp_path):
    game = FakeGame()
    assert load_position(game, write(tmp_path, {"pieces": {"north": ["a1"]}})) == ("state", None)
    assert game.calls == [{"pieces": {"north": ["a1"]}, "to_move": "north", "reserves": {"north": 0, "south": 0},
                           "ply": None, "passes": 0}]
    data = read_position(write(tmp_path, {"pieces": {"south": {"k": ["b2"]}}, "to_move": "south", "ply": 5,
                                          "passes": 1, "reserve": {"south": 2}}))
    position_state(game, data, "here.json")
    assert game.calls[-1] == {"pieces": {"south": {"k": ["b2"]}}, "to_move": "south",
                              "reserves": {"north": 0, "south": 2}, "ply": 5, "passes": 1}


def test_quiet_is_handed_on_only_when_given(tmp_path):
    with pytest.raises(RulebookError, match=r"^q\.json: 'quiet' is not a part of this game's positions"):
        position_state(FakeGame(), {"pieces": {}, "quiet": 3}, "q.json")
    seen = {}

    class WithQuiet(FakeGame):
        def position(self, pieces, to_move=None, reserves=None, ply=None, passes=0, quiet=0):
            seen["quiet"] = quiet
            return "state"

    position_state(WithQuiet(), {"pieces": {}, "quiet": 3}, "q.json")
    assert seen == {"quiet": 3}
    seen.clear()
    position_state(WithQuiet(), {"pieces": {}}, "q.json")
    assert seen == {"quiet": 0}       # the method's own default: nothing was passed


def test_the_games_errors_name_the_file():
    with pytest.raises(RulebookError, match=r"^f\.json: 'x9' is not a cell of this board$"):
        position_state(FakeGame(), {"pieces": {"north": ["x9"]}}, "f.json")
