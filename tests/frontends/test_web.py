"""The web server (rulebook.web) through Starlette's TestClient: new games, legal moves, moves,
refusals that change nothing, separate sessions, undo, AI seats, replays and record downloads."""
from __future__ import annotations

import json
import time
import warnings

import pytest

from conftest import GAMES

starlette = pytest.importorskip("starlette")
with warnings.catch_warnings():     # newer Starlette would rather have httpx2: the same client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from rulebook import load_game  # noqa: E402
from rulebook.play.records import Record, read_record, replay_moves  # noqa: E402
from rulebook.web.app import create_app  # noqa: E402

FILES = [GAMES / "tictactoe.yaml", GAMES / "lezug.yaml", GAMES / "zug.yaml", GAMES / "hex.yaml"]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    records = tmp_path_factory.mktemp("records")
    with TestClient(create_app([str(p) for p in FILES], str(records)), base_url="http://127.0.0.1") as c:
        c.records = records
        yield c


def new(client, game="tictactoe", **body):
    r = client.post("/api/new", json={"game": game, **body})
    assert r.status_code == 200, r.text
    return r.json()


def wait(client, gid, until=lambda v: not v["thinking"], seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        v = client.get(f"/api/game/{gid}").json()
        if until(v):
            return v
        time.sleep(0.05)
    raise AssertionError("the server did not answer in time")


def test_the_page_and_its_files(client):
    page = client.get("/")
    assert page.status_code == 200 and 'id="status"' in page.text and 'id="ply"' in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == ["tictactoe", "lezug", "zug", "hex"]
    lezug = games[1]
    assert lezug["options"]["max_plies"]["default"] == 2000 and lezug["seats"]["min"] == 2
    assert games[2]["seats"] == {"min": 2, "max": 5, "default": 2, "counts": [2, 3, 4, 5],
                                 "names": ["red", "blue", "green", "yellow", "black"],
                                 "by_count": {"2": ["red", "blue"], "3": ["red", "blue", "green"],
                                              "4": ["red", "blue", "green", "yellow"],
                                              "5": ["red", "blue", "green", "yellow", "black"]}}


def test_the_seats_of_each_count_are_the_files_seating():
    """Chinese checkers for two is red and blue (the file's seating), not its first two seats."""
    with TestClient(create_app([str(GAMES / "chinese_checkers.yaml")]), base_url="http://127.0.0.1") as c:
        seats = c.get("/api/games").json()[0]["seats"]
        assert seats["names"][:2] == ["red", "yellow"] and seats["by_count"]["2"] == ["red", "blue"]
        for n in seats["counts"]:
            v = c.post("/api/new", json={"game": "chinese_checkers", "seats": n}).json()
            assert v["players"] == seats["by_count"][str(n)]


def test_a_new_game_lists_the_legal_moves_and_plays_one(client):
    v = new(client)
    assert v["ply"] == 0 and v["status"] == "x to move" and v["human"]
    assert sorted(m["text"] for m in v["moves"]) == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    assert all(m["cells"] == [m["text"]] for m in v["moves"])
    assert v["svg"].count("data-cell=") == 9
    after = client.post(f"/api/game/{v['id']}/move", json={"move": "b2"}).json()
    assert after["ply"] == 1 and after["status"] == "o to move" and after["last"] == "b2"
    assert len(after["moves"]) == 8 and after["history"] == ["b2"]


@pytest.mark.parametrize("body, status, words", [
    ({"move": "b2"}, 400, "not a legal move"),            # taken
    ({"move": "z9"}, 400, "not a legal move"),
    ({"move": 7}, 400, "'move' must be a move text"),
    ({"move": "a1", "ply": 5}, 409, "not 5"),
])
def test_a_refused_move_changes_nothing(client, body, status, words):
    v = new(client)
    client.post(f"/api/game/{v['id']}/move", json={"move": "b2"})
    before = client.get(f"/api/game/{v['id']}").json()
    r = client.post(f"/api/game/{v['id']}/move", json=body)
    assert r.status_code == status and words in r.json()["error"]
    assert client.get(f"/api/game/{v['id']}").json() == before


@pytest.mark.parametrize("path, body, status, words", [
    ("/api/new", {"game": "chess"}, 404, "unknown game 'chess'"),
    ("/api/new", {"game": "../games/lezug"}, 404, "unknown game"),
    ("/api/new", {"game": "lezug", "options": {"speed": 3}}, 400, "unknown option 'speed'"),
    ("/api/new", {"game": "lezug", "options": {"max_plies": "-4"}}, 400, "max_plies"),
    ("/api/new", {"game": "lezug", "players": ["human"]}, 400, "one player per seat"),
    ("/api/new", {"game": "lezug", "players": ["human", "chess"]}, 400, "not a player"),
    ("/api/new", {"game": "zug", "seats": 9}, 400, "2 to 5 players"),
    ("/api/new", {"game": "tictactoe", "moves": ["b2", "b2"]}, 400, "moves: ply 1 (move 2)"),
    ("/api/new", {"game": "tictactoe", "moves": "b2"}, 400, "'moves' must be a list of move texts"),
    ("/api/replay", {"game": "tictactoe", "record": {"moves": ["b2", "b2"]}}, 400, "ply 1 (move 2)"),
    ("/api/replay", {"game": "tictactoe", "record": {"moves": "b2"}}, 400, "'moves' list"),
    ("/api/replay", {"game": "tictactoe", "record": {"game": "Hex", "moves": []}}, 400, "not of 'Tic-tac-toe'"),
    ("/api/game/0123456789abcdef", None, 404, "no game"),
    ("/api/game/..%2F..%2Fetc%2Fpasswd", None, 404, "no"),
    ("/api/rules/..%2Flezug", None, 404, "lezug"),
    ("/static/..%2Fapp.py", None, 404, "no"),
    ("/static/index.html", None, 404, "no file"),
    ("/nothing/here", None, 404, "no page"),
])
def test_bad_requests_get_a_4xx_and_a_message(client, path, body, status, words):
    r = client.post(path, json=body) if body is not None else client.get(path)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]


def test_a_body_that_is_not_json(client):
    r = client.post("/api/new", content=b"{nope", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]


def test_games_stay_separate(client):
    a, b = new(client), new(client)
    assert a["id"] != b["id"]
    client.post(f"/api/game/{a['id']}/move", json={"move": "a1"})
    client.post(f"/api/game/{b['id']}/move", json={"move": "c3"})
    assert client.get(f"/api/game/{a['id']}").json()["history"] == ["a1"]
    assert client.get(f"/api/game/{b['id']}").json()["history"] == ["c3"]


def test_undo_takes_back_the_human_move_and_the_answer(client):
    v = new(client, players=["human", "random"], seed=4)
    client.post(f"/api/game/{v['id']}/move", json={"move": "b2"})
    v = wait(client, v["id"], lambda x: x["ply"] == 2 and not x["thinking"])
    assert v["human"] and v["can_undo"]
    back = client.post(f"/api/game/{v['id']}/undo", json={}).json()
    assert back["ply"] == 0 and back["history"] == [] and back["human"]
    assert client.post(f"/api/game/{v['id']}/undo", json={}).status_code == 409


def test_ai_seats_play_in_the_background_and_the_record_is_written(client):
    v = new(client, players=["greedy", "mcts:iterations=30"], seed=1)
    v = wait(client, v["id"], lambda x: x["over"])
    assert v["moves"] == [] and ("won" in v["status"] or "draw" in v["status"])
    written = list(client.records.glob(f"tictactoe-*-{v['id']}.json"))
    assert len(written) == 1
    rec = read_record(written[0])
    assert rec.moves == v["history"] and rec.agents == ["greedy", "mcts:iterations=30"]


def test_zug_chance_draws_are_made_by_the_server(client):
    v = new(client, game="zug", seats=3)
    assert v["players"] == ["red", "blue", "green"]
    assert v["history"][0].startswith("draw:") and v["human"] and v["moves"]
    assert all("@" in m["text"] for m in v["moves"]) and all(len(m["cells"]) == 1 for m in v["moves"])
    played = client.post(f"/api/game/{v['id']}/move", json={"move": v["moves"][0]["text"]}).json()
    assert played["ply"] == 3 and played["history"][2].startswith("draw:")


def test_a_tiles_turns_are_offered_and_previewed_on_its_cell(client):
    """Each placement says its cell, tile and turn; the preview of one is the board with that tile
    drawn turned on that cell (ringed, its cell named by the turn), and plays nothing."""
    import re
    v = new(client, game="zug")
    assert all(m["tile"]["cell"] == m["cells"][0] and m["tile"]["turn"] in (0, 90, 180, 270) for m in v["moves"])
    for m in v["moves"][:3]:
        r = client.post(f"/api/game/{v['id']}/preview", json={"move": m["text"], "ply": v["length"]})
        assert r.status_code == 200, r.text
        svg, t = r.json()["svg"], m["tile"]
        assert f'class="preview" data-tile="{t["type"]}" data-rotation="{t["turn"]}"' in svg
        assert f'aria-label="{t["cell"]}: the {t["type"]} to place, turned {t["turn"]}°"' in svg
        assert len(re.findall(r'class="preview"', svg)) == 1
    after = client.get(f"/api/game/{v['id']}").json()
    assert after["length"] == v["length"] and "preview" not in after["svg"]


@pytest.mark.parametrize("body, status, words", [
    ({"move": "draw:curve"}, 400, "not a legal move"),
    ({"move": 3}, 400, "'move' must be a move text"),
    ({"move": "x", "ply": 0}, 409, "not 0"),
])
def test_a_bad_preview_is_refused(client, body, status, words):
    v = new(client, game="zug")
    r = client.post(f"/api/game/{v['id']}/preview", json=body)
    assert r.status_code == status and words in r.json()["error"]


def test_a_move_that_lays_no_tile_has_no_preview(client):
    v = new(client)
    r = client.post(f"/api/game/{v['id']}/preview", json={"move": "b2"})
    assert r.status_code == 400 and "lays no tile" in r.json()["error"]
    assert "tile" not in v["moves"][0]


def test_the_downloaded_record_replays_with_the_cli_code(client, tmp_path):
    v = new(client, game="lezug", options={"max_plies": 30})
    for _ in range(6):
        v = client.post(f"/api/game/{v['id']}/move", json={"move": v["moves"][0]["text"]}).json()
    r = client.get(f"/api/game/{v['id']}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    path = tmp_path / "rec.json"
    path.write_text(r.text)
    rec = read_record(path)
    assert rec.options["max_plies"] == 30 and rec.players == ["white", "black"] and len(rec.moves) == 6
    game = load_game(GAMES / "lezug.yaml", {"max_plies": "30"})
    st = replay_moves(game, rec.moves, str(path))
    assert game.ply(st) == 6
    # and the page replays it, step by step
    rv = client.post("/api/replay", json={"game": "lezug", "record": json.loads(r.text)}).json()
    assert rv["replay"] and rv["at"] == 0 and rv["length"] == 6 and rv["moves"] == []
    mid = client.get(f"/api/game/{rv['id']}?at=3").json()
    assert mid["ply"] == 3 and mid["last"] == rec.moves[2]
    assert client.get(f"/api/game/{rv['id']}?at=7").status_code == 400
    assert client.post(f"/api/game/{rv['id']}/move", json={"move": "x"}).status_code == 409


def test_the_rules_panel(client):
    r = client.get("/api/rules/lezug").json()
    assert r["markdown"].startswith("# Le zug") and "<h3>Options</h3>" in r["html"]
    assert "entry" in r["html"] and "<script" not in r["html"]


def test_rules_markdown_keeps_numbered_lists_and_escapes_html():
    from rulebook.web.app import markdown_html
    page = markdown_html("## Steps\n\n1. roll\n2. move\n\n- a `b|c` **d**\n\n<img src=x onerror=alert(1)>\n")
    assert "<h3>Steps</h3>" in page and "<ol>\n<li>roll</li>\n<li>move</li>\n</ol>" in page
    assert "<code>b|c</code>" in page and "<strong>d</strong>" in page
    assert "<img" not in page and "&lt;img" in page


@pytest.mark.parametrize("args, words", [
    (["no/such/game.yaml"], "no/such/game.yaml"),
    ([str(GAMES / "lezug.yaml"), "--port", "70000"], "--port must be 0 to 65535"),
    ([str(GAMES / "lezug.yaml"), str(GAMES / "lezug.yaml")], "stems must differ"),
])
def test_serve_refuses_bad_input_in_one_line(args, words):
    import subprocess
    import sys
    from conftest import ROOT
    proc = subprocess.run([sys.executable, "-m", "rulebook", "serve", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and words in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_a_huge_request_is_refused_without_reading_it_all(client):
    from rulebook.web.app import MAX_BODY
    r = client.post("/api/new", content=b"{" + b" " * (MAX_BODY + 10) + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most" in r.json()["error"]

    def chunks():                       # no length given: the stream is cut at the limit
        for _ in range(MAX_BODY // 65536 + 2):
            yield b" " * 65536
    r = client.post("/api/new", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/new", content=b"[" * 200000 + b"]" * 200000, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]


@pytest.mark.parametrize("spec", ["mcts:iterations=1000000000", "mcts:seconds=3600", "alphabeta:depth=30",
                                  "alphabeta:nodes=100000000"])
def test_an_ai_seat_has_a_bounded_budget(client, spec):
    r = client.post("/api/new", json={"game": "tictactoe", "players": ["human", spec]})
    assert r.status_code == 400 and "at most" in r.json()["error"]


def test_an_alphabeta_seat_with_a_bounded_search_plays(client):
    v = new(client, players=["alphabeta:nodes=2000", "alphabeta:seconds=0.2,depth=3"], seed=3)
    v = wait(client, v["id"], lambda x: x["over"])
    assert v["agents"] == ["alphabeta:nodes=2000", "alphabeta:seconds=0.2,depth=3"] and v["length"] >= 5


def test_the_page_offers_every_kind_of_the_registry(client):
    from rulebook.players.specs import KINDS
    from rulebook.web.app import PLAYER_KINDS
    assert list(PLAYER_KINDS) == list(KINDS)
    assert all(g["players"] == list(KINDS) for g in client.get("/api/games").json())
    r = client.post("/api/new", json={"game": "tictactoe", "players": ["human", "chess"]})
    assert r.status_code == 400 and all(k in r.json()["error"] for k in KINDS)


def test_a_seat_count_the_file_does_not_allow_is_refused(tmp_path):
    six = tmp_path / "six.yaml"       # 2, 3, 4 or 6 players: 5 is not a count of this file
    six.write_text(f"extends: {GAMES / 'chinese_checkers.yaml'}\n")
    with TestClient(create_app([str(six)]), base_url="http://127.0.0.1") as c:
        g = c.get("/api/games").json()[0]
        assert g["seats"]["counts"] == [2, 3, 4, 6] and g["seats"]["min"] == 2 and g["seats"]["max"] == 6
        r = c.post("/api/new", json={"game": "six", "seats": 5})
        assert r.status_code == 400 and "2, 3, 4 or 6 players" in r.json()["error"]
        assert c.post("/api/new", json={"game": "six", "seats": 3}).json()["players"] == ["red", "green", "white"]


def test_a_new_game_may_start_after_moves_and_says_who_made_each(client):
    """A shared link, a reloaded page or a past ply of a replay: the game goes on from there."""
    v = new(client, "tictactoe", moves=["b2", "a1", "c3"])
    assert v["history"] == ["b2", "a1", "c3"] and v["ply"] == 3 and not v["replay"] and v["human"]
    assert v["movers"] == ["x", "o", "x"] and v["to_move"] == "o"
    after = client.post(f"/api/game/{v['id']}/move", json={"move": "a3", "ply": 3}).json()
    assert after["history"][-1] == "a3" and after["movers"][-1] == "o"
    z = wait(client, new(client, "zug", players=["random", "random"], moves=[])["id"],
             until=lambda v: len(v["history"]) >= 2)
    assert z["movers"][0] == "chance" and z["history"][0].startswith("draw:")


def test_a_game_from_a_position_keeps_it_in_its_record_and_replay(client):
    position = {"pieces": {"x": ["a1", "b1"], "o": ["c3", "b3"]}, "to_move": "x"}
    v = new(client, position=position)
    assert v["position"] == position and v["ply"] == 0 and v["status"] == "x to move"
    assert sorted(m["text"] for m in v["moves"]) == ["a2", "a3", "b2", "c1", "c2"]
    v = client.post(f"/api/game/{v['id']}/move", json={"move": "c1"}).json()
    assert v["over"] and v["status"].startswith("x won")
    rec = client.get(f"/api/game/{v['id']}/record").json()
    assert rec["position"] == position and rec["moves"] == ["c1"]
    r = client.post("/api/replay", json={"game": "tictactoe", "record": rec}).json()
    assert r["position"] == position and r["length"] == 1 and r["at"] == 0
    assert client.get(f"/api/game/{r['id']}?at=1").json()["status"].startswith("x won")
    # a position of no game of this kind, or not a position at all: a 400 that says why
    bad = client.post("/api/new", json={"game": "tictactoe", "position": {"pieces": {"x": ["z9"]}}})
    assert bad.status_code == 400 and "z9" in bad.json()["error"]
    bad = client.post("/api/new", json={"game": "tictactoe", "position": [1, 2]})
    assert bad.status_code == 400 and "a position is a JSON object" in bad.json()["error"]


def test_unfinished_games_survive_a_restart_under_their_id(tmp_path, capfd):
    """Each game in progress is kept in the records folder after every move (a record marked
    unfinished); a new server on that folder resumes it under the same id, its AI seat playing
    on; a file it cannot read is reported, located, and left; a finished game is written as before."""
    files = [str(GAMES / "tictactoe.yaml"), str(GAMES / "zug.yaml")]
    with TestClient(create_app(files, str(tmp_path)), base_url="http://127.0.0.1") as c:
        v = new(c, players=["human", "human"], seed=3)
        c.post(f"/api/game/{v['id']}/move", json={"move": "b2"})
        c.post(f"/api/game/{v['id']}/move", json={"move": "a1"})
        z = new(c, game="zug", seats=3, players=["human", "random", "random"], seed=8)
        z = c.post(f"/api/game/{z['id']}/move", json={"move": z["moves"][0]["text"]}).json()
        z = wait(c, z["id"])
        done = new(c, players=["human", "human"], moves=["a1", "b1", "a2", "b2"])
        c.post(f"/api/game/{done['id']}/move", json={"move": "a3"})
    kept = tmp_path / f"tictactoe-{v['id']}.unfinished.json"
    rec = read_record(kept)
    assert rec.unfinished and rec.moves == ["b2", "a1"] and rec.seed == 3
    assert not list(tmp_path.glob(f"*{done['id']}.unfinished.json"))          # finished: written as before
    assert read_record(next(tmp_path.glob(f"tictactoe-*-{done['id']}.json"))).unfinished is False
    (tmp_path / "tictactoe-0123456789abcdef.unfinished.json").write_text('{"moves": ["b2", "b2"]}')
    (tmp_path / "zug-fedcba9876543210.unfinished.json").write_text('{"moves": [')
    capfd.readouterr()
    with TestClient(create_app(files, str(tmp_path)), base_url="http://127.0.0.1") as c:
        said = capfd.readouterr().err
        assert "tictactoe-0123456789abcdef.unfinished.json: moves: ply 1 (move 2)" in said
        assert "zug-fedcba9876543210.unfinished.json:1:" in said and said.count("not resumed") == 2
        back = c.get(f"/api/game/{v['id']}").json()
        assert back["history"] == ["b2", "a1"] and back["status"] == "x to move" and back["human"]
        after = c.post(f"/api/game/{v['id']}/move", json={"move": "c3", "ply": 2}).json()
        assert after["history"] == ["b2", "a1", "c3"]
        zb = wait(c, z["id"])
        assert zb["history"][:len(z["history"])] == z["history"] and zb["agents"] == ["human", "random", "random"]
        assert zb["players"] == ["red", "blue", "green"] and zb["human"]
        assert c.get("/api/game/0123456789abcdef").status_code == 404
    assert read_record(kept).moves == ["b2", "a1", "c3"]
