"""What a TD, a visitor, a hall screen, a phone or a download shows *after a change*: one
table of cases, each a change made through the service or the pages (pair, enter or correct
a result, undo, leave FIDE mode, switch language...) and then the page as its user reads it
(the page text, the download's bytes, the log line, the next poll's answer).

Bugs at the seams between parts hide exactly there: each part's own tests pass, and only the
page after the change shows the wrong thing. Each case says in words what is wrong."""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from html import unescape
from io import StringIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from test_hall import phone, phones_on, this_is_me
from web_helpers import Tick, play_round, post, shown_undo, swiss_open

from other_season import OTHER_MEMBERS
from rochade.cli import main
from rochade.formats.csv import number_text
from rochade.service import ClubService
from rochade.web import create_app

WINTER = "Winter 2026"


class World:
    """The test club (the Keizer "Winter 2026" of eight, tournament 1, and the Swiss "Open"
    of six in FIDE mode, tournament 2), the logged-in TD, a visitor, and the players' own
    phones (one browser each, made on first use)."""

    def __init__(self, club: Path, td: TestClient, visitor: TestClient, stack: ExitStack
                 ) -> None:
        self.club, self.td, self.visitor, self._stack = club, td, visitor, stack
        self.phones: dict[int, TestClient] = {}
        self.noted: dict[str, str] = {}  # what a change read on the way (a page's version)

    def svc(self) -> ClubService:
        return ClubService(self.club, "test TD", Tick())

    def phone(self, pid: int) -> TestClient:
        """Player `pid`'s own phone, bound to them with the evening's code ("This is me")."""
        if pid not in self.phones:
            self.phones[pid] = self._stack.enter_context(TestClient(create_app(self.club, Tick())))
            assert "yours tonight" in this_is_me(self.phones[pid], pid)
        return self.phones[pid]


Check = Callable[[str], str | None]
"""What the user should see: None when the text shows it, else what is wrong, in words."""


@dataclass(frozen=True)
class Case:
    """A change, then the page `page` as `reader` reads it ("td", "visitor", or "phone N":
    player N's phone); `page` may instead read the world itself (a download, a form's
    answer, the CLI's output beside the page's)."""

    id: str
    change: Callable[[World], object]
    page: str | Callable[[World], str]
    expect: Check
    reader: str = "td"


def shows(*texts: str) -> Check:
    def check(text: str) -> str | None:
        missing = [t for t in texts if t not in text]
        return f"it does not show {missing}" if missing else None
    return check


def lacks(*texts: str) -> Check:
    def check(text: str) -> str | None:
        there = [t for t in texts if t in text]
        return f"it still shows {there}" if there else None
    return check


def both(*checks: Check) -> Check:
    def check(text: str) -> str | None:
        return next((said for c in checks if (said := c(text)) is not None), None)
    return check


# -- the changes ------------------------------------------------------------------------------


def changes(*steps: Callable[[World], object]) -> Callable[[World], None]:
    """Several changes, one after the other."""
    def run(world: World) -> None:
        for step in steps:
            step(world)
    return run


def td_posts(url: str, **data: str) -> Callable[[World], object]:
    def run(world: World) -> None:
        answer = post(world.td, url, **data)
        assert answer.status_code in (200, 303), f"POST {url}: {answer.status_code}"
    return run


def td_undoes(n: int) -> Callable[[World], object]:
    """The TD presses the Undo button on the tournament's evening page, and confirms where
    the undo asks first (it takes a round away)."""
    def run(world: World) -> None:
        url = f"/td/t/{n}/"
        shown = shown_undo(world.td, url)
        answer = post(world.td, f"/td/t/{n}/undo", action=shown, next=url)
        if answer.status_code == 200 and 'name="confirm" value="yes"' in answer.text:
            post(world.td, f"/td/t/{n}/undo", action=shown, next=url, confirm="yes")
    return run


def switches_language(reader: str, lang: str) -> Callable[[World], object]:
    """The TD or the visitor taps a language at the bottom of a page (a cookie keeps it)."""
    def run(world: World) -> None:
        client = world.td if reader == "td" else world.visitor
        answer = client.get(f"/lang?lang={lang}&next=/", follow_redirects=False)
        assert answer.status_code == 303 and client.cookies.get("lang") == lang
    return run


def visitor_reads(url: str) -> Callable[[World], object]:
    """A visitor reads a page before the change (so a page may be kept for it)."""
    def run(world: World) -> None:
        assert world.visitor.get(url).status_code == 200
    return run


def td_redoes(n: int) -> Callable[[World], object]:
    """The TD presses the Redo button on the tournament's evening page."""
    def run(world: World) -> None:
        url = f"/td/t/{n}/"
        found = re.search(r'action="/td/t/\d+/redo".*?name="action" value="(\d+)"',
                          world.td.get(url).text, re.S)
        assert found is not None, f"no Redo button on {url}"
        post(world.td, f"/td/t/{n}/redo", action=found[1], next=url)
    return run


def phone_says(pid: int, **data: str) -> Callable[[World], object]:
    def run(world: World) -> None:
        phone(world.phone(pid), pid, **data)
    return run


def women_category(world: World) -> None:
    svc = world.svc()
    svc.set_categories({"categories": "Overall: places=3; Women: sex=w"}, WINTER)
    svc.set_player("Dora Engel", {"sex": "w"}, WINTER)
    svc.set_player("Bart Claes", {"sex": "m"}, WINTER)  # known, and not in it


def new_woman(world: World) -> None:
    """A new player joins, and the TD gives her sex in her data for rating reports."""
    svc = world.svc()
    svc.add_player("Ida Jung", 1500, tournament=WINTER)
    svc.set_player("Ida Jung", {"sex": "w"}, WINTER)


def draws_worth_three_eighths(world: World) -> None:
    """Keizer totals in eighths: 13.375, 10.625, ... (a tie at the second decimal)."""
    svc = world.svc()
    svc.change_rules({"draw_factor": "0.375"}, WINTER)
    for game in svc.pair(WINTER).round.games:
        svc.enter_result(1, game.board, "1/2-1/2", WINTER)


LATE_ONE, LATE_TWO = "Lena Late", OTHER_MEMBERS[1][0]
"""Entered late into both tournaments: after round 1 a new member, after round 2 a member from
before either (member id 2, in neither tournament's numbers)."""


def late_entries(world: World) -> None:
    """Round 1 of both tournaments, `LATE_ONE` enters both, round 2, `LATE_TWO` enters both,
    and round 3 is paired: they are Winter's 9 and 10, the Open's 7 and 8."""
    svc = world.svc()
    for late, rating in ((LATE_ONE, 1750), (LATE_TWO, None)):
        for name in (WINTER, "Open"):
            play_round(svc, name)
            svc.add_player(late, rating, tournament=name)
    for name in (WINTER, "Open"):
        svc.pair(name)


def open_round_one(world: World) -> None:
    play_round(world.svc(), "Open")


def leave_fide_mode(world: World) -> None:
    world.svc().change_rules({"fide_mode": "off"}, "Open", confirm=True)


def open_by_hand_corrected(world: World) -> None:
    """Round 1 of the Open paired by hand (1-2, 3-4, 5-6), won by White on every board, then
    board 1 corrected to 0-1: Swiss 2, 3 and 5 have the point."""
    svc = world.svc()
    svc.pair_manual("1-2 3-4 5-6", confirm=True, tournament="Open")
    for board in (1, 2, 3):
        svc.enter_result(1, board, "1-0", "Open")
    svc.enter_result(1, 1, "0-1", "Open")


def open_half_points(world: World) -> None:
    """Round 1 of the Open with a draw on board 2 (a half point to write in a download)."""
    svc = world.svc()
    for game in svc.pair("Open").round.games:
        svc.enter_result(1, game.board, "1/2-1/2" if game.board == 2 else "1-0", "Open")


# -- the pages --------------------------------------------------------------------------------


def names_of(html: str) -> list[str]:
    """The players a list names, in order (their links to the player pages)."""
    return re.findall(r"/players/\d+\">(?:<bdi>)?([^<]+)<", html)


def names_are(*names: str) -> Check:
    def check(text: str) -> str | None:
        listed = names_of(text)
        return None if listed == list(names) else f"it lists {listed}, not {list(names)}"
    return check


def log_rows(html: str) -> list[tuple[str, str]]:
    """The action log page's rows: (who, what), as the page lists them."""
    rows = re.findall(r"</time></td><td>(.*?)</td><td>(.*?)</td></tr>", html)
    return [(unescape(who), unescape(re.sub(r"<[^>]+>", "", what))) for who, what in rows]


def last_log_line(who: str, what: str) -> Check:
    """The newest line of the log: by `who` (a regular expression), saying `what`."""
    def check(text: str) -> str | None:
        rows = log_rows(text)
        if not rows:
            return "it has no lines"
        by, said = rows[0]  # newest first
        if re.fullmatch(who, by) and what in said:
            return None
        return f"its newest line is by {by!r}: {said!r}; expected by {who!r}: {what!r}"
    return check


def players_page_row(name: str) -> Callable[[World], str]:
    """The row of player `name` on the Open's TD players page (its data for rating reports
    included), read after the change."""
    def read(world: World) -> str:
        page = world.td.get("/td/t/2/players").text
        rows = re.split(r"<tr id=\"p\d+\"[^>]*>\s*<td class=\"num\">", page)[1:]  # + data row
        mine = [r for r in rows if f'value="{name}"' in r]
        assert len(mine) == 1, f"{len(mine)} rows for {name} on the players page"
        others = "".join(r for r in rows if r not in mine)
        return f"{mine[0]}\n<!-- others -->\n{others}"
    return read


def only_in_own_row(*texts: str) -> Check:
    def check(text: str) -> str | None:
        own, others = text.split("<!-- others -->")
        missing = [t for t in texts if t not in own]
        strays = [t for t in texts if t in others]
        if missing:
            return f"the player's row does not show {missing}"
        return f"another player's row shows {strays}" if strays else None
    return check


def rating_change_games(*games: tuple[str, str]) -> Check:
    """A player page's table of rated games: one row per game, (opponent, their rating) as
    given ("?": any)."""
    def check(text: str) -> str | None:
        table = text.partition('class="breakdown rating-change"')[2].partition("</table>")[0]
        rows = re.findall(r'<td class="num">\d+</td><td><a [^>]*>([^<]*)</a></td>'
                          r'<td class="num">(\d+)</td>', table)
        wanted = [(o, r) for o, r in games]
        if len(rows) == len(wanted) and all(
                w in ("?", g) for want, got in zip(wanted, rows, strict=True)
                for w, g in zip(want, got, strict=True)):
            return None
        return f"its rated games are {rows}, not {wanted}"
    return check


def web_and_cli_totals(world: World) -> str:
    """The standings totals as the public page writes them, beside the CLI's for the same
    file and the exact total, one line per player: "name: web | cli = exact"."""
    page = world.visitor.get("/t/1/").text
    web = dict(zip(names_of(page), re.findall(r'<td class="num strong">([^<]*)</td>', page),
                   strict=True))
    printed = CliRunner().invoke(main, ["standings", str(world.club), "-t", WINTER])
    assert printed.exit_code == 0, printed.output
    cli = {m[1].strip(): m[2] for m in re.finditer(r"^\s*\d+\s+(\D+?)\s+(\d+\.\d\d)\s",
                                                    printed.output, re.M)}
    exact = {row.entrant.name: row.total for row in world.svc().standings(WINTER).lines}
    assert web.keys() == cli.keys() == exact.keys() and len(web) == 8, (web, cli, exact)
    return "\n".join(f"{name}: {web[name]} | {cli[name]} = {number_text(exact[name])}"
                     for name in web)


def same_on_both_sides(text: str) -> str | None:
    lines = [line.split(": ")[1].split(" = ") for line in text.splitlines()]
    differ = [shown for shown, _ in lines if len(set(shown.split(" | "))) != 1]
    if not any(re.fullmatch(r"\d+\.\d\d5", exact) for _, exact in lines):
        return "no total is at a tie (x.xx5) here; the case tests nothing"
    return f"the web and the CLI round differently: {differ}" if differ else None


def hand_pairing(colours_swapped: bool) -> Callable[[World], str]:
    """The answer to the TD's "Check" of a hand pairing of the Open's next round: the
    engine's own pairing, or the same boards with every board's colours swapped."""
    def read(world: World) -> str:
        svc = world.svc()
        engine = svc.pair("Open").round
        svc.undo(1, "Open")
        boards = [(g.black, g.white) if colours_swapped else (g.white, g.black)
                  for g in engine.games]
        draft = ",".join(f"{w},{b}" for w, b in boards)
        answer = post(world.td, "/td/t/2/pair/manual", draft=draft, action="check")
        return unescape(answer.text)
    return read


DIFFERS = "paired by hand, differing from the engine's pairing"


def download(url: str) -> Callable[[World], str]:
    """The TD's download `url`: its bytes as UTF-8 with the byte-order mark spreadsheets need
    (which the text leaves out)."""
    def read(world: World) -> str:
        response = world.td.get(url)
        assert response.status_code == 200, f"{url}: {response.status_code}"
        assert response.content.startswith(b"\xef\xbb\xbf"), "no byte-order mark"
        return response.content.decode("utf-8-sig")
    return read


def csv_dialect(delimiter: str, decimal: str, titles: tuple[str, ...]) -> Check:
    """A standings CSV written with `delimiter` and the decimal separator `decimal` (a draw's
    half point: 0,5 or 0.5), its first column titles `titles`."""
    def check(text: str) -> str | None:
        rows = list(csv.reader(StringIO(text), delimiter=delimiter))
        if tuple(rows[0][:len(titles)]) != titles:
            return f"its first row is {rows[0]}, not starting {list(titles)} ({delimiter!r})"
        if len({len(r) for r in rows}) != 1:
            return f"its rows have different lengths split at {delimiter!r}"
        half = f"0{decimal}5"
        cells = {c for r in rows[1:] for c in r}
        other = "0.5" if decimal == "," else "0,5"
        if half not in cells or other in cells:
            return f"a draw's half point is not written {half}: {rows[1:]}"
        return None
    return check


def rules_field(name: str) -> Callable[[World], str]:
    """The value the Swiss "Rated" (tournament 3) rules form shows in field `name`, and its
    bye values as the club file keeps them."""
    def read(world: World) -> str:
        page = world.td.get("/td/t/3/rules").text
        shown = re.search(rf'name="{name}" value="([^"]*)"', page)
        scoring = world.svc().tournament("Rated").settings.scoring  # type: ignore[union-attr]
        return f"form: {shown and shown[1]}; kept: pab={scoring.pab} hpb={scoring.hpb}"
    return read


def display_poll(world: World) -> str:
    """What the hall display's next poll answered after the change: its status and text."""
    return world.noted["poll"]


def board_one_shows(label: str) -> Check:
    """The poll's answer is the page anew ("200"), board 1 with the result `label`."""
    def check(text: str) -> str | None:
        status, _, page = text.partition("\n")
        if status != "200":
            return f"the poll answered {status}: nothing changed, it says"
        shown = re.search(r'<tr id="d1">.*?<td class="res strong">([^<]*)<', page, re.S)
        return None if shown and shown[1] == label else (
            f"board 1 shows {shown and shown[1]!r}, not {label!r}")
    return check


def display_now(world: World) -> str:
    """The hall display as a screen that comes on now reads it (status and text)."""
    answer = world.visitor.get("/t/1/display")
    return f"{answer.status_code}\n{answer.text}"


def screen_boards(boards: str) -> Callable[[World], object]:
    """The TD saves hall screen 1 (made at the first call) with the pairings of `boards`."""
    def run(world: World) -> None:
        number = "1" if "screen" in world.noted else "0"
        world.noted["screen"] = boards
        td_posts("/td/t/1/screens", action="save", number=number, name="TV",
                 content="pairings", boards=boards, names="", font="auto", seconds="15")(world)
    return run


def screen_now(world: World) -> str:
    """Hall screen 1 as its TV reads it now."""
    return str(world.visitor.get("/t/1/screen/1").text)


def remember_display_version(world: World) -> None:
    page = world.visitor.get("/t/1/display").text
    world.noted["version"] = page.split('data-version="')[1].split('"')[0]


def poll_display(world: World) -> None:
    answer = world.visitor.get("/t/1/display",
                               headers={"X-Rochade-Version": world.noted["version"]})
    world.noted["poll"] = f"{answer.status_code}\n{answer.text}"


def undo_answer(world: World) -> str:
    """The rules page the TD lands on after pressing Undo on the evening page."""
    answer = post(world.td, "/td/t/2/undo", action=shown_undo(world.td, "/td/t/2/"),
                  next="/td/t/2/rules")
    return unescape(world.td.get(answer.headers["location"]).text)


# -- the table --------------------------------------------------------------------------------


CASES = [
    # The public category pages filter the standings by category.
    Case("category-lists-a-new-member",
         changes(women_category, new_woman), "/t/1/categories/2",
         names_are("Dora Engel", "Ida Jung"), reader="visitor"),
    Case("category-forgets-an-undone-member",
         changes(women_category, new_woman, lambda w: w.svc().undo(1, WINTER)), "/t/1/categories/2",
         names_are("Dora Engel"), reader="visitor"),
    Case("category-after-a-round",
         changes(women_category, lambda w: play_round(w.svc(), WINTER)),
         "/t/1/categories/2", names_are("Dora Engel"), reader="visitor"),
    # What a phone's check-in leaves on the TD's check-in page, before and after the pairing.
    Case("phone-checkin-marked",
         changes(lambda w: phones_on(w.td), phone_says(2, action="excused")),
         "/td/t/1/checkin", shows("by phone: Bart Claes")),
    Case("phone-checkin-mark-gone-once-paired",
         changes(lambda w: phones_on(w.td), phone_says(2, action="excused"),
                 td_posts("/td/t/1/pair/auto")),
         "/td/t/1/checkin", lacks("by phone:")),
    Case("phone-checkin-mark-back-when-the-pairing-is-undone",
         changes(lambda w: phones_on(w.td), phone_says(2, action="excused"),
                 td_posts("/td/t/1/pair/auto"), td_undoes(1)),
         "/td/t/1/checkin", shows("by phone: Bart Claes")),
    # The log line of a phone's check-in names the player and the phone.
    Case("phone-checkin-log-line",
         changes(lambda w: phones_on(w.td), phone_says(3, action="excused")),
         "/td/log", last_log_line(r"phone: Cem Demir \([0-9a-f]{6}\)", "Cem Demir")),
    Case("phone-binding-log-line",
         changes(lambda w: phones_on(w.td), lambda w: w.phone(4)),
         "/td/log", last_log_line(r"phone: Dora Engel \([0-9a-f]{6}\)", "Dora Engel")),
    # FIDE mode judges a hand pairing against the engine's, colours included.
    Case("fide-hand-pairing-with-colours-swapped-differs", open_round_one,
         hand_pairing(colours_swapped=True), shows(DIFFERS)),
    Case("fide-hand-pairing-as-the-engines-is-no-event", open_round_one,
         hand_pairing(colours_swapped=False), lacks(DIFFERS)),
    # Leaving FIDE mode is for good: an undo does not cross it.
    Case("undo-does-not-cross-leaving-fide-mode",
         changes(open_round_one, leave_fide_mode, td_undoes(2)), "/td/t/2/rules",
         both(shows("left FIDE mode in round 1"), lacks("Leave FIDE mode"))),
    Case("undo-after-leaving-fide-mode-says-why",
         changes(open_round_one, leave_fide_mode), undo_answer,
         both(shows("left FIDE mode, which is for good"), shows("left FIDE mode in round 1"))),
    Case("undo-of-a-result-after-leaving-fide-mode-keeps-it-left",
         changes(open_round_one, leave_fide_mode,
                 lambda w: w.svc().enter_result(1, 1, "0-1", "Open"), td_undoes(2)),
         "/td/t/2/", shows("left FIDE mode in round 1")),
    # Each player's data for rating reports, in their own row.
    Case("rating-data-in-the-players-row",
         lambda w: w.svc().set_player("Swiss 3", {"fide_id": "4100018", "federation": "NED"},
                                      "Open"),
         players_page_row("Swiss 3"), only_in_own_row("FIDE 4100018 · NED", 'value="4100018"')),
    Case("new-rating-in-the-players-row",
         lambda w: w.svc().set_rating(5, 1777, "Open"),
         players_page_row("Swiss 5"), only_in_own_row('value="1777"')),
    Case("opponents-new-rating-on-the-player-page",
         changes(open_by_hand_corrected, lambda w: w.svc().set_rating(2, 1777, "Open")),
         "/t/2/players/1", rating_change_games(("Swiss 2", "1777")), reader="visitor"),
    Case("every-rated-game-on-the-player-page-after-round-two",
         changes(open_by_hand_corrected, lambda w: play_round(w.svc(), "Open"),
                 visitor_reads("/t/2/?after=1")),
         "/t/2/players/1", rating_change_games(("Swiss 2", "2000"), ("?", "?")),
         reader="visitor"),
    # Players entered late, between rounds 1 and 2 and between rounds 2 and 3: their numbers
    # (not their member ids), in the rounds they play and not before.
    *[Case(f"late-entrants-on-the-{kind}-pairings", late_entries, f"/t/{n}/pairings",
           shows(f'/t/{n}/players/{one}">{LATE_ONE}<', f'/t/{n}/players/{two}">{LATE_TWO}<'),
           reader="visitor")
      for kind, n, one, two in (("keizer", 1, 9, 10), ("swiss", 2, 7, 8))],
    *[Case(f"late-entrants-in-round-two-of-the-{kind}", late_entries,
           f"/t/{n}/pairings?round=2", both(
               shows(f'/t/{n}/players/{one}">{LATE_ONE}<', f"<bdi>{LATE_TWO}</bdi> (late start)"),
               lacks(f"{LATE_TWO}</a>")), reader="visitor")
      for kind, n, one in (("keizer", 1, 9), ("swiss", 2, 7))],
    Case("late-entrants-numbers-in-the-swiss-standings", late_entries, "/t/2/",
         shows(f'<td class="num wide">7</td><td class="name"><a href="/t/2/players/7">{LATE_ONE}<',
               f'<td class="num wide">8</td><td class="name"><a href="/t/2/players/8">{LATE_TWO}<'),
         reader="visitor"),
    Case("late-entrants-late-starts-on-their-keizer-page", late_entries, "/t/1/players/10",
         both(shows(f"<h1>{LATE_TWO}</h1>"), lambda text: None if re.findall(
             r'<td class="num">(\d)</td>\n<td>late start</td>', text) == ["1", "2"]
             else "its late starts are not rounds 1 and 2"), reader="visitor"),
    # Rounding on the pages as in the CLI, at a tie in the third decimal.
    Case("web-rounds-as-the-cli", draws_worth_three_eighths, web_and_cli_totals,
         same_on_both_sides),
    Case("web-rounds-as-the-cli-in-german",
         changes(draws_worth_three_eighths, visitor_reads("/t/1/"),
                 switches_language("visitor", "de")), "/t/1/",
         shows(">13,38<", ">10,63<", ">7,88<", ">5,13<", "Punkte"), reader="visitor"),
    # The CSV download's dialect follows the TD's language (docs/web.md).
    *[Case(f"csv-in-{lang}", changes(open_half_points, switches_language("td", lang)),
           download("/td/t/2/export/standings.csv"), csv_dialect(delimiter, decimal, titles))
      for lang, delimiter, decimal, titles in (
          ("en", ",", ".", ("Rank", "No.", "Name", "Points")),
          ("de", ";", ",", ("Platz", "Nr.", "Name", "Punkte")),
          ("nl", ";", ",", ("Plaats",)),
          ("fr", ";", ",", ("Rang",)),
          ("ar", ",", ".", ("المركز", "الرقم", "الاسم", "النقاط")))],
    # The Swiss create form keeps the bye values as typed (two values that cannot be mixed up).
    Case("swiss-create-form-bye-values",
         td_posts("/td/new/swiss", name="Rated", rounds="5", bye_value="0.5",
                  half_bye_value="0"),
         rules_field("bye_value"), shows("form: 1/2;", "pab=1/2 hpb=0")),
    Case("swiss-create-form-half-point-bye-value",
         td_posts("/td/new/swiss", name="Rated", rounds="5", bye_value="0.5",
                  half_bye_value="0"),
         rules_field("half_bye_value"), shows("form: 0;")),
    # The hall display's next poll, the public pages, a phone, the TRF after a result.
    Case("display-poll-after-a-result",
         changes(lambda w: w.svc().pair(WINTER), remember_display_version,
                 lambda w: w.svc().enter_result(1, 1, "1-0", WINTER), poll_display),
         display_poll, board_one_shows("1-0")),
    Case("display-after-an-undone-result",
         changes(lambda w: w.svc().pair(WINTER), lambda w: w.svc().enter_result(
             1, 1, "1-0", WINTER), display_now, td_undoes(1)),
         display_now, board_one_shows("–")),
    # A hall screen as its TV reads it after the TD changed it and undid the change.
    Case("screen-after-an-undone-change-of-its-boards",
         changes(lambda w: w.svc().pair(WINTER), screen_boards("1-2"), screen_now,
                 screen_boards("3-4"), screen_now, td_undoes(1)),
         screen_now, both(shows('<tr id="d1">', '<tr id="d2">'), lacks('<tr id="d3">'))),
    Case("display-after-a-redone-result",
         changes(lambda w: w.svc().pair(WINTER), lambda w: w.svc().enter_result(
             1, 1, "1-0", WINTER), td_undoes(1), display_now, td_redoes(1)),
         display_now, board_one_shows("1-0")),
    Case("standings-after-a-corrected-result",
         open_by_hand_corrected, "/t/2/",
         names_are("Swiss 2", "Swiss 3", "Swiss 5", "Swiss 1", "Swiss 4", "Swiss 6"),
         reader="visitor"),
    Case("players-evening-after-the-pairing",
         changes(lambda w: phones_on(w.td), lambda w: w.phone(1),
                 td_posts("/td/t/1/pair/auto")),
         "/t/1/players/1/evening", shows("Bart Claes"), reader="phone 1"),
    Case("trf-after-a-corrected-result",
         open_by_hand_corrected, "/td/t/2/export/trf", lambda text: None if re.search(
             r"^001 +1 .* 2 w 0\s*$", text, re.M) else "player 1's round 1 is not a loss"),
]


@pytest.fixture
def world(club: Path, td: TestClient) -> Iterator[World]:
    swiss_open(club, 6, clock=Tick())
    with ExitStack() as stack:
        visitor = stack.enter_context(TestClient(create_app(club, Tick())))
        yield World(club, td, visitor, stack)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_user_sees_the_change(world: World, case: Case) -> None:
    case.change(world)
    if callable(case.page):
        text = case.page(world)
    else:
        client = {"td": world.td, "visitor": world.visitor}.get(case.reader) or world.phone(
            int(case.reader.split()[1]))
        response = client.get(case.page)
        assert response.status_code == 200, f"{case.page}: {response.status_code}"
        text = unescape(response.text)
    wrong = case.expect(text)
    where = case.page if isinstance(case.page, str) else case.page.__name__
    assert wrong is None, f"{case.id}: after the change, {where}: {wrong}"
