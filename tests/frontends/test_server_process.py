"""`rulebook serve` as a real process on 127.0.0.1: the port it prints, its warning off loopback,
the Host/Origin guard over real HTTP, a clean stop on SIGINT and SIGTERM while AI seats think at
the server's largest budget, and a load test: 20 clients x 50 page views while 6 AI games think,
every one answered within a generous bound (the figures are printed: run with -s to see them)."""
from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from conftest import GAMES, ROOT

pytest.importorskip("uvicorn")

MAX_AI = "mcts:iterations=200000"    # the server's largest budget (30 s a move once capped)
BOUND = 1.0                           # seconds a page view may take, loaded (2 cores, 6 AIs)


def _default_sigint() -> None:
    """In the child: Ctrl-C as a terminal gives it, even when the suite runs with SIGINT ignored
    (a background job of a non-interactive shell), which the server would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Served:
    """A `rulebook serve` subprocess on the port it chose (--port 0)."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "rulebook", "serve", *args, "--port", "0"],
                                     cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     preexec_fn=_default_sigint)
        self.said = []
        while True:                   # its lines up to the one that names the port
            line = self.proc.stderr.readline()
            if not line:
                raise AssertionError("serve ended: " + "".join(self.said) + self.proc.stderr.read())
            self.said.append(line)
            m = re.search(r"serving .* on http://127\.0\.0\.1:(\d+)/", line)
            if m:
                self.port = int(m.group(1))
                break

    def request(self, method: str, path: str, body=None, headers=None, timeout: float = 10):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = None if body is None else body if isinstance(body, bytes) else json.dumps(body).encode()
            hdrs = {"Content-Type": "application/json"} if body is not None and not isinstance(body, bytes) else {}
            conn.request(method, path, data, {**hdrs, **(headers or {})})
            r = conn.getresponse()
            return r.status, r.read()
        finally:
            conn.close()

    def post(self, path, body):
        status, data = self.request("POST", path, body)
        assert status == 200, data
        return json.loads(data)

    def stop(self, sig=signal.SIGTERM) -> tuple[int, float]:
        start = time.monotonic()
        self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"serve did not stop on {sig!r}") from None
        return rc, time.monotonic() - start


@pytest.fixture
def served():
    made = []

    def start(*args):
        made.append(Served(*args))
        return made[-1]
    yield start
    for s in made:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()


def thinking_games(server: Served, n: int) -> list[str]:
    ids = [server.post("/api/new", {"game": "gomoku", "players": [MAX_AI, MAX_AI]})["id"] for _ in range(n)]
    for gid in ids:
        status, data = server.request("GET", f"/api/game/{gid}")
        assert status == 200 and json.loads(data)["thinking"], data
    return ids


def test_port_0_prints_the_port_it_got_and_the_page_answers_there(served):
    s = served(str(GAMES / "tictactoe.yaml"))
    assert s.port != 0
    status, data = s.request("GET", "/api/games")
    assert status == 200 and json.loads(data)[0]["id"] == "tictactoe"
    assert not any("warning" in line for line in s.said)


def test_a_host_off_loopback_is_warned_of(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", "serve", str(GAMES / "tictactoe.yaml"),
                             "--host", "0.0.0.0", "--port", "0"], cwd=ROOT, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    try:
        first, second = proc.stderr.readline(), proc.stderr.readline()
        assert "warning: --host 0.0.0.0" in first and "without a password" in first, first
        assert re.search(r"on http://0\.0\.0\.0:[1-9]\d*/", second), second
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=15)


def test_the_guard_over_real_http(served):
    s = served(str(GAMES / "tictactoe.yaml"))
    new = json.dumps({"game": "tictactoe"}).encode()
    here = f"http://127.0.0.1:{s.port}"
    # a cross-site page's simple POST (text/plain, no preflight) and its JSON POST
    for kind in ("text/plain", "application/json"):
        status, data = s.request("POST", "/api/new", new, {"Content-Type": kind, "Origin": "http://evil.example"})
        assert status == 403 and "may not use" in json.loads(data)["error"]
    # DNS rebinding: a site's name pointed at 127.0.0.1 (the browser sends that name)
    status, data = s.request("GET", "/api/games", headers={"Host": f"evil.example:{s.port}"})
    assert status == 403 and "evil.example" in json.loads(data)["error"]
    # this machine's page, by address or by name
    for host in (f"127.0.0.1:{s.port}", f"localhost:{s.port}"):
        status, data = s.request("POST", "/api/new", new, {"Content-Type": "application/json", "Host": host,
                                                           "Origin": f"http://{host}"})
        assert status == 200, data
    status, data = s.request("POST", "/api/new", new, {"Content-Type": "text/plain", "Origin": here})
    assert status == 415 and "JSON" in json.loads(data)["error"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_server_while_ai_seats_think(served, sig):
    s = served(str(GAMES / "gomoku.yaml"))
    thinking_games(s, 5)
    rc, took = s.stop(sig)
    # Ctrl-C: "stopped", exit 0; SIGTERM: the process ends by that signal, as a service should
    assert rc == (0 if sig == signal.SIGINT else -signal.SIGTERM), s.proc.stderr.read()
    rest = s.proc.stderr.read()
    assert "Traceback" not in rest, rest
    assert took < 5, took             # within a second on an idle machine; 5 s leaves room for a loaded one
    if sig == signal.SIGINT:
        assert "stopped" in rest


def test_page_views_under_load_while_six_ai_games_think(served):
    s = served(str(GAMES / "gomoku.yaml"), str(GAMES / "tictactoe.yaml"))
    ai = thinking_games(s, 6)
    clients, per_client = 20, 50
    times: list[tuple[str, float, int]] = []
    failures: list[str] = []
    lock = threading.Lock()

    def client(k: int):
        conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=30)
        try:
            own = None
            for i in range(per_client):
                # a page's own traffic: its game (a poll), the page, the game list, a new game,
                # a look at a game an AI plays
                if own is None or i % 10 == 9:
                    method, path, body = "POST", "/api/new", {"game": "gomoku" if k % 2 else "tictactoe"}
                else:
                    method, path, body = "GET", [f"/api/game/{own}", "/", f"/api/game/{own}", "/api/games",
                                                 f"/api/game/{ai[(k + i) % len(ai)]}"][i % 5], None
                start = time.monotonic()
                conn.request(method, path, None if body is None else json.dumps(body).encode(),
                             {"Content-Type": "application/json"} if body is not None else {})
                r = conn.getresponse()
                data = r.read()
                took = time.monotonic() - start
                with lock:
                    times.append((path, took, r.status))
                if r.status != 200:
                    failures.append(f"{method} {path}: {r.status} {data[:200]!r}")
                elif method == "POST":
                    own = json.loads(data)["id"]
        except Exception as e:        # a timeout or a dropped connection is a failure, said
            failures.append(f"client {k}: {type(e).__name__}: {e}")
        finally:
            conn.close()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    wall = time.monotonic() - start
    assert not failures, failures[:5]
    assert len(times) == clients * per_client
    lat = sorted(t for _, t, _ in times)
    p50, p99, worst = lat[len(lat) // 2], lat[int(len(lat) * 0.99)], lat[-1]
    print(f"\nload: {len(lat)} requests from {clients} clients in {wall:.1f} s while {len(ai)} AI games "
          f"think ({MAX_AI}): p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {worst * 1000:.0f} ms")
    for kind, match in [("new game", lambda p: p == "/api/new"), ("game view", lambda p: p.startswith("/api/game/")),
                        ("page", lambda p: p == "/"), ("game list", lambda p: p == "/api/games")]:
        some = sorted(t for p, t, _ in times if match(p))
        print(f"  {kind}: {len(some)} requests, p50 {some[len(some) // 2] * 1000:.0f} ms, "
              f"p99 {some[int(len(some) * 0.99)] * 1000:.0f} ms, max {some[-1] * 1000:.0f} ms")
    # the AIs were thinking all along (a pool of their own, not starved and not starving)
    status, data = s.request("GET", f"/api/game/{ai[0]}")
    assert status == 200 and json.loads(data)["thinking"]
    slow = [(p, round(t, 2)) for p, t, _ in times if t > BOUND]
    assert not slow, slow[:10]
    rc, _ = s.stop(signal.SIGTERM)
    assert rc == -signal.SIGTERM
