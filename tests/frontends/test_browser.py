"""The page in a real browser: Debian's headless Chromium, driven by Selenium, against a
`rulebook serve` started in a subprocess on a free port. Screenshots go to the test's
temporary folder. CI (.ci/run) installs chromium and chromium-driver, so these do not skip there."""
from __future__ import annotations

import json
import os
import pathlib
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

import pytest

from conftest import GAMES, ROOT
from rulebook import load_game
from rulebook.api import CHANCE

if os.environ.get("CI"):            # CI installs everything: a missing piece is a failure, not a skip
    from selenium import webdriver
else:
    webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
pytestmark = pytest.mark.skipif(not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)) and not os.environ.get("CI"),
                                reason="needs Debian's chromium and chromium-driver (apt-get install chromium "
                                       "chromium-driver)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serving(files, records):
    """`rulebook serve FILES` on a free port, its records in `records`, until the generator closes:
    yields the page's address once the server answers."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "rulebook", "serve", *map(str, files), "--port", str(port),
                             "--records", str(records)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    end = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/api/games", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > end:
                proc.kill()
                raise AssertionError("rulebook serve did not start: " + proc.stderr.read().decode())
            time.sleep(0.2)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    records = tmp_path_factory.mktemp("records")
    files = [GAMES / f for f in ("tictactoe.yaml", "lezug.yaml", "zug.yaml", "hex.yaml", "chess.yaml", "tsuro.yaml",
                                 "carcassonne.yaml", "connect4.yaml", "halma4.yaml")]
    for url in serving(files, records):
        yield url, records


@pytest.fixture(scope="module")
def browser():
    opts = Options()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        opts.add_argument(a)
    drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
    drv.set_page_load_timeout(60)
    yield drv
    drv.quit()


def text(drv, id_):
    return drv.find_element(By.ID, id_).text


def step_by_cells(drv, origin: str, targets: set[str], destination: str) -> None:
    """Click a piece, check the destinations the board highlights, then click one of them."""
    drv.find_element(By.CSS_SELECTOR, f'#board [data-cell="{origin}"]').click()
    shown = drv.find_elements(By.CSS_SELECTOR, "#board [data-cell].target")
    assert {t.get_attribute("data-cell") for t in shown} == targets
    drv.find_element(By.CSS_SELECTOR, f'#board [data-cell="{destination}"]').click()


def settle(drv, ply=None, seconds=60):
    """Wait until the page shows ply `ply` (if given) and no one is thinking."""
    def ready(d):
        if ply is not None and text(d, "ply") != str(ply):
            return False
        status = text(d, "status")      # empty until the page has its first answer
        return status and "thinking" not in status and "draw from the bag" not in status
    WebDriverWait(drv, seconds, poll_frequency=0.05).until(ready)


def test_tictactoe_both_sides_by_clicks(server, browser, tmp_path):
    url, records = server
    browser.get(url + "/?game=tictactoe")
    settle(browser, 0)
    assert text(browser, "status") == "x to move"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]")) == 9
    ply = 0
    while browser.find_elements(By.CSS_SELECTOR, "[data-move]"):
        buttons = browser.find_elements(By.CSS_SELECTOR, "#moves [data-move]")
        buttons[len(buttons) // 2].click()
        ply += 1
        settle(browser, ply)
    browser.save_screenshot(str(tmp_path / "tictactoe.png"))
    status = text(browser, "status")
    assert ("won" in status or status.startswith("a draw")) and int(text(browser, "ply")) == ply >= 5
    assert len(browser.find_elements(By.CSS_SELECTOR, "#history li")) == ply


def test_lezug_by_cells_piece_then_destination(server, browser, tmp_path):
    url, _ = server
    browser.get(url + "/?game=lezug")
    settle(browser, 0)
    assert text(browser, "status") == "white to move"
    # the setup drop names three cells: its first cell, then the others, in any order
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="b2"]').click()
    assert browser.find_elements(By.CSS_SELECTOR, '#board [data-cell].target')
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="f2"]').click()
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="d2"]').click()
    settle(browser, 1)
    assert browser.find_element(By.CSS_SELECTOR, "#history li:last-child").text == "b2+d2+f2"
    assert text(browser, "status") == "black to move"
    browser.find_elements(By.CSS_SELECTOR, "#moves [data-move]")[0].click()
    settle(browser, 2)
    # a step: a piece, then one of its highlighted destinations
    step_by_cells(browser, "b2", {"a3", "c3"}, "c3")
    settle(browser, 3)
    assert browser.find_element(By.CSS_SELECTOR, "#history li:last-child").text == "b2-c3"
    browser.save_screenshot(str(tmp_path / "lezug.png"))
    browser.find_element(By.ID, "undo").click()
    settle(browser, 2)


def test_chess_by_cells_a_pawn_and_then_a_knight(server, browser):
    url, _ = server
    browser.get(url + "/?game=chess")
    settle(browser, 0)
    cell(browser, "e2").click()                         # the pawn chosen, then let go by a second click
    assert targets(browser) == {"e3", "e4"}
    cell(browser, "e2").click()
    assert not targets(browser) and not browser.find_elements(By.CSS_SELECTOR, "#board [data-cell].from")
    step_by_cells(browser, "e2", {"e3", "e4"}, "e4")
    settle(browser, 1)
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="g8"]').click()
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="f6"]').click()
    settle(browser, 2)
    moves = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#history li")]
    assert moves[-2:] == ["e2e4", "g8f6"]


def test_a_click_that_makes_no_move_says_why(server, browser):
    url, _ = server
    browser.get(url + "/?game=chess")
    settle(browser, 0)

    def said(words):
        WebDriverWait(browser, 30).until(lambda d: words in text(d, "error"))

    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="e4"]').click()
    said("'e4': e4 holds no piece of white")
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="a1"]').click()
    said("'a1': the piece on a1 has no move")
    step_by_cells(browser, "e2", {"e3", "e4"}, "e5")        # a piece, then a cell it cannot reach
    said("'e2-e5': no pattern of phase 'play' reaches e5 from e2")
    # a stone above the lowest free cell of its column: the rule that refuses it
    browser.get(url + "/?game=connect4")
    settle(browser, 0)
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="d4"]').click()
    said("'d4' is refused by rule 'supported' of phase 'play'")
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="d1"]').click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#history li"))
    assert browser.find_element(By.CSS_SELECTOR, "#history li").text.endswith("d1")


def test_yes_no_options_are_boxes_and_numbers_are_bounded(server, browser):
    url, _ = server
    browser.get(url + "/")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "select[data-seat]"))
    browser.find_element(By.CSS_SELECTOR, '#game option[value="chess"]').click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-option="fifty_moves"]'))
    box = browser.find_element(By.CSS_SELECTOR, '[data-option="fifty_moves"]')
    assert box.get_attribute("type") == "checkbox" and box.is_selected()
    box.click()
    browser.find_element(By.ID, "new").click()
    settle(browser, 0)
    kept = json.loads(urllib.parse.unquote(urllib.parse.urlsplit(browser.current_url).fragment))
    assert kept["options"] == {"fifty_moves": False, "repetition": True, "insufficient_material": True}
    browser.find_element(By.CSS_SELECTOR, '#game option[value="lezug"]').click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-option="max_plies"]'))
    plies = browser.find_element(By.CSS_SELECTOR, '[data-option="max_plies"]')
    assert plies.get_attribute("type") == "number" and plies.get_attribute("min") == "1"


@pytest.mark.parametrize("size", [(1400, 1000), (390, 844)])
def test_the_board_fits_the_window_and_fills_it(server, browser, tmp_path, size):
    """The whole board in view without scrolling, by width and by height, and large: a desktop
    window gets a board of at least 400 px, a phone one nearly as wide as its screen."""
    browser.set_window_size(*size)
    try:
        url, _ = server
        for game in ("chess", "lezug", "tictactoe", "hex", "zug"):
            browser.get(url + f"/?game={game}")
            settle(browser, 1 if game == "zug" else 0)
            left, top, width, height, room_w, room_h = browser.execute_script(
                "const r = document.querySelector('#board svg').getBoundingClientRect();"
                "return [r.left, r.top, r.width, r.height, window.innerWidth, window.innerHeight]")
            assert left >= 0 and top >= 0 and left + width <= room_w + 1 and top + height <= room_h + 1, game
            assert max(width, height) >= (400 if size[0] > 1000 else 0.8 * room_w), (game, width, height)
            assert browser.execute_script("return document.documentElement.scrollWidth") <= room_w + 1, game
            browser.save_screenshot(str(tmp_path / f"{game}-{size[0]}.png"))
    finally:
        browser.set_window_size(1400, 1000)


def test_a_later_cell_of_a_move_is_offered_in_its_turn(server_all, browser):
    """Amazons: after the queen, only the cells she may go to light up; after her destination,
    only where she may shoot from there."""
    browser.get(server_all + "/?game=amazons")
    settle(browser, 0)
    moves = browser.execute_script("return view.moves")
    cell(browser, "d1").click()
    lit = targets(browser)
    assert lit == {m["cells"][1] for m in moves if m["cells"][0] == "d1"}
    to = sorted(lit)[0]
    cell(browser, to).click()
    assert targets(browser) == {m["cells"][2] for m in moves if m["cells"][:2] == ["d1", to]}
    shot = sorted(targets(browser))[0]
    cell(browser, shot).click()
    settle(browser, 1)
    assert browser.find_element(By.CSS_SELECTOR, "#history li").text.endswith(f"d1-{to}/{shot}")


def test_a_position_file_opens_a_game_from_it_and_its_link_keeps_it(server, browser, tmp_path):
    url, _ = server
    browser.get(url + "/?game=chess")
    settle(browser, 0)
    position = {"game": "Chess", "to_move": "white",
                "pieces": {"white": {"king": ["e1"], "rook": ["a1"]}, "black": {"king": ["e8"]}}}
    path = tmp_path / "mate-in-a-few.json"
    path.write_text(json.dumps(position))
    browser.find_element(By.ID, "position-file").send_keys(str(path))
    WebDriverWait(browser, 30).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board [data-cell] .piece")) == 3)
    settle(browser, 0)
    pieces = {e.get_attribute("data-cell") for e in browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]")
              if e.find_elements(By.CSS_SELECTOR, ".piece")}
    assert pieces == {"e1", "a1", "e8"} and text(browser, "status") == "white to move"
    step_by_cells(browser, "a1", {f"a{r}" for r in range(2, 9)} | {f"{f}1" for f in "bcd"}, "a7")
    settle(browser, 2)                          # (the form's second seat answers)

    def shown():
        return {e.get_attribute("data-cell") for e in browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]")
                if e.find_elements(By.CSS_SELECTOR, ".piece")}
    kept = json.loads(urllib.parse.unquote(urllib.parse.urlsplit(browser.current_url).fragment))
    assert kept["position"]["pieces"] == position["pieces"] and kept["moves"][0] == "a1a7" and len(kept["moves"]) == 2
    before = shown()
    browser.refresh()                           # the link opens the same game: the position, then its moves
    settle(browser, 2)
    assert shown() == before and "a7" in before


def test_a_board_of_stones_is_its_own_list_of_moves(server, browser):
    """Hex's 121 placements are not a wall of buttons: the list folds and the board is clicked."""
    url, _ = server
    browser.get(url + "/?game=hex")
    settle(browser, 0)
    assert not browser.find_elements(By.CSS_SELECTOR, "#moves [data-move]")
    assert text(browser, "moves") == "121 moves: click the board to choose"
    # the cells a move may start on are ringed in a neutral grey, no seat's colour (Hex's blue)
    seats = set(browser.execute_script(
        "return [...document.querySelectorAll('#board [data-owner]')].map((p) => getComputedStyle(p).fill)"))
    ring = browser.execute_script(
        "return getComputedStyle(document.querySelector('#board [data-cell].can polygon.cell')).stroke")
    assert ring == "rgb(61, 61, 61)" and ring not in seats
    browser.find_element(By.CSS_SELECTOR, '#board [data-cell="f6"]').click()
    settle(browser, 1)
    assert browser.find_element(By.CSS_SELECTOR, "#history li").text.endswith("f6")


def test_zug_shows_the_tile_to_place_and_a_legend(server, browser):
    url, _ = server
    browser.get(url + "/?game=zug")
    settle(browser, 1)                  # the server has drawn the first tile
    labels = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#board svg text.next")]
    assert labels == ["to place"]
    drawn = browser.find_element(By.CSS_SELECTOR, "#history li").text.split(":")[-1]
    tiles = [e.get_attribute("data-tile") for e in browser.find_elements(By.CSS_SELECTOR, "#board svg [data-tile]")]
    assert drawn in tiles
    legend = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#board svg text.legend")}
    assert {"factory", "station", "city", "locomotive"} <= legend


def test_lezug_against_random_until_the_end(server, browser, tmp_path):
    url, records = server
    browser.get(url + "/")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "select[data-seat]"))
    browser.find_element(By.CSS_SELECTOR, '#game option[value="lezug"]').click()
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-option="max_plies"]'))
    box = browser.find_element(By.CSS_SELECTOR, '[data-option="max_plies"]')
    box.clear()
    box.send_keys("24")
    browser.find_element(By.CSS_SELECTOR, 'select[data-seat="1"] option[value="random"]').click()
    browser.find_element(By.ID, "new").click()
    settle(browser, 0)
    for _ in range(40):
        settle(browser)
        moves = browser.find_elements(By.CSS_SELECTOR, "#moves [data-move]")
        if not moves:
            break
        before = text(browser, "ply")
        moves[-1].click()
        WebDriverWait(browser, 30).until(lambda d: text(d, "ply") != before)
    settle(browser)
    assert text(browser, "status").startswith("a draw") or "won" in text(browser, "status")
    assert text(browser, "ply") == "24" or "won" in text(browser, "status")
    browser.save_screenshot(str(tmp_path / "lezug-end.png"))
    WebDriverWait(browser, 10).until(lambda d: list(records.glob("lezug-*.json")))


def test_zug_draws_placements_and_a_replay(server, browser, tmp_path):
    url, _ = server
    browser.get(url + "/?game=zug")
    settle(browser, 1)                              # the first draw is made by the page's server
    assert text(browser, "status") == "red to move"
    first = browser.find_elements(By.CSS_SELECTOR, "#moves [data-move]")[0].get_attribute("data-move")
    cell = first.split("@")[1].split("r")[0]
    browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"]').click()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell))       # the tile previewed there
    browser.find_element(By.ID, "turn-place").click()
    choice = browser.find_elements(By.CSS_SELECTOR, "#choice [data-move]")
    if choice:                                      # claims of that turn
        choice[0].click()
    settle(browser, 3)
    assert text(browser, "status") == "blue to move"
    browser.save_screenshot(str(tmp_path / "zug.png"))
    # download the record, then load it into the replay mode
    href = browser.find_element(By.ID, "download").get_attribute("href")
    record = json.loads(urllib.request.urlopen(href, timeout=10).read())
    assert len(record["moves"]) == 3 and record["moves"][0].startswith("draw:")
    path = tmp_path / "zug-record.json"
    path.write_text(json.dumps(record))
    browser.find_element(By.ID, "record-file").send_keys(str(path))
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "replay-controls").is_displayed())
    assert text(browser, "ply") == "0"
    browser.find_element(By.ID, "last").click()
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "3")
    browser.find_element(By.ID, "prev").click()
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "2")
    browser.save_screenshot(str(tmp_path / "zug-replay.png"))


def test_tsuro_deal_then_tiles_laid_by_clicks(server, browser, tmp_path):
    """The deal's six draws are made by the server; each move is a button (a tile and its turn: the
    square is the one the mover's stone faces); the tile appears on that square with its paths, and
    the stones stand on their points."""
    url, _ = server
    browser.get(url + "/?game=tsuro")
    settle(browser, 6)
    assert text(browser, "status") == "black to move"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]")) == 36
    stones = browser.find_elements(By.CSS_SELECTOR, "#board .piece")
    assert sorted(s.get_attribute("data-spot") for s in stones) == ["c1:4", "d6:0"]
    for ply, faced in ((8, "c1"), (10, "d6")):
        buttons = browser.find_elements(By.CSS_SELECTOR, "#moves [data-move]")
        assert buttons and all(re.fullmatch(r"T\d\dr\d+", b.get_attribute("data-move")) for b in buttons)
        move = buttons[0].get_attribute("data-move")
        buttons[0].click()
        settle(browser, ply)                        # the move, then the mover's draw by the server
        tile = browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{faced}"] [data-tile]')
        assert tile.get_attribute("data-tile") + "r" + tile.get_attribute("data-rotation") == move
        assert len(browser.find_elements(By.CSS_SELECTOR, f'#board [data-cell="{faced}"] .track')) == 4
    browser.save_screenshot(str(tmp_path / "tsuro.png"))


def test_tsuro_a_tile_of_the_hand_chosen_and_turned_on_the_faced_square(server, browser, tmp_path):
    """The square the mover's stone faces, clicked: R goes through every tile of the hand in each
    of its legal turns, drawn on that square; Enter lays the one shown."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.action_chains import ActionChains
    url, _ = server
    browser.get(url + "/?game=tsuro")
    settle(browser, 6)
    moves = browser.execute_script("return view.moves")
    faced = {m["cells"][0] for m in moves}
    assert len(faced) == 1 and all(m["tile"]["cell"] in faced for m in moves)
    square = faced.pop()
    offered = sorted({(m["tile"]["type"], m["tile"]["turn"]) for m in moves})
    # tiles of the hand (three): those with a turn that does not take the mover's stone off the
    # board, when some tile has one (the page's game is not seeded, so how many varies)
    assert 1 <= len({t for t, _ in offered}) <= 3
    cell(browser, square).click()
    seen = []
    want = offered[-1]
    turn_to(browser, square, want, seen)
    assert seen == offered
    browser.save_screenshot(str(tmp_path / "tsuro-preview.png"))
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    settle(browser, 8)
    played = browser.execute_script("return view.history")[6]
    assert played == f"{want[0]}r{want[1]}"
    tile = browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{square}"] [data-tile]')
    assert (tile.get_attribute("data-tile"), int(tile.get_attribute("data-rotation"))) == want


def test_carcassonne_placement_then_turn_then_follower(server, browser, tmp_path):
    """A cell clicked, then the tile's turn (previewed in place, turned by R), placed, then where
    the follower goes: one step each."""
    url, _ = server
    browser.get(url + "/?game=carcassonne")
    settle(browser, 1)                              # the first draw is made by the page's server
    assert text(browser, "status") == "red to move"
    moves = browser.execute_script("return view.moves")
    # a follower on a field stays there (a field never completes); else on anything
    move = next((m for m in moves if "+field:" in m["text"]), None) or next(m for m in moves if "+" in m["text"])
    cell = move["cells"][0]
    assert browser.find_elements(By.CSS_SELECTOR, "#board svg text.next")      # the tile to place, beside
    browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"]').click()
    turn_to(browser, cell, (move["tile"]["type"], move["tile"]["turn"]))
    browser.find_element(By.ID, "turn-place").click()
    followers = WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#choice [data-move]"))
    assert move["text"] in [b.get_attribute("data-move") for b in followers]
    assert any(b.text == "nothing more" for b in followers)        # no follower at all
    next(b for b in followers if b.get_attribute("data-move") == move["text"]).click()
    settle(browser, 3)
    assert text(browser, "status") == "blue to move"
    assert browser.execute_script("return view.history")[1] == move["text"]
    if "+field:" in move["text"]:
        assert browser.find_elements(By.CSS_SELECTOR, '#board [data-owner="red"]')
    assert "road" in browser.find_element(By.ID, "board").text and "city" in browser.find_element(By.ID, "board").text
    browser.save_screenshot(str(tmp_path / "carcassonne.png"))


def preview_turn(drv, cell: str):
    """The tile and turn the page previews on `cell` (type, degrees), as the board draws it; or None."""
    ring = drv.execute_script(      # read at once: the board is drawn again at each turn
        "const r = document.querySelector(`#board [data-cell=\"${CSS.escape(arguments[0])}\"] .preview`);"
        "return r && [r.dataset.tile, r.dataset.rotation];", cell)
    return (ring[0], int(ring[1])) if ring else None


def turn_to(drv, cell: str, want: tuple, seen: list | None = None) -> None:
    """Press R until the tile previewed on `cell` is turned as `want` says (each press shows another
    turn); the turns seen on the way are added to `seen`."""
    from selenium.webdriver.common.action_chains import ActionChains
    WebDriverWait(drv, 30).until(lambda d: preview_turn(d, cell))
    for _ in range(16):
        now = preview_turn(drv, cell)
        if seen is not None:
            seen.append(now)
        if now == want:
            return
        ActionChains(drv).send_keys("r").perform()
        WebDriverWait(drv, 30).until(lambda d: preview_turn(d, cell) not in (None, now))
    raise AssertionError(f"R never showed {want} on {cell}")


def zug_with_turns(url, browser):
    """A Zug game (seeded) whose first tile may go on some cell in two turns or more: that cell and
    its turns, in the order the page shows them."""
    for seed in range(1, 40):
        kept = {"players": ["human", "human"], "seed": seed, "moves": []}
        browser.get("about:blank")                  # (a new fragment alone would not load the page)
        browser.get(url + "/?game=zug#" + urllib.parse.quote(json.dumps(kept)))
        settle(browser, 1)
        moves = browser.execute_script("return view.moves")
        by_cell = {}
        for m in moves:
            by_cell.setdefault(m["cells"][0], set()).add((m["tile"]["type"], m["tile"]["turn"]))
        cell, turns = max(by_cell.items(), key=lambda kv: len(kv[1]))
        if len(turns) >= 2:
            return cell, sorted(turns), moves
    raise AssertionError("no seed gives a tile of two turns or more")


def test_zug_a_tile_previewed_in_place_turned_by_r_and_placed_by_enter(server, browser, tmp_path):
    """Click a cell: the tile to place is drawn on it, in one of its legal turns, named by its
    label; R shows the next turn, Shift+R the one before; Enter plays the one shown, and the
    engine's history has exactly that move."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    url, _ = server
    cell, turns, moves = zug_with_turns(url, browser)
    before = browser.find_element(By.CSS_SELECTOR, "#board svg").get_attribute("outerHTML")
    browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"]').click()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell))
    first = preview_turn(browser, cell)
    assert first == turns[0]                        # the first legal turn shows first
    group = browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"]')
    assert group.get_attribute("aria-label") == f"{cell}: the {first[0]} to place, turned {first[1]}°"
    assert f"turned {first[1]}°" in text(browser, "turn-shown")
    browser.save_screenshot(str(tmp_path / "zug-preview.png"))
    want = turns[-1]
    seen = []
    turn_to(browser, cell, want, seen)
    assert seen == turns                            # each press another legal turn, in order
    assert cell and browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"]').get_attribute(
        "aria-label").endswith(f"turned {want[1]}°")
    ActionChains(browser).send_keys("R").perform()  # Shift+R: back one
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell) == turns[-2])
    ActionChains(browser).send_keys("r").perform()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell) == want)
    browser.save_screenshot(str(tmp_path / "zug-preview-turned.png"))
    chosen = [m["text"] for m in moves if m["cells"][0] == cell and (m["tile"]["type"], m["tile"]["turn"]) == want]
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    if len(chosen) > 1:                             # claims of that turn: the first offered
        buttons = WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#choice [data-move]"))
        chosen = [buttons[0].get_attribute("data-move")]
        buttons[0].click()
    settle(browser, 3)
    history_now = browser.execute_script("return view.history")
    assert history_now[1] == chosen[0]
    game = load_game(GAMES / "zug.yaml")
    laid = {t["cell"]: t for t in game.scene(replayed(game, history_now))["tiles"]}
    assert (laid[cell]["type"], laid[cell]["rotation"]) == want
    tile = browser.find_element(By.CSS_SELECTOR, f'#board [data-cell="{cell}"] [data-tile]')
    assert (tile.get_attribute("data-tile"), int(tile.get_attribute("data-rotation"))) == want
    assert before != browser.find_element(By.CSS_SELECTOR, "#board svg").get_attribute("outerHTML")


def test_a_tile_laid_by_the_keyboard_alone(server, browser):
    """Enter on a focused cell previews the tile there, the focus staying on it (its label says
    the turn); R turns it, Enter lays it."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    url, _ = server
    cell_name, turns, moves = zug_with_turns(url, browser)
    cell(browser, cell_name).send_keys(Keys.ENTER)
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell_name) == turns[0])
    focused = browser.execute_script("return document.activeElement.getAttribute('aria-label')")
    assert focused == f"{cell_name}: the {turns[0][0]} to place, turned {turns[0][1]}°"
    ActionChains(browser).send_keys("r").perform()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell_name) == turns[1])
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    chosen = [m["text"] for m in moves if m["cells"][0] == cell_name
              and (m["tile"]["type"], m["tile"]["turn"]) == turns[1]]
    if len(chosen) > 1:                             # claims of that turn: the first, by Enter on its button
        buttons = WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#choice [data-move]"))
        chosen = [buttons[0].get_attribute("data-move")]
        buttons[0].send_keys(Keys.ENTER)
    settle(browser, 3)
    assert browser.execute_script("return view.history")[1] == chosen[0]


def test_a_tile_preview_is_let_go_by_escape_or_its_cell_clicked_again(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    url, _ = server
    cell, turns, _ = zug_with_turns(url, browser)
    group = f'#board [data-cell="{cell}"]'
    browser.find_element(By.CSS_SELECTOR, group).click()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell))
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell) is None)
    assert not browser.find_elements(By.ID, "turn-place") and text(browser, "ply") == "1"
    browser.find_element(By.CSS_SELECTOR, group).click()
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell))
    browser.find_element(By.CSS_SELECTOR, group).click()    # the cell again
    WebDriverWait(browser, 30).until(lambda d: preview_turn(d, cell) is None)
    assert not browser.find_elements(By.CSS_SELECTOR, "#board .preview") and text(browser, "ply") == "1"
    assert browser.find_element(By.CSS_SELECTOR, group).get_attribute("aria-label") == cell


# ---------------------------------------------------------------- the second corpus, by clicks
# Boards of lines (stones and pieces on crossings), a board with plates and a move's last part
# that is not a cell (a block's turn), two-stone drops clicked in any order: each game played a
# few moves by clicks, then the page's pieces compared with the engine's replay of its history.
CORPUS2 = ("go.yaml", "xiangqi.yaml", "tablut.yaml", "loa.yaml", "connect6.yaml", "pentago.yaml", "gomoku.yaml",
           "morris.yaml", "kalah.yaml", "minishogi.yaml", "shogi.yaml")


@pytest.fixture(scope="module")
def server2(tmp_path_factory):
    yield from serving([GAMES / f for f in CORPUS2], tmp_path_factory.mktemp("records2"))


def cell(drv, name):
    return drv.find_element(By.CSS_SELECTOR, f'#board [data-cell="{name}"]')


def targets(drv) -> set[str]:
    return {t.get_attribute("data-cell") for t in drv.find_elements(By.CSS_SELECTOR, "#board [data-cell].target")}


def history(drv) -> list[str]:
    return [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#history li")]


def page_pieces(drv) -> dict[str, tuple[str, str]]:
    """The pieces the page shows: cell -> (owner, kind)."""
    out = {}
    for p in drv.find_elements(By.CSS_SELECTOR, "#board [data-cell] [data-owner]"):
        name = p.find_element(By.XPATH, "./ancestor::*[@data-cell][1]").get_attribute("data-cell")
        out[name] = (p.get_attribute("data-owner"), p.get_attribute("data-kind"))
    return out


def engine_pieces(file: str, moves: list[str]) -> dict[str, tuple[str, str]]:
    """The pieces after the moves, by the engine itself (the game file replayed)."""
    from rulebook.pipeline import load_game
    game = load_game(GAMES / file)
    st = game.initial_state()
    for text in moves:
        st = game.apply(st, game.parse_move(st, text))
    out = {}
    first_kind = game.kinds[0].name
    for owner, by in game.position_json(st)["pieces"].items():
        for kind, where in (by.items() if isinstance(by, dict) else [(first_kind, by)]):
            for name in where:
                out[name] = (owner, kind)
    return out


def same_position(drv, file: str, plies: int) -> list[str]:
    moves = history(drv)
    assert len(moves) == plies
    assert page_pieces(drv) == engine_pieces(file, moves)
    return moves


def test_go_stones_on_crossings_by_clicks_with_a_capture(server2, browser, tmp_path):
    browser.get(server2 + "/?game=go")
    settle(browser, 0)
    assert browser.find_elements(By.CSS_SELECTOR, "#board .wood")           # a board of lines
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .star")) == 5  # the 9x9 star points
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-cell] polygon.point")) == 81
    for k, name in enumerate(["b1", "a1", "a2"], 1):      # black closes white's corner stone in
        cell(browser, name).click()
        settle(browser, k)
    assert "a1" not in page_pieces(browser)              # taken
    browser.find_element(By.CSS_SELECTOR, '#moves [data-move="pass"]').click()
    settle(browser, 4)
    cell(browser, "e5").click()
    settle(browser, 5)
    browser.save_screenshot(str(tmp_path / "go.png"))
    assert same_position(browser, "go.yaml", 5) == ["b1", "a1", "a2", "pass", "e5"]


def test_xiangqi_pieces_on_points_by_clicks(server2, browser, tmp_path):
    browser.get(server2 + "/?game=xiangqi")
    settle(browser, 0)
    # the river: the seven inner files' lines stop at it, and the palaces' four diagonals
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board polyline.grid")) == 2 + 7 * 2 + 10 + 4
    cell(browser, "h2").click()                          # the cannon: along its rank and file, and a jump
    assert targets(browser) == {"h1", "h3", "h4", "h5", "h6", "h9", "g2", "f2", "e2", "d2", "c2", "i2"}
    cell(browser, "e2").click()
    settle(browser, 1)
    cell(browser, "h9").click()
    assert targets(browser) == {"g7", "i7"}
    cell(browser, "g7").click()
    settle(browser, 2)
    cell(browser, "e2").click()                          # the cannon takes the soldier behind its screen
    cell(browser, "e6").click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "xiangqi.png"))
    assert same_position(browser, "xiangqi.yaml", 3) == ["h2e2", "h9g7", "e2e6"]


def test_tablut_throne_and_corners_marked_and_moves_by_clicks(server2, browser, tmp_path):
    browser.get(server2 + "/?game=tablut")
    settle(browser, 0)
    marked = {m.find_element(By.XPATH, "./ancestor::*[@data-cell][1]").get_attribute("data-cell")
              for m in browser.find_elements(By.CSS_SELECTOR, "#board .cellmark")}
    assert marked == {"e5", "a1", "i1", "a9", "i9"}
    step_by_cells(browser, "d1", {"c1", "b1", "a1", "d2", "d3", "d4"}, "d3")
    settle(browser, 1)
    cell(browser, "e3").click()
    cell(browser, "f3").click()
    settle(browser, 2)
    cell(browser, "h5").click()
    cell(browser, "h3").click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "tablut.png"))
    assert same_position(browser, "tablut.yaml", 3) == ["d1-d3", "e3-f3", "h5-h3"]


def test_lines_of_action_by_clicks(server2, browser, tmp_path):
    browser.get(server2 + "/?game=loa")
    settle(browser, 0)
    step_by_cells(browser, "c1", {"c3", "a3", "e3"}, "c3")          # as far as the line has pieces
    settle(browser, 1)
    cell(browser, "a2").click()
    cell(browser, "c2").click()
    settle(browser, 2)
    cell(browser, "d1").click()
    cell(browser, "d3").click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "loa.png"))
    assert same_position(browser, "loa.yaml", 3) == ["c1-c3", "a2-c2", "d1-d3"]


def test_connect6_two_stones_clicked_in_any_order(server2, browser, tmp_path):
    browser.get(server2 + "/?game=connect6")
    settle(browser, 0)
    assert "click the board" in text(browser, "moves")               # 361 moves: folded
    cell(browser, "j10").click()
    settle(browser, 1)
    cell(browser, "k11").click()                                     # the later file first
    assert "j11" in targets(browser) and "j10" not in targets(browser)
    cell(browser, "j11").click()
    settle(browser, 2)
    cell(browser, "j9").click()
    cell(browser, "j8").click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "connect6.png"))
    assert same_position(browser, "connect6.yaml", 3) == ["j10", "j11+k11", "j8+j9"]


def test_pentago_place_then_turn_a_plate(server2, browser, tmp_path):
    browser.get(server2 + "/?game=pentago")
    settle(browser, 0)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .plate")) == 4
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-part]")) == 8     # two turns a plate
    cell(browser, "a1").click()                       # the marble: then the turns are offered
    armed = browser.find_elements(By.CSS_SELECTOR, "#board [data-part].armed")
    assert len(armed) == 8
    assert {b.text for b in browser.find_elements(By.CSS_SELECTOR, "#choice [data-move]")} == \
        {f"{j} {s}" for j in range(1, 5) for s in "↻↺"}     # labelled as the board's buttons
    browser.save_screenshot(str(tmp_path / "pentago-choice.png"))
    browser.find_element(By.CSS_SELECTOR, '#board [data-part="/1cw"]').click()       # on the board
    settle(browser, 1)
    cell(browser, "e5").click()
    browser.find_element(By.CSS_SELECTOR, '#choice [data-move="e5/2ccw"]').click()   # or from the list
    settle(browser, 2)
    cell(browser, "b2").click()
    cell(browser, "c2").click()                       # another cell: the placement starts again there
    browser.find_element(By.CSS_SELECTOR, '#board [data-part="/4cw"]').click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "pentago.png"))
    assert same_position(browser, "pentago.yaml", 3) == ["a1/1cw", "e5/2ccw", "c2/4cw"]


def test_gomoku_stones_on_crossings(server2, browser, tmp_path):
    browser.get(server2 + "/?game=gomoku")
    settle(browser, 0)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .star")) == 5
    for k, name in enumerate(["h8", "h9", "i8"], 1):
        cell(browser, name).click()
        settle(browser, k)
    browser.save_screenshot(str(tmp_path / "gomoku.png"))
    assert same_position(browser, "gomoku.yaml", 3) == ["h8", "h9", "i8"]


def test_morris_a_mill_then_the_removal_by_clicks(server2, browser, tmp_path):
    browser.get(server2 + "/?game=morris")
    settle(browser, 0)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]")) == 24
    for k, name in enumerate(["a1", "a7", "d1", "d7"], 1):
        cell(browser, name).click()
        settle(browser, k)
    cell(browser, "g1").click()                          # a1 d1 g1: a mill, so a black man is to go
    assert targets(browser) == {"a7", "d7"} and text(browser, "ply") == "4"
    cell(browser, "d7").click()
    settle(browser, 5)
    browser.save_screenshot(str(tmp_path / "morris.png"))
    assert same_position(browser, "morris.yaml", 5) == ["a1", "a7", "d1", "d7", "g1xd7"]


def test_kalah_sown_by_clicking_a_pit(server2, browser, tmp_path):
    from rulebook.pipeline import load_game
    browser.get(server2 + "/?game=kalah")
    settle(browser, 0)
    cell(browser, "c1").click()                          # its last seed in the store: south again
    settle(browser, 1)
    assert text(browser, "status").startswith("south")
    cell(browser, "f1").click()
    settle(browser, 2)
    cell(browser, "b2").click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "kalah.png"))
    moves = history(browser)
    assert moves == ["c", "f", "b"]
    game = load_game(GAMES / "kalah.yaml")
    st = game.initial_state()
    for t in moves:
        st = game.apply(st, game.parse_move(st, t))
    seeds = game.position_json(st)["pieces"]["nobody"]["seed"]
    for c in browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]"):
        name = c.get_attribute("data-cell")
        shown = c.text.split("\n")[1:]                   # its name, then its count when it has seeds
        assert (int(shown[0]) if shown else 0) == seeds.get(name, 0), name


def test_minishogi_a_capture_into_the_hand_and_a_drop_by_clicks(server2, browser, tmp_path):
    browser.get(server2 + "/?game=minishogi")
    settle(browser, 0)
    step_by_cells(browser, "1e", {"1d", "1c", "1b"}, "1b")          # the rook takes the pawn
    settle(browser, 1)
    cell(browser, "1a").click()
    cell(browser, "1b").click()                                      # the king takes the rook back
    settle(browser, 2)
    hands = {(h.get_attribute("data-owner"), h.get_attribute("data-kind"), h.get_attribute("data-hand"))
             for h in browser.find_elements(By.CSS_SELECTOR, "#board [data-hand]")}
    assert hands == {("sente", "pawn", "1"), ("gote", "rook", "1")}                  # the hands, drawn
    cell(browser, "3c").click()                                      # the pawn in hand is dropped there
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "minishogi.png"))
    assert same_position(browser, "minishogi.yaml", 3) == ["1e1b", "1a1b", "P*3c"]


def test_shogi_hands_beside_the_board_and_a_move_by_clicks(server2, browser, tmp_path):
    browser.get(server2 + "/?game=shogi")
    settle(browser, 0)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]")) == 81
    step_by_cells(browser, "7g", {"7f"}, "7f")
    settle(browser, 1)
    cell(browser, "3c").click()
    cell(browser, "3d").click()
    settle(browser, 2)
    step_by_cells(browser, "8h", {"7g", "6f", "5e", "4d", "3c", "2b"}, "2b")   # a capture in the zone: promote or not
    choices = {b.get_attribute("data-move") for b in browser.find_elements(By.CSS_SELECTOR, "#choice [data-move]")}
    assert choices == {"8h2b", "8h2b+"}
    browser.find_element(By.CSS_SELECTOR, '#choice [data-move="8h2b+"]').click()
    settle(browser, 3)
    browser.save_screenshot(str(tmp_path / "shogi.png"))
    assert same_position(browser, "shogi.yaml", 3) == ["7g7f", "3c3d", "8h2b+"]


def replay_of(browser, tmp_path, record: dict):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    browser.find_element(By.ID, "record-file").send_keys(str(path))
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "replay-controls").is_displayed())


def test_moves_numbered_by_pairs_and_the_ply_shown_marked(server, browser, tmp_path):
    url, _ = server
    browser.get(url + "/?game=chess")
    settle(browser, 0)
    for k, (a, b) in enumerate([("e2", "e4"), ("e7", "e5"), ("g1", "f3")], 1):
        cell(browser, a).click()
        cell(browser, b).click()
        settle(browser, k)
    items = browser.find_elements(By.CSS_SELECTOR, "#history li")
    numbers = [browser.execute_script("return getComputedStyle(arguments[0], '::before').content", li) for li in items]
    assert numbers == ['"1."', '""', '"2."']                     # 1. e2e4 e7e5  2. g1f3
    lefts = [li.location["x"] for li in items]
    assert lefts[0] == lefts[2] < lefts[1]                       # white's column, then black's
    assert [li.get_attribute("class") for li in items][-1] == "current"


def test_replay_by_arrow_keys_anywhere_autoplay_and_play_on(server, browser, tmp_path):
    from selenium.webdriver.common.keys import Keys
    url, _ = server
    browser.get(url + "/?game=tictactoe")
    settle(browser, 0)
    replay_of(browser, tmp_path, {"game": "Tic-tac-toe", "moves": ["b2", "a1", "c3", "a3", "a2"]})
    assert text(browser, "ply") == "0"
    from selenium.webdriver.common.action_chains import ActionChains
    browser.execute_script("document.activeElement.blur()")     # the focus on the page, not the slider

    def press(key):
        ActionChains(browser).send_keys(key).perform()
    press(Keys.ARROW_RIGHT)
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "1")
    press(Keys.END)
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "5")
    press(Keys.ARROW_LEFT)
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "4")
    assert browser.find_element(By.CSS_SELECTOR, "#history li.current").text == "a3"
    for button in ("first", "prev", "next", "last"):                 # labels any font draws
        label = browser.find_element(By.ID, button).text
        assert label and all(ch in "|◀▶" for ch in label), label
    browser.find_element(By.ID, "first").click()
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "0")
    browser.find_element(By.ID, "speed").send_keys("fast")
    browser.find_element(By.ID, "autoplay").click()
    WebDriverWait(browser, 60).until(lambda d: text(d, "ply") == "5")       # it plays to the end and stops
    assert browser.find_element(By.ID, "autoplay").text == "play"
    browser.find_elements(By.CSS_SELECTOR, "#history li")[2].click()         # back to ply 3
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "3")
    for s in browser.find_elements(By.CSS_SELECTOR, "select[data-seat]"):
        s.send_keys("human")
    browser.find_element(By.ID, "play-on").click()
    WebDriverWait(browser, 30).until(lambda d: not d.find_element(By.ID, "replay-controls").is_displayed())
    settle(browser, 3)
    assert history(browser) == ["b2", "a1", "c3"] and text(browser, "status") == "o to move"
    cell(browser, "c1").click()                                  # a branch: another fourth move
    settle(browser, 4)
    assert history(browser) == ["b2", "a1", "c3", "c1"]


def test_a_game_survives_a_reload_and_its_link_opens_it_elsewhere(server, browser, tmp_path):
    url, _ = server
    browser.get(url + "/?game=tictactoe")
    settle(browser, 0)
    for k, name in enumerate(["b2", "a1"], 1):
        cell(browser, name).click()
        settle(browser, k)
    browser.refresh()                                             # the page is loaded again
    settle(browser, 2)
    assert history(browser) == ["b2", "a1"]
    link = browser.find_element(By.ID, "share").get_attribute("href")
    browser.get(url + "/?game=lezug")                             # elsewhere, then the link
    settle(browser, 0)
    browser.get(link)
    settle(browser, 2)
    assert history(browser) == ["b2", "a1"] and text(browser, "status") == "x to move"


def test_a_record_of_another_game_opens_that_game(server, browser, tmp_path):
    url, _ = server
    browser.get(url + "/?game=lezug")
    settle(browser, 0)
    replay_of(browser, tmp_path, {"game": "Tic-tac-toe", "moves": ["b2", "a1"]})
    assert browser.find_element(By.ID, "game").get_attribute("value") == "tictactoe"
    browser.find_element(By.ID, "last").click()
    WebDriverWait(browser, 30).until(lambda d: text(d, "ply") == "2")
    assert history(browser) == ["b2", "a1"]


def test_long_moves_played_wrap_and_never_overlap(server, browser):
    """Zug near its end (sales, long placements with claims): each move played is a line of its
    own, wrapped within its column, none printed over another."""
    game = load_game(GAMES / "zug.yaml")
    kept = {"players": ["human", "human"], "seed": SEED, "moves": late_start(game)}
    browser.get("about:blank")
    browser.set_window_size(390, 844)               # a phone: the narrowest columns
    try:
        browser.get(url_of(server) + "/?game=zug#" + urllib.parse.quote(json.dumps(kept)))
        settle(browser)
        boxes = history_boxes(browser)
        sideways = browser.execute_script("const h = document.getElementById('history');"
                                          "return [h.scrollWidth, h.clientWidth]")
    finally:
        browser.set_window_size(1400, 1000)
    assert len(boxes) >= len(kept["moves"]) and max(b[6] for b in boxes) >= 15     # (then the server draws)
    assert sideways[0] <= sideways[1] + 1, "the moves played run out of their list (a clipped column)"
    for i, (left, top, right, bottom, scroll, client, _) in enumerate(boxes):
        assert scroll <= client + 1, f"move {i + 1} runs out of its column"
        for (l2, t2, r2, b2, *_) in boxes[i + 1:]:
            assert right <= l2 + 0.5 or r2 <= left + 0.5 or bottom <= t2 + 0.5 or b2 <= top + 0.5, \
                f"move {i + 1} overlaps a later one"


def history_boxes(browser):
    """Each move played's box (left, top, right, bottom), its scroll and client width, its length."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#history li')].map((li) => {const r = li.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom, li.scrollWidth, li.clientWidth, li.textContent.length]})")


def url_of(server):
    return server[0] if isinstance(server, tuple) else server


def test_keyboard_play_to_a_marked_win_labels_flip_and_dark_mode(server, browser, tmp_path):
    from selenium.webdriver.common.keys import Keys
    url, _ = server
    browser.get(url + "/?game=tictactoe")
    settle(browser, 0)
    browser.execute_script("localStorage.removeItem('rulebook-theme'); localStorage.removeItem('rulebook-flipped')")
    for k, name in enumerate(["a1", "b1", "a2", "b2", "a3"], 1):     # each cell focused and chosen by Enter
        cell(browser, name).send_keys(Keys.ENTER)
        settle(browser, k)
    assert text(browser, "status") == "x won: three in a row"
    won = browser.find_elements(By.CSS_SELECTOR, "#board [data-cell]:has(.won)")
    assert {c.get_attribute("data-cell") for c in won} == {"a1", "a2", "a3"}
    assert cell(browser, "b2").get_attribute("aria-label") == "b2: o mark"
    assert cell(browser, "c3").get_attribute("aria-label") == "c3"
    assert cell(browser, "c3").get_attribute("tabindex") == "0"
    svg = browser.find_element(By.CSS_SELECTOR, "#board svg")
    assert svg.value_of_css_property("transform") == "none"
    browser.find_element(By.ID, "flip").click()
    assert svg.value_of_css_property("transform") != "none"
    browser.find_element(By.ID, "flip").click()
    body = browser.find_element(By.TAG_NAME, "body")
    before = body.value_of_css_property("background-color")
    browser.find_element(By.ID, "theme").click()
    after = body.value_of_css_property("background-color")
    assert before != after
    browser.save_screenshot(str(tmp_path / "theme.png"))
    browser.find_element(By.ID, "theme").click()
    assert body.value_of_css_property("background-color") == before


def test_a_piece_dragged_to_its_destination_is_moved(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    url, _ = server
    browser.get(url + "/?game=chess")
    settle(browser, 0)
    ActionChains(browser).drag_and_drop(cell(browser, "g1"), cell(browser, "f3")).perform()
    settle(browser, 1)
    assert history(browser) == ["g1f3"]
    assert cell(browser, "f3").get_attribute("aria-label") == "f3: white knight"
    ActionChains(browser).drag_and_drop(cell(browser, "e7"), cell(browser, "e3")).perform()   # not a move of e7
    assert history(browser) == ["g1f3"] and text(browser, "ply") == "1"


def test_the_second_seats_player_sees_the_board_from_their_side(server, browser):
    from selenium.webdriver.support.ui import Select
    url, _ = server
    browser.get(url + "/?game=chess")
    settle(browser, 0)
    browser.execute_script("localStorage.removeItem('rulebook-flipped')")

    def new_game(first, second):
        Select(browser.find_element(By.CSS_SELECTOR, 'select[data-seat="0"]')).select_by_value(first)
        Select(browser.find_element(By.CSS_SELECTOR, 'select[data-seat="1"]')).select_by_value(second)
        old = browser.find_element(By.CSS_SELECTOR, "#board svg")
        browser.find_element(By.ID, "new").click()
        WebDriverWait(browser, 60).until(lambda d: d.find_element(By.CSS_SELECTOR, "#board svg") != old)
        settle(browser)
        return browser.find_element(By.CSS_SELECTOR, "#board svg").value_of_css_property("transform")
    assert new_game("random", "human") != "none"          # black's human: the board turned
    assert new_game("human", "random") == "none"          # white's: as drawn


def rotation(matrix: str) -> int:
    """The degrees (clockwise) of a CSS transform matrix(a, b, c, d, e, f) that turns only."""
    import math
    a, b = (float(x) for x in matrix[len("matrix("):].split(",")[:2])
    return round(math.degrees(math.atan2(b, a))) % 360


def test_a_side_seats_player_sees_the_board_turned_to_face_them(server, browser, tmp_path):
    """Four-player Halma: a human yellow (who moves east) sees the board a quarter turned so that
    east is up, the texts upright; their move is still made by clicks on the turned board."""
    from selenium.webdriver.support.ui import Select
    url, _ = server
    browser.get(url + "/?game=halma4")
    WebDriverWait(browser, 30).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "select[data-seat]")) == 4)
    browser.execute_script("localStorage.removeItem('rulebook-flipped')")
    for seat, kind in enumerate(["random", "human", "random", "random"]):
        Select(browser.find_element(By.CSS_SELECTOR, f'select[data-seat="{seat}"]')).select_by_value(kind)
    browser.find_element(By.ID, "new").click()
    settle(browser, 1)                                  # red's random move, then yellow's turn
    view = browser.execute_script("return view")
    assert view["to_move"] == "yellow" and view["facing"] == [0, 270, 180, 90]
    svg = browser.find_element(By.CSS_SELECTOR, "#board svg")
    assert rotation(svg.value_of_css_property("transform")) == 270
    label = browser.find_element(By.CSS_SELECTOR, "#board svg text")
    assert rotation(label.value_of_css_property("transform")) == 90         # turned back upright
    assert not browser.find_element(By.CSS_SELECTOR, "#board svg text.caption").is_displayed()   # (up a side)
    browser.save_screenshot(str(tmp_path / "halma4-yellow.png"))
    move = view["moves"][0]
    play_by_clicks(browser, view["moves"], move)
    settle(browser)
    assert browser.execute_script("return view.history")[1] == move["text"]


# ---------------------------------------------------------------- every shipped game to its end
# Each game is opened from a link (the moves of a random game up to a dozen plies before its end,
# a greedy AI seat, a seed): the human's moves (greedy's choice) are then made by clicks on the
# board (or the move's button where it has no cell), the AI and chance answer on the server,
# until the game is over.
# The seed makes every run the same match. Screenshots of each game's start and end are written
# to SHOTS, for a reviewer to look at.
SHOTS = pathlib.Path(os.environ.get("RULEBOOK_SCREENSHOTS") or pathlib.Path(tempfile.gettempdir()) / "rulebook-screenshots")
SHIPPED = sorted(p.stem for p in GAMES.glob("*.yaml"))
SEED = 5


@pytest.fixture(scope="module")
def server_all(tmp_path_factory):
    for url in serving(sorted(GAMES.glob("*.yaml")), tmp_path_factory.mktemp("records_all")):
        yield url


def test_the_seats_form_names_who_sits_for_each_count(server_all, browser):
    """Chinese checkers for two is red against blue (the file's seating), for three red, green, white."""
    from selenium.webdriver.support.ui import Select
    browser.get(server_all + "/")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "select[data-seat]"))
    Select(browser.find_element(By.ID, "game")).select_by_value("chinese_checkers")
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.ID, "seat-count"))

    def names():
        return [label.text.split()[0] for label in browser.find_elements(By.CSS_SELECTOR, "#seats label.seat")]
    assert names() == ["red", "blue"]
    Select(browser.find_element(By.ID, "seat-count")).select_by_value("3")
    assert names() == ["red", "green", "white"]


def replayed(game, moves):
    st = game.initial_state()
    for text in moves:
        st = game.apply(st, game.parse_move(st, text))
    return st


def late_start(game) -> list[str]:
    """The moves of a random game (seeded) up to a dozen plies before its end."""
    rng = random.Random(SEED)
    st, moves = game.initial_state(), []
    while not game.is_over(st):
        if game.to_move(st) == CHANCE:
            outcomes, weights = zip(*game.chance_outcomes(st))
            m = rng.choices(outcomes, weights)[0]
        else:
            m = rng.choice(game.legal_moves(st))
        moves.append(game.move_str(m))
        st = game.apply(st, m)
    return moves[:max(0, len(moves) - 12)]


def rest_of(text: str, cells: list[str]) -> str:
    """What a move's text says after its cells (as the page reads it: each cell taken out once)."""
    for c in cells:
        text = text.replace(c, "", 1)
    return re.sub(r"^[^A-Za-z0-9/]+", "", text)


def following(moves: list[dict], cells: list[str]) -> list[dict]:
    """The page's moves whose cells begin with the cells clicked, in order (app.js's rule)."""
    def fits(m):
        if len(m["cells"]) < len(cells):
            return False
        if m.get("any_order"):
            return all(c in m["cells"] for c in cells)
        return m["cells"][:len(cells)] == cells
    return [m for m in moves if fits(m)]


def play_by_clicks(drv, moves: list[dict], move: dict) -> None:
    """A move made as a player makes it: its cells clicked in order, then the step or button the
    page offers for what is left of it (a move without cells, a pass, by its button)."""
    text, cells, before = move["text"], move["cells"], drv.execute_script("return view.length")
    if move.get("tile"):                            # a tile laid: its cell, its turn by R, then place
        return place_by_preview(drv, moves, move, before)
    for cell in cells:
        target = next(g for g in drv.find_elements(By.CSS_SELECTOR, "#board [data-cell]")
                      if g.get_attribute("data-cell") == cell)
        drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
        target.click()
    done = [m for m in following(moves, cells) if len(m["cells"]) == len(cells)] if cells else []
    longer = [m for m in following(moves, cells) if len(m["cells"]) > len(cells)] if cells else []
    if not (len(done) == 1 and not longer):          # else the last click played it
        for _ in range(4):
            buttons = drv.find_elements(By.CSS_SELECTOR, "#choice [data-move]" if cells else "#moves [data-move]")
            exact = [b for b in buttons if b.get_attribute("data-move") == text]
            if exact:
                drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", exact[0])
                exact[0].click()
                break
            rest = rest_of(text, cells)
            steps = [s for s in drv.find_elements(By.CSS_SELECTOR, "#choice [data-step]")
                     if rest.startswith(s.get_attribute("data-step"))]
            assert steps, f"the page offers no way to finish {text} after its cells {cells}"
            steps[0].click()
    WebDriverWait(drv, 60).until(lambda d: d.execute_script("return view.length") > before)


def place_by_preview(drv, moves: list[dict], move: dict, before: int) -> None:
    """A tile laid as a player lays it: its cell clicked, R pressed until the preview shows its
    turn, placed; then the cell of a counter taken back, or the button of what follows."""
    text, cells = move["text"], move["cells"]
    drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", cell(drv, cells[0]))
    cell(drv, cells[0]).click()
    want = (move["tile"]["type"], move["tile"]["turn"])
    turn_to(drv, cells[0], want)
    drv.find_element(By.ID, "turn-place").click()
    same = [m for m in moves if m.get("tile") and m["cells"][0] == cells[0]
            and (m["tile"]["type"], m["tile"]["turn"]) == want]
    if len(same) > 1:
        for c in cells[1:]:
            cell(drv, c).click()
        if len(cells) == 1:
            exact = [b for b in drv.find_elements(By.CSS_SELECTOR, "#choice [data-move]")
                     if b.get_attribute("data-move") == text]
            assert exact, f"the page offers no way to finish {text} after its turn"
            exact[0].click()
    WebDriverWait(drv, 60).until(lambda d: d.execute_script("return view.length") > before)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_played_to_its_end_by_clicks_against_an_ai(server_all, browser, name):
    from rulebook.look.scene import result_words
    from rulebook.players.specs import make_player
    game = load_game(GAMES / f"{name}.yaml")
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.get(f"{server_all}/?game={name}")
    settle(browser)
    browser.save_screenshot(str(SHOTS / f"{name}-start.png"))
    kept = {"players": ["human"] + ["greedy"] * (len(game.players) - 1), "seed": SEED, "options": {},
            "seats": len(game.players), "moves": late_start(game)}
    browser.get("about:blank")
    browser.get(f"{server_all}/?game={name}#" + urllib.parse.quote(json.dumps(kept)))
    me = make_player("greedy", game, SEED)
    for _ in range(100):
        settle(browser)
        view = browser.execute_script("return view")
        if view["over"]:
            break
        assert view["human"] and view["agents"][view["players"].index(view["to_move"])] == "human", view["status"]
        move = game.move_str(me.choose(replayed(game, view["history"])))
        play_by_clicks(browser, view["moves"], next(m for m in view["moves"] if m["text"] == move))
    settle(browser)
    view = browser.execute_script("return view")
    assert view["over"], f"{name}: not over after 100 clicked moves ({view['status']})"
    assert len(view["history"]) > len(kept["moves"])
    end = replayed(game, view["history"])
    assert game.is_over(end) and text(browser, "status") == result_words(game, end)
    browser.save_screenshot(str(SHOTS / f"{name}-end.png"))
