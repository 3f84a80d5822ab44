"""Conformance, records: a seeded random match written with the project's record code
(engine/play/records.py: Record.save, as `rulebook play --record` writes it) reads back
(read_record, through the bounded JSON reader of play/jsonfile.py), loads its game the way
`rulebook replay` does (cli/app.py's load_for_record: the record's options and seats) and replays
(replay_moves) to the same final state."""
from __future__ import annotations

import json

import pytest

from rulebook.api import RulebookError
from rulebook.cli.app import load_for_record
from rulebook.play.records import Record, check_players, read_record, replay_moves
from rulebook.players.base import play_match
from rulebook.players.random import RandomPlayer

from conformance_cases import ALL, FILE_CASES, TOYS, game

MAX_PLIES = 200       # a match that random play does not end (Le zug, Halma) is recorded so far


def _match(g, seed):
    players = [RandomPlayer(g, seed * 10 + i) for i in range(len(g.players))]
    return play_match(g, players, seed, max_plies=MAX_PLIES)


def _record(g, moves, seed):
    return Record([g.move_str(m) for m in moves], g.name, list(g.players), ["random"] * len(g.players),
                  dict(g.options), seed)


@pytest.mark.parametrize("case", ALL)
def test_a_record_replays_to_the_same_state(case, tmp_path):
    g = game(case)
    for seed in (1, 2):
        final, moves = _match(g, seed)
        assert len(moves) == g.ply(final) and len(moves) <= MAX_PLIES
        path = tmp_path / f"match-{seed}.json"
        _record(g, moves, seed).save(path)
        rec = read_record(path)
        assert rec.moves == [g.move_str(m) for m in moves] and rec.seed == seed
        assert rec.players == list(g.players) and rec.seats == len(g.players)
        if case in FILE_CASES:
            # as `rulebook replay FILE RECORD` does: the game loaded again, with the record's options
            # and seat count (a variant's options come back as texts from the JSON)
            again = load_for_record(str(FILE_CASES[case][0]), rec, str(path), {}, None)
            assert again.players == g.players and again.options == g.options
        else:
            again = TOYS[case]()
            check_players(again, rec, str(path))
        st = replay_moves(again, rec.moves, str(path))
        assert st == final and hash(st) == hash(final), (case, seed)
        assert again.ply(st) == g.ply(final) and again.is_over(st) == g.is_over(final)
        assert again.to_move(st) == g.to_move(final)
        assert again.outcome(st) == g.outcome(final)
        # the same moves up to any ply give the position of that ply
        half = len(moves) // 2
        mid = replay_moves(again, rec.moves, str(path), upto=half)
        assert again.ply(mid) == half


@pytest.mark.parametrize("case", [c for c in ALL if c in FILE_CASES][::4])
def test_a_record_with_a_wrong_move_is_refused_at_its_ply(case, tmp_path):
    g = game(case)
    _final, moves = _match(g, 3)
    texts = [g.move_str(m) for m in moves]
    if not texts:
        pytest.fail(f"{case}: the match made no move")
    k = len(texts) // 2
    bad = texts[:k] + ["no-such-move"] + texts[k + 1:]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"moves": bad, "players": list(g.players), "options": {}}))
    rec = read_record(path)
    with pytest.raises(RulebookError, match=rf"ply {k} \(move {k + 1}\)"):
        replay_moves(g, rec.moves, str(path))


@pytest.mark.parametrize("case", ["games/zug@3", "games/chess", "words/passing"])
def test_rulebook_replay_reads_the_record_and_ends_where_the_match_did(case, tmp_path):
    """The command itself (`rulebook replay FILE RECORD --trace`), on a record written as above:
    exit 0, one trace line per move naming it among the legal moves, then the match's result."""
    from conftest import run_cli
    g = game(case)
    final, moves = _match(g, 4)
    path = tmp_path / "match.json"
    _record(g, moves, 4).save(path)
    proc = run_cli("replay", FILE_CASES[case][0], path, "--trace")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(lines) == len(moves) + 1
    for ply, (line, move) in enumerate(zip(lines, moves)):
        assert line["ply"] == ply and line["move"] == g.move_str(move) and line["move"] in line["legal"]
    assert lines[-1] == {"result": g.outcome(final).as_json()}


@pytest.mark.parametrize("args", [("games/zug.yaml", "--players", "random,random,random", "--option", "counters=5"),
                                  ("games/chess.yaml", "--players", "random,random", "--option", "repetition=false")],
                         ids=["zug@3", "chess"])
def test_a_record_written_by_rulebook_play_replays_to_its_result(args, tmp_path):
    """`rulebook play --record` (its own seeds, chance and options) and `rulebook replay` of that
    record end with the same result line; the record reads back here and replays alike."""
    from conftest import ROOT, run_cli
    from rulebook.cli.app import result_line
    path = tmp_path / "match.json"
    played = run_cli("play", *args, "--seed", 7, "--record", path)
    assert played.returncode == 0, played.stderr
    replayed = run_cli("replay", args[0], path)
    assert replayed.returncode == 0, replayed.stderr
    last = replayed.stdout.strip().splitlines()[-1]
    assert last in played.stdout.splitlines()
    rec = read_record(path)
    again = load_for_record(str(ROOT / args[0]), rec, str(path), {}, None)
    assert len(again.players) == len(args[2].split(",")) and rec.seed == 7
    st = replay_moves(again, rec.moves, str(path))
    assert again.ply(st) == len(rec.moves) and result_line(again, st) == last
