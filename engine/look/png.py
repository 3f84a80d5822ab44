"""A Drawing as a PNG, with matplotlib (Agg), from the very shapes the SVG is written from."""
from __future__ import annotations

from .scene import Drawing


def _rgba(c: str | None):
    if c is None:
        return "none"
    if c.startswith("#") and len(c) == 9:     # #rrggbbaa
        return tuple(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5, 7))
    return c


def to_png(d: Drawing, path, dpi: int = 100) -> None:
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Polygon

    fig = Figure(figsize=(d.width / dpi, d.height / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, d.width)
    ax.set_ylim(d.height, 0)        # y down, as in the SVG
    ax.set_axis_off()
    fig.patch.set_facecolor(d.background)
    pt = 72 / dpi                   # pixels to points
    z = 0                           # in drawing order, as SVG paints (matplotlib would put lines over patches)
    for g in d.groups:
        for s in g.shapes:
            z += 1
            style = "--" if s.dash else "-"
            if s.kind == "poly":
                ax.add_patch(Polygon(s.pts, closed=True, facecolor=_rgba(s.fill), edgecolor=_rgba(s.stroke),
                                     linewidth=s.width * pt if s.stroke else 0, linestyle=style, zorder=z))
            elif s.kind == "circle":
                ax.add_patch(Circle(s.pts[0], s.r, facecolor=_rgba(s.fill), edgecolor=_rgba(s.stroke),
                                    linewidth=s.width * pt if s.stroke else 0, linestyle=style, zorder=z))
            elif s.kind == "line":
                ax.plot([p[0] for p in s.pts], [p[1] for p in s.pts], color=_rgba(s.stroke), linewidth=s.width * pt,
                        linestyle=style, solid_capstyle="round", zorder=z)
            else:
                (x, y), = s.pts
                t = ax.text(x, y, s.text, fontsize=s.size * pt, ha="center", va="baseline", color=_rgba(s.fill), zorder=z)
                if s.stroke:        # an outlined figure (a glyph piece): the outline under the fill
                    from matplotlib import patheffects
                    t.set_path_effects([patheffects.withStroke(linewidth=s.width * 2 * pt, foreground=_rgba(s.stroke))])
    ax.text(d.width / 2, d.height - 8, d.caption, fontsize=13 * pt, ha="center", va="baseline", color="#333333")
    fig.savefig(path, format="png", dpi=dpi, facecolor=d.background)
