"""Permissions, CSRF, escaping, PIN storage and login throttling."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient
from web_helpers import PIN, Tick, csrf_of, log_in, post

from rochade.service import ClubService, pin
from rochade.service.pin import PIN_KEY, PinError, has_pin, hash_pin, new_pin, set_pin, verify_pin
from rochade.store.file_settings import read_setting, write_setting
from rochade.web import create_app, security
from rochade.web.security import (
    SECRET_KEY,
    Limit,
    LoginThrottle,
    RateLimit,
    Signer,
    revoke_session,
    revoked_sessions,
    session_key,
    signing_key,
)

HX_TOKEN = re.compile(r'"X-CSRF-Token": "([0-9a-f]+)"')
PARAMS = {"n": "1", "pid": "1", "round": "1", "board": "1", "c": "1", "k": "1", "match": "1"}


def td_routes(client: TestClient) -> list[tuple[str, str]]:
    """(method, concrete path) of every TD route except the session gates (login, logout)."""
    out = []
    for route in client.app.routes:  # type: ignore[attr-defined]
        if not isinstance(route, Route) or not route.path.startswith("/td/"):
            continue
        if route.path in ("/td/login", "/td/logout"):
            continue
        path = route.path
        for name, value in PARAMS.items():
            path = path.replace(f"{{{name}:int}}", value)
        for method in sorted(route.methods or ()):
            if method != "HEAD":
                out.append((method, path))
    return out


def test_the_route_list_covers_every_td_page(client: TestClient) -> None:
    routes = td_routes(client)
    assert ("GET", "/td/t/1/checkin") in routes
    assert ("POST", "/td/t/1/results/1/1") in routes
    assert len(routes) >= 16


def test_every_td_route_refuses_without_a_session(client: TestClient) -> None:
    token = csrf_of(client, "/td/login")
    for method, path in td_routes(client):
        if method == "GET":
            response = client.get(path, follow_redirects=False)
            assert response.status_code == 303, path
            assert response.headers["location"].startswith("/td/login?next="), path
        else:
            response = client.post(path, data={"csrf": token}, follow_redirects=False)
            assert response.status_code == 403, (method, path)


def test_every_td_post_refuses_a_form_without_csrf_token(td: TestClient, club: Path) -> None:
    before = ClubService(club).log()
    posts = [path for method, path in td_routes(td) if method == "POST"]
    assert len(posts) >= 8
    for path in posts:
        response = td.post(path, data={"status": "excused", "result": "1-0"})
        assert response.status_code == 403, path
        forged = td.post(path, data={"csrf": "0" * 64, "status": "excused"})
        assert forged.status_code == 403, path
    assert ClubService(club).log() == before


def test_login_and_logout_need_the_csrf_token_too(client: TestClient) -> None:
    response = client.post("/td/login", data={"pin": PIN}, follow_redirects=False)
    assert response.status_code == 403
    log_in(client)
    assert client.post("/td/logout", data={}, follow_redirects=False).status_code == 403
    assert client.get("/td/", follow_redirects=False).status_code == 200


def test_a_session_cookie_from_another_visitor_is_not_accepted(club: Path) -> None:
    with TestClient(create_app(club, Tick())) as first, TestClient(create_app(club)) as second:
        log_in(first)
        second.cookies.set("rochade_td", first.cookies["rochade_td"])
        assert second.get("/td/", follow_redirects=False).status_code == 303


def test_logout_ends_the_session(td: TestClient) -> None:
    token = td.headers["x-test-csrf"]
    assert post(td, "/td/logout").status_code == 303
    assert td.get("/td/", follow_redirects=False).status_code == 303
    tap = td.post(
        "/td/t/1/players/1/status",
        data={"csrf": token, "status": "excused"},
        headers={"HX-Request": "true"},
    )
    assert tap.status_code == 403 and tap.headers["HX-Redirect"] == "/td/login"


def test_wrong_pin_is_refused_and_repeated_guessing_is_throttled(club: Path) -> None:
    clock = [0.0]
    throttle = LoginThrottle(per_client=Limit(free=3, most=60.0), clock=lambda: clock[0])
    with TestClient(create_app(club, Tick(), throttle)) as c:
        token = csrf_of(c)
        for _ in range(3):
            response = c.post("/td/login", data={"csrf": token, "pin": "000000"})
            assert response.status_code == 401
            assert "Wrong PIN" in response.text
        blocked = c.post("/td/login", data={"csrf": token, "pin": PIN})
        assert blocked.status_code == 429 and "Try again in 1 seconds" in blocked.text
        clock[0] = 1.0
        ok = c.post("/td/login", data={"csrf": token, "pin": PIN}, follow_redirects=False)
        assert ok.status_code == 303


def test_login_redirects_only_to_td_pages(client: TestClient) -> None:
    token = csrf_of(client)
    response = client.post(
        "/td/login",
        data={"csrf": token, "pin": PIN, "next": "//evil.example/"},
        follow_redirects=False,
    )
    assert response.headers["location"] == "/td/"


def test_a_script_as_player_name_renders_as_text(td: TestClient) -> None:
    evil = "<script>alert(1)</script>"
    assert post(td, "/td/t/1/players/add", player=evil, rating="1500").status_code == 303
    pid = "9"
    pages = [
        "/t/1/",
        "/t/1/participants",
        f"/t/1/players/{pid}",
        "/td/t/1/players",
        "/td/t/1/checkin",
        "/td/t/1/pair",
        "/td/log",
    ]
    for url in pages:
        html = td.get(url).text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url
        assert evil not in html, url


def test_the_pin_is_stored_salted_and_hashed(club: Path) -> None:
    stored = read_setting(club, PIN_KEY)
    assert stored is not None and stored.startswith("scrypt$")
    assert PIN not in stored.split("$")  # (random hex may contain "471108" by chance)
    assert verify_pin(PIN, stored) and not verify_pin("471109", stored)
    assert hash_pin(PIN) != hash_pin(PIN)  # a fresh salt every time
    assert not verify_pin(PIN, "plain text")
    # the cost it was made with, a 16-byte salt and a 32-byte hash
    cost = "{n}${r}${p}".format(**pin.PIN_COST)
    assert re.fullmatch(rf"scrypt\${re.escape(cost)}\$[0-9a-f]{{32}}\$[0-9a-f]{{64}}", stored)
    with pytest.raises(PinError, match=r"^the PIN needs at least 6 characters$"):
        set_pin(club, "12")
    assert has_pin(club) and read_setting(club, PIN_KEY) == stored  # the refusal kept the PIN


UNMARKED = (
    "scrypt$00000000000000000000000000000000$"
    "f15a32a65264e0fb6cef878246e2e67e24d273fcb81ea135a3d3f1476537b5a2"
)
"""PIN's hash with a zero salt as stored before the cost was stored with it (n 2^14, r 8, p 1)."""


def test_rochade_hashes_a_pin_at_the_full_cost() -> None:
    """The tests hash at scrypt's cheapest cost (tests/conftest.py); a process of its own, as
    `rochade serve` is, hashes at 2^14, 8, 1."""
    program = "from rochade.service.pin import hash_pin; print(hash_pin('471108'))"
    stored = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert re.fullmatch(r"scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}", stored)
    assert verify_pin(PIN, stored) and not verify_pin("471109", stored)


def test_a_hash_is_checked_under_the_cost_stored_with_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cheap = hash_pin(PIN, salt=bytes(16))
    monkeypatch.setattr(pin, "PIN_COST", {"n": 4, "r": 2, "p": 1})
    assert hash_pin(PIN, salt=bytes(16)).startswith("scrypt$4$2$1$")
    assert verify_pin(PIN, cheap) and not verify_pin("471109", cheap)
    assert verify_pin(PIN, UNMARKED) and not verify_pin("471109", UNMARKED)
    *_, salt, digest = cheap.split("$")
    for broken in (
        f"scrypt$4$2${salt}${digest}",  # a cost without its p
        f"scrypt$4$2$1$1${salt}${digest}",
        f"bcrypt$4$2$1${salt}${digest}",
        f"scrypt$n$2$1${salt}${digest}",
        f"scrypt$3$2$1${salt}${digest}",  # n must be a power of two
        f"scrypt$-4$2$1${salt}${digest}",
        f"scrypt$4$2$1$zz${digest}",
        f"scrypt$4$2$1${salt}$",
        "scrypt$$",
    ):
        assert not verify_pin(PIN, broken), broken


def test_a_new_club_has_no_pin_and_a_new_pin_has_six_digits(tmp_path: Path) -> None:
    path = tmp_path / "bare.rochade"
    ClubService.init(path, "td", Tick())
    assert not has_pin(path)
    pins = {new_pin() for _ in range(20)}
    assert all(re.fullmatch(r"\d{6}", pin) for pin in pins) and len(pins) > 1
    assert max(int(pin) for pin in pins) >= 1000  # the whole range, not a few low numbers


def test_the_signing_key_is_made_once_and_kept_in_the_club_file(club: Path) -> None:
    """Sessions outlive a server restart only if the key is read back, not made anew."""
    key = signing_key(club)
    assert len(key) == 32 and signing_key(club) == key
    assert read_setting(club, SECRET_KEY) == key.hex()


def test_signed_values_cannot_be_altered() -> None:
    signer = Signer(b"k" * 32)
    text = signer.dumps({"v": "abc", "exp": 5})
    assert signer.loads(text) == {"v": "abc", "exp": 5}
    body, mac = text.rsplit(".", 1)
    assert signer.loads(body + "." + "0" * len(mac)) is None
    assert Signer(b"x" * 32).loads(text) is None
    assert signer.loads("garbage") is None and signer.loads(None) is None
    # the MAC covers the body: another body under this MAC is refused
    other = signer.dumps({"v": "abd", "exp": 5}).rsplit(".", 1)[0]
    assert signer.loads(other + "." + mac) is None
    # a cookie with more dots (never made by dumps) is refused, not a crash
    assert signer.loads(body + ".x." + mac) is None
    # only JSON objects are values, even when correctly signed
    listed = base64.urlsafe_b64encode(b"[1, 2]")
    assert signer.loads(f"{listed.decode()}.{signer._mac(listed)}") is None


def test_the_throttle_counts_recent_failures_per_address() -> None:
    now = [100.0]
    throttle = LoginThrottle(per_client=Limit(free=2, most=60.0), clock=lambda: now[0])
    throttle.succeeded("a")  # nothing to forget: no error
    for _ in range(2):
        assert throttle.reserve("a") == 0
        throttle.failed("a")
    assert throttle.reserve("a") > 0 and throttle.reserve("b") == 0
    now[0] = 100.5
    assert throttle.reserve("a") > 0  # half the first delay later: still paused
    now[0] = 101.0
    assert throttle.reserve("a") == 0  # exactly the delay later: one more try
    throttle.succeeded("a")  # a right PIN forgets the failures
    assert throttle.reserve("a") == 0


def test_cookies_are_http_only_and_same_site(client: TestClient) -> None:
    token = csrf_of(client)
    response = client.post("/td/login", data={"csrf": token, "pin": PIN}, follow_redirects=False)
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie


def test_public_pages_are_read_only(client: TestClient, club: Path) -> None:
    """Every public route refuses every method but GET (and HEAD); nothing changes. (The
    players' phones post to /phone/..., with the evening's code: tests/web/test_hall.py.)"""
    before = ClubService(club).log()
    token = csrf_of(client, "/td/login")
    checked = 0
    for route in client.app.routes:  # type: ignore[attr-defined]
        if not isinstance(route, Route) or route.path.startswith(("/td/", "/phone/")):
            continue
        assert set(route.methods or ()) <= {"GET", "HEAD"}, route.path
        path = route.path
        for name, value in PARAMS.items():
            path = path.replace(f"{{{name}:int}}", value)
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            response = client.request(method, path, data={"csrf": token})
            assert response.status_code == 405, (method, path)
            checked += 1
    assert checked >= 4 * 8
    assert ClubService(club).log() == before


def test_a_visitors_token_is_refused_for_another_visitor_and_for_the_td(club: Path) -> None:
    """Every page, public ones too, carries a token: one read by visitor A on a public page
    must not be good for visitor B, and above all not for the TD's session."""
    with (
        TestClient(create_app(club, Tick())) as a,
        TestClient(create_app(club, Tick())) as b,
        TestClient(create_app(club, Tick())) as td,
    ):
        stolen = HX_TOKEN.findall(a.get("/").text)
        assert len(stolen) == 1, "the public home page carries the visitor's token"
        stolen = stolen[0]
        own = log_in(td)
        assert stolen != own and stolen != csrf_of(b)
        before = ClubService(club).log()
        for client in (b, td):
            tap = client.post("/td/t/1/players/1/status",
                              data={"csrf": stolen, "status": "excused"}, follow_redirects=False)
            assert tap.status_code == 403
            assert "rochade_td" not in tap.headers.get("set-cookie", "")
        login = b.post("/td/login", data={"csrf": stolen, "pin": PIN}, follow_redirects=False)
        assert login.status_code == 403 and "rochade_td" not in b.cookies
        assert ClubService(club).log() == before
        # the TD's own token still works: the refusals above were for the token, not the form
        ok = td.post("/td/t/1/players/1/status",
                     data={"csrf": own, "status": "excused"}, follow_redirects=False)
        assert ok.status_code == 303 and len(ClubService(club).log()) == len(before) + 1


def test_phone_posts_are_limited_per_client_within_the_window() -> None:
    now = [100.0]
    limit = RateLimit(2, 60.0, clock=lambda: now[0])
    assert limit.allow("a") and limit.allow("a") and not limit.allow("a") and limit.allow("b")
    now[0] = 159.9
    assert not limit.allow("a")  # both posts of 100.0 still inside the minute
    now[0] = 160.0
    assert limit.allow("a")  # exactly a minute later they no longer count


def test_the_phone_limit_forgets_idle_clients_instead_of_growing() -> None:
    """Past 10 000 clients the idle ones are dropped; a client of the last minute keeps
    its count."""
    now = [0.0]
    limit = RateLimit(1, 60.0, clock=lambda: now[0])
    assert limit.allow("busy")
    for i in range(10_000):
        assert limit.allow(f"idle {i}")
    now[0] = 30.0
    assert not limit.allow("busy")  # pruned, but whoever posted within the minute is kept
    now[0] = 61.0
    assert limit.allow("new")  # every other post is over a minute old: all dropped
    assert list(limit._seen) == ["new"]


def test_a_refused_try_on_the_laptop_just_waits() -> None:
    throttle = LoginThrottle(clock=lambda: 100.0)
    for _ in range(5):
        assert throttle.reserve("z", local=True) == 0
        throttle.failed("z", local=True)
    assert 0 < throttle.reserve("z", local=True) <= 2.0


def test_a_token_checks_under_the_session_it_was_made_for() -> None:
    signer = Signer(b"k" * 32)
    assert signer.check_csrf("v", signer.csrf_token("v"))  # no session: a visitor's own
    assert signer.check_csrf("v", signer.csrf_token("v", "s"), "s")
    assert not signer.check_csrf("v", signer.csrf_token("v", "s"))
    assert not signer.check_csrf("v", signer.csrf_token("v"), "s")


def test_the_delays_double_from_the_first_up_to_the_most() -> None:
    assert [Limit(free=2, most=10.0).delay(n) for n in range(7)] == [0, 0, 1, 2, 4, 8, 10]
    assert Limit(free=1, most=900.0, first=3.0).delay(3) == 12.0


def test_failures_count_until_a_whole_quiet_day_has_passed_whatever_the_clock() -> None:
    """A monotonic clock may stand anywhere (here at a week of uptime). A failure exactly a
    day old still counts; a day and a second after the last failure, one counts as the first
    again."""
    day = 24 * 3600.0
    now = [7 * day]
    throttle = LoginThrottle(per_client=Limit(free=1, most=60.0), clock=lambda: now[0])
    assert throttle.reserve("a") == 0
    throttle.failed("a")
    assert throttle.reserve("a") == 1.0
    now[0] += day
    assert throttle.reserve("a") == 0
    throttle.failed("a")  # the second failure: two seconds
    now[0] += 1.0
    assert throttle.reserve("a") == 1.0
    now[0] += day + 1.0
    assert throttle.reserve("a") == 0
    throttle.failed("a")  # the first failure again: one second
    now[0] += 1.0
    assert throttle.reserve("a") == 0


def test_a_logged_out_session_stays_listed_until_it_expires(club: Path) -> None:
    far = time.time() + 3600
    assert revoke_session(club, "s1", far) == {"s1": far}
    revoke_session(club, "s2", far + 1)
    revoke_session(club, "old", time.time() - 1)  # expired already: dropped when read
    assert revoked_sessions(club) == {"s1": far, "s2": far + 1}


def test_the_session_key_changes_with_the_pin_only(club: Path) -> None:
    key = session_key(club)
    set_pin(club, PIN)  # the same PIN again
    assert session_key(club) == key
    set_pin(club, "999999")
    assert session_key(club) != key


def test_a_right_pin_ends_only_its_own_attempt() -> None:
    """Attempts under way count for the room (`shared`) until each ends; a right PIN forgets
    that client's failures: its next failure is a first one again."""
    now = [100.0]
    throttle = LoginThrottle(per_client=Limit(free=2, most=60.0),
                             shared=Limit(free=2, most=60.0), clock=lambda: now[0])
    assert throttle.reserve("a") == 0 and throttle.reserve("b") == 0
    throttle.succeeded("a")
    assert throttle.reserve("c") == 0  # one attempt (b's) under way
    assert throttle.reserve("d") == 1.0  # two under way: d waits
    throttle.succeeded("b")
    throttle.succeeded("c")
    assert throttle.reserve("e") == 0 and throttle.reserve("f") == 0
    solo = LoginThrottle(per_client=Limit(free=2, most=60.0), clock=lambda: now[0])
    for _ in range(3):
        assert solo.reserve("g") == 0
        solo.failed("g")
        now[0] += 60.0
    assert solo.reserve("g") == 0
    solo.succeeded("g")
    assert solo.reserve("g") == 0
    solo.failed("g")
    assert solo.reserve("g") == 0


def test_the_laptop_has_its_own_count_and_waits_two_seconds_at_most() -> None:
    """The same address from the room and from the laptop (`local`) are two counts; the
    room's clients share one; the laptop waits at most LOOPBACK's two seconds."""
    now = [100.0]
    throttle = LoginThrottle(per_client=Limit(free=1, most=60.0),
                             shared=Limit(free=1, most=60.0), clock=lambda: now[0])
    assert throttle.reserve("x") == 0
    throttle.failed("x")
    assert throttle.reserve("x") > 0 and throttle.reserve("y") > 0
    for _ in range(12):
        assert throttle.reserve("x", local=True) == 0
        throttle.failed("x", local=True)
        now[0] += 2.0
    assert throttle.reserve("x", local=True) == 0
    throttle.succeeded("x", local=True)  # the laptop's failures are forgotten
    assert throttle.reserve("x", local=True) == 0
    throttle.failed("x", local=True)
    assert throttle.reserve("x", local=True) == 0


def test_a_new_pin_empties_the_list_of_logged_out_sessions(club: Path) -> None:
    """Their cookies no longer verify under the new PIN's key: the list starts afresh."""
    revoke_session(club, "s1", time.time() + 3600)
    set_pin(club, PIN)  # the same PIN: nothing changes
    assert list(revoked_sessions(club)) == ["s1"]
    set_pin(club, "999999")
    assert revoked_sessions(club) == {}


def test_a_session_expiring_this_very_second_is_no_longer_listed(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = 2_000_000_000.0
    monkeypatch.setattr(security, "time", SimpleNamespace(time=lambda: now))
    revoke_session(club, "ends now", now)
    revoke_session(club, "ends later", now + 0.5)
    assert revoked_sessions(club) == {"ends later": now + 0.5}


def test_refused_tries_of_new_addresses_leave_nothing_behind() -> None:
    """A room kept waiting by the shared count: a refused try of an address not seen before
    keeps no entry, so a flood of addresses cannot make the throttle grow."""
    throttle = LoginThrottle(shared=Limit(free=1, most=60.0), clock=lambda: 100.0)
    assert throttle.reserve("a") == 0
    throttle.failed("a")
    for i in range(100):
        assert throttle.reserve(f"guess {i}") > 0
    assert set(throttle._tries) == {"client:a", "shared"}


def test_one_of_two_attempts_under_way_failing_leaves_the_other_counting() -> None:
    """Two attempts of one client at once (the second of `free` 2), one fails: the other
    is still under way, so a third waits (past `free`, one at a time)."""
    throttle = LoginThrottle(per_client=Limit(free=2, most=60.0), clock=lambda: 100.0)
    assert throttle.reserve("a") == 0 and throttle.reserve("a") == 0
    throttle.failed("a")
    assert throttle.reserve("a") == 1.0


def test_the_laptops_right_pin_ends_its_own_attempt_not_the_rooms() -> None:
    """The laptop's success releases its own attempt only: a room client's attempt under
    way still holds the shared count; a right PIN leaves nothing of its client behind."""
    throttle = LoginThrottle(shared=Limit(free=1, most=60.0), clock=lambda: 100.0)
    assert throttle.reserve("b") == 0  # a room attempt under way
    assert throttle.reserve("c") > 0  # the room waits for it
    assert throttle.reserve("x", local=True) == 0
    throttle.succeeded("x", local=True)
    assert throttle.reserve("c") > 0  # b's attempt is still under way
    throttle.succeeded("b")
    assert set(throttle._tries) == {"shared"}
    assert throttle.reserve("c") == 0


def test_the_session_key_is_the_one_earlier_versions_derived(club: Path) -> None:
    """HMAC-SHA256 of the signing key over `session:` and the stored PIN hash: a change of
    that recipe would log every TD out on an upgrade (a known answer, fixed key and salt)."""
    write_setting(club, SECRET_KEY, "ab" * 32)
    write_setting(club, PIN_KEY, UNMARKED)
    assert session_key(club).hex() == (
        "42416d52c8e09eb55078c4012c2c73aea4d223d92fd0ac8b179c82c9887e298b"
    )
