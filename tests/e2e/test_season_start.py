"""A new club's first evening without a terminal: `rochade` started with no arguments (a real
program, a fresh user's settings folder, no browser of its own), then everything in the
browser: the club file, the first tournament, 20 members from a CSV file (shown first, then
imported), the check-in and the first round's pairing. A second start opens the same file.

Screenshots of each step go to tests/e2e/artifacts/ (git-ignored) as season-*.png; the user
guide's chapter docs/season-in-the-browser.md describes these pages."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any
from urllib.error import URLError
from urllib.request import urlopen

from e2e_helpers import PIN
from playwright.sync_api import Page, expect

RUN = "import sys; from rochade.cli import main; sys.argv[0] = 'rochade'; main()"
"""`python -c RUN` is `rochade` as the TD starts it, with the code under test."""

MEMBERS = [(f"{first} {last}", 2150 - 37 * i) for i, (first, last) in enumerate(zip(
    ("Anna", "Bram", "Carla", "Daan", "Eline", "Femke", "Gijs", "Hanna", "Ivo", "Jasmijn",
     "Kees", "Lieke", "Maarten", "Noor", "Olaf", "Pien", "Quinten", "Roos", "Sem", "Tess"),
    ("Aerts", "Bos", "Claes", "Dekker", "Evers", "Faber", "Goossens", "Hermans", "Jacobs",
     "Janssen", "Kok", "Lambrechts", "Mertens", "Nijs", "Oosterhof", "Peeters", "Quist",
     "Roels", "Smit", "Thijs"), strict=True))]


@contextmanager
def rochade(folder: Path, home: Path) -> Iterator[tuple[str, Path]]:
    """`rochade` with no arguments, started in `folder` by a user whose home (and settings
    folder) is `home`, until it answers; stopped with Ctrl+C at the end. Yields its address
    and the file its output goes to."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "ROCHADE_NO_BROWSER": "1"}
    env.pop("ROCHADE_PIN", None)
    printed = folder / f"rochade-{port}.out"
    with printed.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-c", RUN, "--port", str(port)], cwd=folder,
                                   env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while not _answers(url + "/"):
            assert process.poll() is None, printed.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "rochade did not answer within 60 s"
            time.sleep(0.1)
        yield url, printed
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            with suppress(subprocess.TimeoutExpired):
                process.wait(30)
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _answers(url: str) -> bool:
    try:
        with urlopen(url, timeout=5):
            return True
    except URLError:
        return False


def log_in(page: Page) -> None:
    expect(page).to_have_url(re.compile(r"/td/login"))
    page.get_by_label("PIN or password").fill(PIN)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/td/$"))


def test_from_the_start_page_to_the_first_paired_round(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    home, folder = tmp_path / "home", tmp_path / "club"
    home.mkdir()
    folder.mkdir()
    members = tmp_path / "members.csv"
    members.write_text("Name;DWZ;Verein\n" + "".join(
        f"{name};{rating};SK Rochade\n" for name, rating in MEMBERS), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    with rochade(folder, home) as (url, printed):
        assert f"rochade's start page: {url}/" in printed.read_text(encoding="utf-8")

        # The start page: the club, its file and the TD's PIN
        page.goto(url + "/")
        page.get_by_label("Club name").fill("SK Rochade")
        page.get_by_label("File name").first.fill("skrochade")
        page.get_by_label("TD PIN or password").fill(PIN)
        page.get_by_label("The PIN again").fill(PIN)
        page.screenshot(path=artifacts / "season-start.png", full_page=True)
        page.get_by_role("button", name="Create the club file").click()
        club = folder / "skrochade.rochade"
        assert club.exists()
        log_in(page)

        # The first tournament: the TD pages' own form, presets explained
        page.get_by_label("Name").fill("Club championship")
        page.get_by_role("radio", name=re.compile("classic")).check()
        page.screenshot(path=artifacts / "season-tournament.png", full_page=True)
        page.get_by_role("button", name="Create tournament").click()
        expect(page).to_have_url(re.compile(r"/td/t/1/players$"))

        # The member list: chosen, shown first, then imported
        page.get_by_label("CSV file").set_input_files(members)
        page.get_by_role("button", name="Check the list").click()
        expect(page.locator("#list-count")).to_contain_text("20 players in the list.")
        expect(page.locator("#list-columns")).to_contain_text("“DWZ”: national rating")
        expect(page.locator("#list-rows tbody tr")).to_have_count(10)
        page.screenshot(path=artifacts / "season-preview.png", full_page=True)
        page.get_by_role("button", name="Import 20 players").click()
        expect(page.locator(".flash.ok")).to_have_text("20 players imported.")
        expect(page.locator("table.players tbody tr:not(.player-data)")).to_have_count(20)
        page.screenshot(path=artifacts / "season-players.png", full_page=True)

        # The first evening: one member stays home, then the pairing
        page.get_by_role("link", name=re.compile("Next: check-in for round 1")).click()
        page.get_by_label("Search a player").fill("tess")
        page.get_by_role("button", name="Tess Thijs: excused").click()
        expect(page.locator("#checkin-count")).to_have_text("19 present, 1 absent")
        page.get_by_label("Search a player").fill("")
        page.screenshot(path=artifacts / "season-checkin.png", full_page=True)
        page.get_by_role("link", name=re.compile("Next: pair the round")).click()
        page.get_by_role("button", name="Pair automatically").click()
        expect(page.locator(".flash.ok")).to_have_text("Round 1 is paired.")
        expect(page.locator("tr.result-row")).to_have_count(9)  # and a bye
        page.screenshot(path=artifacts / "season-round-1.png", full_page=True)
        said = printed.read_text(encoding="utf-8")
    assert f"rochade serves {club} at {url}/" in said
    remembered = json.loads((home / ".config" / "rochade" / "settings.json").read_text("utf-8"))
    assert remembered == {"last_club": str(club)}

    context.close()

    # Next week: `rochade` again opens the same club file
    context = browser.new_context(viewport={"width": 1024, "height": 800})
    page = context.new_page()
    with rochade(folder, home) as (url, printed):
        assert f"rochade serves {club} at {url}/" in printed.read_text(encoding="utf-8")
        page.goto(url + "/td/")
        log_in(page)
        expect(page.get_by_role("link", name=re.compile("Club championship"))).to_contain_text(
            "20 players, 1 rounds")
    context.close()
