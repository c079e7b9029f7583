"""The club's website as the TD sets it up on the TD pages: the folder `publish` writes, the
address it uploads to, and whether a running server uploads after every change (what
`serve --publish-to` does). Kept in the club file, as a setting that is no tournament fact,
so that the next start keeps it.

The upload's password never goes into the club file (it travels with every copy and
backup): it goes into a credentials file of the TD's user account, in netrc's format and
readable by that user only, the file `--credentials-file` reads; the club file names that
file.
"""

from __future__ import annotations

import json
import netrc
import os
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from rochade.service.errors import ServiceError
from rochade.service.upload import Destination, Target, destination, target
from rochade.store.file_settings import read_setting, write_setting

WEBSITE = "website"
"""The setting holding the site's setup (`SiteSetup`, as JSON)."""
CREDENTIALS_NAME = "credentials"


@dataclass(frozen=True)
class SiteSetup:
    """Where the club's site goes."""

    folder: str = ""  # "": none chosen
    url: str = ""  # sftp://user@host/folder, ftps://... or ftp://...; "": no upload
    live: bool = False  # a running server uploads after every change of a tournament
    credentials: str = ""  # the credentials file with the password; "": keyring, ~/.netrc


def user_folder() -> Path:
    """rochade's folder of the TD's user account: in %APPDATA% on Windows,
    ~/Library/Application Support on macOS, else $XDG_CONFIG_HOME (by default ~/.config)."""
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "rochade"


def site_setup(path: Path) -> SiteSetup:
    """The site's setup as last saved (none saved, or not readable: nothing set up)."""
    stored = read_setting(path, WEBSITE)
    try:
        values = json.loads(stored or "{}")
        return SiteSetup(str(values.get("folder", "")), str(values.get("url", "")),
                         values.get("live") is True, str(values.get("credentials", "")))
    except (ValueError, AttributeError):
        return SiteSetup()


def save_site_setup(path: Path, setup: SiteSetup) -> None:
    write_setting(path, WEBSITE, json.dumps(asdict(setup)))


def set_up_upload(path: Path, url: str, secret: str, live: bool) -> SiteSetup:
    """Remember the upload to `url` (checked; refused with the reason, nothing saved) and,
    when `secret` is given, its password in the credentials file. An empty `secret` keeps the
    password found before (credentials file, keyring or ~/.netrc); an FTP upload without any
    is refused, as `publish --to` refuses it."""
    where = destination(url.strip())
    before = site_setup(path)
    file = Path(before.credentials) if before.credentials else None
    if secret:
        file = user_folder() / CREDENTIALS_NAME
        keep_password(where, secret, file)
    chosen = SiteSetup(before.folder, url.strip(), live, str(file) if file else "")
    upload_target(chosen)  # refuses a missing password now, not at the first upload
    save_site_setup(path, chosen)
    return chosen


def upload_target(setup: SiteSetup) -> Target:
    """The upload the setup names, its password read now."""
    if not setup.url:
        raise ServiceError("no upload is set up yet: give the site's address first")
    return target(setup.url, Path(setup.credentials) if setup.credentials else None)


def keep_password(where: Destination, secret: str, file: Path) -> None:
    """Put `secret` into `file` (netrc's format) as the password of `where`'s user on its
    host, replacing that host's line and keeping the others; the file is written readable by
    its owner only, under a temporary name first."""
    if any(c in secret for c in "\n\r\"\\") or not secret.isprintable():
        raise ServiceError("the password holds a character a credentials file cannot keep "
                           "(a quote, a backslash or a line break)")
    hosts: dict[str, tuple[str, str | None, str]] = {}
    if file.is_file():
        try:
            hosts = {h: e for h, e in netrc.netrc(file).hosts.items() if e[0] and e[2]}
        except (netrc.NetrcParseError, OSError) as exc:
            raise ServiceError("cannot read the credentials file {file}: {problem}",
                               file=file, problem=getattr(exc, "msg", str(exc))) from None
    hosts[where.host] = (where.user, None, secret)
    text = "".join(f'machine {host} login {user} password "{password}"\n'
                   for host, (user, _, password) in sorted(hosts.items()))
    temporary = file.with_name(f".{file.name}.{os.getpid()}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, file)
    except OSError as exc:
        raise ServiceError("cannot write the credentials file {file}: {problem}", file=file,
                           problem=exc.strerror or str(exc)) from None
    finally:
        temporary.unlink(missing_ok=True)
