"""A Drawing as SVG text: each cell a <g data-cell="NAME">, pieces with class `piece` and
data-owner / data-kind, the last move with class `mark`."""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .scene import Drawing, Shape

CAPTION = "#333333"     # the caption under the board


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _paint(s: Shape) -> str:
    out = [f'fill="{s.fill}"' if s.fill else 'fill="none"']
    if s.stroke:
        out.append(f'stroke="{s.stroke}" stroke-width="{_f(s.width)}"')
        if s.dash:
            out.append('stroke-dasharray="4 3"')
    if s.cls:
        out.append(f'class="{s.cls}"')
    out.extend(f"data-{k}={quoteattr(str(v))}" for k, v in s.data.items())
    return " ".join(out)


def shape_svg(s: Shape) -> str:
    if s.kind == "poly":
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in s.pts)
        return f'<polygon points="{pts}" {_paint(s)}/>'
    if s.kind == "circle":
        (x, y), = s.pts
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(s.r)}" {_paint(s)}/>'
    if s.kind == "line":
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in s.pts)
        s2 = Shape(s.kind, s.pts, None, s.stroke, s.width, dash=s.dash, cls=s.cls, data=s.data)
        return f'<polyline points="{pts}" {_paint(s2)} stroke-linecap="round" stroke-linejoin="round"/>'
    (x, y), = s.pts
    outline = (f' stroke="{s.stroke}" stroke-width="{_f(s.width)}" paint-order="stroke" stroke-linejoin="round"'
               if s.stroke else "")
    data = "".join(f" data-{k}={quoteattr(str(v))}" for k, v in s.data.items())
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(s.size)}" text-anchor="middle" '
            f'fill="{s.fill}"{outline} class="{s.cls}"{data} pointer-events="none">{escape(s.text)}</text>')


def to_svg(d: Drawing) -> str:
    w, h = _f(d.width), _f(d.height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="DejaVu Sans, Verdana, sans-serif" class="board">',
           f"<title>{escape(d.title)}</title>",
           f'<rect x="0" y="0" width="{w}" height="{h}" fill="{d.background}"/>']
    for g in d.groups:
        inner = "".join(shape_svg(s) for s in g.shapes)
        if g.part is not None:
            out.append(f'<g data-part={quoteattr(g.part)} data-label={quoteattr(g.label)} class="control">{inner}</g>')
        elif g.cell is not None:        # a cell: focusable, named with what stands on it (screen readers, keys)
            on = [f"{s.data['owner']} {s.data['kind']}" for s in g.shapes if "owner" in s.data and "kind" in s.data]
            label = g.label or g.cell + (": " + ", ".join(on) if on else "")
            tip = f"<title>{escape(g.label)}</title>" if g.label else ""     # a cell named by its group: shown on hover
            tone = f' data-tone="{g.tone}"' if g.tone else ""
            out.append(f'<g data-cell={quoteattr(g.cell)}{tone} role="button" tabindex="0" aria-label={quoteattr(label)}>'
                       f"{tip}{inner}</g>")
        else:
            out.append(f'<g class="overlay" pointer-events="none">{inner}</g>')
    out.append(f'<text x="{_f(d.width / 2)}" y="{_f(d.height - 8)}" font-size="13" text-anchor="middle" '
               f'fill="{CAPTION}" class="caption">{escape(d.caption)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
