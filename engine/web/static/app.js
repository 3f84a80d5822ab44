// The rulebook page: a thin client of the server's JSON API. Every rule is the server's: the
// page only shows the position (an SVG drawn by the server) and sends the move the player picks.
"use strict";
const $ = (id) => document.getElementById(id);
let games = [];          // what the server plays
let view = null;         // the current game, as the server last described it
let picked = [];         // the cells clicked so far: a move is played by its cells, in order
let poll = null;

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)};
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({error: `HTTP ${r.status}`}));
  if (!r.ok) throw new Error(data.error || `HTTP ${r.status}`);
  return data;
}

function say(err) { $("error").textContent = err ? String(err.message || err) : ""; }

function entry() { return games.find((g) => g.id === $("game").value); }

function setupForm() {
  const g = entry();
  if (!g) return;
  const seats = $("seats"), options = $("options");
  seats.innerHTML = ""; options.innerHTML = "";
  const fs = document.createElement("fieldset");
  fs.innerHTML = "<legend>seats</legend>";
  if (g.seats.min !== g.seats.max) {
    const n = document.createElement("select");
    n.id = "seat-count";
    for (const k of g.seats.counts) n.add(new Option(`${k} players`, k, false, k === g.seats.default));
    n.onchange = () => seatRows(fs, g, +n.value);
    fs.appendChild(n);
  }
  seats.appendChild(fs);
  seatRows(fs, g, g.seats.default);
  const fo = document.createElement("fieldset");
  fo.innerHTML = "<legend>options</legend>";
  for (const [name, spec] of Object.entries(g.options)) {
    const label = document.createElement("label");
    label.title = spec.about || "";
    label.append(`${name} `);
    let input;
    if (spec.choices) {
      input = document.createElement("select");
      for (const c of spec.choices) input.add(new Option(String(c), String(c), false, String(c) === String(spec.default)));
    } else if (typeof spec.default === "boolean") {      // a yes/no option: a box to tick
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = spec.default;
    } else {
      input = document.createElement("input");
      if (typeof spec.default === "number") {            // a number, within the bounds the file gives
        input.type = "number";
        input.step = Number.isInteger(spec.default) ? "1" : "any";
        if (spec.min !== undefined) input.min = spec.min;
        if (spec.max !== undefined) input.max = spec.max;
      }
      input.value = String(spec.default);
      input.size = 6;
    }
    input.dataset.option = name;
    label.appendChild(input);
    fo.appendChild(label);
  }
  if (Object.keys(g.options).length) options.appendChild(fo);
  loadRules();
}

function seatRows(fs, g, n) {
  fs.querySelectorAll(".seat").forEach((e) => e.remove());
  for (let i = 0; i < n; i++) {
    const row = document.createElement("label");
    row.className = "seat";
    const name = ((g.seats.by_count || {})[n] || g.seats.names)[i] || `seat ${i + 1}`;   // who sits there for n players
    row.append(` ${name} `);
    const kind = document.createElement("select");
    kind.dataset.seat = i;
    for (const p of g.players) kind.add(new Option(p, p, false, p === (i === 0 ? "human" : "random")));
    const budget = document.createElement("input");
    budget.type = "number"; budget.min = 1; budget.value = 300; budget.size = 5;
    budget.title = "mcts iterations"; budget.dataset.budget = i;
    row.append(kind, budget);
    fs.appendChild(row);
  }
}

function chosenPlayers() {
  return [...document.querySelectorAll("select[data-seat]")].map((s) => {
    const b = document.querySelector(`input[data-budget="${s.dataset.seat}"]`);
    return s.value === "mcts" ? `mcts:iterations=${Math.max(1, parseInt(b.value || "300", 10))}` : s.value;
  });
}

async function newGame(body) {
  say();
  try { await showFrom("/api/new", body); } catch (e) { say(e); }
}

function fromForm() {
  const g = entry();
  const options = {};
  document.querySelectorAll("[data-option]").forEach((i) => {
    const value = i.type === "checkbox" ? (i.checked ? "yes" : "no") : i.value;
    const fallback = g.options[i.dataset.option].default;
    const same = i.type === "checkbox" ? i.checked === fallback : String(i.value) === String(fallback);
    if (!same) options[i.dataset.option] = value;
  });
  const body = {game: g.id, players: chosenPlayers(), options};
  const n = $("seat-count");
  if (n) body.seats = +n.value;
  return body;
}

// Only the answer to the latest request is shown: a poll answered after a move, or after a
// replay step, would otherwise bring back the position it was asked for.
let asked = 0;
async function showFrom(path, body) {
  const n = ++asked;
  const v = await api(path, body);
  if (n === asked) show(v);
}

// The seat's view: a new game with one human seat is shown from that seat's side, the board
// turned so that the seat's forward points up (the server's `facing`: degrees per seat, where
// the seats face different ways), or half round for the second of two seats; the flip button
// turns it half round either way after.
let seen = null;
function seatView(v) {
  if (v.id === seen) return;
  seen = v.id;
  const humans = (v.agents || []).map((a, i) => (a === "human" ? i : -1)).filter((i) => i >= 0);
  const turn = humans.length !== 1 ? (localStorage.getItem("rulebook-flipped") ? 180 : 0)
    : v.facing ? v.facing[humans[0]] : (v.players.length === 2 && humans[0] === 1 ? 180 : 0);
  turnBoard(turn);
}

function turnBoard(degrees) {
  const turn = ((degrees % 360) + 360) % 360;
  $("board").style.setProperty("--turn", `${turn}deg`);
  $("board").classList.toggle("flipped", turn !== 0);
  $("board").dataset.turn = String(turn);
  $("flip").setAttribute("aria-pressed", String(turn !== 0));
}

function show(v) {
  view = v;
  seatView(v);
  picked = [];
  pending = [];
  turning = null;
  $("board").innerHTML = v.svg;
  fitBoard();
  $("status").textContent = v.status;
  $("ply").textContent = String(v.ply);
  $("error").textContent = v.error || "";
  $("choice").innerHTML = "";
  $("undo").disabled = !v.can_undo;
  $("download").href = `/api/game/${v.id}/record`;
  $("download").setAttribute("download", `${v.game}.json`);
  listMoves();
  showHistory(v);
  $("replay-controls").hidden = !v.replay;
  if (v.replay) { $("slider").max = v.length; $("slider").value = v.at; }
  if (!v.replay || v.at >= v.length) stopAutoplay();
  keepInAddress(v);
  mark();
  clearTimeout(poll);
  if (!v.replay && (v.thinking || v.to_move === "chance")) poll = setTimeout(refresh, 250);   // a replay does not change
}

// The board as large as the window allows, by width and by height: the height left below the
// board's top (the page scrolled to its start) and the board's shape (the SVG's viewBox) tell
// the stylesheet how wide it may be.
function fitBoard() {
  const board = $("board"), svg = board.querySelector("svg");
  const box = svg && svg.viewBox.baseVal;
  if (box && box.width && box.height) {
    board.style.setProperty("--aspect", String(box.width / box.height));
    board.style.setProperty("--natural", `${box.width}px`);     // (a small drawing grows twice at most)
  }
  const top = board.getBoundingClientRect().top + window.scrollY;
  board.style.setProperty("--room", `${Math.max(240, window.innerHeight - top - 16)}px`);
}
window.addEventListener("resize", fitBoard);

// The moves played: in a game of two seats, numbered by pairs (`1. e4 e5`: a number before each
// move of the first seat, or before a second seat's move that does not follow one); the ply now
// shown is marked, and in a replay each move is a step to the position after it.
function showHistory(v) {
  const hist = $("history");
  hist.innerHTML = "";
  hist.classList.toggle("pairs", v.players.length === 2);
  let number = 0, open = false;          // the pair being filled: its number, whether the first seat moved
  v.history.forEach((t, i) => {
    const li = document.createElement("li");
    li.textContent = t;
    li.dataset.ply = i + 1;
    const who = (v.movers || [])[i];
    if (v.players.length === 2 && who !== "chance") {
      if (who === v.players[0] || !open) { number += 1; li.dataset.number = who === v.players[0] ? `${number}.` : `${number}…`; }
      if (who !== v.players[0]) li.classList.add("second");
      open = who === v.players[0];
    } else if (who === "chance") li.classList.add("chance");
    if (i + 1 === (v.replay ? v.at : v.length)) li.classList.add("current");
    if (v.replay) { li.tabIndex = 0; li.onclick = () => step(i + 1); }
    hist.appendChild(li);
  });
  const now = hist.querySelector(".current");
  if (now) now.scrollIntoView({block: "nearest"});
}

// The game in the address: a reload, a restart of the server or a link sent to someone opens
// it again (the game, its options and seats, the players, the seed of their choices and chance,
// and every move, in the fragment).
function keepInAddress(v) {
  const url = new URL(location.href);
  if (v.replay) { url.hash = ""; history.replaceState(null, "", url); return; }
  url.searchParams.set("game", v.game);
  const kept = {options: v.options, players: v.agents, seed: v.seed, moves: v.history};
  if (v.position) kept.position = v.position;
  if (entry() && entry().seats.min !== entry().seats.max) kept.seats = v.players.length;
  url.hash = encodeURIComponent(JSON.stringify(kept));
  history.replaceState(null, "", url);
  $("share").href = url.href;
}

function fromAddress(game) {
  if (!location.hash) return null;
  try {
    const kept = JSON.parse(decodeURIComponent(location.hash.slice(1)));
    return {game, options: kept.options || {}, players: kept.players, moves: kept.moves || [],
            ...(kept.position ? {position: kept.position} : {}),
            ...(kept.seats ? {seats: kept.seats} : {}), ...(Number.isInteger(kept.seed) ? {seed: kept.seed} : {})};
  } catch (e) { return null; }
}

let autoplay = null;
function stopAutoplay() {
  clearInterval(autoplay);
  autoplay = null;
  $("autoplay").textContent = "play";
}
function toggleAutoplay() {
  if (autoplay) return stopAutoplay();
  if (view.at >= view.length) step(0);
  autoplay = setInterval(() => { if (view.at < view.length) step(view.at + 1); else stopAutoplay(); }, +$("speed").value);
  $("autoplay").textContent = "pause";
}

// From a past ply of a replay a new game goes on, with the seats of the form; the later
// plies stay in the replay, which the page leaves.
function playOn() {
  const body = {...fromForm(), game: view.game, options: view.options, moves: view.history.slice(0, view.at)};
  if (view.position) body.position = view.position;
  if (entry().seats.min !== entry().seats.max) body.seats = view.players.length;
  stopAutoplay();
  newGame(body);
}

function moveButton(text, label) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.move = text;
  b.textContent = label || text;
  if (label) b.title = text;
  b.onclick = () => play(text);
  return b;
}

const LISTED = 300;      // more legal moves than this are not listed until a click narrows them
const LISTED_CELLS = 80; // nor more than this when each is one cell of the board (a stone placed)

// The legal moves, those the cells clicked so far lead to (all of them before a click).
function listMoves() {
  const list = $("moves");
  list.innerHTML = "";
  if (!view) return;
  const moves = following(picked);
  const oneCell = moves.every((m) => m.cells.length === 1);
  if (moves.length > LISTED || (oneCell && moves.length > LISTED_CELLS)) {
    const p = document.createElement("p");
    p.className = "folded";
    p.textContent = `${moves.length} moves: click the board to choose`;
    list.appendChild(p);
    for (const m of moves) if (!m.cells.length) list.appendChild(moveButton(m.text));   // a pass
    return;
  }
  const natural = (a, b) => a.text.localeCompare(b.text, "en", {numeric: true});   // a2 before a10
  for (const m of moves.slice().sort(natural)) list.appendChild(moveButton(m.text));
}

async function refresh() {
  if (!view) return;
  try { await showFrom(`/api/game/${view.id}` + (view.replay ? `?at=${view.at}` : "")); } catch (e) { say(e); }
}

async function play(text) {
  say();
  try { await showFrom(`/api/game/${view.id}/move`, {move: text, ply: view.length}); } catch (e) { say(e); }
}

function cellGroup(name) { return document.querySelector(`#board [data-cell="${CSS.escape(name)}"]`); }

// The moves whose cells begin with the cells clicked, in the order the move names them (a piece,
// then its landings, then an arrow it shoots; a tile's cell; a sale's factory, station and city);
// a move whose cells come in any order (a drop of several) has every cell clicked among its own.
function following(cells) {
  const kept = turning && turning.chosen;       // a tile's turn confirmed: only its moves go on
  return view.moves.filter((m) => {
    if (m.cells.length < cells.length) return false;
    if (kept && cells.length && cells[0] === turning.cell && (!m.tile || turnKey(m) !== kept)) return false;
    if (m.any_order) return cells.every((c) => m.cells.includes(c));
    return cells.every((c, i) => m.cells[i] === c);
  });
}

// Highlights: the cells where a move may start, or the next cells of the moves begun.
function mark() {
  document.querySelectorAll("#board [data-cell]").forEach((g) => g.classList.remove("from", "target", "can"));
  if (!view || !view.human) return;
  for (const c of picked) cellGroup(c)?.classList.add("from");
  if (turning && !turning.chosen) return listMoves();     // a turn is being chosen: no later cell yet
  const starts = new Set(), targets = new Set();
  for (const m of following(picked)) {
    if (!picked.length) { for (const c of (m.any_order ? m.cells : m.cells.slice(0, 1))) starts.add(c); continue; }
    if (m.any_order) { for (const c of m.cells) if (!picked.includes(c)) targets.add(c); }
    else if (m.cells.length > picked.length) targets.add(m.cells[picked.length]);   // the next cell only
  }
  for (const c of starts) cellGroup(c)?.classList.add("can");
  for (const c of targets) cellGroup(c)?.classList.add("target");
  listMoves();
}

// The moves waiting for a last part that is not a cell (a block's turn): drawn on the board as
// controls (data-part) and listed as buttons, each by the part it adds to the cells clicked.
let pending = [];

function offerParts(list, cells) {
  pending = list;
  const parts = new Set(list.map((m) => partOf(m, cells)));
  document.querySelectorAll("#board [data-part]").forEach((g) => g.classList.toggle("armed", parts.has(g.dataset.part)));
}

function partOf(m, cells) {
  let rest = m.text;
  for (const c of cells) rest = rest.replace(c, "");
  return rest.replace(/^[^A-Za-z0-9/]+/, "");
}

function partClicked(part) {
  if (!view || !view.human) return;
  const hit = pending.filter((m) => m.text.endsWith(part));
  if (hit.length === 1) return play(hit[0].text);
  say(pending.length ? `no move ends ${part} here` : "first click the cell the move starts on");
}

// A part that goes on after its first step (a tile's turn, then `+` or `-` and a claim) is chosen
// a step at a time: first the distinct first steps, then what may follow the one chosen.
function firstStep(part) { const i = part.slice(1).search(/[+-]/); return i < 0 ? part : part.slice(0, i + 1); }

function choose(list, cells, step = null) {
  const c = $("choice");
  c.innerHTML = "";
  if (list.length === 1) return play(list[0].text);
  const steps = new Map();
  for (const m of list) {
    const head = firstStep(partOf(m, cells));
    if (!steps.has(head)) steps.set(head, []);
    steps.get(head).push(m);
  }
  if (step === null && steps.size === 1 && list.length > 1) return choose(list, cells, [...steps.keys()][0]);
  if (step === null && steps.size > 1 && steps.size < list.length) {
    c.append(`${cells.join(" ")}, then: `);
    for (const [head, ms] of steps) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.step = head;
      b.textContent = head;
      b.onclick = () => choose(ms, cells, head);
      c.appendChild(b);
    }
    return offerParts(list, cells);
  }
  c.append(`${cells.join(" ")}${step ? " " + step : ""}, then: `);
  for (const m of list) {
    if (step !== null) {
      const rest = partOf(m, cells).slice(step.length);
      c.appendChild(moveButton(m.text, rest || "nothing more"));
      continue;
    }
    const part = partOf(m, cells);
    const control = part && document.querySelector(`#board [data-part="${CSS.escape(part)}"]`);
    c.appendChild(moveButton(m.text, (control && control.dataset.label) || part || m.text));
  }
  offerParts(list, cells);
}

function clicked(name) {
  if (!view || !view.human) return;
  if (turning && name === turning.cell) return stopTurning();      // the tile's cell again: let it go
  if (turning && (!turning.chosen || !following([turning.cell, name]).length)) stopTurning();  // another cell: from there
  $("choice").innerHTML = "";
  say();
  offerParts([], []);
  if (picked.length && picked[picked.length - 1] === name) {     // the last cell clicked again: let it go
    picked = picked.slice(0, -1);
    return mark();
  }
  let cells = picked.concat([name]);
  let moves = following(cells);
  if (!picked.length && moves.length && moves.every((m) => m.tile && m.tile.cell === name)) {
    return startTurning(name, moves);          // a tile laid here: its turns previewed first
  }
  if (!moves.length && picked.length) {       // not a next cell: start again from this one
    cells = [name];
    moves = following(cells);
  }
  if (!moves.length) whyNot(picked.concat([name]));     // no move: the rules' reason
  const done = moves.filter((m) => m.cells.length === cells.length);
  const longer = moves.filter((m) => m.cells.length > cells.length);
  picked = longer.length ? cells : [];
  mark();
  if (done.length && !longer.length) {
    if (done.length > 1) { picked = cells; mark(); }           // the cells stay shown while a part is chosen
    return choose(done, cells);
  }
  if (done.length) {                            // a move may end here or go on: offer both
    const c = $("choice");
    c.append("choose, or click on: ");
    for (const m of done) c.appendChild(moveButton(m.text));
  }
}

// A tile's turns previewed on its cell: the moves that lay a tile there, one turn for each tile
// type and rotation (the server's `tile` of each move), the turn shown drawn by the server in
// place on the board. R / Shift+R or the turn buttons show the next or previous turn; Enter or
// "place" takes the one shown (its one move played, else what may follow it offered, as a
// claim); Escape or a click on the cell again lets it go.
let turning = null;      // {cell, turns: [{key, label, moves}], at, chosen: the key taken, or null}
let previewAsked = 0;

function turnKey(m) { return `${m.tile.type} ${m.tile.turn}`; }

function startTurning(cell, moves) {
  const turns = new Map();
  for (const m of moves.slice().sort((a, b) => a.tile.type.localeCompare(b.tile.type) || a.tile.turn - b.tile.turn)) {
    const key = turnKey(m);
    if (!turns.has(key)) turns.set(key, {key, label: `${m.tile.type} turned ${m.tile.turn}°`, moves: []});
    turns.get(key).moves.push(m);
  }
  turning = {cell, turns: [...turns.values()], at: 0, chosen: null};
  picked = [cell];
  showTurn();
}

function stopTurning() {
  turning = null;
  previewAsked++;                  // a preview still on its way is not shown
  picked = [];
  $("choice").innerHTML = "";
  $("board").innerHTML = view.svg;
  fitBoard();
  mark();
}

function turnBy(step) {
  if (!turning || turning.chosen) return;
  const n = turning.turns.length;
  turning.at = (turning.at + step + n) % n;
  showTurn();
}

function controlButton(text, label, action, id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.title = label;
  if (id) b.id = id;
  b.onclick = action;
  return b;
}

// The turn shown: its name and the buttons in the panel, its picture (the board with the tile
// on its cell, from the server) on the board once it comes.
async function showTurn() {
  const t = turning.turns[turning.at], c = $("choice");
  c.innerHTML = "";
  c.append(`${turning.cell}: `);
  const shown = document.createElement("span");
  shown.id = "turn-shown";
  shown.setAttribute("aria-live", "polite");      // each turn said as it is shown
  shown.textContent = `${t.label} (${turning.at + 1} of ${turning.turns.length})`;
  c.append(controlButton("⟲", "previous turn (Shift+R)", () => turnBy(-1), "turn-prev"), " ", shown, " ",
           controlButton("⟳", "next turn (R)", () => turnBy(1), "turn-next"), " ",
           controlButton("place", "place the tile turned so (Enter)", confirmTurn, "turn-place"), " ",
           controlButton("cancel", "choose another cell (Escape)", stopTurning, "turn-cancel"));
  const n = ++previewAsked, id = view.id, length = view.length;
  try {
    const r = await api(`/api/game/${id}/preview`, {move: t.moves[0].text, ply: length});
    if (n !== previewAsked || !turning || view.id !== id || view.length !== length) return;
    $("board").innerHTML = r.svg;
    fitBoard();
    mark();
    cellGroup(turning.cell)?.focus({preventScroll: true});    // the keys go on from the tile shown
  } catch (e) { say(e); }
}

function confirmTurn() {
  if (!turning || turning.chosen) return;
  const t = turning.turns[turning.at], cell = turning.cell;
  if (t.moves.length === 1) return play(t.moves[0].text);
  turning.chosen = t.key;
  const c = $("choice");
  c.innerHTML = "";
  const done = t.moves.filter((m) => m.cells.length === 1);
  mark();                          // the later cells of the turn taken (a counter taken back from a tile)
  if (done.length === t.moves.length) return choose(done, [cell], firstStep(partOf(done[0], [cell])));
  c.append(`${cell} ${t.label}: ${done.length ? "choose, or " : ""}click on: `);
  const step = firstStep(partOf(t.moves[0], [cell]));
  for (const m of done) c.appendChild(moveButton(m.text, partOf(m, [cell]).slice(step.length) || "nothing more"));
}

// Why the cells clicked make no move, in the words of `rulebook moves --why` (a stone above the
// lowest free cell of a column, a piece that cannot go there).
async function whyNot(cells) {
  const id = view.id, length = view.length;
  try {
    const r = await api(`/api/game/${id}/why`, {cells, ply: length});
    if (view && view.id === id && view.length === length && !picked.length) say(r.why);
  } catch (e) { /* the reason is a help, not a need */ }
}

async function step(at) {
  at = Math.max(0, Math.min(view.length, at));
  try { await showFrom(`/api/game/${view.id}?at=${at}`); } catch (e) { say(e); }
}

async function loadRules() {
  const g = entry();
  if (!g) return;
  try { $("rules").innerHTML = (await api(`/api/rules/${encodeURIComponent(g.id)}`)).html; } catch (e) { say(e); }
}

async function start() {
  // on a narrow screen (a phone) the setup is folded: the board comes first
  if (window.innerWidth < 700) $("setup-box").open = false;
  $("setup-box").addEventListener("toggle", fitBoard);
  try { games = await api("/api/games"); } catch (e) { say(e); return; }
  for (const g of games) $("game").add(new Option(g.name, g.id));
  const want = new URLSearchParams(location.search).get("game");
  if (want && games.some((g) => g.id === want)) $("game").value = want;
  $("game").onchange = setupForm;
  setupForm();
  $("new").onclick = () => newGame(fromForm());
  $("undo").onclick = async () => { say(); try { await showFrom(`/api/game/${view.id}/undo`, {}); } catch (e) { say(e); } };
  $("rules-toggle").onclick = () => { $("rules").hidden = !$("rules").hidden; };
  // keyboard play: a focused cell (Tab to it) is clicked by Enter or Space
  $("board").addEventListener("keydown", (ev) => {
    const cell = ev.target.closest && ev.target.closest("[data-cell], [data-part]");
    if (!cell || (ev.key !== "Enter" && ev.key !== " ")) return;
    if (turning && !turning.chosen && ev.key === "Enter") return;     // Enter places the tile previewed (below)
    ev.preventDefault();
    ev.stopPropagation();            // the key is this click's, not also the Enter of a preview it opens
    const name = cell.dataset.cell;
    cell.dispatchEvent(new MouseEvent("click", {bubbles: true}));
    const again = name && $("board").querySelector(`[data-cell="${CSS.escape(name)}"]`);
    if (again) again.focus();          // the board is drawn again: keep the focus on the cell
  });
  $("flip").onclick = () => {
    turnBoard(+($("board").dataset.turn || 0) + 180);
    localStorage.setItem("rulebook-flipped", $("board").dataset.turn !== "0" ? "1" : "");
  };
  if (localStorage.getItem("rulebook-flipped")) turnBoard(180);
  $("theme").onclick = () => {
    const dark = !(document.documentElement.dataset.theme === "dark" ||
                   (!document.documentElement.dataset.theme && matchMedia("(prefers-color-scheme: dark)").matches));
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    localStorage.setItem("rulebook-theme", document.documentElement.dataset.theme);
  };
  if (localStorage.getItem("rulebook-theme")) document.documentElement.dataset.theme = localStorage.getItem("rulebook-theme");
  // drag: a piece pressed on one cell and let go on another is the two clicks (a press and a
  // release on one cell is a click, as before)
  let dragFrom = null;
  $("board").addEventListener("pointerdown", (ev) => {
    const g = ev.target.closest("[data-cell]");
    dragFrom = g && g.querySelector("[data-owner]") ? g.dataset.cell : null;
  });
  document.addEventListener("pointerup", (ev) => {
    const from = dragFrom;
    dragFrom = null;
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const to = under && under.closest && under.closest("#board [data-cell]");
    if (!from || !to || to.dataset.cell === from) return;
    if (picked[0] !== from) { picked = []; clicked(from); }
    clicked(to.dataset.cell);
  });
  $("board").addEventListener("click", (ev) => {
    const part = ev.target.closest("[data-part]");
    if (part) return partClicked(part.dataset.part);
    const g = ev.target.closest("[data-cell]");
    if (g) clicked(g.dataset.cell);
  });
  $("first").onclick = () => step(0);
  $("prev").onclick = () => step(view.at - 1);
  $("next").onclick = () => step(view.at + 1);
  $("last").onclick = () => step(view.length);
  $("slider").oninput = () => step(+$("slider").value);
  $("autoplay").onclick = toggleAutoplay;
  $("play-on").onclick = playOn;
  // a tile's turns: R and Shift+R turn it, Enter places it, Escape lets it go (but in a field, or
  // on a button, which Enter presses)
  document.addEventListener("keydown", (ev) => {
    if (!turning || ev.altKey || ev.ctrlKey || ev.metaKey || !ev.target.matches) return;
    if (ev.target.matches("textarea, select, input") && ev.key !== "Escape") return;
    if (ev.target.matches("button, a") && ev.key === "Enter") return;
    const act = {r: () => turnBy(1), R: () => turnBy(-1), Enter: confirmTurn, Escape: stopTurning}[ev.key];
    if (!act || (turning.chosen && ev.key !== "Escape")) return;
    ev.preventDefault();
    act();
  });
  // the arrow keys step through a replay wherever the focus is, but in a field being typed in
  document.addEventListener("keydown", (ev) => {
    if (!view || !view.replay || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const typing = "textarea, select, input:not([type=range]):not([type=file]):not([type=checkbox]):not([type=button])";
    if (ev.target.matches && ev.target.matches(typing)) return;
    const to = {ArrowLeft: view.at - 1, ArrowRight: view.at + 1, Home: 0, End: view.length}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    stopAutoplay();
    step(to);
  });
  // a record (replayed) or a position file (rulebook show --json writes one: a new game from it,
  // the seats of the form); a file of another game this server plays opens that game
  const opened = (use) => async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    say();
    try {
      const data = JSON.parse(await f.text());
      const other = games.find((g) => g.name === data.game);
      if (other && other.id !== $("game").value) { $("game").value = other.id; setupForm(); }
      await use(data);
    } catch (e) { say(e); }
    ev.target.value = "";
  };
  $("record-file").onchange = opened((record) => showFrom("/api/replay", {game: entry().id, record}));
  $("position-file").onchange = opened((position) => newGame({...fromForm(), position}));
  if (want) {
    if (!games.some((g) => g.id === want)) return say(`unknown game '${want}'`);
    const g = entry();
    const n = g.seats.default;
    newGame(fromAddress(want) || {game: want, players: Array(n).fill("human")});
  }
}

start();
