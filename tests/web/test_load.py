"""A short run of benchmarks/web_load.py (no throughput asserted): 200 phones and a TD
writing, no errors, no "database is locked", and the standings page is right again as soon as
a result is confirmed."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import CSRF, PIN, Tick, log_in, post, run_async, unversioned

from benchmark_scripts import load
from rochade.web import base, create_app

web_load = load("web_load")


def test_two_hundred_readers_and_a_writer_without_errors(tmp_path: Path) -> None:
    path = tmp_path / "load.rochade"
    web_load.make_club(path, players=20)
    # 200 phones asking 400 times a second together for 3 s; the TD enters a result every 0.1 s.
    with web_load.serving(path) as server:
        figures = run_async(web_load.load(server.port, 200, 3.0, 400, 0.1, 10))
    assert not [e for e in figures.errors if "locked" in e]
    assert figures.errors == []
    # Correctness only: how many requests and writes fit in 3 s depends on the machine, and
    # those figures belong to benchmarks/web_load.py. The check below needs some of each.
    assert figures.writes and figures.versions
    # Every page asked for after a result was confirmed shows that change (or a newer one).
    assert web_load.stale_answers(figures) == 0


@pytest.mark.parametrize("system", ["keizer", "swiss"])
def test_phones_on_every_public_page_polling_or_not_see_every_result(
    tmp_path: Path, system: str
) -> None:
    """`--mix all`, short: every public page (and its ?round= variants), a quarter of the
    phones polling as htmx does; no errors, and no answer to a request sent after a confirmed
    result (a page, or a poller's "204 unchanged") misses it."""
    path = tmp_path / "load.rochade"
    web_load.make_club(path, players=20, system=system)
    pages = web_load.phone_pages("all", 200, 20, system)
    assert sum(polls for _, polls in pages) == 50
    assert len({page for page, _ in pages}) >= 10
    with web_load.serving(path) as server:
        figures = run_async(web_load.load(server.port, 200, 3.0, 400, 0.1, 10, pages))
    assert figures.errors == []
    assert figures.writes and figures.versions
    assert web_load.stale_answers(figures) == 0


def test_forty_phones_check_in_and_report_at_once_and_nothing_is_lost(tmp_path: Path) -> None:
    """`--phones`, short: forty players, each on a phone of its own address, say "This is
    me", check in and report within two seconds; every status, every report and every
    board's result is in the club file, and no phone saw an error."""
    from rochade.service.phones import PhoneDesk, PhoneSettings

    path = tmp_path / "load.rochade"
    web_load.make_club(path, players=40)
    desk = PhoneDesk(path, "test")
    desk.set_phone_settings(PhoneSettings(web_load.PHONE_CODE))
    boards = {p: g.board for g in desk.tournament().rounds[0].games for p in (g.white, g.black)}
    with web_load.serving(path, "--behind-proxy") as server:
        figures = run_async(web_load.phones_evening(server.port, boards, 2.0))
    assert figures.errors == []
    assert len(figures.write_latencies) == 120
    assert web_load.phones_lost(path, len(boards)) == []


def test_a_kept_page_is_renewed_by_the_next_change(club: Path) -> None:
    with TestClient(create_app(club, Tick())) as td:
        td.headers["x-test-csrf"] = log_in(td)
        post(td, "/td/t/1/pair/auto")
        with TestClient(create_app(club, Tick())) as phone:
            before = phone.get("/t/1/?after=1").text
            assert phone.get("/t/1/?after=1").text == before  # kept, the same page
            assert post(td, "/td/t/1/results/1/1", result="1-0").status_code in (200, 303)
            after = phone.get("/t/1/?after=1").text
            assert after != before
            with TestClient(create_app(club, Tick())) as fresh:
                fresh.cookies = phone.cookies
                expected = fresh.get("/t/1/?after=1").text
            assert unversioned(CSRF.sub("", after)) == unversioned(CSRF.sub("", expected))
            assert PIN not in after


def test_the_profile_script_asks_for_every_page_of_the_mix_after_each_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """benchmarks/web_profile.py, short: every page of `--mix all` answers after each result."""
    web_profile = load("web_profile")
    monkeypatch.setattr(base, "off_loop", web_profile.inline)
    path = tmp_path / "profile.rochade"
    web_load.make_club(path, 10, "swiss")
    pages = list(dict.fromkeys(p for p, _ in web_load.phone_pages("all", 30, 10, "swiss")))
    times = run_async(web_profile.run(path, pages, 2, 5, None))
    assert sum(len(ms) for ms in times.values()) == 2 * len(pages)
    assert {"players", "crosstable", "pairings", "participants"} <= set(times)
