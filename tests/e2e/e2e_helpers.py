"""What the browser tests share with their fixtures: the TD PIN and the login with it, the
running server, and rounds played through the service."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from rochade.service import ClubService

PIN = "246813"


@dataclass
class Server:
    url: str
    path: Path


RESULTS = ("1-0", "1/2-1/2", "0-1", "1-0", "0-1")


def play(svc: ClubService, name: str, rounds: int) -> None:
    """Pair and finish `rounds` rounds of tournament `name` with varied results."""
    for k in range(rounds):
        report = svc.pair(name)
        for i, game in enumerate(report.round.games):
            svc.enter_result(report.round.number, game.board, RESULTS[(i + k) % 5], name)


def log_in(page: Page, url: str) -> None:
    """The TD logs in with the PIN on the server at `url`."""
    page.goto(url + "/td/")
    page.get_by_label("PIN or password").fill(PIN)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/td/$"))
