"""The player page's chart, drawn on the server as SVG: total and rank after each round.

Two panels over the same rounds: the total grows upward; the rank has 1 at the top. Plain
SVG with a viewBox scales to any screen and prints sharply; no script is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape

from rochade.web.queries import CurvePoint

WIDTH, PANEL, GAP, LEFT, RIGHT, TOP = 480, 130, 48, 48, 14, 30


def _polyline(points: Sequence[tuple[float, float]], css: str) -> str:
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" class="{css}"/>' for x, y in points)
    return f'<polyline points="{coords}" class="{css}" fill="none"/>{dots}'


def player_chart(
    curve: Sequence[CurvePoint],
    players: int,
    labels: dict[str, str],
    fmt: Callable[[Fraction], str],
) -> str:
    """SVG markup; `labels` holds the translated "total", "rank" and "round" captions."""
    if not curve:
        return ""
    rounds = [p.round for p in curve]
    span = max(max(rounds) - 1, 1)
    inner = WIDTH - LEFT - RIGHT

    def x(round_number: int) -> float:
        return LEFT + inner * (round_number - 1) / span if len(curve) > 1 else LEFT + inner / 2

    top_total = max(max(p.total for p in curve), Fraction(1))
    score_y0 = TOP + PANEL
    score = [(x(p.round), score_y0 - float(p.total / top_total) * PANEL) for p in curve]
    rank_top = score_y0 + GAP + TOP
    worst = max(players, 2)
    ranked = [p for p in curve if p.rank is not None]
    rank = [(x(p.round), rank_top + (p.rank - 1) / (worst - 1) * PANEL) for p in ranked if p.rank]
    height = rank_top + PANEL + 46
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="chart" role="img" aria-label="{escape(labels["title"])}">',
        f'<text x="{LEFT}" y="{TOP - 10}" class="caption">{escape(labels["total"])}</text>',
        f'<text x="{LEFT}" y="{rank_top - 10}" class="caption">{escape(labels["rank"])}</text>',
    ]
    for y0 in (TOP, rank_top):
        parts.append(f'<rect x="{LEFT}" y="{y0}" width="{inner}" height="{PANEL}" class="panel"/>')
    parts.append(
        f'<text x="{LEFT - 6}" y="{TOP + 4}" class="tick end">{escape(fmt(top_total))}</text>'
        f'<text x="{LEFT - 6}" y="{score_y0}" class="tick end">0</text>'
        f'<text x="{LEFT - 6}" y="{rank_top + 4}" class="tick end">1</text>'
        f'<text x="{LEFT - 6}" y="{rank_top + PANEL}" class="tick end">{worst}</text>'
    )
    for p in curve:
        parts.append(
            f'<text x="{x(p.round):.1f}" y="{rank_top + PANEL + 20}" class="tick mid">'
            f"{p.round}</text>"
        )
    parts.append(
        f'<text x="{LEFT + inner / 2}" y="{height - 2}" class="caption mid">'
        f"{escape(labels['round'])}</text>"
    )
    parts.append(_polyline(score, "line-total"))
    if rank:
        parts.append(_polyline(rank, "line-rank"))
    parts.append("</svg>")
    return "".join(parts)
