"""Dates as pages write them, read into ISO 8601.

Structured data writes ISO 8601 (schema.org's ``Date`` and ``DateTime``, Open Graph's
``article:published_time``), often loosely (``2024-05-17 09:30:00``, ``+0200``); page
text writes "May 17, 2024", "17. Mai 2024", ``17.05.2024``, ``2024年5月17日``; URLs write
``/2024/05/17/``.  A time is kept only when the text gives it in ISO form, and its
offset only when stated: a date without a zone is the page's local calendar day, and
guessing a zone would move it.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone
from itertools import pairwise
from typing import Any, Final
from urllib.parse import urlsplit

from unboiler.document import TextBlock
from unboiler.metadata.rules import (
    ATTRIBUTION_LINE,
    DATE_LABEL,
    MAX_BYLINE_WORDS,
    MAX_DATELINE_WORDS,
    MIN_YEAR,
    MONTH_NAMES,
    NOT_PAGE_TIME_TAGS,
    PROFILE_DATE,
    SOLAR_HIJRI_MONTHS,
    UPDATE_LABEL,
)
from unboiler.metadata.sources import in_aside, in_code, in_event, in_review
from unboiler.tags import layout_alternatives

#: The time zones in use span UTC-12:00 to UTC+14:00 (the IANA time zone database).
EARLIEST_OFFSET: Final = timedelta(hours=-12)
LATEST_OFFSET: Final = timedelta(hours=14)
#: Characters of a value read for a date: dates sit at the start of what holds them.
MAX_DATE_TEXT: Final = 300
MAX_MONTH: Final = 12
#: A date label alone has at most this many words ("Originally published on:").
MAX_LABEL_WORDS: Final = 3
#: Different days a list of datelines shows at least, to be a list of items.
MIN_LISTED_DATES: Final = 3
#: Regions whose English writes numeric dates month first (``05/17/2024``): the United
#: States and the territories and neighbours that follow its usage (Unicode CLDR's
#: short date patterns for ``en-US``, ``en-PH``, ``en-CA``' ``M/d/yy`` forms among them).
MONTH_FIRST_REGIONS: Final = frozenset({"us", "ph", "ca", "pr", "gu", "as", "um", "vi", "mp"})

# Each name also as its capitals write it lower-cased again: a regular expression that
# ignores case matches "MAYIS" to "mayıs", whose lower case is "mayis".
# A name of two words is written with "_" between them in MONTH_NAMES, and matches any
# white space there.
_MONTHS: Final = {
    form.replace("_", " "): number
    for number, names in enumerate(MONTH_NAMES, start=1)
    for name in names.split()
    for form in (name, name.upper().lower())
}
_MONTH_NAME: Final = "|".join(
    re.escape(name).replace("\\ ", "\\s+") for name in sorted(_MONTHS, key=len, reverse=True)
)


def _month_number(name: str) -> int:
    """The month a name matched by :data:`_MONTH_NAME` stands for; 0 (no month, which
    :func:`_day` refuses) for a match whose lower case is none of the names (Turkish
    "NİSAN" lower-cases to "ni̇san", with a combining dot)."""
    lowered = " ".join(name.lower().split())
    return _MONTHS.get(lowered) or _MONTHS.get(lowered.replace("\u0307", ""), 0)


_YEAR: Final = r"(?P<year>(?:19|20)\d\d)"
_ISO_DATE: Final = re.compile(
    rf"(?<!\d){_YEAR}[-/.](?P<month>[01]?\d)[-/.](?P<day>[0-3]?\d)(?!\d)"
    r"(?:[T ](?P<hour>[0-2]\d):(?P<minute>[0-5]\d)(?::(?P<second>[0-6]\d)(?:[.,]\d+)?)?"
    r"\s*(?P<zone>Z|UTC|GMT|[+-][01]\d(?::?[0-5]\d)?)?)?",
    re.IGNORECASE,
)
_COMPACT_DATE: Final = re.compile(rf"^{_YEAR}(?P<month>[01]\d)(?P<day>[0-3]\d)")
_DAY_MONTH_YEAR: Final = re.compile(
    rf"(?<!\w)(?P<day>[0-3]?\d)(?:st|nd|rd|th|er|º)?\.?(?:\s*|-)(?:de\s+)?(?P<month>{_MONTH_NAME})"
    rf"\.?,?(?:\s*|-)(?:del?\s+)?{_YEAR}(?!\d)",
    re.IGNORECASE,
)
#: Thai dates count years in the Buddhist era, 543 years ahead of the common era
#: ("3 มีนาคม 2567", or with its abbreviation "พ.ศ. 2567": 3 March 2024).
_THAI_MONTH: Final = "|".join(
    re.escape(name) for name in _MONTHS if "\u0e00" <= name[:1] <= "\u0e7f"
)  # Thai names only: "3 May 2560" is no date of this calendar
_BUDDHIST_DATE: Final = re.compile(
    rf"(?<!\d)(?P<day>[0-3]?\d)\s*(?P<month>{_THAI_MONTH})\s*(?:พ\.ศ\.\s*)?(?P<year>25\d\d)(?!\d)"
)
BUDDHIST_ERA_OFFSET: Final = 543
#: Vietnamese dates: "ngày 3 tháng 3 năm 2024" (day, month, year), "3 tháng 3, 2024".
_VIETNAMESE_DATE: Final = re.compile(
    rf"(?<!\d)(?P<day>[0-3]?\d)\s+tháng\s+(?P<month>[01]?\d)(?:\s*,\s*|\s+năm\s+){_YEAR}(?!\d)",
    re.IGNORECASE,
)
#: Japanese dates in the era of the emperor's reign ("令和6年3月3日", 2024; the first
#: year is written 元): each era's year 1 is that of the common era given here.
_ERA_DATE: Final = re.compile(
    r"(?P<era>令和|平成)\s*(?P<year>元|\d{1,2})\s*年\s*(?P<month>[01]?\d)\s*月\s*(?P<day>[0-3]?\d)\s*日"
)
ERA_FIRST_YEARS: Final = {"令和": 2019, "平成": 1989}
#: Taiwan's dates in the Minguo calendar, whose year 1 is 1912: "中華民國113年6月3日"
#: and "民國113年6月3日", or "113年6月3日" with no era (a year of three digits, 100 to
#: 119, is Taiwan's 2011 to 2030: no common-era year of this century is so written).
_MINGUO_DATE: Final = re.compile(
    r"(?:(?:中華)?民國\s*(?P<era_year>\d{2,3})|(?<!\d)(?P<year>1[01]\d))\s*年\s*"
    r"(?P<month>[01]?\d)\s*月\s*(?P<day>[0-3]?\d)\s*日"
)
MINGUO_OFFSET: Final = 1911
#: The same written with numbers alone ("發布日期：113-06-03"), read only after a
#: Chinese word for a date, a publication or an update: "電話 110-12-25" is a phone
#: number and "版本 112.3.1" a version.
_MINGUO_NUMERIC: Final = re.compile(
    r"(?:日期|發布|发布|發佈|更新|公告|修正|刊登|時間|时间)[^\d]{0,8}?"
    r"(?<![\d.\-/])(?P<year>1[01]\d)(?P<separator>[-/])(?P<month>[01]?\d)(?P=separator)"
    r"(?P<day>[0-3]?\d)(?![\d.\-/])"
)
#: Persian dates of the Solar Hijri calendar ("۱۴ آبان ۱۴۰۳", 4 November 2024), years
#: 1370 (1991, :data:`MIN_YEAR`) to 1499.
_SOLAR_MONTH_NUMBER: Final = {
    name: number
    for number, names in enumerate(SOLAR_HIJRI_MONTHS, start=1)
    for name in names.split()
}
_SOLAR_DATE: Final = re.compile(
    r"(?<!\d)(?P<day>[0-3]?\d)\s*(?P<month>"
    + "|".join(sorted(_SOLAR_MONTH_NUMBER, key=len, reverse=True))
    + r")\s*(?:ماه\s*)?(?P<year>13[7-9]\d|14\d\d)(?!\d)"
)
#: Arabic letters Persian text is often typed with, read as the Persian ones.
_PERSIAN_LETTERS: Final = str.maketrans({"ي": "ی", "ك": "ک"})
#: The Solar Hijri calendar's leap years, over the years this module reads: those whose
#: remainder by 33 is one of these (the calendar's 33-year cycle of eight leap years;
#: Iran's calendar fixes each new year by the equinox, and the cycle gives the same
#: new years, 20 March in 1996, 2000 ... 2024 and 21 March in every other year from
#: 1991 to 2026).
SOLAR_LEAP_REMAINDERS: Final = frozenset({1, 5, 9, 13, 17, 22, 26, 30})
#: A known new year (Nowruz): 1 Farvardin 1403 was 20 March 2024.
_SOLAR_ANCHOR: Final = (1403, date(2024, 3, 20))


def solar_hijri_date(year: int, month: int, day: int) -> date | None:
    """The common-era day of a Solar Hijri date (months 1 to 6 have 31 days, 7 to 11
    have 30, the twelfth 29, or 30 in a leap year); None when there is no such day."""

    def length(of: int) -> int:
        return 366 if of % 33 in SOLAR_LEAP_REMAINDERS else 365

    last = 31 if month <= 6 else 30 if month <= 11 else length(year) - 336
    if not (1 <= month <= 12 and 1 <= day <= last):
        return None
    anchor_year, anchor = _SOLAR_ANCHOR
    if year >= anchor_year:
        shift = sum(length(of) for of in range(anchor_year, year))
    else:
        shift = -sum(length(of) for of in range(year, anchor_year))
    into_year = (month - 1) * 31 - max(0, month - 7) + day - 1
    return anchor + timedelta(days=shift + into_year)


_MONTH_DAY_YEAR: Final = re.compile(
    rf"(?<!\w)(?P<month>{_MONTH_NAME})\.?\s+(?P<day>[0-3]?\d)(?:st|nd|rd|th)?,?\s+{_YEAR}(?!\d)",
    re.IGNORECASE,
)
#: The C library's and Unix ``date``'s form, which mailing-list archives (Pipermail,
#: MHonArc) and logs show: "Wed Feb 21 09:14:52 CET 2024", the zone an abbreviation or
#: an offset, or none; the day is read, not the time, whose zone an abbreviation leaves
#: unsure ("CST" is three zones).
_CLOCK_DATE: Final = re.compile(
    rf"(?<!\w)(?P<month>{_MONTH_NAME})\.?\s+(?P<day>[0-3]?\d)\s+(?:[01]?\d|2[0-3]):[0-5]\d"
    rf"(?::[0-5]\d)?(?:\s+(?-i:[A-Z]{{2,5}})|\s*[+-]\d{{4}})?\s+{_YEAR}(?!\d)",
    re.IGNORECASE,
)
_NUMERIC_DATE: Final = re.compile(
    r"(?<![\d.:/])(?P<first>[0-3]?\d)(?P<separator>[./-])(?P<second>[0-3]?\d)(?P=separator)"
    rf"{_YEAR}(?![\d:])"
)
_CJK_DATE: Final = re.compile(
    rf"{_YEAR}\s*[年년]\s*(?P<month>[01]?\d)\s*[月월]\s*(?P<day>[0-3]?\d)"
)
#: Year, month and day each closed by a full stop and a space, as Korean and Hungarian
#: write dates ("2018. 9. 28.", "2018. 09. 28. 오후 5:32").
_SPACED_DOTS_DATE: Final = re.compile(
    rf"(?<![\d.]){_YEAR}\.\s+(?P<month>[01]?\d)\.\s+(?P<day>[0-3]?\d)(?![\d:])"
)
_URL_DATE: Final = re.compile(
    rf"/{_YEAR}[/-]?(?P<month>[01]\d|{_MONTH_NAME})[/-]?(?P<day>[0-3]\d)(?:/|[-_]|\.html?|$)",
    re.IGNORECASE,
)


def _day(year: str | int, month: str | int, day: str | int) -> date | None:
    """The date, when it exists and is a plausible page date (from :data:`MIN_YEAR` to
    tomorrow, which a page in a zone ahead of ours may already have reached)."""
    try:
        found = date(int(year), int(month), int(day))
    except ValueError:
        return None
    latest = datetime.now(UTC).date() + timedelta(days=1)
    return found if date(MIN_YEAR, 1, 1) <= found <= latest else None


def _zone(text: str | None) -> timezone | None:
    if not text:
        return None
    if text.upper() in ("Z", "UTC", "GMT"):
        return UTC
    digits = text[1:].replace(":", "")
    offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
    if offset >= timedelta(hours=24):
        return None
    return timezone(-offset if text[0] == "-" else offset)


def _padded_unlike(match: re.Match[str]) -> bool:
    """Whether a year-month-day match written with full stops and no time pads its month
    to two digits and not its day ("2024.02.3"): a version number of calendar versioning
    (year, month, release); "2024.2.3" and "2024.02.03" are dates, and so are
    "2024-01-5" and "2023/09/7", which PHP's ``Y-m-j`` writes."""
    return (
        match.group(0)[4] == "."
        and match["hour"] is None
        and match["month"].startswith("0")
        and len(match["day"]) == 1
    )


def _iso(match: re.Match[str]) -> str | None:
    day = _day(match["year"], match["month"], match["day"])
    if day is None:
        return None
    if match["hour"] is None:
        return day.isoformat()
    try:
        moment = datetime(
            day.year,
            day.month,
            day.day,
            int(match["hour"]),
            int(match["minute"]),
            min(int(match["second"] or 0), 59),
            tzinfo=_zone(match["zone"]),
        )
    except ValueError:
        return day.isoformat()
    return moment.isoformat()


#: Decimal digits of other scripts read as ASCII ones: Arabic-Indic ("١٥ مارس ٢٠٢٤"),
#: Eastern Arabic-Indic (Persian, Urdu), Devanagari and the full-width digits of Chinese
#: and Japanese text ("２０２４年３月１５日").
_ASCII_DIGITS: Final = str.maketrans(
    {
        chr(zero + value): str(value)
        for zero in (0x0660, 0x06F0, 0x0966, 0xFF10)
        for value in range(10)
    }
)


def parse_date(text: str, *, day_first: bool = False) -> str | None:
    """The first date written in ``text`` as ISO 8601, with its time and offset when
    the text gives them in ISO form (``2024-05-17T09:30:00+02:00``), else the day
    (``2024-05-17``); None when there is none.

    Read, in this order: ISO 8601 and its look-alikes (``2024/05/17``, a space for the
    ``T``, ``+0200``); ``20240517`` at the start; "17 May 2024", "17. Mai 2024",
    "17 de mayo de 2024", "17-ago-2024"; "May 17th, 2024"; "Fri May 17 09:30:00 CEST
    2024"; ``2024年5月17日``, "2024. 5. 17." and "ngày 17 tháng 5 năm 2024"; Thai dates
    of the Buddhist era ("17 พฤษภาคม 2567"), Persian ones of the Solar Hijri calendar
    ("۲۸ اردیبهشت ۱۴۰۳"), Japanese ones of the emperor's ("令和6年5月17日") and
    Taiwan's of the Minguo calendar ("民國113年5月17日"); then
    numbers only, day first (``17.05.2024``), except with slashes, month first as in
    the US (``05/17/2024``) unless the first number cannot be a month or ``day_first``
    says the page writes the day first there too (``17/05/2024``,
    :func:`writes_day_first`).
    """
    text = text.strip()[:MAX_DATE_TEXT].translate(_ASCII_DIGITS)
    for iso in _ISO_DATE.finditer(text):
        if not _padded_unlike(iso):
            return _iso(iso)
    match = _COMPACT_DATE.match(text)
    if match:
        found = _day(match["year"], match["month"], match["day"])
        return found.isoformat() if found else None
    for pattern in (_DAY_MONTH_YEAR, _MONTH_DAY_YEAR, _CLOCK_DATE):
        match = pattern.search(text)
        if match:
            found = _day(match["year"], _month_number(match["month"]), match["day"])
            if found:
                return found.isoformat()
    for pattern in (_CJK_DATE, _SPACED_DOTS_DATE, _VIETNAMESE_DATE):
        match = pattern.search(text)
        if match:
            found = _day(match["year"], match["month"], match["day"])
            if found:
                return found.isoformat()
    match = _BUDDHIST_DATE.search(text)
    if match:
        common = int(match["year"]) - BUDDHIST_ERA_OFFSET
        found = _day(common, _month_number(match["month"]), match["day"])
        if found:
            return found.isoformat()
    match = _SOLAR_DATE.search(text.translate(_PERSIAN_LETTERS))
    if match:
        month = _SOLAR_MONTH_NUMBER[match["month"]]
        solar = solar_hijri_date(int(match["year"]), month, int(match["day"]))
        found = solar and _day(solar.year, solar.month, solar.day)
        if found:
            return found.isoformat()
    match = _ERA_DATE.search(text)
    if match:
        reign = 1 if match["year"] == "元" else int(match["year"])
        found = _day(ERA_FIRST_YEARS[match["era"]] - 1 + reign, match["month"], match["day"])
        if found and reign >= 1:  # an era's years count from 1
            return found.isoformat()
    for match in (_MINGUO_DATE.search(text), _MINGUO_NUMERIC.search(text)):
        if match:
            groups = match.groupdict()
            minguo = int(groups.get("era_year") or match["year"]) + MINGUO_OFFSET
            found = _day(minguo, match["month"], match["day"])
            if found:
                return found.isoformat()
    match = _NUMERIC_DATE.search(text)
    if match:
        first, second, year = match["first"], match["second"], match["year"]
        if match["separator"] == "/" and not day_first:
            found = _day(year, first, second) or _day(year, second, first)
        else:
            found = _day(year, second, first) or _day(year, first, second)
        if found:
            return found.isoformat()
    return None


def url_date(url: str) -> str | None:
    """A date in a URL's path, as news sites and blogs put it (``/2024/05/17/``,
    ``/2024-05-17-title``, ``/2024/may/17/``)."""
    try:
        path = urlsplit(url).path
    except ValueError:
        return None
    match = _URL_DATE.search(path)
    if match is None:
        return None
    month = match["month"]
    found = _day(match["year"], month if month.isdigit() else _month_number(month), match["day"])
    return found.isoformat() if found else None


#: HTML's element for a machine-readable date, and the custom elements GitHub's
#: ``relative-time-element`` defines around one (``<relative-time datetime=...>14 May
#: </relative-time>`` on a release, an issue, a commit), which show the same date.
TIME_SELECTOR: Final = (
    "time[datetime], relative-time[datetime], time-ago[datetime], local-time[datetime]"
)


def block_date(block: TextBlock, *, day_first: bool = False) -> str | None:
    """The date a block shows: a ``<time datetime>`` in it, or one of GitHub's elements
    around a date (:data:`TIME_SELECTOR`), whose text is part of the block's own, not of
    a nested box (it may be relative, "3 days ago"); else one written in its text."""
    text = block.text
    for node in block.nodes:
        for time in node.css(TIME_SELECTOR):
            shown = " ".join(time.text(deep=True).split())
            if shown and shown not in text:
                continue
            found = parse_date(time.attributes.get("datetime") or "")
            if found:
                return found
    found = parse_date(text, day_first=day_first)
    if found is None and any(character.isdigit() for character in text):
        for node in block.nodes:
            shown = _without_alternatives(text, layout_alternatives(node))
            if shown != text:
                found = parse_date(shown, day_first=day_first)
                if found:
                    break
    return found


def _without_alternatives(text: str, replaced: list[Any]) -> str:
    """A block's ``text`` without the text of the ``replaced`` elements that it shows
    (:func:`~unboiler.tags.layout_alternatives`), each taken out once, from the end: a
    dateline written twice, for wide screens and for phones ("Wed, Mar 13, 2024"
    beside "13 Mar '24"), reads as one run of digits ("202413") that is no date.  Only
    the block's own text is read, not that of the blocks inside its element."""
    for element in replaced:
        shown = " ".join(element.text(deep=True).split())
        at = text.rfind(shown) if shown else -1
        if at >= 0:
            text = f"{text[:at]} {text[at + len(shown) :]}"
    return " ".join(text.split())


_DASH: Final = r"\s*[–—-]\s*"
#: Where a period's first day may start: not inside a number, a time ("09:45 — 7 June")
#: or a name ("COVID-19 - 12 March"), nor after a word ("Issue 4 – 12 March", "Version
#: 2.1 - 12.03.2024", "iOS 17 – 12 March").
_PERIOD_START: Final = r"(?<![\w.:/\-])(?<!\w )"
#: Two days joined by a dash: a period ("28.10.–13.12.2024", "2024-10-28 – 2024-12-13",
#: "3–5 March 2024", "March 3 – 5, 2024", "3 March – 5 April"), a course's or an event's,
#: not the day the page was written.
DATE_RANGE: Final = re.compile(
    rf"{_PERIOD_START}\d{{1,2}}[./]\d{{1,2}}[./]?(?:\d{{2,4}})?{_DASH}\d{{1,2}}[./]\d{{1,2}}[./]\d{{2,4}}"
    rf"|{_PERIOD_START}\d{{4}}-\d\d-\d\d\s*(?:[–—]|\s-\s)\s*\d{{4}}-\d\d-\d\d"
    rf"|{_PERIOD_START}\d{{1,2}}\.?{_DASH}\d{{1,2}}\.?\s+(?:{_MONTH_NAME})(?!\w)"
    rf"|(?<!\w)(?:{_MONTH_NAME})\s+\d{{1,2}}{_DASH}(?:(?:{_MONTH_NAME})\s+)?\d{{1,2}}(?![\d:.])"
    rf"|{_PERIOD_START}\d{{1,2}}\.?\s+(?:{_MONTH_NAME}){_DASH}\d{{1,2}}\.?\s+(?:{_MONTH_NAME})(?!\w)",
    re.IGNORECASE,
)


def _may_be_dateline(block: TextBlock) -> bool:
    """Whether a block may be a dateline: not a sentence (:data:`MAX_DATELINE_WORDS`),
    nor a person's date (a forum member's "Joined: ...", :data:`PROFILE_DATE`), nor a
    quoted message's ("On Tue, 12 Mar 2024, Daniel wrote:", :data:`ATTRIBUTION_LINE`:
    a newcomer's mailing-list reply was dated by the message it answered), nor a period
    (:data:`DATE_RANGE`: a newcomer's course page was dated by the end of its term)."""
    text = block.text
    return (
        block.num_words <= MAX_DATELINE_WORDS
        and not PROFILE_DATE.search(text)
        and not ATTRIBUTION_LINE.search(text)
        and not DATE_RANGE.search(text)
    )


def _dated(block: TextBlock, *, day_first: bool) -> str | None:
    """The date a block that may be a dateline shows (:func:`block_date`), unless it is a
    customer's review's (:func:`~unboiler.metadata.sources.in_review`), an event's
    (:func:`~unboiler.metadata.sources.in_event`) or in a code sample
    (:func:`~unboiler.metadata.sources.in_code`), walked only when a date is found: most
    blocks have none."""
    if not _may_be_dateline(block):
        return None
    found = block_date(block, day_first=day_first)
    node = block.node
    if found and node is not None and (in_review(node) or in_code(node) or in_event(node)):
        return None
    return found


def _first_dated(blocks: list[TextBlock], *, day_first: bool = False) -> tuple[str | None, bool]:
    """The first date shown in the blocks that may be a dateline, and whether it is a
    revision's ("Updated: March 5", :data:`UPDATE_LABEL`).  Templates write the update
    above the publication ("Updated: March 5" / "Published: March 3") as often as below
    it: after a revision, a date the page labels as its publication's
    (:data:`DATE_LABEL`) is taken instead; an unlabelled one is not (a chart's dates
    under a "Last updated" line)."""
    revision = None
    for block in blocks:
        found = _dated(block, day_first=day_first)
        if not found:
            continue
        text = block.text
        if not UPDATE_LABEL.search(text):
            if revision is None or DATE_LABEL.match(text):
                return found, False
        elif revision is None:
            revision = found
    return revision, revision is not None


def first_date(blocks: list[TextBlock], *, day_first: bool = False) -> str | None:
    """The first date shown in the blocks that may be a dateline, a revision's only
    when no publication follows it (:func:`_first_dated`)."""
    return _first_dated(blocks, day_first=day_first)[0]


def lists_items(blocks: list[TextBlock], *, day_first: bool = False) -> bool:
    """Whether the dated blocks are a list of other pages' dates: at least
    :data:`MIN_LISTED_DATES` different days, newest first.  News indexes, blog home pages
    and archives list their items newest first, so the first date is the latest item's,
    not the page's; a thread's posts and a page's comments run oldest first, and their
    first date is the page's."""
    days = [found[:10] for block in blocks if (found := _dated(block, day_first=day_first))]
    if len(set(days)) < MIN_LISTED_DATES:
        return False
    return all(a >= b for a, b in pairwise(days))


def dateline(blocks: list[TextBlock], *, day_first: bool = False) -> str | None:
    """The date of the first dated block near the title when it is a plain dateline: not
    a revision ("Updated ...", passed over for a labelled publication date after it,
    :func:`_first_dated`) nor a person's date ("Joined ...")."""
    found, revision = _first_dated(blocks, day_first=day_first)
    return None if revision else found


def same_moment(a: str, b: str) -> bool:
    """Whether two ISO dates may be the same moment: the same day; the same instant
    written in two zones (``2024-05-17T23:30:00+00:00``, ``2024-05-18T01:30:00+02:00``);
    or an instant and a day without a zone that is the instant's day somewhere on Earth
    (``2018-06-12T23:00:00+00:00`` is 13 June from UTC+1).  Such dates differ in how they
    are written, not in what they say."""
    if a[:10] == b[:10]:
        return True
    try:
        first, second = datetime.fromisoformat(a), datetime.fromisoformat(b)
    except ValueError:
        return False
    if first.tzinfo is not None and second.tzinfo is not None:
        return first == second
    instant, day = (first, second) if first.tzinfo is not None else (second, first)
    if instant.tzinfo is None:
        return False
    utc = instant.astimezone(UTC).replace(tzinfo=None)
    return (utc + EARLIEST_OFFSET).date() <= day.date() <= (utc + LATEST_OFFSET).date()


def shows_day(tree: Any, blocks: list[TextBlock], day: str, *, day_first: bool = False) -> bool:
    """Whether the page shows the day of ``day``: a ``<time datetime>`` anywhere, or a
    short block whose first date it is (only blocks that hold its year are read)."""
    wanted, year = day[:10], day[:4]
    if tree is not None:
        for time in tree.css(TIME_SELECTOR):
            found = parse_date(time.attributes.get("datetime") or "")
            if found and found[:10] == wanted:
                return True
    for block in blocks:
        if block.num_words <= MAX_BYLINE_WORDS and year in block.text:
            found = parse_date(block.text, day_first=day_first)
            if found and found[:10] == wanted:
                return True
    return False


def page_time(tree: Any) -> str | None:
    """The first ``<time datetime>`` (or GitHub's like of it: :data:`TIME_SELECTOR`) of
    the page outside its menus, footers, sidebars, comments and related stories
    (:data:`NOT_PAGE_TIME_TAGS`): HTML's element for a machine-readable date, which
    templates put in the article's header even when the header is far from the title in
    the page's blocks (a forum's first post below its toolbar).  A customer's review or
    testimonial dates itself, not the page (:func:`~unboiler.metadata.sources.in_review`):
    a shop's product page took the date of its first review; an event's time is when it
    is held (:func:`~unboiler.metadata.sources.in_event`)."""
    if tree is None:
        return None
    for time in tree.css(TIME_SELECTOR):
        if in_aside(time, NOT_PAGE_TIME_TAGS) or in_review(time) or in_event(time):
            continue
        found = parse_date(time.attributes.get("datetime") or "")
        if found:
            return found
    return None


def labelled_date(blocks: list[TextBlock], *, day_first: bool = False) -> str | None:
    """The first date the page labels as its publication date ("Published on ...",
    "Posted:") in a short block anywhere: such a label is not used for other pages'
    dates.  Revision labels ("Last updated on ...", :data:`UPDATE_LABEL`) are left out
    here: far from the title they are a documentation site's footer, the date of a
    build, not of publication (on WCXB's pages without a gold date, such footers gave
    most of the dates found this way).  A label alone in its block ("Published" over
    "Feb 2, 2023", :data:`MAX_LABEL_WORDS`) labels the next block's date."""
    for index, block in enumerate(blocks):
        text = block.text
        if (
            block.num_words <= MAX_BYLINE_WORDS
            and DATE_LABEL.match(text)
            and not UPDATE_LABEL.match(text.lstrip())
        ):
            if block.node is not None and in_code(block.node):
                continue  # a sample's or a log's "Posted: ..."
            found = block_date(block, day_first=day_first)
            if found is None and block.num_words <= MAX_LABEL_WORDS:
                following = blocks[index + 1 : index + 2]
                found = first_date(following, day_first=day_first)
            if found:
                return found
    return None


def writes_day_first(blocks: list[TextBlock], language_tag: str | None) -> bool:
    """Whether the page writes numeric dates with slashes day first (``28/11/2025``),
    as most of the world does, rather than month first as in the United States.

    The page's own dates decide when one of them can be read one way only (a first
    number above 12 is a day, a second one is a day too): the page's other dates
    follow the same order.  Otherwise the page's language tag does (BCP 47:
    ``en-GB``, ``fr``, ``pt-BR``...; the caller gives the language its text is in when
    the page declares none): month first only for English in the United States
    (:data:`MONTH_FIRST_REGIONS`) or English without a region, as before."""
    votes = 0
    for block in blocks:
        if "/" not in block.text:
            continue
        for match in _NUMERIC_DATE.finditer(block.text[:MAX_DATE_TEXT]):
            if match["separator"] != "/":
                continue
            first, second = int(match["first"]), int(match["second"])
            votes += (first > MAX_MONTH >= second) - (second > MAX_MONTH >= first)
    if votes:
        return votes > 0
    if not language_tag:
        return False
    language, _, region = language_tag.replace("_", "-").lower().partition("-")
    if language != "en":
        return True
    return bool(region) and region.split("-")[0] not in MONTH_FIRST_REGIONS


__all__ = [
    "MAX_DATE_TEXT",
    "block_date",
    "first_date",
    "labelled_date",
    "parse_date",
    "solar_hijri_date",
    "url_date",
    "writes_day_first",
]
