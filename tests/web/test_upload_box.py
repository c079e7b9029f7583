"""`serve --publish-to`: the TD's changes upload the tournament's site in the background, a
burst of them once, and the evening page's box says how the last upload went."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from html import unescape
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_helpers import Tick, log_in, post

from rochade.service.errors import ServiceError
from rochade.service.upload import Target, Uploaded, Uploader, destination, target
from rochade.web import create_app, uploads
from site_servers import ftp_server


class Slow:
    """A server that answers only once the test lets it (`go`), and remembers what it got."""

    def __init__(self, fails: bool = False) -> None:
        self.got: list[Mapping[str, bytes]] = []
        self.fails = fails
        self.started, self.go = threading.Event(), threading.Event()

    def send(self, files: Mapping[str, bytes]) -> Uploaded:
        self.started.set()
        assert self.go.wait(30)
        self.got.append(files)
        if self.fails:
            raise ServiceError("cannot reach {host} (port {port}): {problem}",
                               host="ftp.example.org", port=21, problem="timed out")
        return Uploaded(tuple(files), (), 0)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Changes pause for a tenth of a second, not two, before their upload starts."""
    monkeypatch.setattr(uploads, "Uploader", functools.partial(Uploader, pause=0.1))


@contextmanager
def served(club: Path, to: Target) -> Iterator[TestClient]:
    with TestClient(create_app(club, Tick(), publish_to=to)) as td:
        td.headers["x-test-csrf"] = log_in(td)
        yield td


def box(td: TestClient) -> str:
    page = unescape(td.get("/td/t/1/").text)
    return page.split("data-upload>")[1].split("</section>")[0]


def wait_for(condition: object, seconds: float = 20.0) -> None:
    until = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < until, "waited in vain"
        time.sleep(0.05)


def test_no_box_without_an_upload(td: TestClient) -> None:
    assert "data-upload" not in td.get("/td/t/1/").text


def test_results_are_never_kept_waiting_by_a_slow_upload(club: Path) -> None:
    slow = Slow()
    where = destination("ftps://club@ftp.example.org/results")
    with served(club, Target(where, slow.send)) as td:
        assert "Nothing uploaded yet." in box(td)
        assert post(td, "/td/t/1/pair/auto").status_code == 303
        assert slow.started.wait(10)  # the pairing's upload, held up until the test says
        times = []
        for board in (1, 2, 3):
            start = time.perf_counter()
            assert post(td, f"/td/t/1/results/1/{board}", result="1-0").status_code == 303
            times.append(time.perf_counter() - start)
        assert max(times) < 2, times
        assert "An upload is due or under way." in box(td)
        slow.go.set()
        wait_for(lambda: len(slow.got) == 2 and not td.get("/td/t/1/").text.count("under way"))
        # the three results came in a burst: one upload, with all three
        assert b"1-0" in slow.got[1]["round-1.html"]
        text = box(td)
        assert "to ftps://club@ftp.example.org:21/results" in text
        assert f"{len(slow.got[1])} files sent, 0 removed." in text


def test_a_failed_upload_is_said_in_the_tds_language(club: Path) -> None:
    slow = Slow(fails=True)
    slow.go.set()
    with served(club, Target(destination("ftp://club@ftp.example.org/"), slow.send)) as td:
        td.cookies.set("lang", "de")
        post(td, "/td/t/1/pair/auto")
        wait_for(lambda: slow.got and "Das letzte Hochladen" in box(td))
        assert ("ist fehlgeschlagen: ftp.example.org ist nicht erreichbar (Port 21): "
                "timed out") in box(td)


def test_a_pairing_goes_up_to_a_real_server(club: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with (ftp_server(tmp_path, monkeypatch) as server,
          served(club, target(server.url, server.credentials)) as td):
        post(td, "/td/t/1/pair/auto")
        wait_for(lambda: "files sent" in box(td))
        assert b"Winter 2026" in server.files()["round-1.html"]
