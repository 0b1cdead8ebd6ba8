"""Inline runs: the text of a line as the page joins it, with white space collapsed as
HTML does (CSS Text 3, §4.1), and words that only the page's CSS lays apart given a space.

The layout writes a line as a list of texts and marks; :func:`normalize` turns it into
the run the writers read: formatting that holds only spaces goes, the spaces at a mark's
edges move outside it, touching links and code spans are parted, and the characters that
show nothing (:func:`unboiler.text.visible`) are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final
from urllib.parse import quote

from selectolax.lexbor import LexborNode

from unboiler import tags
from unboiler.output.dom import CODE_LINE_CLASSES
from unboiler.output.formula import (
    SUBSCRIPT_FORMS,
    SUPERSCRIPT_FORMS,
)
from unboiler.output.hidden import MAX_COPY_NODES
from unboiler.output.tree import FORMULA_MARKS, Close, Image, Inline, LineBreak, Mark, Open
from unboiler.text import (
    INVISIBLE_CHARACTERS,
    LONG_TEXT,
    case_edge_parts,
    pieces,
)

# A line is laid out as one string, each token that is not text standing in it as one
# control character (page text never keeps these: they are removed from it first), so
# that white space is collapsed by a few regular-expression passes over the whole line
# instead of token by token.
_OPEN: Final = "\x01"


_IMAGE: Final = "\x02"


_CLOSE: Final = "\x03"


_BREAK: Final = "\x04"


_LINK_OPEN: Final = "\x05"


_LINK_CLOSE: Final = "\x06"


#: Raised or lowered text (:data:`~unboiler.output.layout._JOINED_MARKS` less code): a link in it is
#: a footnote's number, which is part of the word before it.
_RAISED_OPEN: Final = "\x0e"


_RAISED_CLOSE: Final = "\x0f"


_STAND_INS: Final = re.compile("([\x01-\x06\x0e\x0f])")


#: The stand-ins of formatting, which a line's characters are read through.
_FORMATTING_STAND_INS: Final = frozenset("\x01\x02\x03\x05\x06\x0e\x0f")


_STAND_IN_SET: Final = frozenset("\x01\x02\x03\x04\x05\x06\x0e\x0f")


_OPENS: Final = "\x01\x05\x0e"


_CLOSES: Final = "\x03\x06\x0f"


_SPACE_CHARS: Final = " \t\n\r\f"  # ASCII white space, what HTML collapses


_HTML_SPACE: Final = re.compile(f"[{_SPACE_CHARS}]+")


_NOT_HTML_SPACE: Final = re.compile(f"[^{_SPACE_CHARS}]")


#: East Asian wide and full-width characters, Hangul left out: between two of them a line
#: break of the source is no space (CSS Text 3, §4.1.3, "segment break transformation").
#: Written as ranges (CJK radicals to CJK ideographs less Hangul Jamo, compatibility
#: ideographs, CJK forms, full-width forms, the supplementary ideographic planes).
WIDE: Final = (
    "\u2e80-\u312f\u3190-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff9f\uffe0-\uffe6"
    "\U00020000-\U0003ffff"
)


WIDE_CHARACTER: Final = re.compile(f"[{WIDE}]")


#: Characters that end a word without being a letter or a digit (``\\w`` leaves them
#: out): combining marks (Unicode's categories Mn, Mc and Me), the vowel signs and
#: viramas of the Indic scripts ("करें", "செய்தி"), the diacritics of decomposed text
#: ("Cafe\u0301"), Hebrew's points, Arabic's harakat and Cyrillic's titlo.  Written as
#: ranges: the combining blocks, Hebrew's and Arabic's marks, and the Indic blocks whole
#: (Devanagari to Sinhala, whose other characters are letters and digits, and the
#: danda, which ends a sentence as a full stop does).
WORD_END_MARKS: Final = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670"
    "\u06d6-\u06ed\u0900-\u0dff\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
)


_MARKS: Final = f"[{_OPENS}{_CLOSES}]*"


_WIDE_BREAK: Final = re.compile(
    f"([{WIDE}]{_MARKS})[ \t\r\f]*\n[{_SPACE_CHARS}]*(?={_MARKS}[{WIDE}])"
)


#: Two links, or a link and a word, that touch without a space between two letters or
#: digits: browsers lay such links out apart (menus, breadcrumbs and tag lists separate
#: them with CSS), as Boilerpipe's anchor rule assumes; a space goes between them.  But a
#: link and a word that touch where a lower-case letter follows are one word that the
#: link cuts ("restaurant <a>business</a>es", "<a>RSVP</a>s"), and stay one: on WCXB's
#: default output this joined words on 9 pages, 7 of them closer to the gold, 2 farther.
#: So is a link in raised or lowered text, a footnote's number ("study<sup><a>1</a>
#: </sup>"), which the plain text writes raised ("study¹").  Punctuation after
#: a link ("link, and"), wide characters and unspaced scripts get none.  The match is a whole run of
#: formatting with a link's opening or closing in it, between two letters or
#: digits that are not wide.  The pattern starts with the run's first character, which
#: the regex engine skips to directly, and checks the letter before it by look-behind;
#: written with the look-behind first, the check ran at every position of every line,
#: three times slower.
_MARK_CHARS: Final = f"[{_OPENS}{_CLOSES}]"


#: Punctuation that ends one link where another touches it ("Why is the sky blue?</a><a>
#: What is air made of"): a menu's or a table of contents' items, apart as the two
#: links between letters are.  After a link that ends so, a word is left as it is.
_LINK_END_MARKS: Final = ".!?…:;)]}\"'”’»"


#: Scripts written without spaces between words besides the wide ones: Thai, Lao,
#: Myanmar and Khmer (:data:`unboiler.language.UNSPACED_LANGUAGES`).  Two links that
#: touch there are one phrase ("<a>เศรษฐกิจ</a><a>การเมือง</a>", political economy),
#: where a space would mark a break the page does not show.
_UNSPACED_SCRIPTS: Final = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"


_GLUED_LINK: Final = re.compile(
    f"({_MARK_CHARS}(?<=[^\\W_]{_MARK_CHARS}|[{WORD_END_MARKS}]{_MARK_CHARS}"
    f"|[{re.escape(_LINK_END_MARKS)}]{_MARK_CHARS})"
    f"(?<![{WIDE}{_UNSPACED_SCRIPTS}]{_MARK_CHARS})"
    f"(?:(?<=[{_LINK_OPEN}{_LINK_CLOSE}])|(?={_MARK_CHARS}*[{_LINK_OPEN}{_LINK_CLOSE}]))"
    f"{_MARK_CHARS}*)"
    f"(?=[^\\W_])(?![{WIDE}{_UNSPACED_SCRIPTS}])"
)


#: The edge of an inline element after a lower-case letter, standing in a line as a text token of
#: its own (page text never keeps this character: :meth:`~unboiler.output.layout._Layout.text` drops
#: it).  Where such an edge has a lower-case letter before it and an upper-case letter after it
#: ("San Diego</span><span>Confirmed", "agents</b>Designed"), the two words are laid apart by the
#: page's CSS (a block, a flex item, a margin), as links are (above), and a space goes between them.
#: On WCXB, of the words that touch so across the edge of an element other than a link, the gold
#: text has 527 apart and 4 joined; across edges between other characters it is mixed
#: ("12<sup>th</sup>", a drop capital's "<b>I</b>f"), and those are left as they are.
#:
#: Two more edges are words laid apart, not one word: an upper-case letter, then an
#: upper-case letter starting a word in lower case ("New York, NY</span><span>Full-time",
#: "UK</b>Limited"), and closing punctuation that ends a phrase, then an upper-case letter
#: ("Engineer (Go)</span><span>Remote", "API?</span><span>Operational"); a job board's and
#: a status page's fields came out glued so.  In sample (``unboiler eval wcxb``), WCXB's
#: F1 went from 0.93179 to 0.93183: 8 pages better, none worse.
CASE_EDGE: Final = "\x07"


#: Punctuation that ends a phrase, after which an element's edge and an upper-case
#: letter start another; and a label's colon after its word ("<span>Abstract:</span>The
#: dominant", arXiv's abstract; "By:</span><span>Valve", a store's cards).  In sample, 5
#: WCXB pages' texts changed so, their F1 did not (the metric's words part at a colon).
EDGE_PUNCTUATION: Final = ")]?!:"


#: Marks that end a sentence and no number: "?" and "!" (a full stop ends "1." too).
_SENTENCE_ENDS: Final = frozenset("?!？！")
#: Superscript digits: a unit's power ("m²") or a note's mark.
_RAISED_DIGITS: Final = frozenset("⁰¹²³⁴⁵⁶⁷⁸⁹")
_CASE_EDGE: Final = re.compile(
    f"(?:(?<=[^\\W_]|[{re.escape(EDGE_PUNCTUATION)}])|(?<=\\d\\.))"
    f"([{_OPENS}{_CLOSES}{CASE_EDGE}]*{CASE_EDGE}[{_OPENS}{_CLOSES}{CASE_EDGE}]*)"
    f"(?=[^\\W_])"
)


def _space_between_links(match: re.Match[str]) -> str:
    """A space before a run of formatting at a link's edge, unless the run only opens or
    only closes links and a lower-case letter follows it: a word the link cuts."""
    run = match.group(1)
    if _RAISED_OPEN in run or _RAISED_CLOSE in run:
        return run
    closing = run.find(_LINK_CLOSE)
    if closing != -1 and _LINK_OPEN in run[closing:]:
        return " " + run
    if match.string[match.start() - 1] in _LINK_END_MARKS:  # a link and a word
        return run
    return run if _continues_word(match.string[match.end()]) else " " + run


def _continues_word(character: str) -> bool:
    """Whether a letter after an element's edge goes on the word before it: a
    lower-case letter, or a letter of a script without case (Hangul, Thai, Arabic,
    Hebrew...), whose particles and affixes a link cuts off as often as Latin's
    ("<a>교통비</a>가", "و<a>الإسكندرية</a>").  An upper-case letter starts a word."""
    return character.islower() or (character.isalpha() and not character.isupper())


#: The stand-ins of formatting and edges, passed over on the way back to a word.
_EDGE_MARKS: Final = f"{_OPENS}{_CLOSES}{CASE_EDGE}"


def _word_before(line: str, end: int, *, letter: bool = False) -> bool:
    """Whether a letter or a digit (with ``letter``, a letter) comes before
    ``line[end]``, the edges of formatting passed over ("<b>Policy</b>:").  An element's
    edge right before it makes it a separator in an element of its own (MediaWiki's
    "Category<span>:</span>Living people"), no label's colon."""
    index = end - 1
    formatting = False
    while index >= 0 and line[index] in _EDGE_MARKS:
        # (an edge after a digit is a number's, no separator's: "Chapter 12</span><span>:")
        if line[index] == CASE_EDGE and not formatting and not line[index - 1 : index].isdigit():
            return False
        formatting = formatting or line[index] != CASE_EDGE
        index -= 1
    return index >= 0 and (line[index].isalpha() if letter else line[index].isalnum())


def _space_at_case_edge(match: re.Match[str]) -> str:
    line, start, end = match.string, match.start(), match.end()
    before, after = line[start - 1], line[end]
    if before.isalnum() and (_RAISED_OPEN in match.group(1) or _RAISED_CLOSE in match.group(1)):
        # a raised or lowered text is set against its base, whatever their cases: a
        # paper's italic symbol and its subscript ("<em>q</em><sub>O2</sub>") is one term;
        # after punctuation the rules below still part a sentence ("engineers.[1] The")
        return match.group(1)
    if before == ":" and not _word_before(line, start - 1):
        return match.group(1)  # no label's colon: a path's "::", a separator's own
    if after.isdigit():
        # a label and its number in elements of their own ("Kilometerstand</span><span>
        # 48.500 km", "Price:</span><span>25 EUR"), laid apart by the page's style: a
        # lower-case letter (or a label's colon) before the digit, as a lower-case one
        # before a capital; not a capital, which runs into its number in a name ("CO2",
        # "Galaxy S23", "MP3"), nor a letter of a script without case (Chinese
        # "玉峰村6鄰", Thai); and a unit's power before a number ("98 m²</span><span>3
        # hab.", a listing's facts), which no number goes on after.  In sample, 17 WCXB pages' texts
        # change, 12 up ("Windproof 6/6", "stars 3,663"), 2 down by under 0.002, 3 at
        # the same F1; one readability page's ("Bibcode: 2011PNAS"), at the same F1
        if after.isdecimal() and (
            before.islower()
            or before in _RAISED_DIGITS
            # a label's colon, not a clock's ("at 10:</span>30")
            or (before == ":" and _word_before(line, start - 1, letter=True))
            # a question's or an exclamation's end, then a date in an element of its own
            # ("판매하나요?</span><span>2024/04/20", a shop's Q&A; in sample, no page moves)
            or before in _SENTENCE_ENDS
        ):
            return " " + match.group(1)
        return match.group(1)
    if after.isupper() and (
        case_edge_parts(before, after, line[end + 1 : end + 2])
        or before in EDGE_PUNCTUATION
        or before in _RAISED_DIGITS
        or (before == "." and line[start - 2 : start - 1].isdigit())
    ):
        # a number's full stop too: a reference's label in an element of its own,
        # "<span class="label">1.</span>Cleland EE" (PLOS), laid apart by its style; and
        # a unit's power before a capital ("18 m²</span><span>Aria condizionata", a
        # hotel room's facilities)
        return " " + match.group(1)
    return match.group(1)


#: A run of openings and spaces with a space after an opening, and a run of spaces and
#: closings with a space before a closing: each is rewritten whole (spaces first, or
#: last), which is where swapping the touching runs again and again would end, in one
#: pass.  Each match starts where its first run starts (the look-behind), so that a run
#: not followed as required is scanned once, not once from each of its characters: a
#: page of 100,000 nested ``<b>`` took 50 s, quadratic in the run.
_SPACE_AFTER_OPEN: Final = re.compile(
    f"(?<![{_OPENS}])[{_OPENS}]+[{_SPACE_CHARS}][{_OPENS}{_SPACE_CHARS}]*"
)


_SPACE_BEFORE_CLOSE: Final = re.compile(
    f"(?<![{_SPACE_CHARS}])[{_SPACE_CHARS}]+[{_CLOSES}][{_SPACE_CHARS}{_CLOSES}]*"
)


_NOT_SPACE: Final = re.compile(f"[^{_SPACE_CHARS}]+")


_SPACE: Final = re.compile(f"[{_SPACE_CHARS}]+")


#: The spaces a page indents a line with, which no reader of the extracted text needs:
#: Chinese and Japanese pages open each paragraph with two ideographic spaces
#: ("\u3000\u3000新华社北京电"), older pages with a run of ``&nbsp;``.  A browser shows
#: them (they are no HTML white space); the outputs leave them out at a paragraph's
#: ends.  After a line break inside a paragraph they stay: there they indent a line of a
#: poem or of code written with ``<br>`` (Blogger's code samples).
INDENT_SPACES: Final = " \u00a0\u3000"


_LEADING_OPENS: Final = re.compile(f"^[{_OPENS}]+[{INDENT_SPACES}]+")
#: Indentation beside an image in a line: the paragraph's own, after a picture set at
#: its start ("<img>\u3000\u3000这是4月18日..."), one space then.
_INDENT_BY_IMAGE: Final = re.compile(
    f"(?<={_IMAGE})[{INDENT_SPACES}]{{2,}}|[{INDENT_SPACES}]{{2,}}(?={_IMAGE})"
)


_TRAILING_CLOSES: Final = re.compile(f"(?<![{INDENT_SPACES}])[{INDENT_SPACES}]+[{_CLOSES}]+$")


def _indent_in_formatting(line: str) -> str:
    """``line`` without the indentation inside the formatting that opens or closes it
    (``<b>&nbsp;&nbsp;Notice</b>``), which :data:`INDENT_SPACES` left alone."""
    line = _LEADING_OPENS.sub(lambda match: match.group().rstrip(INDENT_SPACES), line)
    return _TRAILING_CLOSES.sub(lambda match: match.group().lstrip(INDENT_SPACES), line)


_SPACE_AT_BREAK: Final = re.compile(f" ?{_BREAK} ?")


#: What the two rewrites above need to find anything: an opening right before a space, a
#: space right before a closing.  Looking for that first (a scan that skips to the few
#: formatting characters) is three times cheaper than the rewrite's scan, whose
#: look-behind runs at every position, and one line in fifty has it.
_OPEN_THEN_SPACE: Final = re.compile(f"[{_OPENS}][{_SPACE_CHARS}]")


_SPACE_THEN_CLOSE: Final = re.compile(f"[{_SPACE_CHARS}][{_CLOSES}]")


def _collapsible(line: str) -> bool:
    """Whether :data:`_HTML_SPACE` would change ``line``: two spaces in a row, or white
    space other than a space (five substring tests, eight times cheaper than the
    rewrite; one line in twenty has any)."""
    return "  " in line or "\n" in line or "\t" in line or "\r" in line or "\f" in line


def _stand_in(token: Inline) -> str:
    if isinstance(token, Open):
        return _OPEN_STAND_INS.get(token.mark, _OPEN)
    if isinstance(token, Close):
        return _CLOSE_STAND_INS.get(token.mark, _CLOSE)
    return _BREAK if isinstance(token, LineBreak) else _IMAGE


_OPEN_STAND_INS: Final = {
    Mark.LINK: _LINK_OPEN,
    Mark.SUPERSCRIPT: _RAISED_OPEN,
    Mark.SUBSCRIPT: _RAISED_OPEN,
}


_CLOSE_STAND_INS: Final = {
    Mark.LINK: _LINK_CLOSE,
    Mark.SUPERSCRIPT: _RAISED_CLOSE,
    Mark.SUBSCRIPT: _RAISED_CLOSE,
}


def _spaces_first(match: re.Match[str]) -> str:
    run = match.group()
    return _NOT_SPACE.sub("", run) + _SPACE.sub("", run)


def _spaces_last(match: re.Match[str]) -> str:
    run = match.group()
    return _SPACE.sub("", run) + _NOT_SPACE.sub("", run)


def _join_links(tokens: list[Inline]) -> list[Inline]:
    """``tokens`` with each link that closes right where a link to the same address
    opens made one link: a page that cuts a word into two links to one address
    ("<a href=/p>P</a><a href=/p>acking</a>", a drop capital) shows one word, where two
    links to two addresses are two items of a menu."""
    result: list[Inline] = []
    href: str | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if isinstance(token, Open) and token.mark is Mark.LINK:
            href = token.href
        elif isinstance(token, Close) and token.mark is Mark.LINK and href is not None:
            after = index + 1
            while after < len(tokens) and tokens[after] == CASE_EDGE:
                after += 1
            following = tokens[after] if after < len(tokens) else None
            if (
                isinstance(following, Open)
                and following.mark is Mark.LINK
                and following.href == href
            ):
                result.extend(tokens[index + 1 : after])
                index = after + 1
                continue
        result.append(token)
        index += 1
    return result


#: Each part of a line cut at blank lines opens again the formatting open across it: a
#: line of more breaks times openings than this (thousands of unclosed ``<b>`` around
#: as many ``<br><br>``, an old forum's markup) stays one line, so that the cost stays
#: bounded.
MAX_SPLIT_WORK: Final = 20_000


def blank_line_parts(line: list[Inline]) -> list[list[Inline]]:
    """A line cut where two line breaks follow each other with nothing shown between
    them (``<br><br>``, white space and formatting aside): a blank line on the page,
    the way forum posts and older pages part their paragraphs (:data:`MAX_SPLIT_WORK`)."""
    breaks = sum(isinstance(token, LineBreak) for token in line)
    if breaks < 2 or breaks * sum(isinstance(token, Open) for token in line) > MAX_SPLIT_WORK:
        return [line]
    parts: list[list[Inline]] = [[]]
    breaks = 0  # line breaks since the last token shown
    for token in line:
        if isinstance(token, LineBreak):
            breaks += 1
            if breaks == 2:
                parts.append([])
                continue
        elif (isinstance(token, str) and token.strip()) or isinstance(token, Image):
            breaks = 0
        if breaks < 2:
            parts[-1].append(token)
        elif not isinstance(token, LineBreak):
            parts[-1].append(token)  # formatting and white space after the blank line
    return [part for part in parts if part]


_JOINER_RUN: Final = re.compile("[\u200c\u200d]+")


def _unjoined(line: str) -> str:
    """``line`` (its formatting as stand-ins) without the joiners that join nothing: those
    beside white space, a line break or the line's end, the formatting around them
    aside (Webflow writes one at the end of lines, in an empty ``<strong>``: "regions.
    <strong>&zwj;</strong>").  Between two characters, or two elements' texts
    (``<b>می</b>&zwnj;<b>خواهم</b>``), they stay."""

    def joined(match: re.Match[str]) -> str:
        before = match.start() - 1
        while before >= 0 and line[before] in _FORMATTING_STAND_INS:
            before -= 1
        after = match.end()
        while after < len(line) and line[after] in _FORMATTING_STAND_INS:
            after += 1
        if before < 0 or after >= len(line):
            return ""
        if line[before].isspace() or line[after].isspace() or _BREAK in (line[before], line[after]):
            return ""
        return match.group()

    return _JOINER_RUN.sub(joined, line)


def normalize(raw: Iterable[Inline]) -> list[Inline]:
    """Collapse white space the way a browser lays out a line: one space for each run,
    none at the ends or around a break, none between wide characters across a source line
    break (CSS Text 3, §4.1); spaces are moved out of formatting (so that Markdown's
    emphasis can open and close, CommonMark §6.2), and formatting left empty is dropped."""
    tokens = list(raw)
    others = [token for token in tokens if not isinstance(token, str)]
    if others and any(isinstance(token, Close) and token.mark is Mark.LINK for token in others):
        tokens = _join_links(tokens)
        others = [token for token in tokens if not isinstance(token, str)]
    text = "".join([token for token in tokens if isinstance(token, str)])
    if _STAND_INS.search(text):  # page text holding those control characters
        tokens = [_STAND_INS.sub("", t) if isinstance(t, str) else t for t in tokens]
        text = _STAND_INS.sub("", text)
    # most lines are text alone (two in three): the line is their text
    line = "".join([t if isinstance(t, str) else _stand_in(t) for t in tokens]) if others else text
    if "\n" in line and not line.isascii():
        line = _WIDE_BREAK.sub(r"\1", line)
    if CASE_EDGE in line:
        line = _CASE_EDGE.sub(_space_at_case_edge, line).replace(CASE_EDGE, "")
    if others:
        if _LINK_OPEN in line:
            line = _GLUED_LINK.sub(_space_between_links, line)
        if _OPEN_THEN_SPACE.search(line):
            line = _SPACE_AFTER_OPEN.sub(_spaces_first, line)
        if _SPACE_THEN_CLOSE.search(line):
            line = _SPACE_BEFORE_CLOSE.sub(_spaces_last, line)
    if not _collapsible(line):
        pass  # the common case, nothing to collapse
    elif len(line) > LONG_TEXT:  # see unboiler.text.LONG_TEXT
        line = "".join(_HTML_SPACE.sub(" ", piece) for piece in pieces(line, _NOT_HTML_SPACE))
    else:
        line = _HTML_SPACE.sub(" ", line)
    if _BREAK in line:
        line = _SPACE_AT_BREAK.sub(_BREAK, line)
    line = line.strip(INDENT_SPACES)
    if others and _IMAGE in line:
        line = _INDENT_BY_IMAGE.sub(" ", line)
    if others and line and (line[0] in _OPENS or line[-1] in _CLOSES):
        # the indentation inside formatting at an end (<b>&nbsp;&nbsp;Notice</b>)
        line = _indent_in_formatting(line)
    if "\u200d" in line or "\u200c" in line:
        line = _unjoined(line)
    if not others:
        return [line] if line else []
    result: list[Inline] = []
    queue = iter(others)
    for piece in _STAND_INS.split(line):
        if len(piece) == 1 and piece in _STAND_IN_SET:
            result.append(next(queue))
        elif piece:
            result.append(piece)
    return _tidy(result)


def _is_visible(token: Inline) -> bool:
    return isinstance(token, Image) or (isinstance(token, str) and token != " ")


def _tidy(tokens: list[Inline]) -> list[Inline]:
    """The end of :func:`normalize`, over the few tokens that are not text: one break at
    most between two texts, none at the ends, no formatting left empty by that, touching
    formatting of one kind joined (but for two code elements that would run into one
    word, :func:`_two_words`), no space beside a break or at the ends."""
    kept: list[Inline] = []
    seen_visible = False
    for token in tokens:
        if isinstance(token, LineBreak):
            if seen_visible:
                kept.append(token)
            seen_visible = False
        else:
            seen_visible = seen_visible or _is_visible(token)
            kept.append(token)
    last = max((i for i, token in enumerate(kept) if _is_visible(token)), default=-1)
    kept = kept[: last + 1] + [t for t in kept[last + 1 :] if isinstance(t, (Open, Close))]
    paired: list[Inline] = []
    for position, token in enumerate(kept):
        if isinstance(token, Close) and paired and isinstance(paired[-1], Open):
            paired.pop()  # a Close right after an Open closes that Open: nesting is proper
        elif (
            isinstance(token, Open)
            and token.mark is not Mark.LINK
            and token.mark not in FORMULA_MARKS
            and paired
            and paired[-1] == Close(token.mark)
        ):
            if token.mark is Mark.CODE and _two_words(paired, kept, position):
                # <code>U+00DF</code><code>0x C3 9F</code>: two values in boxes of their
                # own, which one code span would run into one word (and Markdown cannot
                # write two touching code spans): a space parts them
                paired += [" ", token]
            else:
                paired.pop()  # <em>a</em><em>b</em> is one emphasis
        else:
            paired.append(token)
    merged: list[Inline] = []
    for token in paired:
        if isinstance(token, str):
            if not merged or isinstance(merged[-1], LineBreak):
                token = token.lstrip(" ")
            elif isinstance(merged[-1], str):
                if merged[-1].endswith(" ") and token.startswith(" "):
                    token = token[1:]
                merged[-1] += token
                continue
            if not token:
                continue
        elif isinstance(token, LineBreak):
            _strip_last_space(merged)
        merged.append(token)
    _strip_last_space(merged)
    if any(isinstance(token, Image) for token in merged):
        merged = _unstyled_pictures(merged)
    return [token for token in merged if token != ""]


#: Formatting that says how text reads, which a picture has not.
_TEXT_STYLES: Final = frozenset({Mark.EMPHASIS, Mark.STRONG})


def _unstyled_pictures(tokens: list[Inline]) -> list[Inline]:
    """``tokens`` without the emphasis or strong emphasis around pictures alone: a
    channel's avatar in an ``<i>`` (Telegram's ``tgme_widget_message_user_photo``), a
    logo in a ``<b>``, written ``*![](…)*`` in Markdown.  Emphasis is of text: a picture
    shows the same without it."""
    result: list[Inline] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if isinstance(token, Open) and token.mark in _TEXT_STYLES:
            end = index + 1
            while end < len(tokens) and (isinstance(tokens[end], Image) or tokens[end] == " "):
                end += 1
            if end > index + 1 and end < len(tokens) and tokens[end] == Close(token.mark):
                result.extend(tokens[index + 1 : end])
                index = end + 1
                continue
        result.append(token)
        index += 1
    return result


def _two_words(before: list[Inline], tokens: list[Inline], position: int) -> bool:
    """Whether the code that closes at the end of ``before`` and the code that opens at
    ``tokens[position]`` touch with a letter or digit on both sides, neither of them a
    wide character (``U+00DF`` then ``0x C3 9F``): read as one they would be one word.
    ``foo`` then ``.bar()``, or 中 then 文, read on as the page shows them."""
    last = before[-2] if len(before) >= 2 and isinstance(before[-2], str) else ""
    following = tokens[position + 1] if position + 1 < len(tokens) else ""
    first = following if isinstance(following, str) else ""
    if not last or not first:
        return False
    left, right = last[-1], first[0]
    return (
        left.isalnum()
        and right.isalnum()
        and not WIDE_CHARACTER.match(left)
        and not WIDE_CHARACTER.match(right)
    )


def _strip_last_space(tokens: list[Inline]) -> None:
    """Drop the space that ends the last text, looking through formatting."""
    index = len(tokens) - 1
    while index >= 0 and isinstance(tokens[index], (Open, Close)):
        index -= 1
    if index >= 0:
        token = tokens[index]
        if isinstance(token, str) and token.endswith(" "):
            tokens[index] = token[:-1]


#: Unicode's superscript and subscript forms (the Superscripts and Subscripts block, and
#: the Latin-1 ¹²³), for plain text, which has no markup to raise a number with:
#: "1.4 × 10<sup>21</sup>" is "1.4 × 10²¹", not "1.4 × 1021", and "H<sub>2</sub>O" is
#: "H₂O".  Raised text with any other character ("12<sup>th</sup>", "[1]") runs into the
#: word as the page shows it, but for references' numbers (:data:`_CITATIONS`).
RAISED_FORMS: Final = {Mark.SUPERSCRIPT: SUPERSCRIPT_FORMS, Mark.SUBSCRIPT: SUBSCRIPT_FORMS}


#: Raised numbers of several references ("1,2", "3–5", "1, 4"): their digits are raised,
#: the commas and dashes between them written as they are ("18%¹,²", where the digits
#: ran into the figure: "18%1,2").
_CITATIONS: Final = re.compile(r"\d+(?:\s*[,–]\s*\d+)+")


def plain(inlines: Iterable[Inline], *, line_break: str = "\n") -> str:
    """The text of a line: formatting and images left out, breaks as ``line_break``,
    raised and lowered numbers in their Unicode forms (:data:`RAISED_FORMS`)."""
    parts: list[str] = []
    raised: list[tuple[Mark, int]] = []
    for token in inlines:
        if isinstance(token, str):
            parts.append(token)
        elif isinstance(token, LineBreak):
            parts.append(line_break)
        elif isinstance(token, Open) and token.mark in RAISED_FORMS:
            raised.append((token.mark, len(parts)))
        elif isinstance(token, Close) and raised and raised[-1][0] is token.mark:
            mark, start = raised.pop()
            text = "".join(parts[start:])
            forms = text.translate(RAISED_FORMS[mark])
            if text and (
                not any(a == b for a, b in zip(text, forms, strict=True))
                or (mark is Mark.SUPERSCRIPT and _CITATIONS.fullmatch(text) is not None)
            ):
                parts[start:] = [forms]
    return "".join(parts)


ENCODED_INVISIBLE: Final = {ord(char): quote(char) for char in INVISIBLE_CHARACTERS}


#: White space other than the line break at the end of a line (spaces, tabs, no-break
#: spaces left after a line's last word).
_LINE_END_SPACE: Final = re.compile(r"[^\S\n]+$", re.MULTILINE)


#: How far up a ``<q>``'s enclosing quotations are counted (:func:`quote_depth`): a
#: page of thousands of nested ``<q>`` would otherwise cost the square of its depth.
QUOTE_DEPTH_LEVELS: Final = 32


def quote_depth(quote: LexborNode) -> int:
    """How many ``<q>`` hold ``quote`` within :data:`QUOTE_DEPTH_LEVELS` elements above
    it: the level of :data:`~unboiler.output.hidden.QUOTE_MARKS` it takes."""
    depth = 0
    node = quote.parent
    for _ in range(QUOTE_DEPTH_LEVELS):
        if node is None:
            break
        depth += node.tag == "q"
        node = node.parent
    return depth


def blank_line(element: LexborNode) -> bool:
    """Whether ``element`` holds white space and line breaks only: no block of the page
    (so not among the kept elements), but inside a ``<pre>`` an empty line of the
    program (CodeMirror's ``<div><br></div>``)."""
    return element.tag in tags.BLOCK_DISPLAY_TAGS and not (element.text() or "").strip()


def follows_code(node: LexborNode) -> bool:
    """Whether the node just before ``node`` is a ``<code>``, nothing between them (a
    space between is the space of one line, a line feed its own line break)."""
    before = node.prev
    return before is not None and before.tag == "code"


def holds_only_breaks(element: LexborNode) -> bool:
    """Whether an element holds a ``<br>`` and no text (``<b><br></b>`` between two
    lines): no block of the page, so not among the kept elements, but a line break all
    the same ("TikTok)Focus on" read so).  A few nodes are looked at, at most
    (:data:`~unboiler.output.hidden.MAX_COPY_NODES`)."""
    found = False
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_COPY_NODES:
            return False
        if node.is_text_node:
            if not node.is_empty_text_node:
                return False
        elif node.tag == "br":
            found = True
    return found


#: The elements a highlighter writes a program's lines and tokens with, which lay its
#: white space out as the ``<pre>`` does; an ``<svg>`` (an icon), a ``<button>`` (a
#: "Copy" button) or anything else draws none of it.
CODE_TOKEN_TAGS: Final = frozenset(
    {"span", "code", "b", "i", "em", "strong", "mark", "font", "a", "small", "u", "s"}
    | {"sub", "sup", "del", "ins", "kbd", "samp", "var", "br"}
)


def code_line_breaks(element: LexborNode) -> int:
    """The line breaks an element inside a ``<pre>`` makes when it holds no text: its
    ``<br>``, else the line feeds of its white space; 0 when it holds text, or an
    element other than a highlighter's (:data:`CODE_TOKEN_TAGS`), or is hidden.  It is
    no block of the page, and so not among the kept elements.  Prism (Docusaurus)
    writes an empty line of a program as ``<span class="token-line"><span class="token
    plain" style="display:inline-block">\n</span><br></span>``: one line break, the
    ``<br>`` (the line feed closes the inline block, and opens no line of its own).
    Left out, the blank lines between a program's imports and its code were lost.  A
    few nodes are looked at, at most (:data:`~unboiler.output.hidden.MAX_COPY_NODES`)."""
    breaks = feeds = 0
    for count, node in enumerate(element.traverse(include_text=True)):
        if count > MAX_COPY_NODES:
            return 0
        if node.is_text_node:
            text = node.text_content or ""
            if text.strip():
                return 0
            feeds += text.count("\n")
        elif node.tag not in CODE_TOKEN_TAGS or _hidden(node):
            return 0
        elif node.tag == "br":
            breaks += 1
    return breaks or feeds


def _hidden(element: LexborNode) -> bool:
    """Whether an element hides itself (the ``hidden`` attribute, an inline style)."""
    attributes = element.attributes
    return "hidden" in attributes or (
        tags.HIDING_STYLE.search(attributes.get("style") or "") is not None
    )


def styled_line(element: LexborNode) -> bool:
    """Whether an element inside a ``<pre>`` is a line by its class
    (:data:`~unboiler.output.dom.CODE_LINE_CLASSES`)."""
    classes = element.attributes.get("class") or ""
    return not CODE_LINE_CLASSES.isdisjoint(classes.split())


def starts_line(text: LexborNode) -> bool:
    """Whether a text node starts with a line break (the line before it is ended)."""
    return (text.text_content or "").startswith(("\n", "\r"))


def end_code_line(pieces: list[str]) -> None:
    """End the line of preformatted text being read, unless it is ended (or none has
    begun): a line break that ends a block's text opens no empty line after the block,
    in a browser, so none is added to it."""
    if pieces and not pieces[-1].endswith("\n"):
        pieces.append("\n")


def strip_line_ends(text: str) -> str:
    """``text`` without white space at the end of its lines, which a reader cannot see and
    a diff or an editor flags (and Markdown reads two trailing spaces as a line break)."""
    return _LINE_END_SPACE.sub("", text)
