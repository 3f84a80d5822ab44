"""The compiled playout's loop (playout/__init__.py) for a last phase whose one move places a piece that
must turn lines over: `place(ZONE) flip(D)`, in a game that ends when no seat can place
(`over: all_stuck`) and where a blocked player passes. It plays on the state's own variables:

- each seat's legal cells are found for all cells at once by shifts of the boards (per direction
  of D, the runs of enemy pieces closed by one of the player's, grown a cell a round back from
  the player's pieces; a free cell next to such a run is legal), where the Game API tries each
  cell next to an enemy piece and walks its rays;
- the cell is the one `choice` draws among the legal moves, listed highest cell first as the
  generated `legal_moves` lists them (a pass, a list of one, drawn too), and only its lines are
  walked (the flips of the other legal cells are never found);
- the end is read from the same masks: the next seat's legal cells are its next ply's, and only
  when it has none are the others asked.

So the same seed plays the same game as `api.random_playout`, which the tests check.
"""
from __future__ import annotations

from ....lang import dsl
from .placing import kth_cell, on_variables, placements, placing_game


def flipping_phase(game):
    """(the place action, its kind, the flip's direction set) where the last phase's one move is
    `place(ZONE) flip(D)` onto an empty cell, the game ends when no seat can place and a blocked
    player passes, on a board whose directions are translations; else None."""
    rules = game.rules
    if not placing_game(game) or game.multi or game.neutral or not game.geo.translations:
        return None
    if not (isinstance(rules.over, dsl.Name) and rules.over.dotted == "all_stuck") or \
            rules.win is not None or rules.lose is not None or rules.draw is not None or game.blocked != "pass":
        return None
    ph = rules.phases[-1]
    found = placements(game, ph)
    if found is None or len(found) != 1 or ph.rules:
        return None
    a, kind, onto, after = found[0]
    if onto != "empty" or len(after) != 1 or after[0].name != "flip" or not isinstance(after[0].args[0], dsl.Name):
        return None
    dirs = after[0].args[0].dotted
    return (a, kind, dirs) if dirs in game.dir_names else None


def outflanked_source(game, zone: str, dirs: str) -> str:
    """`def FLIP_CELLS(B, s)`: the cells of the zone where seat s may place, a flip in `dirs`
    turning something there (the bits of every such cell at once)."""
    n = game.n
    foe = "B[1 - s]" if n == 2 else "occ ^ mine"
    L = ["def FLIP_CELLS(B, s):",
         f"    # flip({dirs}) after place({zone}): the free cells with a run of enemy pieces that way closed by the seat's own",
         "    mine = B[s]",
         f"    occ = {' | '.join(f'B[{i}]' for i in range(n))}",
         f"    foe = {foe}",
         "    near = 0"]
    for seat, shifts in enumerate(game._jump_masks(dirs, 1)):
        L.append(f"    {'if' if seat == 0 else 'elif'} s == {seat}:")
        for mask, sh in shifts:
            def ahead(x, mask=mask, sh=sh):     # the cells whose neighbour that way is in x
                moved = f"({x} >> {sh})" if sh >= 0 else f"({x} << {-sh})"
                return f"{mask} & {moved}" if mask else moved
            def moved(x, sh=sh):
                return f"({x} >> {sh})" if sh >= 0 else f"({x} << {-sh})"
            p = f"{mask} & foe" if mask else "foe"      # the enemy pieces a run that way may grow over
            L += [f"        p = {p}" if mask else "        p = foe",
                  f"        x = p & {moved('mine')}",
                  "        while x:",
                  f"            y = x | (p & {moved('x')})",
                  "            if y == x:",
                  "                break",
                  "            x = y",
                  f"        near |= {ahead('x')}"]
    L.append(f"    return near & ZM_{zone}[s] & ~occ")
    return "\n".join(L) + "\n"


def flipping_loop(game) -> list[str] | None:
    """The lines (indented from 0) that play the flipping phase (flipping_phase) on the state's
    own variables from st until the game ends or `limit` is reached, then make st the state
    reached; None where the game has no such phase."""
    found = flipping_phase(game)
    if found is None:
        return None
    a, kind, dirs = found
    zone, n, layout, ns = a.args[0].dotted, game.n, game.layout, game._ns
    if "FLIP_CELLS" not in ns:
        exec(compile(outflanked_source(game, zone, dirs), f"<{game.rules.src_file}: flip cells>", "exec"), ns)
    value = game.kind_values[kind.name]
    nxt = "1 - me" if n == 2 else f"(me + 1) % {n}"
    others = "FLIP_CELLS(B, 1 - me)" if n == 2 else f"any(FLIP_CELLS(B, s) for s in range({n}) if s != me)"
    body = ["if moves:",
            "    # the legal moves are listed highest cell first: the k-th of them",
            "    c = moves.bit_count()",
            *("    " + x for x in kth_cell(game, "moves", "c - 1 - choice(range(c))")),
            f"    f = _flips(cells, t, -1, RAYS[{dirs!r}][me][t], ENEMY[me], FRIEND[me])",
            f"    cells[t] = {value} | (me + 1); B[me] |= BIT[t]",
            "    while f:      # the lines turned over",
            "        lo = f & -f; i = lo.bit_length() - 1; x = cells[i]",
            "        cells[i] = (x & 248) | (me + 1); B[(x & 7) - 1] ^= lo; B[me] |= lo",
            "        f ^= lo",
            "    passes = 0; last = t",
            "else:      # a blocked player passes (choice() of a list of one draws too)",
            "    choice(range(1))",
            "    passes += 1",
            "quiet += 1; ply += 1; plies += 1",
            f"me = {nxt}",
            "moves = FLIP_CELLS(B, me)",
            f"if not moves and not {others}:       # over: all_stuck",
            f"    result = _WINNERS({layout.build(cells='bytes(cells)', boards='tuple(B)', to_move='me', result='None')})",
            "    break"]
    return on_variables(game, ["moves = FLIP_CELLS(B, me)"], body)
