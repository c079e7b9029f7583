"""`rochade serve CLUB_FILE`: the web app for the club evening."""

from __future__ import annotations

import gc
import ipaddress
import socket
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

import click
import segno

from rochade.cli.common import CREDENTIALS, Failure
from rochade.service import StoreError
from rochade.service.file_settings import check_servable
from rochade.service.pin import PinError, has_pin, new_pin, set_pin
from rochade.service.upload import Target, target

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.types import ASGIApp

LOOPBACK = "127.0.0.1"
SWITCH_SECONDS = 0.0001
"""How long a thread holds the GIL while another waits for it (see `run_app`)."""


PROBES = ("10.255.255.255", "172.31.255.255", "192.168.255.255")
"""Private addresses to "connect" a UDP socket to: the system picks the interface it would
send from (the club network's) without sending anything; one per private range, as a club
network without a way to the internet has a route to its own range only."""
ROUTES = Path("/proc/net/fib_trie")
"""Linux's table of this machine's own addresses (`/32 host LOCAL`)."""


def lan_address() -> str | None:
    """This machine's address on the club network: the one it would send from to a private
    address (no packet leaves), else one of its interfaces' (Linux), else one its own name
    tells; never a loopback or link-local one (stock Debian and Ubuntu name the machine
    127.0.1.1)."""
    found = []
    for probe_address in PROBES:
        with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((probe_address, 9))
            found.append(str(probe.getsockname()[0]))
    with suppress(OSError, UnicodeDecodeError):
        found += interface_addresses(ROUTES.read_text(encoding="ascii"))
    with suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            return address
    return None


def interface_addresses(table: str) -> list[str]:
    """The machine's own IPv4 addresses in Linux's `fib_trie` table, in its order."""
    found: list[str] = []
    last = ""
    for line in table.splitlines():
        entry = line.strip()
        if entry.startswith("|-- "):
            last = entry[4:]
        elif entry.startswith("/32 host LOCAL") and _is_ip(last) and last not in found:
            found.append(last)
    return found


def public_url(host: str, port: int) -> str | None:
    """The address players type (or scan) when the server listens beyond this machine."""
    if host in ("0.0.0.0", "::", ""):
        address = lan_address()
        return None if address is None else f"http://{address}:{port}/"
    if ipaddress.ip_address(host).is_loopback if _is_ip(host) else host == "localhost":
        return None
    return f"http://{host}:{port}/"


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def ensure_pin(path: Path, pin: str | None) -> str | None:
    """Set the TD PIN when given or missing; returns a PIN the TD must be told, if any."""
    if pin is not None:
        set_pin(path, pin)
        return None
    if has_pin(path):
        return None
    if sys.stdin.isatty():
        chosen = click.prompt(
            "Choose a TD PIN or password for the web pages",
            hide_input=True,
            confirmation_prompt=True,
        )
        set_pin(path, chosen)
        return None
    generated = new_pin()
    set_pin(path, generated)
    return generated


def club_app(
    path: Path,
    host: str = LOOPBACK,
    port: int = 8000,
    pin: str | None = None,
    announce_pin: bool = False,
    behind_proxy: bool = False,
    proxies: tuple[str, ...] = (),
    given_url: str | None = None,
    command: str | None = None,
    publish_to: Target | None = None,
) -> Starlette:
    """The web app on `path`, the file checked and its PIN set first; says where it serves
    and who can open it (`run_app` then serves it).

    `announce_pin`: print the given PIN (the demo makes one up for each run).
    `behind_proxy`: trust X-Forwarded-For on requests from the proxy, at one of `proxies`
    (none given: this computer's loopback addresses).
    `given_url`: the address players use (`--public-url`), instead of the one detected.
    `command`: what starts it again, for the hint that shares it on the club Wi-Fi (by
    default `rochade serve PATH`).
    `publish_to`: where each tournament's site is uploaded after the TD changed it."""
    from rochade.web import create_app

    if not path.exists():
        raise Failure(f"{path} does not exist; create the club file first: rochade init {path}")
    try:
        check_servable(path)
        told = ensure_pin(path, pin)
        if announce_pin:
            told = pin
    except (StoreError, PinError) as exc:
        raise Failure(str(exc)) from None
    shared = given_url or public_url(host, port)
    local = local_url(host, port)
    app = create_app(path, public_url=shared, behind_proxy=behind_proxy, render_process=True,
                     proxies=proxies, local_url=local, publish_to=publish_to)
    click.echo(f"rochade serves {path} at {local}  (TD pages: {local}td/)")
    if publish_to is not None:
        click.echo(f"After every change of a tournament its site goes up to {publish_to.where}"
                   " (how it went: the TD's evening page).")
    if told is not None:
        click.echo(f"TD PIN: {told}  (another: put it on the first line of a file and start "
                   f"with: rochade serve {path} --pin-file FILE)")
    if host in ("0.0.0.0", "::", "") and shared is None:
        click.echo(f"Players on the club network open http://<this laptop's address>:{port}/"
                   " (no network address found: is the laptop on the club Wi-Fi?)")
    elif shared is None and not behind_proxy:
        click.echo(f"Only this computer can open these pages. To let the players' phones in "
                   f"over the club Wi-Fi: {command or f'rochade serve {path}'} --host 0.0.0.0")
    if shared is not None:
        click.echo(f"Players open {shared} (or scan):")
        segno.make(shared, error="m").terminal(compact=True)
    if behind_proxy:
        named = " or ".join(proxies) or "this computer itself (127.0.0.1, ::1)"
        click.echo(f"Behind a proxy: X-Forwarded-For is believed only on requests from {named};"
                   " anyone else's is ignored (--proxy-address names the proxy).")
    return app


def local_url(host: str, port: int) -> str:
    """Where a browser on this computer finds a server listening on `host`."""
    return f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else host}:{port}/"


def run_app(
    app: ASGIApp, host: str, port: int, proxies: tuple[str, ...] = (), browse: str | None = None
) -> None:
    """Serve `app` until Ctrl+C, under the guard of the club evening's limits; `browse`: an
    address to open in the default browser as soon as the server answers."""
    import uvicorn

    from rochade.web.guard import Guard, Limits, options, raise_open_files

    limits = Limits.for_files(raise_open_files())
    if limits.most < Limits().most:
        click.echo(f"This computer lets the server open few files: it takes at most "
                   f"{limits.most} connections at once.")
    trusted = {ipaddress.ip_address(p) for p in proxies}
    guard = Guard(limits, shared=lambda address: _is_ip(address)
                  and ipaddress.ip_address(address) in trusted)
    if browse is not None:
        threading.Thread(target=browse_when_up, args=(browse, host, port), daemon=True).start()
    click.echo("Stop with Ctrl+C.")
    # The objects made so far (modules, the app) live as long as the server: out of the
    # collector's sight, a full collection no longer walks them all and stalls every page
    # (measured: docs/web.md).
    gc.freeze()
    # The TD's pages, logins and the phones' posts run in worker threads (the public pages
    # and the TD's changes in a process of their own, `rochade.web.renderer`); the event
    # loop answering the phones gives up the GIL at every send and then waits for a thread
    # to hand it back, by default after Python's long switch interval. A short one keeps the
    # phones' answers flowing while the pages after a change are rendered (measured:
    # docs/web.md).
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_SECONDS)
    try:
        uvicorn.run(app, host=host, port=port, **options(guard))
    finally:
        sys.setswitchinterval(switch)
        gc.unfreeze()


BROWSER_WAIT_SECONDS = 30.0
"""How long the browser waits for the server to answer before it is opened anyway."""


def browse_when_up(url: str, host: str, port: int) -> None:
    """Open `url` in the default browser once the server takes connections (opened earlier,
    the browser would show that nothing answers)."""
    import webbrowser

    deadline = time.monotonic() + BROWSER_WAIT_SECONDS
    address = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    while time.monotonic() < deadline:
        with suppress(OSError), socket.create_connection((address, port), timeout=1):
            break
        time.sleep(0.1)
    if webbrowser.open(url):
        click.echo(f"Opened {url} in the browser.")
    else:
        click.echo(f"No browser could be opened here: open {url} yourself.")


@click.command()
@click.argument("club_file", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--host",
    default=LOOPBACK,
    show_default=True,
    help="0.0.0.0 shares the pages on the club Wi-Fi.",
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--pin",
    default=None,
    envvar="ROCHADE_PIN",
    show_envvar=True,
    help="Set (or change) the TD PIN or password. Others on this computer see a command "
    "line (ps): prefer ROCHADE_PIN or --pin-file.",
)
@click.option(
    "--pin-file",
    type=click.File("r", encoding="utf-8"),
    default=None,
    help="Read the TD PIN from the first line of this file.",
)
@click.option(
    "--behind-proxy",
    is_flag=True,
    help="A reverse proxy forwards the requests: take the client's address from its "
    "X-Forwarded-For header on requests from the proxy (otherwise ignored).",
)
@click.option(
    "--proxy-address",
    "proxies",
    multiple=True,
    callback=lambda _ctx, _param, value: tuple(_address(v) for v in value),
    help="The proxy's address (repeatable; implies --behind-proxy). Default: this computer "
    "itself (127.0.0.1, ::1).",
)
@click.option(
    "--public-url",
    default=None,
    help="The address players open (and the QR codes lead to), e.g. "
    "http://192.168.1.20:8000/ or a proxy's https://chess.example.org/; "
    "by default this laptop's address on the network.",
)
@click.option(
    "--publish-to",
    metavar="URL",
    default=None,
    help="Upload a tournament's site there after every change of its TD pages (a round "
    "paired, results), in the background: sftp://user@host/folder, ftps://... or ftp://... "
    "(as publish --to).",
)
@CREDENTIALS
def serve(
    club_file: Path,
    host: str,
    port: int,
    pin: str | None,
    pin_file: TextIO | None,
    behind_proxy: bool,
    proxies: tuple[str, ...],
    public_url: str | None,
    publish_to: str | None,
    credentials_file: Path | None,
) -> None:
    """Run the club evening in the browser: TD pages and live pages for the players."""
    if pin_file is not None:
        if pin is not None:
            raise click.UsageError("give the PIN once: --pin (or ROCHADE_PIN) or --pin-file")
        pin = pin_file.readline().strip()
    if public_url is not None and not _is_address(public_url):
        raise click.BadParameter("give a whole address such as http://192.168.1.20:8000/",
                                 param_hint="--public-url")
    upload = None if publish_to is None else target(publish_to, credentials_file)
    app = club_app(club_file, host, port, pin, behind_proxy=behind_proxy or bool(proxies),
                   proxies=proxies, given_url=public_url, publish_to=upload)
    run_app(app, host, port, proxies)


def _address(text: str) -> str:
    if not _is_ip(text):
        raise click.BadParameter(f"{text!r} is not an IP address (such as 192.168.1.5)")
    return text


def _is_address(url: str) -> bool:
    """An http(s) address with a host and nothing a QR code should not carry."""
    parts = urlsplit(url)
    return (parts.scheme in ("http", "https") and bool(parts.hostname)
            and not (parts.query or parts.fragment or parts.username))


COMMANDS = (serve,)
