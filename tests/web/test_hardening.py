"""The web app under attack from the club's Wi-Fi (issue 12): PIN guesses sent at once,
replayed cookies, forged proxy headers and origins, the security headers of every route, and
HEAD requests that must not render pages."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx2
import pytest
from click.testing import CliRunner
from starlette.routing import Mount, Route
from starlette.testclient import TestClient
from web_helpers import PIN, Tick, csrf_of, log_in, post, run_async

import rochade.web.security as security
from rochade.cli import main
from rochade.service import ClubService, pin
from rochade.web import create_app
from rochade.web.base import Web
from rochade.web.security import LOOPBACK, PER_CLIENT, SHARED, Limit, LoginThrottle

VISITOR = "ab" * 16
PROXY = ("127.0.0.1", 40000)
"""A proxy on the laptop, the one `--behind-proxy` believes unless told another address."""
PARAMS = {"n": "1", "pid": "1", "round": "1", "board": "1", "system": "swiss", "kind": "trf",
          "c": "1", "k": "1", "match": "1"}


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def counted_scrypt(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every PIN check from now on (each is one scrypt)."""
    checks: list[str] = []
    real = pin.scrypt

    def counting(pin: str, salt: bytes, cost: dict[str, int]) -> bytes:
        checks.append(pin)
        return real(pin, salt, cost)

    monkeypatch.setattr(pin, "scrypt", counting)
    return checks


def guesses(app: Any, club: Path, pins: list[str], client: str) -> list[int]:
    """The statuses of one login per PIN, all sent at once from `client`."""
    token = security.Signer(security.signing_key(club)).csrf_token(VISITOR)

    async def send() -> list[int]:
        transport = httpx2.ASGITransport(app, client=(client, 40000))
        async with httpx2.AsyncClient(
            transport=transport, base_url="http://testserver", cookies={"rochade_visitor": VISITOR}
        ) as c:
            answers = await asyncio.gather(
                *(c.post("/td/login", data={"csrf": token, "pin": pin}) for pin in pins)
            )
        return [a.status_code for a in answers]

    return run_async(send())


# -- 1. PIN guessing -------------------------------------------------------------------------


def test_two_hundred_guesses_at_once_cost_at_most_the_free_checks(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checks = counted_scrypt(monkeypatch)
    # a clock that stands still: on a busy machine the first delay may pass mid-test
    app = create_app(club, Tick(), LoginThrottle(clock=Clock()))
    statuses = guesses(app, club, [f"{i:06d}" for i in range(200)], "192.0.2.9")
    assert len(checks) == PER_CLIENT.free
    assert statuses.count(401) == PER_CLIENT.free
    assert statuses.count(429) == 200 - PER_CLIENT.free


def test_many_addresses_share_one_limit(club: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checks = counted_scrypt(monkeypatch)
    # a clock that stands still: on a busy machine the first delay may pass mid-test
    app = create_app(club, Tick(), LoginThrottle(clock=Clock()))
    for host in range(60):  # a device that changes its address for every guess
        guesses(app, club, ["000000"], f"192.0.2.{host + 1}")
    assert len(checks) == SHARED.free


def test_refused_tries_from_ever_new_addresses_leave_nothing_behind() -> None:
    throttle = LoginThrottle(clock=Clock())
    for host in range(SHARED.free):
        assert throttle.reserve(f"192.0.2.{host}") == 0
        throttle.failed(f"192.0.2.{host}")
    for host in range(1000):
        assert throttle.reserve(f"2001:db8::{host:x}") > 0
    assert len(throttle._tries) == SHARED.free + 1  # the failures and the shared count only


def test_the_delays_grow_and_the_td_on_the_laptop_is_never_locked_out(club: Path) -> None:
    clock = Clock()
    throttle = LoginThrottle(clock=clock)
    for _ in range(PER_CLIENT.free):
        assert throttle.reserve("192.0.2.1") == 0
        throttle.failed("192.0.2.1")
    waits = []
    for _ in range(SHARED.free):
        wait = throttle.reserve("192.0.2.1")
        assert wait > 0  # no guess before the delay is over ...
        clock.now += wait
        assert throttle.reserve("192.0.2.1") == 0  # ... and one right after it
        throttle.failed("192.0.2.1")
        waits.append(throttle.reserve("192.0.2.1"))
    assert waits == sorted(waits) and waits[0] < waits[-1] <= PER_CLIENT.most
    assert throttle.reserve("192.0.2.77") > 0  # the room's shared limit holds others too
    for _ in range(50):  # the laptop itself: its own short limit only
        wait = throttle.reserve("127.0.0.1", local=True)
        assert wait <= LOOPBACK.most
        if wait:
            clock.now += wait
            assert throttle.reserve("127.0.0.1", local=True) == 0
        throttle.failed("127.0.0.1", local=True)
    wait = throttle.reserve("127.0.0.1", local=True)
    assert 0 < wait <= LOOPBACK.most
    clock.now += wait
    assert throttle.reserve("127.0.0.1", local=True) == 0
    throttle.succeeded("127.0.0.1", local=True)
    assert throttle.reserve("127.0.0.1", local=True) == 0


def test_the_td_logs_in_on_the_laptop_while_the_room_guesses(club: Path) -> None:
    # The throttle's clock stands still: on a busy machine the room's 90 guesses took longer
    # than the shared limit's delay, and the next guess went through.
    app = create_app(club, Tick(), LoginThrottle(clock=Clock()))
    for host in range(30):
        guesses(app, club, ["000000"] * 3, f"192.0.2.{host + 1}")
    assert guesses(app, club, [PIN], "192.0.2.200") == [429]
    assert guesses(app, club, [PIN], "127.0.0.1") == [303]


def test_a_limit_forgets_after_a_quiet_day() -> None:
    clock = Clock()
    throttle = LoginThrottle(per_client=Limit(free=1, most=60.0), clock=clock)
    assert throttle.reserve("x") == 0
    throttle.failed("x")
    assert throttle.reserve("x") > 0
    clock.now += PER_CLIENT.forget + 1
    assert throttle.reserve("x") == 0


# -- 3. proxy headers ------------------------------------------------------------------------


def test_x_forwarded_for_gives_no_fresh_tries_unless_behind_a_proxy(club: Path) -> None:
    for behind_proxy, expected in ((False, 429), (True, 401)):
        app = create_app(club, Tick(), behind_proxy=behind_proxy)
        with TestClient(app, client=PROXY) as c:
            token = csrf_of(c)
            for i in range(PER_CLIENT.free + 1):
                answer = c.post(
                    "/td/login",
                    data={"csrf": token, "pin": "000000"},
                    headers={"X-Forwarded-For": f"198.51.100.{i}"},
                )
            assert answer.status_code == expected


def test_who_asks_with_and_without_a_proxy(club: Path) -> None:
    def request(peer: str, **headers: str) -> Any:
        return type("R", (), {"headers": headers, "client": type("C", (), {"host": peer})})()

    proxied = Web(club, Tick(), LoginThrottle(), None, 5, behind_proxy=True)
    forged = {"x-forwarded-for": "127.0.0.1, 192.0.2.5"}
    assert proxied.client(request("127.0.0.1", **forged)) == ("192.0.2.5", False)  # the proxy's
    assert proxied.client(request("127.0.0.1", **{"x-forwarded-for": "127.0.0.1"}))[1]
    direct = Web(club, Tick(), LoginThrottle(), None, 5)
    assert direct.client(request("192.0.2.5", **{"x-forwarded-for": "127.0.0.1"})) == (
        "192.0.2.5",
        False,
    )
    assert direct.client(request("127.0.0.1")) == ("127.0.0.1", True)
    # a proxy on the laptop without --behind-proxy: its requests are not the laptop's own
    assert direct.client(request("127.0.0.1", **{"x-forwarded-for": "192.0.2.9"}))[1] is False
    assert direct.client(request("::1", forwarded="for=192.0.2.9"))[1] is False


def test_behind_a_proxy_that_speaks_https_the_session_cookie_is_secure(club: Path) -> None:
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.5"}
    for behind_proxy, secure in ((True, True), (False, False)):
        with TestClient(create_app(club, Tick(), behind_proxy=behind_proxy), client=PROXY) as c:
            token = csrf_of(c)
            answer = c.post(
                "/td/login",
                data={"csrf": token, "pin": PIN},
                headers=https,
                follow_redirects=False,
            )
            assert answer.status_code == 303
            assert ("secure" in answer.headers["set-cookie"].lower()) is secure


# -- 2. sessions -----------------------------------------------------------------------------


def test_a_cookie_replayed_after_logout_is_refused_also_after_a_restart(club: Path) -> None:
    with TestClient(create_app(club, Tick())) as c:
        token = log_in(c)
        kept = dict(c.cookies)
        assert c.post("/td/logout", data={"csrf": token}, follow_redirects=False).status_code == 303
    for _ in range(2):  # the running server, then a restarted one
        with TestClient(create_app(club, Tick()), cookies=kept) as thief:
            assert thief.get("/td/", follow_redirects=False).status_code == 303
            tap = thief.post("/td/t/1/players/1/status", data={"csrf": token, "status": "excused"})
            assert tap.status_code == 403
    assert [a for a in ClubService(club).log() if "excused" in str(a)] == []


def test_a_new_pin_logs_every_device_out_and_the_same_pin_none(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[Any] = []
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    with TestClient(create_app(club, Tick())) as c:
        log_in(c)
        kept = dict(c.cookies)
    for given, logged_in in ((PIN, True), ("new-pin-42", False)):  # restart: serve --pin ...
        result = CliRunner().invoke(main, ["serve", str(club), "--pin", given])
        assert result.exit_code == 0, result.output
        with TestClient(served[-1], cookies=kept) as again:
            status = again.get("/td/", follow_redirects=False).status_code
            assert status == (200 if logged_in else 303), given


def test_the_csrf_token_changes_at_login(club: Path) -> None:
    with TestClient(create_app(club, Tick())) as c:
        before = csrf_of(c)
        after = log_in(c)
        assert before != after
        old = c.post("/td/t/1/players/1/status", data={"csrf": before, "status": "excused"})
        assert old.status_code == 403
        new = c.post("/td/t/1/players/1/status", data={"csrf": after, "status": "excused"})
        assert new.status_code in (200, 303)


def test_the_pin_comes_from_the_environment_or_a_file(
    club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **_: None)
    result = CliRunner().invoke(main, ["serve", str(club)], env={"ROCHADE_PIN": "from-env-1"})
    assert result.exit_code == 0, result.output
    assert pin.pin_matches(club, "from-env-1")
    secret = tmp_path / "pin.txt"
    secret.write_text("from-file-2\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["serve", str(club), "--pin-file", str(secret)])
    assert result.exit_code == 0, result.output
    assert pin.pin_matches(club, "from-file-2")
    both = CliRunner().invoke(
        main, ["serve", str(club), "--pin", "x" * 8, "--pin-file", str(secret)]
    )
    assert both.exit_code == 2 and pin.pin_matches(club, "from-file-2")
    short = CliRunner().invoke(main, ["serve", str(club)], env={"ROCHADE_PIN": "1234"})
    assert short.exit_code != 0 and "at least 6" in short.output


# -- 4. origins and headers ------------------------------------------------------------------


def test_a_post_from_another_origin_is_refused(td: TestClient, club: Path) -> None:
    before = ClubService(club).log()
    form = {"csrf": td.headers["x-test-csrf"], "status": "excused"}
    for forged in (
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Referer": "http://evil.example/td/"},
    ):
        answer = td.post("/td/t/1/players/1/status", data=form, headers=forged)
        assert answer.status_code == 403, forged
    assert ClubService(club).log() == before
    own = td.post("/td/t/1/players/1/status", data=form, headers={"Origin": "http://testserver"})
    assert own.status_code in (200, 303)
    assert len(ClubService(club).log()) == len(before) + 1


def every_request(app: Any) -> list[tuple[str, str]]:
    """(method, concrete path) for every route and method of the app, and a static file."""
    out = []
    for route in app.routes:
        if isinstance(route, Mount):
            out.append(("GET", route.path + "/app.js"))
            continue
        assert isinstance(route, Route), route
        path = route.path
        for name, value in PARAMS.items():
            path = path.replace(f"{{{name}:int}}", value).replace(f"{{{name}}}", value)
        assert "{" not in path, path  # a new path parameter: give it a value in PARAMS
        out += [(method, path) for method in sorted(route.methods or {"GET"})]
    return out


def test_every_route_answers_with_the_security_headers(club: Path) -> None:
    with (
        TestClient(create_app(club, Tick())) as visitor,
        TestClient(create_app(club, Tick())) as td,
    ):
        td.headers["x-test-csrf"] = log_in(td)
        post(td, "/td/t/1/pair/auto")
        requests = every_request(td.app)
        assert len(requests) >= 40
        for client in (visitor, td):
            for method, path in [*requests, ("GET", "/no/such/page")]:
                answer = client.request(
                    method,
                    path,
                    follow_redirects=False,
                    data={"csrf": "x"} if method == "POST" else None,
                )
                headers = answer.headers
                csp = headers.get("content-security-policy", "")
                assert "frame-ancestors 'none'" in csp, (method, path)
                assert "script-src 'self'" in csp and "unsafe-inline" not in csp
                assert headers.get("x-content-type-options") == "nosniff", (method, path)
                assert headers.get("referrer-policy") == "same-origin", (method, path)
                if path.startswith("/td/"):
                    assert headers.get("cache-control") == "no-store", (method, path)


def test_no_page_needs_inline_script_or_style(td: TestClient) -> None:
    post(td, "/td/t/1/pair/auto")
    pages = [path for method, path in every_request(td.app) if method == "GET"]
    for path in pages:
        html = td.get(path).text
        lowered = html.lower()
        assert "<script>" not in lowered and "<style" not in lowered, path
        assert " style=" not in lowered and "javascript:" not in lowered, path
        for handler in ("onclick=", "onchange=", "onsubmit=", "oninput=", "onload=", "hx-on"):
            assert handler not in lowered, (path, handler)


# -- 5. HEAD from the cache ------------------------------------------------------------------


def test_head_is_answered_from_the_kept_page_never_on_the_event_loop(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the worker threads (an app without a rendering process, or whose process died): the
    rendering process makes no page on the event loop anyway."""
    with TestClient(create_app(club, Tick())) as td:
        td.headers["x-test-csrf"] = log_in(td)
        post(td, "/td/t/1/pair/auto")
        renders: list[tuple[str, int]] = []
        loop_threads: set[int] = set()
        real_render, real_last_change = Web.render, Web.last_change

        def render(self: Web, page: Any, template: str, *args: Any, **kw: Any) -> Any:
            renders.append((template, threading.get_ident()))
            return real_render(self, page, template, *args, **kw)

        def last_change(self: Web) -> int:  # asked on the event loop by every public request
            loop_threads.add(threading.get_ident())
            return real_last_change(self)

        monkeypatch.setattr(Web, "render", render)
        monkeypatch.setattr(Web, "last_change", last_change)
        public = [
            "/t/1/",
            "/t/1/pairings",
            "/t/1/pairings?round=1",
            "/t/1/crosstable",
            "/t/1/participants",
            "/t/1/progress",
            "/t/1/players/1",
            "/t/1/?after=1",
        ]
        with TestClient(td.app) as phone:
            for path in public:
                first = phone.head(path)
                assert first.status_code == 200 and first.content == b"", path
                count = len(renders)
                for _ in range(5):
                    assert phone.head(path).status_code == 200
                assert phone.get(path).status_code == 200
                assert len(renders) == count, path  # kept: the HEAD's rendering served them all
        assert renders and loop_threads
        assert not {thread for _, thread in renders} & loop_threads
