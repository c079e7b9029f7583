"""The hall and the players' phones in a real browser: three contexts (the TD on a laptop, two
players on 360 px phones) and the hall display on a 1920x1080 screen, which follows every
change within seconds and reconnects after a server restart. A phone is its player's after
"This is me" with the evening's code: one browser cannot report both sides of a board.

Screenshots go to tests/e2e/artifacts/ (git-ignored): hall-display.png, hall-display-offline.png,
phone-evening.png, phone-who.png, hall-poster.png, td-checkin-by-phone.png, td-results-reports.png.
"""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from e2e_helpers import PIN, log_in
from playwright.sync_api import Page, expect

from rochade.core.model import Result
from rochade.service import ClubService
from rochade.service.phones import PhoneSettings
from rochade.service.pin import set_pin
from rochade.web import create_app

PHONE = {"width": 360, "height": 740}
SCREEN = {"width": 1920, "height": 1080}
CODE = "zug7"
PLAYERS = [("Anna Berg", 2010), ("Bart Claes", 1950), ("Cem Demir", 1890), ("Dora Engel", 1820),
           ("Emil Faber", 1760), ("Fenna Groot", 1700), ("Gus Hale", 1640), ("Hilde Imhof", 1580)]


class Restartable:
    """A real server on a fixed loopback port that can be stopped and started again (the
    laptop's server restarted in the middle of the evening)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        app = create_app(self.path, poll_seconds=1, local_url=self.url + "/")
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            assert time.monotonic() < deadline, "the test server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        assert self._server is not None and self._thread is not None
        self._server.should_exit = True
        self._thread.join(timeout=5)


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Restartable]:
    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "e2e")
    svc.create_tournament("Winter 2026", "classic")
    svc.import_players("\n".join(f"{name},{rating}" for name, rating in PLAYERS))
    set_pin(path, PIN)
    ClubService(path, "e2e").set_phone_settings(PhoneSettings(CODE))
    server = Restartable(path)
    server.start()
    yield server
    server.stop()


def contexts(browser: Any) -> tuple[Page, Page, Page, Page]:
    """The TD's laptop, two players' phones and the hall's screen."""
    td = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    anna = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    bart = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    screen = browser.new_context(viewport=SCREEN).new_page()
    return td, anna, bart, screen


def be(phone: Page, url: str, name: str) -> None:
    """The player scans the QR code, taps their name, types the code from the hall display
    and says "this is me": the phone is theirs tonight."""
    phone.goto(url + "/t/1/me")
    phone.get_by_role("link", name=name).click()
    phone.get_by_label("Code from the hall display").fill(CODE)
    phone.get_by_role("button", name="This is me").click()
    expect(phone.get_by_text("This phone is yours tonight")).to_be_visible()


def test_checkin_from_a_phone_appears_on_the_td_page(browser: Any, hall: Restartable,
                                                     artifacts: Path) -> None:
    td, anna, _bart, _screen = contexts(browser)
    log_in(td, hall.url)
    anna.goto(hall.url + "/t/1/me")
    anna.screenshot(path=str(artifacts / "phone-who.png"), full_page=True)
    be(anna, hall.url, "Anna Berg")
    anna.get_by_role("button", name="Absent, excused").click()
    expect(anna.get_by_text("Thank you: the TD sees it.")).to_be_visible()
    td.goto(hall.url + "/td/t/1/checkin")
    row = td.locator("li#p1")
    expect(row.get_by_text("by phone: Anna Berg")).to_be_visible()
    expect(row.get_by_role("button", name="Anna Berg: excused")).to_have_attribute(
        "aria-pressed", "true")
    td.screenshot(path=str(artifacts / "td-checkin-by-phone.png"))
    # The code is remembered on the phone, and the phone is Anna's: the bookmark brings her
    # back to her page, and the next check-in needs no typing.
    anna.goto(hall.url + "/me")
    expect(anna.get_by_label("Code from the hall display")).to_have_value(CODE)
    anna.get_by_role("button", name="Present").click()
    expect(anna.get_by_text("Thank you: the TD sees it.")).to_be_visible()
    # Anna's phone cannot check in or excuse Bart.
    anna.goto(hall.url + "/t/1/players/2/evening")
    anna.get_by_role("button", name="Absent, excused").click()
    expect(anna.get_by_text("this phone is Anna Berg's tonight; each player checks in and "
                            "reports on their own phone")).to_be_visible()
    assert ClubService(hall.path).tournament().entrant(2).status.value == "present"


def test_both_report_and_the_display_shows_it_then_a_conflict_waits(
    browser: Any, hall: Restartable, artifacts: Path
) -> None:
    td, white_phone, black_phone, screen = contexts(browser)
    log_in(td, hall.url)
    td.goto(hall.url + "/td/t/1/pair")
    td.get_by_role("button", name="Pair automatically").click()
    expect(td).to_have_url(re.compile(r"/td/t/1/results"))
    games = ClubService(hall.path).tournament().rounds[0].games
    t = ClubService(hall.path).tournament()
    one, two = games[0], games[1]
    td.goto(hall.url + "/td/t/1/")
    td.get_by_role("link", name="Hall display").click()  # the address with the code's key
    screen.goto(td.url)  # ... typed into the hall's TV
    expect(screen.locator(".display-code")).to_have_text(f"Code: {CODE}")
    expect(screen.locator("#d1 .res")).to_have_text("–")
    for phone, pid in ((white_phone, one.white), (black_phone, one.black)):
        be(phone, hall.url, t.entrant(pid).name)
    white_phone.get_by_role("button", name="1-0").click()
    expect(white_phone.get_by_text("waits for your opponent")).to_be_visible()
    white_phone.screenshot(path=str(artifacts / "phone-evening.png"), full_page=True)
    black_phone.get_by_role("button", name="1-0").click()
    started = time.monotonic()
    expect(black_phone.get_by_text("Result entered")).to_be_visible()
    expect(screen.locator("#d1 .res")).to_have_text("1-0", timeout=5000)
    seen_after = time.monotonic() - started
    assert seen_after < 5, seen_after
    print(f"result on the display {seen_after:.2f} s after the second report")
    screen.screenshot(path=str(artifacts / "hall-display.png"))
    assert ClubService(hall.path).tournament().rounds[0].games[0].result is Result.WHITE_WINS
    devices = ClubService(hall.path).devices()
    assert devices[one.white] != devices[one.black]
    assert ClubService(hall.path).log()[-1].who == (  # the log names both players' phones
        f"phones: {t.entrant(one.white).name} ({devices[one.white][:6]}) + "
        f"{t.entrant(one.black).name} ({devices[one.black][:6]})")

    # Board 2: the players disagree; nothing is entered, the TD sees both reports.
    for phone, pid, said, answer in (
            (white_phone, two.white, "1-0", "waits for your opponent"),
            (black_phone, two.black, "0-1", "Reported, waiting for the TD.")):
        phone.context.clear_cookies()  # (another phone: these players' own)
        be(phone, hall.url, t.entrant(pid).name)
        phone.get_by_role("button", name=said).click()
        expect(phone.get_by_text(answer)).to_be_visible()
    assert ClubService(hall.path).tournament().rounds[0].games[1].result is None
    td.goto(hall.url + "/td/t/1/results")
    waiting = td.locator("section.reports li.disagree")
    expect(waiting).to_have_text(re.compile(r"Board 2: white says 1-0, black says 0-1"))
    td.screenshot(path=str(artifacts / "td-results-reports.png"))
    expect(screen.locator("#d2 .res")).to_have_text("–")


def test_one_browser_cannot_report_both_sides_of_a_board(browser: Any, hall: Restartable,
                                                         artifacts: Path) -> None:
    """The evening's code and one phone (one cookie jar): it reports for the one player it
    said it is, and says why not for the other; nothing is entered."""
    td, phone, _other, _screen = contexts(browser)
    ClubService(hall.path, "e2e").pair()
    t = ClubService(hall.path).tournament()
    game = t.rounds[0].games[0]
    white = t.entrant(game.white).name
    be(phone, hall.url, white)
    phone.get_by_role("button", name="0-1").click()
    expect(phone.get_by_text("waits for your opponent")).to_be_visible()
    phone.goto(hall.url + f"/t/1/players/{game.black}/evening")
    phone.get_by_role("button", name="0-1").click()
    expect(phone.get_by_text(f"this phone is {white}'s tonight; each player checks in and "
                             "reports on their own phone")).to_be_visible()
    phone.screenshot(path=str(artifacts / "phone-not-yours.png"), full_page=True)
    phone.get_by_role("button", name="This is me").click()
    expect(phone.get_by_text(f"this phone is {white}'s tonight; to change that, ask the "
                             "TD")).to_be_visible()
    assert ClubService(hall.path).tournament().rounds[0].games[0].result is None
    # The TD releases the phone (the player tapped the wrong name): now it may say it is
    # Black, but one device saying both sides is still no agreement.
    log_in(td, hall.url)
    td.goto(hall.url + "/td/t/1/phones")
    td.get_by_role("button", name=f"Release {white}'s phone").click()
    expect(td.get_by_text("Released")).to_be_visible()
    phone.goto(hall.url + f"/t/1/players/{game.black}/evening")
    phone.get_by_role("button", name="This is me").click()
    expect(phone.get_by_text("This phone is yours tonight")).to_be_visible()
    phone.get_by_role("button", name="0-1").click()
    expect(phone.get_by_text("Reported, waiting for the TD.")).to_be_visible()
    assert ClubService(hall.path).tournament().rounds[0].games[0].result is None


def test_the_display_reconnects_after_a_server_restart(browser: Any, hall: Restartable,
                                                       artifacts: Path) -> None:
    _td, _anna, _bart, screen = contexts(browser)
    ClubService(hall.path, "e2e").pair()
    screen.goto(hall.url + "/t/1/display")
    expect(screen.locator("#d1 .res")).to_have_text("–")
    hall.stop()
    expect(screen.locator(".display-offline")).to_be_visible(timeout=8000)
    screen.screenshot(path=str(artifacts / "hall-display-offline.png"))
    ClubService(hall.path, "TD").enter_result(1, 1, "0-1")  # while the server is down
    hall.start()
    expect(screen.locator("#d1 .res")).to_have_text("0-1", timeout=8000)
    expect(screen.locator(".display-offline")).to_be_hidden()
    ClubService(hall.path, "TD").enter_result(1, 2, "1/2-1/2")  # and it goes on following
    expect(screen.locator("#d2 .res")).to_have_text("½-½", timeout=5000)


def test_a_narrow_display_shows_pairings_and_standings_in_turn(browser: Any,
                                                               hall: Restartable) -> None:
    ClubService(hall.path, "e2e").pair()
    screen = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    screen.clock.install()
    screen.goto(hall.url + "/t/1/display")
    pairings, standings = screen.locator(".pairings-panel"), screen.locator(".standings-panel")
    expect(pairings).to_be_visible()
    expect(standings).to_be_hidden()
    screen.clock.run_for(15_500)
    expect(standings).to_be_visible()
    expect(pairings).to_be_hidden()
    screen.clock.run_for(15_000)
    expect(pairings).to_be_visible()


def test_the_poster_prints_on_one_a4_page(browser: Any, hall: Restartable,
                                          artifacts: Path) -> None:
    # A request naming another host first: the poster is kept for everyone, and its QR code
    # and address stay the server's own.
    forged = http.client.HTTPConnection("127.0.0.1", hall.port, timeout=10)
    forged.request("GET", "/t/1/poster", headers={"Host": "evil.example"})
    assert b"evil.example" not in forged.getresponse().read()
    forged.close()
    page = browser.new_context(viewport={"width": 794, "height": 1123}).new_page()
    page.goto(hall.url + "/t/1/poster")
    expect(page.locator(".poster-url")).to_have_text(hall.url + "/t/1/me")
    assert "evil.example" not in page.content()
    expect(page.locator(".poster-qr svg")).to_be_visible()
    page.screenshot(path=str(artifacts / "hall-poster.png"), full_page=True)
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1

