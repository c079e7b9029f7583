"""`rochade serve`: the PIN at first start, the public address and its QR code."""

from __future__ import annotations

import ipaddress
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rochade.cli import main
from rochade.cli import serve as serve_module
from rochade.service import ClubService
from rochade.service.pin import has_pin, set_pin
from rochade.store import SCHEMA_VERSION


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record what would be served instead of starting a server."""
    seen: list[dict[str, Any]] = []

    def fake_run(app: object, **options: Any) -> None:
        seen.append({"app": app, **options})

    import uvicorn

    monkeypatch.setattr(uvicorn, "run", fake_run)
    return seen


def test_first_start_without_a_terminal_makes_and_prints_a_pin(
    tmp_path: Path, calls: list[dict[str, Any]]
) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td")
    result = CliRunner().invoke(main, ["serve", str(path), "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123/" in result.output and "TD PIN: " in result.output
    assert f"rochade serve {path} --pin-file FILE)" in result.output  # never a PIN in argv
    assert has_pin(path)
    assert calls[0]["host"] == "127.0.0.1" and calls[0]["port"] == 8123
    again = CliRunner().invoke(main, ["serve", str(path)])
    assert "TD PIN" not in again.output


def test_pin_option_sets_the_pin(tmp_path: Path, calls: list[dict[str, Any]]) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td")
    result = CliRunner().invoke(main, ["serve", str(path), "--pin", "246813"])
    assert result.exit_code == 0 and "TD PIN" not in result.output
    short = CliRunner().invoke(main, ["serve", str(path), "--pin", "1"])
    assert short.exit_code != 0 and "at least 6" in short.output


def test_sharing_on_the_club_network_prints_the_url_and_a_qr_code(
    tmp_path: Path, calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td")
    monkeypatch.setattr(serve_module, "lan_address", lambda: "192.0.2.7")
    result = CliRunner().invoke(main, ["serve", str(path), "--host", "0.0.0.0", "--pin", "246813"])
    assert result.exit_code == 0, result.output
    assert "Players open http://192.0.2.7:8000/" in result.output
    assert "█" in result.output or "▀" in result.output  # the QR code
    assert calls[0]["host"] == "0.0.0.0"


def test_public_url_option_is_what_players_open_and_the_qr_codes_lead_to(
    tmp_path: Path, calls: list[dict[str, Any]]
) -> None:
    from starlette.testclient import TestClient

    path = tmp_path / "club.rochade"
    ClubService.init(path, "td").create_tournament("T")
    given = "https://chess.example.org/"
    result = CliRunner().invoke(main, ["serve", str(path), "--pin", "246813",
                                       "--public-url", given])
    assert result.exit_code == 0, result.output
    assert f"Players open {given}" in result.output
    with TestClient(calls[0]["app"]) as c:
        poster = c.get("/t/1/poster", headers={"Host": "evil.example"}).text
        assert "https://chess.example.org/t/1/me" in poster and "evil.example" not in poster
    wrong = CliRunner().invoke(main, ["serve", str(path), "--public-url", "chess.example.org"])
    assert wrong.exit_code != 0 and "whole address" in wrong.output


def test_without_a_shared_address_the_qr_codes_lead_to_where_the_server_listens(
    tmp_path: Path, calls: list[dict[str, Any]]
) -> None:
    from starlette.testclient import TestClient

    path = tmp_path / "club.rochade"
    ClubService.init(path, "td").create_tournament("T")
    result = CliRunner().invoke(main, ["serve", str(path), "--pin", "246813", "--port", "8124"])
    assert result.exit_code == 0, result.output
    with TestClient(calls[0]["app"]) as c:
        c.get("/t/1/display", headers={"Host": "evil.example"})
        assert "http://127.0.0.1:8124/t/1/me" in c.get("/t/1/display").text


def fake_udp(route: str | None, sent: list[object]) -> type:
    """A UDP socket as the system gives it: `connect` picks the route to a private address,
    the address `route` (None: no route, as on a network without one), and nothing is sent
    (what would be is kept in `sent`)."""

    class Udp:
        def __init__(self, *args: object) -> None:
            pass

        def __enter__(self) -> Udp:
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def connect(self, address: tuple[str, int]) -> None:
            assert ipaddress.ip_address(address[0]).is_private
            if route is None:
                raise OSError(101, "Network is unreachable")

        def sendto(self, *args: object) -> None:
            sent.append(args)

        def getsockname(self) -> tuple[str, int]:
            assert route is not None
            return (route, 40000)

    return Udp


def test_the_lan_address_is_the_one_this_machine_sends_from_without_sending(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    found = serve_module.lan_address()
    assert found is None or not ipaddress.ip_address(found).is_loopback
    sent: list[object] = []
    probe = fake_udp("192.168.1.20", sent)
    monkeypatch.setattr(serve_module.socket, "socket", probe)
    assert serve_module.lan_address() == "192.168.1.20"
    assert sent == []
    monkeypatch.setattr(probe, "getsockname", lambda self: ("127.0.0.1", 1))
    monkeypatch.setattr(serve_module, "ROUTES", tmp_path / "none")
    monkeypatch.setattr(serve_module.socket, "gethostbyname_ex",
                        lambda name: (name, [], ["127.0.1.1", "10.0.0.5"]))
    assert serve_module.lan_address() == "10.0.0.5"  # else what the machine's name tells


FIB_TRIE = """Main:
  +-- 0.0.0.0/0 3 0 5
     +-- 127.0.0.0/8 2 0 2
           |-- 127.0.0.1
              /32 host LOCAL
     +-- 169.254.0.0/16 2 0 2
           |-- 169.254.7.7
              /32 host LOCAL
     +-- 192.168.1.0/24 2 0 2
           |-- 192.168.1.0
              /24 link UNICAST
           |-- 192.168.1.20
              /32 host LOCAL
        |-- 192.168.1.255
           /32 link BROADCAST
"""


def test_a_club_network_without_internet_is_found_from_the_interfaces(
    tmp_path: Path, calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No route to the probes' addresses (a club Wi-Fi without internet) and the machine's
    name resolving to 127.0.1.1 (stock Debian/Ubuntu): the interfaces' table still has the
    address, which `serve` prints and the display's QR code holds."""
    from starlette.testclient import TestClient

    table = tmp_path / "fib_trie"
    table.write_text(FIB_TRIE, encoding="ascii")
    with monkeypatch.context() as network:  # (the server's own sockets stay real)
        network.setattr(serve_module.socket, "socket", fake_udp(None, []))
        network.setattr(serve_module, "ROUTES", table)
        network.setattr(serve_module.socket, "gethostbyname_ex",
                        lambda name: (name, [], ["127.0.1.1"]))
        found = serve_module.lan_address()
    assert found == "192.168.1.20"
    monkeypatch.setattr(serve_module, "lan_address", lambda: found)
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td").create_tournament("T")
    result = CliRunner().invoke(main, ["serve", str(path), "--host", "0.0.0.0", "--pin",
                                       "246813"])
    assert "Players open http://192.168.1.20:8000/" in result.output
    with TestClient(calls[0]["app"]) as c:
        assert "http://192.168.1.20:8000/t/1/me" in c.get("/t/1/display").text


def test_serving_on_the_laptop_alone_says_how_to_share(
    tmp_path: Path, calls: list[dict[str, Any]]
) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td")
    result = CliRunner().invoke(main, ["serve", str(path), "--pin", "246813"])
    assert (f"Only this computer can open these pages. To let the players' phones in over the "
            f"club Wi-Fi: rochade serve {path} --host 0.0.0.0") in result.output


def test_public_url() -> None:
    assert serve_module.public_url("127.0.0.1", 8000) is None
    assert serve_module.public_url("localhost", 8000) is None
    assert serve_module.public_url("192.0.2.5", 9000) == "http://192.0.2.5:9000/"


def test_a_missing_or_foreign_file_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", str(tmp_path / "nope.rochade")])
    assert result.exit_code != 0 and "does not exist" in result.output
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    result = CliRunner().invoke(main, ["serve", str(other)])
    assert result.exit_code != 0 and "not" in result.output and "Traceback" not in result.output


def test_the_td_page_shows_the_shared_address_as_qr(tmp_path: Path) -> None:
    from starlette.testclient import TestClient
    from web_helpers import log_in

    from rochade.service.pin import set_pin
    from rochade.web import create_app

    path = tmp_path / "club.rochade"
    svc = ClubService.init(path, "td")
    svc.create_tournament("T")
    set_pin(path, "471108")
    with TestClient(create_app(path, public_url="http://192.0.2.7:8000/")) as c:
        c.headers["x"] = log_in(c)
        html = c.get("/td/t/1/").text
        assert "http://192.0.2.7:8000/" in html and "<svg" in html


def test_demo_serves_the_demo_file_and_prints_its_pin(
    tmp_path: Path, calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["demo"])
    assert result.exit_code == 0, result.output
    pin = result.output.split("TD PIN: ")[1].split()[0]
    assert len(pin) == 6 and pin.isdigit()
    from rochade.service.pin import PIN_KEY, verify_pin
    from rochade.store.file_settings import read_setting

    stored = read_setting(tmp_path / "demo.rochade", PIN_KEY)
    assert stored is not None and verify_pin(pin, stored)
    assert calls and calls[0]["port"] == 8000


def _newer(path: Path) -> None:
    ClubService.init(path, "td")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text)")
    conn.close()


def _text(path: Path) -> None:
    path.write_text("name,rating\n")


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (_newer, "written by a newer rochade"),
        (_foreign, "another program's database"),
        (_text, "not an SQLite database"),
    ],
    ids=["newer", "foreign", "not sqlite"],
)
def test_serve_refuses_a_file_it_cannot_serve_with_exit_code_2(
    tmp_path: Path, calls: list[dict[str, Any]], make: Callable[[Path], None], said: str
) -> None:
    path = tmp_path / "club.rochade"
    make(path)
    before = path.read_bytes()
    result = CliRunner().invoke(main, ["serve", str(path), "--pin", "246813"])
    assert result.exit_code == 2 and said in result.output, result.output
    assert "Traceback" not in result.output and calls == []
    assert path.read_bytes() == before


def test_serve_refuses_a_read_only_file_with_exit_code_2(
    tmp_path: Path, calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.rochade"
    ClubService.init(path, "td")
    set_pin(path, "246813")
    path.chmod(0o444)
    if os.geteuid() == 0:  # root writes anyway: open it as SQLite opens a write-protected file
        real = sqlite3.connect

        def read_only(database: str, *args: Any, **options: Any) -> sqlite3.Connection:
            return real(database.replace("mode=rw", "mode=ro"), *args, **options)

        monkeypatch.setattr(sqlite3, "connect", read_only)
    result = CliRunner().invoke(main, ["serve", str(path)])
    assert result.exit_code == 2 and "is read-only" in result.output, result.output
    assert calls == []
