"""What a rating report says about a player beyond name, rating and FIDE id: title, sex,
federation, birth date, club and a national id, each optional for club play and checked
against FIDE's codes when given (a report with a wrong code is sent back by the rating officer).

Pure data and checks: `PlayerDetails.changed` reads what a TD typed and refuses, with a
message, anything FIDE would not take.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass

from rochade.core.limits import BIRTH_YEAR, RATING, check_text
from rochade.core.messages import N_, Message
from rochade.core.model import ModelError

_CODES = """
AFG AHO ALB ALG AND ANG ANT ARG ARM ARU AUS AUT AZE BAH BAN BAR BDI BEL BER BHU BIH BIZ BLR
BOL BOT BRA BRN BRU BUL BUR CAF CAM CAN CAY CGO CHA CHI CHN CIV CMR COD COL COM CPV CRC CRO
CUB CYP CZE DEN DJI DMA DOM ECU EGY ENG ERI ESA ESP EST ETH FAI FID FIJ FIN FRA GAB GAM GCI
GEO GEQ GER GHA GRE GRN GUA GUM GUY HAI HKG HON HUN INA IND IOM IRI IRL IRQ ISL ISR ISV ITA
IVB JAM JCI JOR JPN KAZ KEN KGZ KOR KOS KSA KUW LAO LAT LBA LBN LBR LCA LES LIE LTU LUX MAC
MAD MAR MAS MAW MDA MDV MEX MGL MKD MLI MLT MNC MNE MOZ MRI MTN MYA NAM NCA NED NEP NGR NIG
NOR NRU NZL OMA PAK PAN PAR PER PHI PLE PLW PNG POL POR PUR QAT ROU RSA RUS RWA SCO SEN SEY
SGP SKN SLE SLO SMR SOL SOM SRB SRI SSD STP SUD SUI SUR SVK SWE SWZ SYR TGA THA TJK TKM TLS
TOG TPE TTO TUN TUR UAE UGA UKR URU USA UZB VAN VEN VIE VIN WLS YEM ZAM ZIM
"""
FEDERATIONS = frozenset(re.findall("[A-Z]{3}", _CODES))
"""FIDE's federation codes as its rating lists write them (FID: players under FIDE's flag).
Written from FIDE's list of member federations; a code FIDE adds later needs adding here."""

TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
"""FIDE's player titles (arbiter and trainer titles are not player titles, and TRF has no place
for them)."""
_LIST_LETTERS = {"G": "GM", "M": "IM", "F": "FM", "C": "CM",
                 "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM"}
"""The rating lists' one- and two-letter forms of the titles."""

SEXES = {"M": "m", "W": "w", "F": "w", "V": "w", "H": "m"}
"""TRF writes m and w; FIDE's rating list writes M and F, Dutch lists M and V, French ones
H (homme) and F."""

_KIND = re.compile(r"[A-Za-z][A-Za-z0-9]{0,9}")
_NATIONAL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9./-]{0,19}")

KEYS = ("title", "sex", "federation", "birth", "club", "national_id", "national_rating", "k")
"""The keys of `PlayerDetails.changed` (`rochade player set`, the CSV columns)."""
K_FACTORS = range(1, 101)
"""The K-factors a TD may set: FIDE's are 40, 20 and 10 (B.02 8.3); national systems and
FIDE's 700 rule give others."""


@dataclass(frozen=True, slots=True)
class PlayerDetails:
    """A player's data for rating reports; "" where not known. `birth` is `YYYY-MM-DD` or,
    when only the year is known, `YYYY`; `national_id` is the number in the national rating
    system and `national_kind` says which (`PKZ`, `ZPS`, `KNSB` ...); `national_rating` is the
    player's rating in the national system `national_system` (`DWZ`, `KNSB`, `ECF` ...), kept
    beside the FIDE rating (a member has both, each list fills its own); `k` is the K-factor
    the TD set for rating changes ("": from the rating and age, `rochade.core.rating_change`)."""

    title: str = ""
    sex: str = ""
    federation: str = ""
    birth: str = ""
    club: str = ""
    national_id: str = ""
    national_kind: str = ""
    k: str = ""
    national_rating: str = ""
    national_system: str = ""

    def changed(self, key: str, typed: str) -> PlayerDetails:
        """These details with `key` set to what the TD typed (empty: not known), checked."""
        value = typed.strip()
        if key == "national_id":
            kind, _, number = value.rpartition(":")
            return dataclasses.replace(self, national_id=national_id(number),
                                       national_kind=national_kind(kind) if number else "")
        if key == "national_rating":
            return self.rated(national_rating(value), national_kind(value.rpartition(":")[0]))
        read = {"title": title, "sex": sex, "federation": federation, "birth": birth,
                "club": club, "k": k_factor}[key]
        return dataclasses.replace(self, **{key: read(value)})

    def over(self, old: PlayerDetails) -> PlayerDetails:
        """`old` with every field these details know (a list's columns over a member's)."""
        known = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if not self.national_id:
            del known["national_kind"]
        if not self.national_rating:
            del known["national_system"]
        return dataclasses.replace(old, **{k: v for k, v in known.items() if v})

    @property
    def birth_year(self) -> int | None:
        return int(self.birth[:4]) if self.birth else None

    def rated(self, rating: int | None, system: str) -> PlayerDetails:
        """These details with the national rating `rating` (None: not rated) in `system`; a
        rating without a system keeps the system known before."""
        if rating is None:
            return dataclasses.replace(self, national_rating="", national_system="")
        return dataclasses.replace(self, national_rating=str(rating),
                                   national_system=system or self.national_system)

    @property
    def national(self) -> int | None:
        """The national rating as a number (None: not rated nationally)."""
        return int(self.national_rating) if self.national_rating else None

    @property
    def national_text(self) -> str:
        """The national rating as the TD writes it: `DWZ:1850`, `1850` (system unknown), ""."""
        return ":".join(v for v in (self.national_system, self.national_rating) if v) if (
            self.national_rating) else ""


EVENT_KEYS = ("city", "federation", "start_date", "end_date", "round_dates", "chief_arbiter",
              "deputy_arbiters", "time_control", "organizer", "type")
"""The keys of `EventData.changed` (`rochade tournament set KEY=VALUE`)."""
_PERIODS = r"(?:\d+/)?\d+(?:\+\d+)?(?::(?:\d+/)?\d+(?:\+\d+)?)*"
_TIME_CONTROL = re.compile(f"W{_PERIODS}-B{_PERIODS}|{_PERIODS}")
"""TRF26's encoded time control (record 222): `5400+30`, `40/6000+30:900+30`, `W300-B240`."""


@dataclass(frozen=True, slots=True)
class EventData:
    """What a rating report says about the tournament itself (TRF's 022-132 records); ""
    and () where not known. Dates are ISO (`YYYY-MM-DD`)."""

    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    round_dates: tuple[str, ...] = ()
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    organizer: str = ""
    type: str = ""

    def changed(self, key: str, typed: str) -> EventData:
        """These data with `key` set to what the TD typed (empty: not known), checked."""
        value = typed.strip()
        if key in ("round_dates", "deputy_arbiters"):
            items = tuple(item.strip() for item in value.split(",")) if value else ()
            if key == "round_dates":
                return dataclasses.replace(self, round_dates=tuple(
                    date(item, N_("a round date")) for item in items))
            for item in items:
                check_text(item, N_("a deputy arbiter"))
            return dataclasses.replace(self, deputy_arbiters=tuple(i for i in items if i))
        if key == "federation":
            return dataclasses.replace(self, federation=federation(value))
        if key in ("start_date", "end_date"):
            what = N_("the start date") if key == "start_date" else N_("the end date")
            value = date(value, what) if value else ""
        else:
            check_text(value, _EVENT_WORDS[key])
        fields: dict[str, str] = {key: value}
        return dataclasses.replace(self, **fields)  # type: ignore[arg-type]  # a text field

    def dated(self, paired_on: Sequence[str | None]) -> EventData:
        """The TD's round dates, completed by the days the later rounds were paired (the club
        file keeps each round's date): one date per round, kept in one place."""
        given = list(self.round_dates)
        for day in paired_on[len(given):]:
            if day is None:  # a round from before rounds had dates: the TD must give it
                break
            given.append(day)
        return dataclasses.replace(self, round_dates=tuple(given))

    def text(self, key: str) -> str:
        """The value of `key` as the TD would type it."""
        value = getattr(self, key)
        return ",".join(value) if isinstance(value, tuple) else str(value)

    @property
    def time_control_code(self) -> str:
        """The time control in TRF26's encoded form, when the TD wrote it so; else ""."""
        text = self.time_control.replace(" ", "")
        return text if _TIME_CONTROL.fullmatch(text) else ""


_EVENT_WORDS = {"city": N_("the city"), "chief_arbiter": N_("the chief arbiter"),
                "time_control": N_("the time control"), "organizer": N_("the organizer"),
                "type": N_("the type of tournament")}


def date(typed: str, what: str) -> str:
    """A real date written `YYYY-MM-DD` (or `YYYY/MM/DD`); `what` names it in the refusal."""
    text = typed.strip().replace("/", "-")
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError(text)
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise ModelError("{what}: '{value}' is no real date; write YYYY-MM-DD",
                         what=Message(what), value=typed) from None


UNKNOWN = PlayerDetails()
"""Nothing known (a club player's usual data)."""


def title(typed: str) -> str:
    """A FIDE player title (GM ... WCM, or the rating list's g, m, wg ...); "" for none."""
    key = typed.strip().upper()
    if not key:
        return ""
    if key in TITLES:
        return key
    if key in _LIST_LETTERS:
        return _LIST_LETTERS[key]
    raise ModelError(
        "'{value}' is no FIDE player title; write one of {titles}, or nothing",
        value=typed, titles=" ".join(TITLES),
    )


def sex(typed: str) -> str:
    """`m` or `w` (TRF's letters; FIDE's `F` is read as `w`); "" for not known."""
    key = typed.strip().upper()
    if not key:
        return ""
    if key in SEXES:
        return SEXES[key]
    raise ModelError("'{value}' is no sex TRF knows; write m or w, or nothing", value=typed)


def federation(typed: str) -> str:
    """A FIDE federation code (GER, NED ...); "" for none."""
    key = typed.strip().upper()
    if not key:
        return ""
    if key in FEDERATIONS:
        return key
    raise ModelError(
        "'{value}' is no FIDE federation code; write FIDE's three letters, e.g. GER, NED, ENG",
        value=typed,
    )


def birth(typed: str) -> str:
    """A real birth date (YYYY-MM-DD, also YYYY/MM/DD) or a year alone; "" for not known.

    TRF's partial dates (`1987/00/00`) are read as the year."""
    text = typed.strip().replace("/", "-").replace(".", "-")
    if not text:
        return ""
    if re.fullmatch(r"\d{4}(-00-00)?", text):
        year = int(text[:4])
        BIRTH_YEAR.check(year, N_("the year of birth"))
        return text[:4]
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        day = date(text, N_("the birth date"))
        BIRTH_YEAR.check(int(day[:4]), N_("the year of birth"))
        return day
    raise ModelError(
        "'{value}' is no birth date; write YYYY-MM-DD or the year alone", value=typed
    )


def club(typed: str) -> str:
    """A club's name as the TD wrote it."""
    check_text(typed.strip(), N_("the club"))
    return typed.strip()


def national_id(typed: str) -> str:
    """A national rating id (PKZ, KNSB relatienummer ...): letters, digits, `.`, `/`, `-`."""
    text = typed.strip()
    if text and not _NATIONAL_ID.fullmatch(text):
        raise ModelError(
            "'{value}' is no national id; write letters and digits, at most 20", value=typed
        )
    return text


def national_kind(typed: str) -> str:
    """What kind of national id (PKZ, ZPS, KNSB ...): letters and digits, at most 10; ""
    where a list does not say."""
    text = typed.strip().upper()
    if text and not _KIND.fullmatch(text):
        raise ModelError(
            "write a national id as KIND:NUMBER (e.g. PKZ:12345 or KNSB:8123456), not '{value}'",
            value=typed,
        )
    return text


def national_rating(typed: str) -> int | None:
    """The rating of a national rating as typed, `SYSTEM:RATING` or the number alone (a whole
    number within `limits.RATING`); "": none."""
    text = typed.rpartition(":")[2].strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or not RATING.low <= int(text) <= RATING.high:
        raise ModelError(
            "'{value}' is no national rating; write SYSTEM:RATING (e.g. DWZ:1850) with a whole "
            "number from {low} to {high}", value=typed, low=RATING.low, high=RATING.high,
        )
    return int(text)


def k_factor(typed: str) -> str:
    """A K-factor set for the player by the TD or a rating list (a whole number 1-100,
    usually FIDE's 40, 20 or 10); "" to take it from the rating and age again."""
    text = typed.strip()
    if text and not (text.isascii() and text.isdigit() and int(text) in K_FACTORS):
        raise ModelError(
            "'{value}' is no K-factor; write a whole number from 1 to 100 (FIDE: 40, 20 or "
            "10), or nothing", value=typed,
        )
    return str(int(text)) if text else ""


def trf_birth(birth: str) -> str:
    """A birth date as TRF writes it (`YYYY/MM/DD`, `YYYY/00/00` for a year alone)."""
    if not birth:
        return ""
    return birth.replace("-", "/") if len(birth) > 4 else f"{birth}/00/00"


__all__ = [
    "EVENT_KEYS",
    "FEDERATIONS",
    "KEYS",
    "K_FACTORS",
    "SEXES",
    "TITLES",
    "UNKNOWN",
    "EventData",
    "PlayerDetails",
    "birth",
    "club",
    "date",
    "federation",
    "k_factor",
    "national_id",
    "national_kind",
    "sex",
    "title",
    "trf_birth",
]
