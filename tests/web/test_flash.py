"""Messages after a redirect travel in a cookie, which a browser drops when its Set-Cookie
header is over 4096 bytes: the TD then saw no message at all. A long quoted value is
shortened as the CLI shortens it, and every message fits."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from web_helpers import Tick, post

from rochade.core.messages import shortened
from rochade.web.base import POLL_SECONDS, Web
from rochade.web.security import LoginThrottle

COOKIE_LIMIT = 4096
"""What browsers keep of one Set-Cookie header (RFC 6265 asks them to keep at least this)."""
long_text = st.one_of(
    st.text(min_size=1000, max_size=20_000),
    st.builds(lambda word, n: " ".join([word] * n), st.text(min_size=1, max_size=30),
              st.integers(1, 3000)),
    st.sampled_from(["x" * 10_000, "é" * 10_000, "\U0001f600 " * 4000, "ab" * 50_000]),
)


def flash_cookie(response: object) -> str:
    cookies = [h for h in response.headers.get_list("set-cookie")  # type: ignore[attr-defined]
               if h.startswith("rochade_flash=")]
    assert len(cookies) == 1, cookies
    return str(cookies[0])


def shown(td: TestClient) -> str:
    """The message the page a redirect leads to shows (the client keeps the cookie)."""
    page = td.get("/td/t/1/players").text
    start = page.index('<p class="flash error"')
    return page[start:page.index("</p>", start)]


def test_a_refused_value_of_10000_characters_is_shown_shortened(td: TestClient) -> None:
    response = post(td, "/td/t/1/players/1/status", status="x" * 10_000)
    assert response.status_code == 303
    assert len(flash_cookie(response)) < COOKIE_LIMIT
    message = shown(td)
    assert re.search(r"x…\(1000\d characters\)…x", message)  # with the quotes around it
    assert "x" * 161 not in message


@settings(max_examples=20, suppress_health_check=list(HealthCheck))
@given(value=long_text)
def test_any_refused_value_leaves_a_message_the_browser_keeps(td: TestClient, value: str) -> None:
    response = post(td, "/td/t/1/players/1/status", status=value)
    assert response.status_code == 303
    assert len(flash_cookie(response)) < COOKIE_LIMIT


@settings(max_examples=60, suppress_health_check=list(HealthCheck))
@given(flash=st.lists(st.tuples(st.sampled_from(["ok", "error"]),
                                st.one_of(long_text, st.text(max_size=200))),
                      min_size=1, max_size=200))
def test_any_messages_fit_one_cookie(club: Path, flash: list[tuple[str, str]]) -> None:
    """However many messages and however long (a settings change that moves every player of a
    big Swiss), the signed cookie fits, with the first message's start."""
    web = Web(club, Tick(), LoginThrottle(), None, POLL_SECONDS)
    value = web.flash_value(tuple(flash))
    header = f"rochade_flash={value}; HttpOnly; Path=/; SameSite=strict"
    assert len(header.encode()) < COOKIE_LIMIT
    kept = web.signer.loads(value)
    assert kept is not None and kept["m"]
    first = kept["m"][0]  # type: ignore[index]
    assert first[0] == flash[0][0]
    assert first[1][:20] == shortened(flash[0][1])[:20]
