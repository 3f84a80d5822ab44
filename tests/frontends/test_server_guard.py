"""The web server's defences, through Starlette's TestClient: the Host/Origin guard and JSON-only
POSTs, every bad request a 4xx with a message (the cases found so far, then a fuzz test of every
route with hostile JSON), and the AI moves' pool: bounded in count, capped in seconds, halted
when their game is forgotten or undone."""
from __future__ import annotations

import json
import threading
import time
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import GAMES

pytest.importorskip("starlette")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from rulebook import load_game  # noqa: E402
from rulebook.players import make_player  # noqa: E402
from rulebook.web import app as web  # noqa: E402
from rulebook.web.app import create_app  # noqa: E402

FILES = [str(GAMES / "tictactoe.yaml"), str(GAMES / "lezug.yaml"), str(GAMES / "gomoku.yaml")]
MAX_AI = "mcts:iterations=200000"
HERE = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(FILES, hosts=["board.lan"]), base_url=HERE) as c:
        yield c


def new(client, **body):
    r = client.post("/api/new", json={"game": "tictactoe", **body})
    assert r.status_code == 200, r.text
    return r.json()


def until(check, seconds=20.0):
    """Wait for `check()` (a bound far below an AI move's 30 s budget: reaching it proves a halt)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "not reached"
        time.sleep(0.05)


# ------------------------------------------------------------------------- the guard
@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil",
                                  ""])
def test_a_foreign_host_is_refused(client, host):
    r = client.get("/api/games", headers={"Host": host})
    assert r.status_code == 403 and "not to the host" in r.json()["error"]
    r = client.post("/api/new", json={"game": "tictactoe"}, headers={"Host": host})
    assert r.status_code == 403


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "192.168.1.5:8000", "board.lan",
                                  "BOARD.LAN:80"])
def test_this_machine_by_address_or_a_given_name_is_served(client, host):
    assert client.get("/api/games", headers={"Host": host}).status_code == 200
    r = client.post("/api/new", json={"game": "tictactoe"}, headers={"Host": host, "Origin": f"http://{host}"})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:9999", "null", "file://", "http://localhost"])
def test_another_sites_page_may_not_post_or_read(client, origin):
    for kind in ("text/plain", "application/json", "application/x-www-form-urlencoded"):
        r = client.post("/api/new", content=b'{"game": "tictactoe"}', headers={"Content-Type": kind, "Origin": origin})
        assert r.status_code == 403 and "may not use" in r.json()["error"], (origin, kind)
    gid = new(client)["id"]
    assert client.get(f"/api/game/{gid}", headers={"Origin": origin}).status_code == 403


def test_a_cross_site_fetch_without_origin_is_refused_but_a_link_to_the_page_opens(client):
    r = client.get("/api/games", headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert client.get("/?game=tictactoe", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200
    assert client.get("/api/games", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200


@pytest.mark.parametrize("kind", [None, "text/plain", "multipart/form-data; boundary=x", "application/jsonx"])
def test_a_post_must_be_json(client, kind):
    headers = {} if kind is None else {"Content-Type": kind}
    r = client.post("/api/new", content=b'{"game": "tictactoe"}', headers={**headers, "Origin": HERE})
    assert r.status_code == 415 and "must be JSON" in r.json()["error"]
    r = client.post("/api/new", content=b'{"game": "tictactoe"}',
                    headers={"Content-Type": "application/json; charset=utf-8", "Origin": HERE})
    assert r.status_code == 200


# ------------------------------------------------------------------------- bad requests
def raw(client, path, body: bytes):
    return client.post(path, content=body, headers={"Content-Type": "application/json"})


def test_each_bad_request_found_so_far_is_a_4xx_with_a_message(client):
    gid = new(client)["id"]
    record = {"moves": ["b2"], "game": "Tic-tac-toe"}
    cases = [
        (client.get(f"/api/game/{gid}?at=²"), 400, "'at' is a ply from 0 to 0"),
        (client.get(f"/api/game/{gid}?at=" + "9" * 5000), 400, "'at' is a ply"),
        (client.get(f"/api/game/{gid}?at=-1"), 400, "'at' is a ply"),
        (client.get(f"/api/game/{gid}?at=١"), 400, "'at' is a ply"),          # an Arabic-Indic digit
        (client.post("/api/replay", json={"game": "tictactoe", "record": {**record, "agents": 5}}), 400, "'agents'"),
        (client.post("/api/replay", json={"game": "tictactoe", "record": {**record, "agents": "ab"}}), 400, "'agents'"),
        (client.post("/api/replay", json={"game": "tictactoe", "record": {**record, "agents": [1, 2]}}), 400, "'agents'"),
        (raw(client, f"/api/game/{gid}/move", b'{"move": "\\ud800"}'), 400, "lone surrogate"),
        (raw(client, f"/api/game/{gid}/move", b'{"move": "b2\\udfff"}'), 400, "lone surrogate"),
        (raw(client, "/api/new", b'{"game": "\\udc00"}'), 400, "lone surrogate"),
        (raw(client, "/api/new", b'{"game": "tictactoe", "seed": ' + b"9" * 5000 + b"}"), 400, "not JSON"),
        (raw(client, f"/api/game/{gid}/move", b"[]"), 400, "a JSON object"),
        (client.get("/api/game/" + "f" * 5000), 404, "no game"),
        (client.get("/api/rules/nope"), 404, "unknown game"),
        (client.get("/api/new"), 405, "Method Not Allowed"),
        (client.post("/api/new", json={"game": "tictactoe", "players": ["human", "mcts:max_playout=1000000"]}), 400,
         "at most"),
    ]
    for r, status, words in cases:
        assert r.status_code == status and words in r.json()["error"], (r.request.url, r.status_code, r.text[:300])
    # nothing of it changed the game
    assert client.get(f"/api/game/{gid}").json()["length"] == 0
    # a surrogate pair is text (an emoji): an illegal move, not a lone surrogate
    r = raw(client, f"/api/game/{gid}/move", b'{"move": "\\ud83d\\ude00"}')
    assert r.status_code == 400 and "surrogate" not in r.json()["error"] and "ply 0" in r.json()["error"]


# ------------------------------------------------------------------------- fuzz
names = st.sampled_from(["game", "options", "seats", "players", "seed", "record", "move", "ply", "moves",
                         "agents", "at", "x", ""])
texts = st.text(alphabet=st.characters(exclude_categories=()), max_size=30) | st.text(   # lone surrogates, odd digits
    alphabet=st.sampled_from(["\ud800", "\udfff", "b", "2", "²", "٣", " ", "-", "/", "\x00"]), max_size=8) | st.sampled_from(
    ["tictactoe", "lezug", "gomoku", "human", "random", "mcts:iterations=50", "mcts:seconds=1e309", "b2", "a1", "Tic-tac-toe"])
scalars = (st.none() | st.booleans() | st.integers(min_value=-(2 ** 70), max_value=2 ** 70)
           | st.floats(allow_nan=True, allow_infinity=True) | texts)
hostile = st.recursive(scalars, lambda kids: st.lists(kids, max_size=5) | st.dictionaries(names | texts, kids, max_size=5),
                       max_leaves=25)
bodies = st.dictionaries(names, hostile, max_size=6) | hostile
def one_hostile(base: dict, fields):
    """`base` with one of `fields` hostile: a body that gets past the other checks to that one."""
    return st.sampled_from(fields).flatmap(lambda k: st.fixed_dictionaries({**base, k: hostile}))


RECORD_FIELDS = ("agents", "players", "options", "game", "seed", "moves")
records = one_hostile({"moves": st.sampled_from([[], ["b2"], ["a1", "b2"]])}, RECORD_FIELDS) | st.fixed_dictionaries(
    {"moves": st.lists(texts, max_size=3)}, optional={k: hostile for k in RECORD_FIELDS[:-1]})
replays = st.fixed_dictionaries({"game": st.just("tictactoe"), "record": records}) | st.fixed_dictionaries(
    {"game": hostile, "record": records | hostile})
moves = st.fixed_dictionaries({"move": texts | hostile}, optional={"ply": hostile})
news = one_hostile({"game": st.sampled_from(["tictactoe", "lezug"])}, ("players", "options", "seats", "seed", "game", "position")) \
    | st.fixed_dictionaries({"game": st.sampled_from(["tictactoe", "lezug"])},
                            optional={"players": st.lists(texts, min_size=2, max_size=2),
                                      "options": st.dictionaries(texts, hostile, max_size=3)})
plies = (st.sampled_from(["²", "9" * 5000, "-1", "1e3", " 1", "٣", "0x1", "", "1" * 10])
         | st.integers(-5, 10 ** 6).map(str) | st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1,
                                                       max_size=6) | texts)


@pytest.fixture(scope="module")
def live(client):
    """A game in progress, one replayed and one an AI plays (the fuzz aims at real ids too)."""
    a = new(client)
    client.post(f"/api/game/{a['id']}/move", json={"move": "b2"})
    b = client.post("/api/replay", json={"game": "tictactoe", "record": {"moves": ["a1", "b2"]}}).json()
    c = new(client, players=["random", "random"])
    return [a["id"], b["id"], c["id"]]


def check(r):
    assert r.status_code < 500, (r.request.method, str(r.request.url)[:200], r.status_code, r.text[:300])
    if r.status_code >= 400:
        assert isinstance(r.json()["error"], str) and r.json()["error"]
    elif r.headers["content-type"].startswith("application/json"):
        r.json()


FUZZ = settings(max_examples=200, deadline=10_000, suppress_health_check=list(HealthCheck), derandomize=True)


@FUZZ
@given(route=st.sampled_from(["/api/new", "/api/replay", "move", "undo", "why", "preview"]), body=bodies,
       pick=st.integers(0, 3))
def test_fuzz_posts_with_hostile_json(client, live, route, body, pick):
    gid = live[pick] if pick < 3 else "0123456789abcdef"
    path = route if route.startswith("/") else f"/api/game/{gid}/{route}"
    check(raw(client, path, json.dumps(body).encode()))


@FUZZ
@given(body=news)
def test_fuzz_new_games(client, body):
    check(raw(client, "/api/new", json.dumps(body).encode()))


@FUZZ
@given(body=replays)
def test_fuzz_replays(client, body):
    check(raw(client, "/api/replay", json.dumps(body).encode()))


@FUZZ
@given(body=moves, pick=st.integers(0, 2))
def test_fuzz_moves(client, live, body, pick):
    check(raw(client, f"/api/game/{live[pick]}/move", json.dumps(body).encode()))


@FUZZ
@given(body=st.fixed_dictionaries({"cells": st.lists(texts, max_size=10) | hostile}, optional={"ply": hostile}),
       pick=st.integers(0, 2))
def test_fuzz_why_with_hostile_cells(client, live, body, pick):
    r = raw(client, f"/api/game/{live[pick]}/why", json.dumps(body).encode())
    check(r)
    if r.status_code == 200:
        assert isinstance(r.json()["why"], str) and r.json()["why"]


@FUZZ
@given(path=st.sampled_from(["/api/game/{id}", "/api/game/{id}/record", "/api/rules/{id}", "/static/{id}", "/{id}",
                             "/api/game/{id}/move", "/api/game/{id}/why", "/api/games"]),
       segment=texts, pick=st.integers(0, 3), at=st.none() | plies, fmt=st.none() | texts)
def test_fuzz_gets_with_hostile_paths_and_queries(client, live, path, segment, pick, at, fmt):
    from urllib.parse import quote
    ident = live[pick] if pick < 3 and "/api/game/" in path else quote(segment.encode("utf-8", "surrogatepass"), safe="")
    query = "&".join(f"{k}={quote(v.encode('utf-8', 'surrogatepass'), safe='')}"
                     for k, v in (("at", at), ("format", fmt)) if v is not None)
    check(client.get(path.replace("{id}", ident) + (f"?{query}" if query else "")))


@FUZZ
@given(at=plies, pick=st.integers(0, 2))
def test_fuzz_views_at_a_ply(client, live, at, pick):
    from urllib.parse import quote
    check(client.get(f"/api/game/{live[pick]}?at={quote(at.encode('utf-8', 'surrogatepass'), safe='')}"))


# ------------------------------------------------------------------------- the AI's pool
def test_a_searching_seat_gets_a_clock_and_the_server_caps_it():
    g = load_game(str(GAMES / "tictactoe.yaml"))
    for spec, seconds in [(MAX_AI, web.MAX_SECONDS), ("mcts:seconds=2", 2.0), ("alphabeta:nodes=2000", web.MAX_SECONDS),
                          ("alphabeta:seconds=0.5,depth=3", 0.5)]:
        assert web._capped(make_player(spec, g)).seconds == seconds, spec


@pytest.mark.parametrize("spec", [MAX_AI, "mcts:seconds=30", "alphabeta:nodes=2000000", "alphabeta:seconds=30,depth=64"])
def test_a_halted_search_plays_at_once(spec):
    g = load_game(str(GAMES / "gomoku.yaml"))
    player = make_player(spec, g)
    player.halt = threading.Event()
    player.halt.set()
    state = g.apply(g.initial_state(), g.legal_moves(g.initial_state())[0])
    move = player.choose(state)
    assert move in g.legal_moves(state)
    if hasattr(player, "last_root"):       # one iteration, not 200,000
        assert player.last_root is None or player.last_root.n <= 2
    else:
        assert player.nodes <= 300 and player.reached <= 1


def test_ai_moves_are_bounded_in_count_and_halted_when_their_game_is_forgotten(monkeypatch):
    monkeypatch.setattr(web, "MAX_SESSIONS", 4)
    with TestClient(create_app(FILES), base_url=HERE) as c:
        pool = c.app.state.server.pool
        ids = [c.post("/api/new", json={"game": "gomoku", "players": [MAX_AI, MAX_AI]}).json()["id"] for _ in range(3)]
        until(lambda: pool.running() == web.AI_WORKERS)
        assert len(pool.line) == 3 - web.AI_WORKERS and len(pool.workers) == web.AI_WORKERS
        for gid in ids:     # each says it thinks, and a page view does not wait for it
            assert c.get(f"/api/game/{gid}").json()["thinking"]
        for _ in range(4):  # four new games: the three AI games are forgotten
            new(c)
        assert all(c.get(f"/api/game/{gid}").status_code == 404 for gid in ids)
        until(lambda: pool.running() == 0 and not pool.line)   # halted, well before their 30 s
        assert len(pool.workers) == web.AI_WORKERS             # the same workers, ready for more


def test_an_undo_halts_the_ai_move_of_the_position_undone():
    with TestClient(create_app(FILES), base_url=HERE) as client:
        pool = client.app.state.server.pool
        v = new(client, game="gomoku", players=["human", MAX_AI])
        v = client.post(f"/api/game/{v['id']}/move", json={"move": "h8"}).json()
        assert v["thinking"]
        until(lambda: pool.running() == 1)
        back = client.post(f"/api/game/{v['id']}/undo", json={}).json()
        assert back["length"] == 0 and not back["thinking"] and back["human"]
        until(lambda: pool.running() == 0)
        assert client.get(f"/api/game/{v['id']}").json()["length"] == 0    # its late move was dropped


def test_the_server_stopping_ends_its_ai_workers():
    with TestClient(create_app(FILES), base_url=HERE) as c:
        pool = c.app.state.server.pool
        c.post("/api/new", json={"game": "gomoku", "players": [MAX_AI, MAX_AI]})
        until(lambda: pool.running() == 1)
        procs = [w.proc for w in pool.workers]
    assert procs and all(not p.is_alive() for p in procs) and pool.closed
