"""HTML exports: single list pages and a static site folder a club can upload as it is.

Every page is valid HTML5 with one shared stylesheet (`style.css`, see `stylesheet()`), stable
CSS classes (`table.list.<kind>`, `col-<key>`, `win`/`draw`/`loss`, `withdrawn` ...) and an A4
print layout, so "Print / Save as PDF" in a browser gives the paper version. All text is
escaped; names sit in `<bdi>` so a right-to-left name cannot reorder its row, and bidi
override and control characters are shown as U+FFFD. Pure: text out,
the caller writes the files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from importlib.resources import files
from types import MappingProxyType

from rochade import __version__
from rochade.core.fide import PlayerDetails
from rochade.core.keizer.scoring import KeizerStandings, compute_standings, standings_history
from rochade.core.keizer.settings import KeizerSettings
from rochade.core.messages import N_, Said
from rochade.core.model import PlayerId, Tournament
from rochade.core.rating_change import RatingChange
from rochade.core.systems import numbers_of, system_of
from rochade.core.systems.keizer import KEIZER_SYSTEM, keizer_standings
from rochade.formats.csv import table_csv
from rochade.formats.tables import (
    Cell,
    Table,
    alphabetical_table,
    breakdown_table,
    crosstable_table,
    fide_list,
    notice_table,
    pairings_table,
    participants_table,
    progress_parts,
    progress_table,
    slip_lines,
    slips_table,
    standings_table,
    start_rank_table,
    with_rating_change,
)
from rochade.formats.text import visible

STYLESHEET = "style.css"


def _same(text: str) -> str:
    return str(text)


def _same_table(table: Table) -> Table:
    return table


@dataclass(frozen=True)
class Language:
    """The language a page is written in: English as the tables have it (`ENGLISH`), or a
    translation (`rochade.i18n.language`, so this package needs no catalogue). `say`
    words a text of the tables or of the site (a `Said` with its values, or a plain
    template), `table` a whole list (`rochade.i18n.localized`), `day` an ISO date."""

    code: str = "en"
    rtl: bool = False
    say: Callable[[str], str] = field(default=_same)
    table: Callable[[Table], Table] = field(default=_same_table)
    day: Callable[[str], str] = field(default=_same)


ENGLISH = Language()


def stylesheet() -> str:
    """The one CSS file every page links to."""
    return files("rochade.formats").joinpath("static", STYLESHEET).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Link:
    href: str
    text: str


def _noncharacter(ch: str) -> bool:
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE or 0xD800 <= code <= 0xDFFF


def _e(text: str) -> str:
    """Escaped, with control, bidi-override, noncharacter and lone surrogate code points shown
    as U+FFFD (as in the text renderers): a name cannot spoof its letters' order or make the
    page invalid or unwritable."""
    shown = "".join("\ufffd" if _noncharacter(ch) else ch for ch in visible(text))
    return escape(shown, quote=True)


def player_page(player: int) -> str:
    return f"player-{player}.html"


def _cell(cell: Cell, tag: str, classes: list[str], links: bool) -> str:
    if cell.cls:
        classes.append(cell.cls)
    text = _e(cell.text)
    if cell.player is not None:
        text = f"<bdi>{text}</bdi>"
        if links:
            text = f'<a href="{player_page(cell.player)}">{text}</a>'
    return f'<{tag} class="{" ".join(classes)}">{text}</{tag}>'


def table_html(table: Table, links: bool = False) -> str:
    """One `<table class="list <kind>">` with a header row; `links` makes names link to the
    player pages of a site."""
    head = "".join(
        f'<th scope="col" class="col-{c.key}{" num" if c.numeric else ""}">{_e(c.title)}</th>'
        for c in table.columns
    )
    body = []
    for row in table.rows:
        cells = "".join(
            _cell(cell, "td", [f"col-{col.key}"] + (["num"] if col.numeric else []), links)
            for col, cell in zip(table.columns, row.cells, strict=True)
        )
        attr = f' class="{row.cls}"' if row.cls else ""
        body.append(f"<tr{attr}>{cells}</tr>")
    return "\n".join(
        [
            f'<table class="list {table.kind}">',
            f"<thead><tr>{head}</tr></thead>",
            "<tbody>",
            *body,
            "</tbody>",
            "</table>",
        ]
    )


def slips_html(table: Table, tournament_name: str, language: Language = ENGLISH) -> str:
    """A slips table (`rochade.formats.tables.slips_table`) as slips to cut: one box per board
    with a dashed cut line, several to an A4 page, none split over two."""
    slips = "\n".join(
        '<section class="slip">'
        + "".join(f"<p><bdi>{_e(language.say(line))}</bdi></p>" for line in lines)
        + "</section>"
        for lines in slip_lines(table, tournament_name)
    )
    return f'<div class="slips">\n{slips}\n</div>'


def page(
    tournament_name: str,
    tables: Sequence[Table],
    *,
    title: str | None = None,
    nav: Sequence[Link] = (),
    current: str = "",
    links: bool = False,
    inline_css: bool = False,
    intro: str = "",
    outro: str = "",
    club: str = "",
    date: str = "",
    language: Language = ENGLISH,
) -> str:
    """A complete HTML document with one or more tables (the first one's title is the page's
    unless `title` is given). `inline_css` embeds the stylesheet for a stand-alone file;
    `intro` and `outro` are trusted, already escaped HTML put under the heading and after
    the tables. Printed, every page's top says `club`, the title (tournament, list, round)
    and `date` (`print_head`, an ISO date). The tables, their numbers and `date` are written
    in `language`; `title`, `nav`, `intro` and `outro` come in it."""
    tables = [language.table(t) for t in tables]
    heading = title if title is not None else tables[0].title
    rtl = ' dir="rtl"' if language.rtl else ""
    kind = tables[0].kind if tables else "index"
    style = (
        f"<style>\n{stylesheet()}</style>"
        if inline_css
        else f'<link rel="stylesheet" href="{STYLESHEET}">'
    )
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{language.code}"{rtl}'
        f"{print_head(club, heading, language.day(date) if date else '')}>",
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="rochade {_e(__version__)}">',
        f"<title>{_e(heading)}</title>",
        style,
        "</head>",
        f'<body class="rochade page-{kind}">',
        "<header>",
        f'<p class="tournament">{_e(tournament_name)}</p>',
    ]
    if nav:
        here = ' aria-current="page"'
        items = "".join(
            f'<li><a href="{_e(n.href)}"{here if n.href == current else ""}>{_e(n.text)}</a></li>'
            for n in nav
        )
        parts.append(f"<nav><ul>{items}</ul></nav>")
    parts += ["</header>", "<main>", f"<h1>{_e(heading)}</h1>"]
    if intro:
        parts.append(intro)
    for i, table in enumerate(tables):
        if i or title is not None:
            parts.append(f"<h2>{_e(table.title)}</h2>")
        parts += [f'<p class="lead">{_e(line)}</p>' for line in table.lead]
        if table.kind == "slips":
            parts.append(slips_html(table, tournament_name, language))
        elif print_parts := progress_parts(table):  # on paper in parts, on screen whole
            parts += ['<div class="scroll screen-only">', table_html(table, links), "</div>"]
            parts += [f'<div class="scroll print-only">\n{table_html(p, links)}\n</div>'
                      for p in print_parts]
        else:
            parts += ['<div class="scroll">', table_html(table, links), "</div>"]
        parts += [f'<p class="note">{_e(note)}</p>' for note in table.notes]
    if outro:
        parts.append(outro)
    parts += [
        "</main>",
        f"<footer><p>rochade {_e(__version__)}</p></footer>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(parts)


def print_head(club: str, title: str, date: str = "") -> str:
    """The `<html>` attributes the stylesheets' `@page` rules print at the top of every page
    (Chromium's page margin boxes read them through `attr()`): club and title on the left,
    the date on the right."""
    head = " · ".join(part for part in (club, title) if part)
    return f' data-print-head="{_e(head)}"' + (f' data-print-date="{_e(date)}"' if date else "")


def site(
    tournament: Tournament,
    settings: object = None,
    csv: Callable[[Table], str] = table_csv,
    club: str = "",
    dates: Sequence[str | None] = (),
    details: Mapping[PlayerId, PlayerDetails] | None = None,
    changes: Mapping[PlayerId, RatingChange] | None = None,
    more: Mapping[str, Table] = MappingProxyType({}),
    language: Language = ENGLISH,
) -> Mapping[str, str]:
    """A static site: file name -> content. `index.html` links every list: standings now and
    after each round, each round's pairings, participants, crosstable, progress chart (Keizer
    and round robin; a Swiss's crosstable is its progress), and one page per player (Keizer:
    the breakdown; Swiss and round robin: the card), which the names in the tables link to.
    Each list also comes as a CSV file of the same name, linked under its table.

    `settings` stands in for the tournament's own (Keizer settings read beside a file); `csv`
    writes the CSV files (a German, Dutch or French spreadsheet's dialect). Printed pages name
    `club` and the date of their round (`dates[k - 1]` for round k; the last round's
    otherwise). For printing: the start-rank list (with the players' `details`: federation,
    club) and the last round's pairings in alphabetical order, in large type and as result
    slips. With `changes` the standings show each player's K, performance and rating change;
    `more` adds lists kept in the club file (`category-N.html`, `prizes.html`). The pages are
    written in `language` (the CSV files in `csv`'s)."""
    rules = tournament.settings if settings is None else settings
    keizer = KEIZER_SYSTEM.own(rules)
    pages = _fide_pages(tournament) if keizer is None else _keizer_pages(tournament, keizer)
    if changes is not None:
        pages["standings.html"] = with_rating_change(pages["standings.html"], changes)
    pages["start-rank.html"] = start_rank_table(tournament, numbers_of(tournament),
                                                details or {})
    if tournament.rounds:
        last = tournament.rounds[-1]
        pages["alphabetical.html"] = alphabetical_table(last, tournament)
        pages["notice.html"] = notice_table(last, tournament)
        pages["slips.html"] = slips_table(last, tournament)
    pages.update(more)
    say = language.say
    titles = {"standings": N_("Standings"), "crosstable": N_("Crosstable"),
              "progress": N_("Progress"), "participants": N_("Participants"),
              "prizes": N_("Prizes")}
    nav = [Link("index.html", say(N_("Overview")))] + [
        Link(f"{stem}.html", say(text)) for stem, text in titles.items()
        if f"{stem}.html" in pages
    ]
    if tournament.rounds:
        nav.insert(2, Link(f"round-{tournament.rounds[-1].number}.html", say(N_("Pairings"))))
    name = tournament.name
    out: dict[str, str] = {}
    for href, table in pages.items():
        stem = href.removesuffix(".html")
        out[f"{stem}.csv"] = csv(table)
        links = [Link(f"{stem}.csv", say(N_("CSV for spreadsheets")))]
        if stem.startswith("round-"):
            number = int(stem.removeprefix("round-"))
            links += [
                Link(f"round-{k}.html", say(Said("Round {number}", number=k)))
                for k in (number - 1, number + 1)
                if f"round-{k}.html" in pages
            ]
        outro = " · ".join(f'<a href="{_e(n.href)}">{_e(n.text)}</a>' for n in links)
        suffix = stem.rpartition("-")[2]
        at = int(suffix) if stem.startswith(("round-", "standings-")) else len(dates)
        out[href] = page(
            name, [table], nav=nav, current=href, links=True,
            outro=f'<p class="downloads">{outro}</p>', club=club,
            date=(dates[at - 1] or "") if 0 < at <= len(dates) else "", language=language,
        )  # fmt: skip
    out["index.html"] = _index(tournament, pages, nav, club, language)
    out[STYLESHEET] = stylesheet()
    return out


def _keizer_pages(tournament: Tournament, settings: KeizerSettings) -> dict[str, Table]:
    history = standings_history(tournament, settings)
    latest: KeizerStandings = history[-1] if history else compute_standings(tournament, settings)
    pages: dict[str, Table] = {
        "standings.html": standings_table(keizer_standings(latest), tournament.name),
        "crosstable.html": crosstable_table(tournament),
        "progress.html": progress_table(history, tournament),
        "participants.html": participants_table(tournament),
    }
    for st in history:
        pages[f"standings-{st.after_round}.html"] = standings_table(keizer_standings(st),
                                                                    tournament.name)
    _round_pages(tournament, pages)
    for row in latest.rows:
        pages[player_page(row.entrant.id)] = breakdown_table(row, tournament)
    return pages


def _fide_pages(tournament: Tournament) -> dict[str, Table]:
    """A Swiss's or round robin's lists: the tie-break standings, the crosstable (n x n in a
    round robin, round by round in a Swiss), and each player's card."""
    lists = ["standings", "crosstable", "progress", "participants"]
    if not system_of(tournament).fixed_schedule:
        lists.remove("progress")
    pages = {f"{which}.html": fide_list(tournament, which) for which in lists}
    for k in range(1, len(tournament.rounds) + 1):
        standings = system_of(tournament).standings(tournament, k)
        pages[f"standings-{k}.html"] = standings_table(standings, tournament.name)
    _round_pages(tournament, pages)
    for e in tournament.entrants:
        pages[player_page(e.id)] = fide_list(tournament, "breakdown", player=e.id)
    return pages


def _round_pages(tournament: Tournament, pages: dict[str, Table]) -> None:
    for rnd in tournament.rounds:
        pages[f"round-{rnd.number}.html"] = pairings_table(rnd, tournament)


def _index(
    tournament: Tournament, pages: Mapping[str, Table], nav: Sequence[Link], club: str,
    language: Language,
) -> str:
    name = tournament.name
    # "Name: ", also isolated (right to left) or with a space before the colon (French)
    prefix = re.compile(f"\u2068?{re.escape(name)}\u2069?\\s*:\\s*")

    def short(title: str) -> str:
        """A list's title without the tournament's name the page already shows."""
        said = language.say(title)
        return prefix.sub("", said, count=1) if prefix.match(said) else said

    def items(prefix: str) -> str:
        return "".join(
            f'<li><a href="{_e(href)}">{_e(short(t.title))}</a>'
            f' <a class="csv" href="{_e(href.removesuffix(".html"))}.csv">CSV</a></li>'
            for href, t in pages.items()
            if href.startswith(prefix)
        )

    sections = [
        (
            N_("Lists"),
            "".join(items(p) for p in ("standings.html", "crosstable", "progress", "partic")),
        ),
        (N_("Categories and prizes"), items("category-") + items("prizes")),
        (N_("Rounds"), items("round-")),
        (N_("Printouts"),
         "".join(items(p) for p in ("start-rank", "alphabetical", "notice", "slips"))),
        (N_("Standings after each round"), items("standings-")),
        (N_("Players"), items("player-")),
    ]
    body = "\n".join(
        f'<h2>{_e(language.say(head))}</h2>\n<ul class="lists">{lis}</ul>'
        for head, lis in sections if lis
    )
    return page(
        name, [], title=name, nav=nav, current="index.html", intro=body, club=club,
        language=language,
    )


__all__ = ["ENGLISH", "Language", "Link", "page", "player_page", "print_head", "site",
           "slips_html", "stylesheet", "table_html"]
