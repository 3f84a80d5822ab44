"""remove(GROUP): one enemy piece of a group, anywhere on the board, is captured: each piece
that can be taken is a move of its own, written after the rest of the move (`d1xa4`)."""
from __future__ import annotations

from ....lang.expr import GROUP
from .base import Capturing


class Remove(Capturing):
    name = "remove"
    written = "remove(GROUP)"
    takes = (GROUP,)
    about = ("one enemy piece of the group, anywhere on the board, is captured: each choice is its own move, "
             "written `x` and its cell after the rest (`d1xa4`); fails when the group holds no enemy piece")
    sentence = "capture one enemy piece among {0}, anywhere on the board"

    def lower(self, gen, a, ctx, k):
        """Each enemy piece of the group (not taken yet) is a way on, with it among the captures."""
        ind, L = ctx["ind"], gen.lines
        i = next(gen.ids)
        L.append(f"{ind}t = {ctx['c']}")
        L.append(f"{ind}g{i} = {gen.args[id(a.args[0])]}")
        L.append(f"{ind}while g{i}:")
        L.append(f"{ind}    x{i} = g{i}.bit_length() - 1; g{i} ^= BIT[x{i}]")
        L.append(f"{ind}    if EN[cells[x{i}]]{gen.not_taken(ctx, f'x{i}')}:")
        caps = f"BIT[x{i}]" if ctx["caps"] == "0" else f"{ctx['caps']} | BIT[x{i}]"
        L.append(f"{ind}        caps{i} = {caps}")
        k({**ctx, "caps": f"caps{i}", "sure": True, "ind": ind + "        "})

    def refuses(self, game, st, a, text, legal):
        """A removal written after a move that removes nothing, or of a piece the group leaves out."""
        head, mark, cell = text.rpartition(game.capture_mark)
        c = game.geo.parse_cell(cell)
        if not mark or not head or c is None:
            return None
        if head in legal:
            return f"{head} removes nothing here (the move does not reach remove)"
        choices = [t[len(head) + len(mark):] for t in sorted(legal) if t.startswith(head + mark)]
        if not choices:
            return None
        if game.cells_of(st)[c] & 7 in (0, game.to_move(st) + 1):
            return f"{cell} holds no enemy piece to remove (after {head}, remove takes one of {', '.join(choices)})"
        return f"remove does not take the piece on {cell} here: its group holds {', '.join(choices)}"

    def spell(self, move, name, mark: str = "x") -> str:
        """The captured cells that the path did not land on, in the board's order: `xa4`."""
        caps, path = move[2], move[3] or ()
        for p in path:
            if p < 0:
                caps &= ~(1 << ~p)
        out = []
        while caps:
            c = (caps & -caps).bit_length() - 1
            caps &= caps - 1
            out.append(f"{mark}{name(c)}")
        return "".join(out)


WORD = Remove()
