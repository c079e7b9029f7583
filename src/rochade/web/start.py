"""The start page of `rochade` without a club file: it creates a club file (its name, the
club's name, the TD's PIN) or opens one, and from then on the same server serves the club
app on that file, as `rochade serve` would.

It answers only requests from this computer that name it as their host (a web page
elsewhere cannot make this computer's browser create files here, not even through a name it
points at 127.0.0.1), and every form carries the start page's own token.
"""

from __future__ import annotations

import ipaddress
import secrets
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from rochade import i18n
from rochade.service import ClubService, StoreError
from rochade.service.file_settings import CLUB_NAME, check_servable, write_setting
from rochade.service.pin import MIN_PIN_LENGTH, PinError, checked_pin, has_pin, set_pin
from rochade.web.base import WHO, Hardened, request_language
from rochade.web.login import set_language

SUFFIX = ".rochade"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
STATIC = Path(__file__).parent / "static"


@dataclass
class Typed:
    """What the TD typed into the start page's forms, shown again after a refusal."""

    file: str = ""
    club: str = ""
    open_file: str = ""
    errors: dict[str, str] = field(default_factory=dict)


class Launcher:
    """The start page until a club file is chosen, then the club app (`open_club`'s) on it.

    `folder`: where a file name without a folder goes. `open_club`: the club app on a file
    (checked and with a PIN); it is started here, and stopped when the server stops. `last`:
    the club file used last, when it is no longer there or (`problem`) cannot be served: the
    page says so."""

    def __init__(
        self, folder: Path, open_club: Callable[[Path], Starlette], last: Path | None = None,
        problem: Exception | None = None,
    ) -> None:
        self.folder = folder
        self.open_club = open_club
        self.last, self.problem = last, problem
        self.token = secrets.token_hex(16)
        self.club: Starlette | None = None
        self._stack: AsyncExitStack | None = None
        self._envs: dict[str, Environment] = {}
        self.start = Starlette(
            routes=[
                Route("/", self.page),
                Route("/start/create", self.create, methods=["POST"]),
                Route("/start/open", self.open_existing, methods=["POST"]),
                Route("/lang", set_language),
                Mount("/static", StaticFiles(directory=STATIC), name="static"),
                Route("/{rest:path}", self.elsewhere, methods=["GET", "POST"]),
            ],
            middleware=[Middleware(Hardened)],
            lifespan=self._lifespan,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        app: ASGIApp = self.start
        if scope["type"] == "http" and self.club is not None:
            app = self.club
        elif scope["type"] == "http" and not (_local(scope) and _from_here(scope)):
            app = PlainTextResponse("This page is for this computer only.", status_code=403)
        await app(scope, receive, send)

    @asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            self._stack = stack
            yield  # the club app, once opened, is stopped with the stack

    async def _serve(self, path: Path) -> Response:
        """From now on the club app on `path` answers every request; the TD logs in there."""
        club = self.open_club(path)
        if self._stack is not None:
            await self._stack.enter_async_context(club.router.lifespan_context(club))
        self.club = club
        return RedirectResponse("/td/login?next=/td/", status_code=303)

    # -- the pages ---------------------------------------------------------------------------

    def env(self, lang: str) -> Environment:
        if lang not in self._envs:
            env = Environment(loader=PackageLoader("rochade.web", "templates"),
                              autoescape=select_autoescape(default=True),
                              extensions=["jinja2.ext.i18n"], trim_blocks=True,
                              lstrip_blocks=True, auto_reload=False)
            env.install_gettext_translations(i18n.translations(lang), newstyle=True)  # type: ignore[attr-defined]
            env.globals["languages"] = i18n.LANGUAGES
            env.globals["direction"] = i18n.direction(lang)
            self._envs[lang] = env
        return self._envs[lang]

    def render(self, request: Request, typed: Typed, status: int = 200) -> Response:
        lang, _ = request_language(request)
        html = self.env(lang).get_template("start.html").render(
            lang=lang, token=self.token, typed=typed, folder=str(self.folder), last=self.last,
            problem=None if self.problem is None else i18n.say(self.problem, lang),
            suffix=SUFFIX, min_pin=MIN_PIN_LENGTH)
        return HTMLResponse(html, status_code=status)

    async def page(self, request: Request) -> Response:
        return self.render(request, Typed())

    async def elsewhere(self, request: Request) -> Response:
        """Any other address (a bookmarked TD page): there is no club file yet to show."""
        return RedirectResponse("/", status_code=303)

    async def _form(self, request: Request) -> FormData | None:
        form = await request.form()
        return form if secrets.compare_digest(_field(form, "token"), self.token) else None

    async def create(self, request: Request) -> Response:
        """A new club file with its club name and TD PIN; refused with nothing made when the
        name is taken, the folder cannot be written or the PIN will not do."""
        form = await self._form(request)
        if form is None:
            return self._expired(request)
        lang, _ = request_language(request)
        gettext = i18n.translations(lang).gettext
        typed = Typed(file=_field(form, "file"), club=_field(form, "club"))
        path = self._path(typed.file)
        pin, again = _field(form, "pin"), _field(form, "pin_again")
        if path is None:
            typed.errors["file"] = gettext("Give the club file a name.")
        elif path.exists():
            typed.errors["file"] = gettext(
                "%(path)s exists already: open it below, or choose another name."
            ) % {"path": path}
        elif not path.parent.is_dir():
            typed.errors["file"] = gettext("There is no folder %(folder)s.") % {
                "folder": path.parent}
        if not typed.club.strip():
            typed.errors["club"] = gettext("Give the club's name.")
        try:
            checked_pin(pin)
        except PinError:
            typed.errors["pin"] = _short_pin(lang)
        else:
            if pin.strip() != again.strip():
                typed.errors["pin_again"] = gettext("The two PINs differ; type the same twice.")
        if path is not None and not typed.errors:
            try:
                with tempfile.TemporaryFile(dir=path.parent):  # can a file be made there?
                    pass
                ClubService.init(path, WHO)
            except OSError as exc:
                typed.errors["file"] = gettext(
                    "No file can be made in %(folder)s (%(problem)s); choose another folder."
                ) % {"folder": path.parent, "problem": exc.strerror or exc}
            except StoreError as exc:
                typed.errors["file"] = i18n.say(exc, lang)
        if typed.errors or path is None:
            return self.render(request, typed, 400)
        set_pin(path, pin)
        write_setting(path, CLUB_NAME, " ".join(typed.club.split()))
        return await self._serve(path)

    async def open_existing(self, request: Request) -> Response:
        """An existing club file; one without a TD PIN yet gets the one typed here."""
        form = await self._form(request)
        if form is None:
            return self._expired(request)
        lang, _ = request_language(request)
        gettext = i18n.translations(lang).gettext
        typed = Typed(open_file=_field(form, "open_file"))
        path = self._path(typed.open_file)
        if path is None or not path.is_file():
            typed.errors["open_file"] = gettext("There is no club file %(path)s.") % {
                "path": path or typed.open_file}
            return self.render(request, typed, 400)
        try:
            check_servable(path)
            if not has_pin(path):
                set_pin(path, _field(form, "open_pin"))
        except StoreError as exc:
            typed.errors["open_file"] = i18n.say(exc, lang)
        except PinError:
            typed.errors["open_pin"] = gettext("This club file has no TD PIN yet: choose one.") \
                + " " + _short_pin(lang)
        if typed.errors:
            return self.render(request, typed, 400)
        return await self._serve(path)

    def _expired(self, request: Request) -> Response:
        lang, _ = request_language(request)
        typed = Typed(errors={"form": i18n.translations(lang).gettext(
            "This form has expired; reload the page and try again.")})
        return self.render(request, typed, 403)

    def _path(self, typed: str) -> Path | None:
        """The file a typed name means: in `folder` unless it names one, `.rochade` added
        when it has no suffix."""
        name = typed.strip()
        if not name:
            return None
        path = Path(name).expanduser()
        if not path.suffix:
            path = path.with_name(path.name + SUFFIX)
        return path if path.is_absolute() else self.folder / path


def _field(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def _local(scope: Scope) -> bool:
    """Whether the request names this computer as its host (the Host header)."""
    for key, value in scope.get("headers", ()):
        if key == b"host":
            host = value.decode("latin-1")
            host = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            return host in LOCAL_HOSTS
    return False


def _from_here(scope: Scope) -> bool:
    """Whether the request comes from this computer (`rochade --host 0.0.0.0` shares the
    club's pages, never the start page)."""
    client = scope.get("client")
    try:
        return client is not None and ipaddress.ip_address(client[0]).is_loopback
    except ValueError:
        return False


def _short_pin(lang: str) -> str:
    return i18n.translations(lang).gettext("The PIN needs at least %(count)s characters.") % {
        "count": MIN_PIN_LENGTH}
