"""From a page's bytes to its text: the one place unboiler decides a page's charset.

Order: byte-order mark; the charset the caller knows (an HTTP ``Content-Type`` header);
UTF-16 without a byte-order mark, told by its zero bytes; the page's own ``<meta>``
declaration, checked against the bytes (:func:`_checked_label`); UTF-8 when the bytes
are valid UTF-8; then the charset-normalizer detector, with the encoding browsers fall
back to for the page's language (windows-1252 for most) kept when it is nearly as
plausible as the detector's first choice (HTML Standard, "Determining the character
encoding"); a page that names no language is read in the encoding of the language its
text reads as (:func:`_read_as_its_language`).
Labels are read as browsers read them (the standard's aliases: Latin-1 is windows-1252;
a page's own UTF-16 declaration is UTF-8, its UTF-7 none: :data:`UNDECLARABLE`), and a
caller's UTF-16 or UTF-32 for bytes that do not read as markup under it is as wrong as
a single-byte label over valid UTF-8.
Stray NUL bytes are dropped, as the HTML parser drops them from text.  A page whose text
was encoded to UTF-8 twice ("’" as "â" and two C1 controls) is mended after decoding
(:func:`undo_double_utf8`, which the parser applies to text given as text too).
"""

from __future__ import annotations

import codecs
import re
from typing import Any, Final

from unboiler.errors import ExtractionError, UnknownEncodingError

#: How far into the bytes to look for a ``<meta charset>`` declaration.  The HTML
#: standard's prescan reads 1,024 bytes; real pages often declare later, after long
#: comments or scripts, so we read further.
META_PRESCAN_BYTES: Final = 8192
#: A page whose first kilobytes hold this share of control bytes is binary, not text.
BINARY_CONTROL_SHARE: Final = 0.10

_BOMS: Final = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_META_CHARSET = re.compile(
    rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([a-zA-Z0-9_.:\-]+)""", re.IGNORECASE
)
# Labels that browsers map to another encoding (WHATWG Encoding Standard, "labels"):
# pages labelled Latin-1 or ASCII are decoded as windows-1252 by every browser, and
# their authors wrote them expecting that.
_BROWSER_ALIASES: Final = {
    "iso-8859-1": "cp1252",
    "iso8859-1": "cp1252",
    "latin1": "cp1252",
    "latin-1": "cp1252",
    "l1": "cp1252",
    "us-ascii": "cp1252",
    "ascii": "cp1252",
    "iso-8859-9": "cp1254",
    "latin5": "cp1254",
    "iso-8859-11": "cp874",
    "tis-620": "cp874",
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-gbk": "gb18030",
    "ks_c_5601-1987": "cp949",
    "euc-kr": "cp949",
    "x-sjis": "shift_jis",
    "shift-jis": "shift_jis",
    "x-user-defined": "cp1252",
    "unicode": "utf-16-le",
    # WHATWG labels Python's codec registry does not know
    "unicode-1-1-utf-8": "utf-8",
    **{f"iso8859{n}": f"iso8859-{n}" for n in (2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16)},
    "iso88591": "cp1252",
    "iso88599": "cp1254",
    "iso885911": "cp874",
    "sun_eu_greek": "iso8859-7",
    "visual": "iso8859-8",
    "logical": "iso8859-8",
    "iso-8859-8-i": "iso8859-8",
    "csisolatin9": "iso8859-15",
    "koi": "koi8-r",
    "koi8": "koi8-r",
    "koi8-ru": "koi8-u",
    "csmacintosh": "mac-roman",
    "mac": "mac-roman",
    "x-mac-roman": "mac-roman",
    "x-mac-cyrillic": "mac-cyrillic",
    "x-mac-ukrainian": "mac-cyrillic",
    "dos-874": "cp874",
    "windows-874": "cp874",
    **{f"x-cp125{n}": f"cp125{n}" for n in range(9)},
    "csgb2312": "gb18030",
    "gb_2312": "gb18030",
    "gb_2312-80": "gb18030",
    "chinese": "gb18030",
    "iso-ir-58": "gb18030",
    "csiso58gb231280": "gb18030",
    "cn-big5": "big5hkscs",
    "x-x-big5": "big5hkscs",
    "cseucpkdfmtjapanese": "euc-jp",
    "x-euc-jp": "euc-jp",
    "windows-31j": "cp932",
    "cseuckr": "cp949",
    "csksc56011987": "cp949",
    "iso-ir-149": "cp949",
    "ks_c_5601-1989": "cp949",
    "ksc_5601": "cp949",
    "ksc5601": "cp949",
    "korean": "cp949",
    "windows-949": "cp949",
    "unicodefffe": "utf-16-be",
    "csunicode": "utf-16-le",
    "iso-10646-ucs-2": "utf-16-le",
    "ucs-2": "utf-16-le",
    "unicodefeff": "utf-16-le",
}
_CONTROL_BYTES: Final = bytes(b for b in range(32) if b not in b"\t\n\r\f\x1b")
#: The Python codecs of the text encodings a page may be written in: those of the WHATWG
#: Encoding Standard ("Encodings": UTF-8 and UTF-16, the legacy single-byte and the
#: legacy CJK ones), with UTF-32, the Unicode forms, and the supersets Python names
#: apart (GBK, Big5-HKSCS, cp932).  Python knows other codecs by name ("undefined", which
#: refuses every byte; "punycode", "unicode_escape", which reads "\n" in a path as a
#: line break; "base64"), and a page's ``<meta charset>`` must not reach them.
_TEXT_CODECS: Final = frozenset(
    codecs.lookup(name).name
    for name in (
        "utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le",
        "utf-32-be", "cp866", "iso8859-2", "iso8859-3", "iso8859-4", "iso8859-5",
        "iso8859-6", "iso8859-7", "iso8859-8", "iso8859-9", "iso8859-10", "iso8859-11",
        "iso8859-13", "iso8859-14", "iso8859-15", "iso8859-16", "koi8-r", "koi8-u",
        "mac-roman", "mac-cyrillic",
        "cp874", "cp1250", "cp1251", "cp1252", "cp1253", "cp1254", "cp1255", "cp1256",
        "cp1257", "cp1258", "latin-1", "ascii", "cp437", "cp850", "cp852", "cp855",
        "gb18030", "gbk", "gb2312", "hz", "big5", "big5hkscs", "cp950", "euc-jp", "iso2022-jp",
        "shift_jis", "cp932", "euc-jis-2004", "shift_jis_2004", "euc-kr", "cp949",
        "iso2022-kr", "johab", "tis-620",
    )
)  # fmt: skip


def _codec_name(label: str | None) -> str | None:
    """The Python codec for an encoding label, or None for an unknown label or one that
    names no text encoding (:data:`_TEXT_CODECS`)."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    label = _BROWSER_ALIASES.get(label, label)
    try:
        name = codecs.lookup(label).name
    except (LookupError, ValueError):  # ValueError: a label holding a NUL character
        return None
    return name if name in _TEXT_CODECS else None


def given_encoding(label: str | None) -> str | None:
    """The Python codec for the charset the caller gave (``encoding=``), None when none
    was given.  Unlike a page's own declaration, which is checked against the bytes and
    dropped when wrong, a label the caller gives must name a text encoding: a misspelt
    one would otherwise be ignored on every page without a word.  Raises
    :class:`UnknownEncodingError`."""
    if label is None:
        return None
    codec = _codec_name(label)
    if codec is not None:
        try:
            # "base64", "rot13" and "zlib" are codecs, but bytes.decode refuses them,
            b"a".decode(codec, errors="replace")
        except (LookupError, UnicodeError):  # and "idna" takes no "replace"
            codec = None
    if codec is None:
        raise UnknownEncodingError(
            f"unknown character encoding {label!r} (give a charset name such as "
            '"utf-8", "windows-1252" or "shift_jis")'
        )
    return codec


#: Encodings a page may not declare for itself: UTF-7, which the WHATWG Encoding
#: Standard does not list and browsers ignore (it turns "+ADw-script+AD4-" into markup,
#: a known way past filters), and the 16- and 32-bit Unicode forms, which a declaration
#: found in ASCII bytes cannot be right about (the HTML Standard reads such a
#: declaration as UTF-8: "Determining the character encoding", the prescan's "change
#: the encoding" steps).
UNDECLARABLE: Final = ("utf-7", "utf-16", "utf-32")


def _two_or_four_bytes(codec: str) -> bool:
    return codec.startswith(("utf-16", "utf-32"))


def declared_encoding(data: bytes) -> str | None:
    """The codec named by the page's ``<meta charset>`` or ``http-equiv`` declaration;
    UTF-8 for a declared UTF-16 or UTF-32, None for UTF-7 (see :data:`UNDECLARABLE`)."""
    match = _META_CHARSET.search(data, 0, META_PRESCAN_BYTES)
    codec = _codec_name(match.group(1).decode("ascii", "replace")) if match else None
    if codec is None or not codec.startswith(UNDECLARABLE):
        return codec
    return "utf-8" if _two_or_four_bytes(codec) else None


#: The first bytes of file formats that are not HTML, whatever their other bytes look
#: like: a PDF or PostScript file may be plain ASCII, and would otherwise be read as a
#: page of its raw source.
NOT_HTML_SIGNATURES: Final = {
    b"%PDF-": "a PDF document",
    b"%!PS": "a PostScript document",
    b"\x89PNG\r\n\x1a\n": "a PNG image",
    b"GIF87a": "a GIF image",
    b"GIF89a": "a GIF image",
    b"\xff\xd8\xff": "a JPEG image",
    b"PK\x03\x04": "a ZIP archive (or an Office document)",
}


def _not_html(data: bytes) -> str | None:
    """What the input is, when its first bytes name a format that is not HTML."""
    head = data[:16].lstrip()
    for signature, kind in NOT_HTML_SIGNATURES.items():
        if head.startswith(signature):
            return kind
    return None


def _looks_binary(data: bytes) -> bool:
    sample = data[:4096]
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    return controls > BINARY_CONTROL_SHARE * len(sample)


#: Share of zero bytes at one parity (odd or even offsets) of a page's first bytes, with
#: almost none at the other, that marks UTF-16 without a byte-order mark: the markup and
#: Latin text of an HTML page are ASCII, whose UTF-16 form has a zero high byte.
UTF16_ZERO_SHARE: Final = 0.3
_UTF16_OTHER_ZERO_SHARE: Final = 0.05


def _utf16_without_bom(data: bytes) -> str | None:
    """``"utf-16-le"`` or ``"utf-16-be"`` when the zero bytes say the page is UTF-16 (see
    :data:`UTF16_ZERO_SHARE`), else None."""
    sample = data[:4096]
    even, odd = sample[0::2], sample[1::2]
    if not even or not odd:
        return None
    zeros_even, zeros_odd = even.count(0) / len(even), odd.count(0) / len(odd)
    if zeros_odd >= UTF16_ZERO_SHARE and zeros_even <= _UTF16_OTHER_ZERO_SHARE:
        codec = "utf-16-le"
    elif zeros_even >= UTF16_ZERO_SHARE and zeros_odd <= _UTF16_OTHER_ZERO_SHARE:
        codec = "utf-16-be"
    else:
        return None
    # ... and the text it gives must look like markup (binary data can put its zeros on
    # one parity too).
    text = sample[: len(sample) // 2 * 2].decode(codec, errors="replace")
    return codec if _reads_as_markup(text) else None


def _reads_as_markup(text: str) -> bool:
    """Whether decoded text looks like a page: some "<", few control characters."""
    controls = sum(1 for char in text if char < " " and char not in "\t\n\r\f")
    return "<" in text and controls <= BINARY_CONTROL_SHARE * len(text)


def decode(data: bytes, *, encoding: str | None = None) -> str:
    """Decode page bytes to text.

    Order: byte-order mark; ``encoding`` (what an HTTP ``Content-Type`` header said);
    the page's own declaration; UTF-8 when the bytes are valid UTF-8; then
    charset-normalizer.  A declaration is trusted only if the bytes decode under it, and
    a single-byte declaration loses to valid multi-byte UTF-8, which is the most common
    way pages lie about their charset.  Raises :class:`ExtractionError` for data that is
    not text, :class:`UnknownEncodingError` for an ``encoding`` that names no charset.
    """
    return decode_with_utf8_flag(data, encoding)[0]


def decode_with_utf8_flag(data: bytes, encoding: str | None) -> tuple[str, bool]:
    """:func:`decode`, and whether the text is the bytes read as UTF-8 without a single
    replacement (so that encoding the text again would give back the same bytes, which
    the parser then reads without a second encoding)."""
    given = given_encoding(encoding)  # checked first: a wrong label is an error on any page
    for bom, bom_codec in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(bom_codec, errors="replace"), False
    if given is not None and _two_or_four_bytes(given):
        # The caller's UTF-16 or UTF-32: right when the bytes read as markup under it
        # (read before the zero bytes of its characters count as binary or are dropped), else
        # wrong, like a single-byte label over UTF-8 (an 8-bit page with a stray NUL read
        # as UTF-16 is CJK-looking nonsense without a "<").
        head = data[:4096].decode(given, errors="replace")
        if _reads_as_markup(head):
            return data.decode(given, errors="replace"), False
        given = None
    wide = _utf16_without_bom(data) if b"\x00" in data else None
    if wide is not None:
        return data.decode(wide, errors="replace"), False
    kind = _not_html(data)
    if kind is not None:
        raise ExtractionError(f"input is {kind}, not HTML")
    if _looks_binary(data):
        raise ExtractionError("input looks binary (too many control bytes), not HTML")
    # Stray NUL bytes in an 8-bit or UTF-8 page: the HTML parser drops NUL from text
    # (HTML standard, "data state"), and left in they make a detector take the page for
    # UTF-16.
    if b"\x00" in data:
        data = data.replace(b"\x00", b"")
    candidates = [given, declared_encoding(data)]
    utf8 = _utf8_text(data)
    for codec in candidates:
        if codec is None:
            continue
        if codec == "utf-8":
            if utf8 is not None:
                return utf8, True
            nearly = _nearly_utf8(data, MIN_VALID_PER_BAD_DECLARED)
            if nearly is not None:
                return nearly, False
            continue
        if not data.isascii() and _is_single_byte(codec):
            if utf8 is not None:
                return utf8, True
            nearly = _nearly_utf8(data, MIN_VALID_PER_BAD_UNDECLARED)
            if nearly is not None:
                return nearly, False
        try:
            text = data.decode(codec)
        except (UnicodeError, LookupError):
            continue
        if not data.isascii() and _is_single_byte(codec):
            return _checked_label(data, codec, text), False
        return text, False
    if utf8 is not None:
        return utf8, True
    nearly = _nearly_utf8(data, MIN_VALID_PER_BAD_UNDECLARED)
    if nearly is not None:
        return nearly, False
    return _detect(data), False


#: Text that was encoded to UTF-8 twice (read as Latin-1 once between): each character
#: of the page is then two to four characters, the first in U+00C2–U+00F4 (a UTF-8
#: lead byte read as Latin-1), the others in U+0080–U+00BF (continuation bytes), and
#: "’" shows as "â" and two invisible C1 controls.  In UTF-8, a lead-byte character
#: (C3 82–C3 B4) followed by the right number of continuation characters (C2 80–C2 BF).
_DOUBLE_UTF8: Final = re.compile(
    rb"\xc3[\x82-\x9f]\xc2[\x80-\xbf]"
    rb"|\xc3[\xa0-\xaf](?:\xc2[\x80-\xbf]){2}"
    rb"|\xc3[\xb0-\xb4](?:\xc2[\x80-\xbf]){3}"
)
#: A C1 control character (U+0080–U+009F) in UTF-8: never text a page means to show
#: (the HTML standard makes ``&#128;``–``&#159;`` windows-1252 characters, and a raw one
#: a parse error), so a double-encoded sequence holding one cannot be real text.
_C1_CONTROL: Final = re.compile(rb"\xc2[\x80-\x9f]")
#: Double-encoded sequences with a C1 control a page needs before its other double-encoded
#: sequences ("Ã©" for "é", which alone could be real text) are undone too: the WCXB
#: pages that went through a double encoding whole hold 5 to 904, those with a stray
#: broken quotation in a CMS field 1 or 2.
MIN_DOUBLE_ENCODED: Final = 3


def undo_double_utf8(data: bytes) -> bytes:
    """UTF-8 ``data`` with a double UTF-8 encoding undone where it plainly went through
    one; ``data`` itself when nothing is undone.

    Crawls hold such pages (their UTF-8 read as Latin-1 and stored again), which a
    browser shows garbled ("computerâ", two C1 controls, "s"); the text means
    "computer’s", which is what a reader of the extracted text needs and a search index
    can match.  A sequence that holds a C1 control is always undone; every other one
    too on a page with :data:`MIN_DOUBLE_ENCODED` of those."""
    if not _C1_CONTROL.search(data):
        return data
    sequences = _DOUBLE_UTF8.findall(data)
    with_control = sum(1 for sequence in sequences if _C1_CONTROL.search(sequence))
    if not with_control:
        return data
    every = with_control >= MIN_DOUBLE_ENCODED

    def undo(match: re.Match[bytes]) -> bytes:
        sequence = match.group()
        if not every and not _C1_CONTROL.search(sequence):
            return sequence
        original = sequence.decode("utf-8").encode("latin-1")
        try:
            original.decode("utf-8")
        except UnicodeDecodeError:  # "\u00e0\u0080\u0080": an overlong form, no character
            return sequence
        return original

    return _DOUBLE_UTF8.sub(undo, data)


def _utf8_text(data: bytes) -> str | None:
    """The bytes decoded as UTF-8, or None when they are not valid UTF-8 (decoded once,
    both to check and to keep)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


#: A page whose bytes are UTF-8 but for a few bad sequences (cut off in the middle of a
#: character, as crawls cut pages at a size limit, or with a stray byte) is read as UTF-8
#: with each bad sequence replaced by U+FFFD, as browsers read a page declared UTF-8
#: (the WHATWG Encoding Standard's UTF-8 decoder, error mode "replacement").  A page in
#: a single-byte charset labelled UTF-8 is told apart by its valid multi-byte characters:
#: it has next to none, since nearly every non-ASCII byte of it starts a bad sequence.
#: Declared (or given) UTF-8 needs as many valid multi-byte characters as bad sequences.
MIN_VALID_PER_BAD_DECLARED: Final = 1
#: An undeclared page (or one declared in a single-byte charset) needs this many valid
#: multi-byte characters for each bad sequence: text in a single-byte charset holds a
#: valid one only by chance ("Ã©" would be one), and a page of a few bad bytes among
#: thousands of characters passes.  A single bad sequence at the very end (a character
#: cut off) is dropped on any page.
MIN_VALID_PER_BAD_UNDECLARED: Final = 3
#: Bytes a UTF-8 character takes at most, so a cut leaves at most this many less one.
_UTF8_MAX_BYTES: Final = 4
_REPLACEMENT_BYTES: Final = "\ufffd".encode()
#: UTF-16 surrogates written as UTF-8 (U+D800 to U+DFFF): three bytes that are no
#: character (RFC 3629, §3).
_ENCODED_SURROGATE: Final = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]")


def _nearly_utf8(data: bytes, min_valid_per_bad: int) -> str | None:
    """``data`` read as UTF-8 when it is UTF-8 but for a few bad sequences
    (:data:`MIN_VALID_PER_BAD_DECLARED`); None when it is not."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.end == len(data) and error.start > len(data) - _UTF8_MAX_BYTES:
            cut = _utf8_text(data[: error.start])  # a character cut off at the end
            if cut is not None:
                return cut
    else:
        return None  # valid: not this function's case
    text = data.decode("utf-8", errors="replace")
    # an encoded surrogate (CESU-8's halves, a lone one from a careless encoder) is one
    # bad sequence, which the decoder replaces byte by byte
    surrogates = len(_ENCODED_SURROGATE.findall(data))
    replaced = text.count("\ufffd") - data.count(_REPLACEMENT_BYTES)
    bad = replaced - 2 * surrogates
    valid = len(text) - len(text.encode("ascii", errors="ignore")) - replaced
    if valid >= 1 and valid >= min_valid_per_bad * bad:
        return text
    return None


def _is_single_byte(codec: str) -> bool:
    return codec.startswith(("cp", "iso8859", "latin", "mac", "koi8", "tis", "windows"))


#: The Windows code page written for the script of each ISO-8859 part whose letters it
#: keeps in the same places, mostly (windows-1250 moves six of ISO-8859-2's, "ą", "ś",
#: "ź" and their capitals among them), with printable characters (dashes, quotation
#: marks, windows-1250's "ś" and "ź") where the ISO part has C1 control codes (ISO/IEC
#: 8859 leaves 0x80-0x9F to ISO/IEC 6429's controls, which no page means to show).
#: Not ISO-8859-4, -5 and -6: windows-1257, -1251 and -1256 place their letters
#: elsewhere, and a Russian ISO-8859-5 page with one pasted quotation mark read as
#: windows-1251 is Cyrillic nonsense that no count of odd characters tells apart.
#: Latin-1 and Latin-5 are missing: browsers read those labels as windows-1252 and
#: windows-1254 already (:data:`_BROWSER_ALIASES`).
WINDOWS_OF_ISO: Final = {
    "iso8859-2": "cp1250",
    "iso8859-7": "cp1253",
    "iso8859-8": "cp1255",
    "iso8859-13": "cp1257",
    "iso8859-15": "cp1252",
}
_C1_BYTE: Final = re.compile(rb"[\x80-\x9f]")
#: How implausible (charset-normalizer's "mess" of the text, markup left out) the reading
#: under a page's single-byte label may be before the detector is asked.  Read under the
#: right code page, the sample pages of ``tests/test_charset.py`` and newcomers' forum
#: and blog pages measure 0.00 to 0.07; read under a label of another script, 1.0 to 2.9
#: (Cyrillic or CJK as Latin), and 0.5 at least among those measured but three (Polish
#: as Cyrillic, 0.13 to 0.47, are left as labelled).
MISLABEL_MESS: Final = 0.5
#: How much less implausible the detector's reading must be to overrule the label.
MISLABEL_MARGIN: Final = 0.3
#: Characters of a page's text the mess is measured on (charset-normalizer's own
#: samples are of this order; the measure takes under a millisecond).
MESS_SAMPLE_CHARS: Final = 20_000


def _mess(text: str) -> float:
    """charset-normalizer's measure of how implausible ``text`` is as written text
    (accented letters in runs, symbols inside words, letters of scripts mixed; 0 is
    clean), on the first :data:`MESS_SAMPLE_CHARS` characters outside markup."""
    from charset_normalizer.md import mess_ratio  # imported lazily, as in _detect

    return float(
        mess_ratio(_MARKUP.sub(" ", text[: 4 * MESS_SAMPLE_CHARS])[:MESS_SAMPLE_CHARS], 1.0)
    )


#: A character of the C1 controls or Latin-1's symbols (U+0080-U+00BF) that touches a
#: letter: what the wrong one of two code pages of a script makes of its letters ("gę¶l±"
#: for "gęślą" read in windows-1250, "wcze\x9cniej" for "wcześniej" in ISO-8859-2).
_ODD_BESIDE_LETTER: Final = re.compile(r"[\x80-\xbf](?=[^\W\d_])|(?<=[^\W\d_])[\x80-\xbf]")


def _windows_reading(data: bytes, codec: str, text: str) -> tuple[str, str]:
    """``data`` read in ``codec`` (as ``text``), mended where it is an ISO-8859 part and
    the bytes hold its C1 control codes, which no page means to show; with the codec
    chosen.

    Where one of those bytes is a letter in the Windows code page of the part's script
    (windows-1250's "ś" and "ź" at 0x9C and 0x9F), the page is in that code page (Polish
    windows-1250 labelled ISO-8859-2), and is read so when fewer controls and symbols
    touch letters that way (:data:`_ODD_BESIDE_LETTER`).  Where they are punctuation
    only (a pair of quotation marks or a dash pasted from a Windows program into a
    right ISO page), the page's letters are its label's, and only those controls are
    read as the Windows code page's punctuation (:func:`_c1_as_windows`): read whole
    in windows-1250, a Czech page's "š" and "ž" were "ą" and "ľ", and an ISO-8859-15
    page's "€" was "¤"."""
    if _C1_BYTE.search(data) is None:
        return text, codec
    name = codecs.lookup(codec).name  # the detector's "iso8859_2"
    if not name.startswith("iso8859"):
        return text, codec
    windows = WINDOWS_OF_ISO.get(name)
    if windows is not None and any(
        bytes([byte]).decode(windows, errors="ignore").isalpha()
        for byte in set(data[match.start()] for match in _C1_BYTE.finditer(data))
    ):
        try:
            other = data.decode(windows)
        except UnicodeError:
            other = None
        odd = _ODD_BESIDE_LETTER.findall
        if other is not None and len(odd(other)) < len(odd(text)):
            return other, windows
    return _c1_as_windows(text, windows or "cp1252"), codec


def _c1_as_windows(text: str, windows: str) -> str:
    """``text`` with each C1 control code that is punctuation in the code page
    ``windows`` (its quotation marks, dashes, ellipsis; windows-1252's for a script
    without one that keeps its letters' places) read as that punctuation."""
    table: dict[int, str] = {}
    for code in range(0x80, 0xA0):
        if chr(code) in text:
            shown = bytes([code]).decode(windows, errors="ignore")
            if shown and not shown.isalpha():
                table[code] = shown
    return text.translate(table) if table else text


def _checked_label(data: bytes, codec: str, text: str) -> str:
    """A page's single-byte label (its ``<meta>`` or the caller's), checked against its
    bytes, which are not UTF-8: ``text`` (``data`` read under ``codec``), unless the
    bytes show the label wrong.

    Two mistakes are common, and browsers show such pages garbled too (the HTML Standard
    trusts the label): the ISO label of a page in the Windows code page of its script
    (:func:`_windows_reading`: Polish windows-1250 labelled ISO-8859-2, its "ś" and dashes
    lost as control codes), and the label of another script (a template's windows-1252
    over a Russian windows-1251 page: "Ñúåøü æå"), whose reading is implausible text
    (:data:`MISLABEL_MESS`); then the detector's reading is taken when it is plausible
    enough (:data:`MISLABEL_MARGIN`)."""
    text, codec = _windows_reading(data, codec, text)
    mess = _mess(text)
    if mess < MISLABEL_MESS:
        return text
    found, found_codec = _detected(data)
    detected, _ = _windows_reading(data, found_codec, found)
    return detected if _mess(detected) + MISLABEL_MARGIN <= mess else text


#: How much more "chaos" (charset-normalizer's measure of implausible characters) the
#: browsers' default reading may show than the detector's first choice and still win.
WINDOWS_1252_PREFERENCE: Final = 0.2
_LATIN_SINGLE_BYTE: Final = ("cp125", "iso8859", "mac_", "latin")

#: The encoding browsers fall back to for an undeclared legacy page, by the language of
#: their user: the HTML Standard's table of suggested defaults ("Determining the character
#: encoding", in "Parsing HTML documents"), derived from the defaults of Windows, Chrome
#: and Firefox.  We read the page's own ``<html lang>`` as that language; a language not
#: listed, or none, falls back to windows-1252.
LOCALE_DEFAULT_ENCODINGS: Final = {
    "ar": "cp1256",
    "ba": "cp1251",
    "be": "cp1251",
    "bg": "cp1251",
    "cs": "cp1250",
    "el": "iso8859_7",
    "et": "cp1257",
    "fa": "cp1256",
    "he": "cp1255",
    "hr": "cp1250",
    "hu": "iso8859_2",
    "ja": "shift_jis",
    "kk": "cp1251",
    "ko": "cp949",
    "ku": "cp1254",
    "ky": "cp1251",
    "lt": "cp1257",
    "lv": "cp1257",
    "mk": "cp1251",
    "pl": "iso8859_2",
    "ru": "cp1251",
    "sah": "cp1251",
    "sk": "cp1250",
    "sl": "iso8859_2",
    "sr": "cp1251",
    "tg": "cp1251",
    "th": "cp874",
    "tr": "cp1254",
    "tt": "cp1251",
    "uk": "cp1251",
    "vi": "cp1258",
    "zh-cn": "gb18030",
    "zh-tw": "big5",
}
_HTML_LANG: Final = re.compile(
    rb"""<html\b[^>]{0,512}?\blang\s*=\s*["']?\s*([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{2,4}))?""",
    re.IGNORECASE,
)
_TRADITIONAL_CHINESE: Final = frozenset({"tw", "hk", "mo", "hant"})


def _language_default(language: str, region: str = "") -> str:
    """The codec of :data:`LOCALE_DEFAULT_ENCODINGS` for an ISO 639 code (and, for
    Chinese, its region or script)."""
    language = language.lower()
    if language == "zh":
        language = "zh-tw" if region.lower() in _TRADITIONAL_CHINESE else "zh-cn"
    return LOCALE_DEFAULT_ENCODINGS.get(language, "cp1252")


def default_encoding(data: bytes) -> str:
    """The codec browsers would fall back to for this page (see
    :data:`LOCALE_DEFAULT_ENCODINGS`), by its ``<html lang>``."""
    match = _HTML_LANG.search(data, 0, META_PRESCAN_BYTES)
    if match is None:
        return "cp1252"
    return _language_default(
        match.group(1).decode("ascii"), (match.group(2) or b"").decode("ascii")
    )


#: Markup, scripts and styles, left out of the text a decoding is judged by.
_MARKUP: Final = re.compile(
    r"<(script|style)\b.*?(?:</\1\s*>|\Z)|<[^<>]*>", re.DOTALL | re.IGNORECASE
)  # a script never closed runs to the end, as the parser reads it (and in linear time)
#: How many of the detector's plausible decodings are read for their language.
MAX_LANGUAGE_TRIALS: Final = 6


def _read_as_its_language(data: bytes, matches: list[Any]) -> str | None:
    """For a page that names no language: the first of the detector's plausible
    decodings whose text reads, to the language detector (CLD2), as a language whose
    legacy encodings include that one (a Turkish page read as windows-1254, which CLD2
    then calls Turkish; read as windows-1252 it says "Ýstanbul" and is still called
    Turkish, whose encodings do not include windows-1252).  This is the browsers' own
    fallback by language (:data:`LOCALE_DEFAULT_ENCODINGS`), with the language read
    from the text where the page does not name it, as Firefox's detector (chardetng)
    and Chromium's (CED) tell Latin code pages apart by the language they give."""
    from unboiler.language import detect  # imported lazily: CLD2 is needed here only

    for match in matches[:MAX_LANGUAGE_TRIALS]:
        codec = match.encoding
        text = _MARKUP.sub(" ", data[:200_000].decode(codec, errors="replace"))
        language = detect(text)
        if language is None:
            continue
        default = _language_default(language)
        family = (default, *_SAME_LANGUAGE_ENCODINGS.get(default, ()))
        if codec not in family and not any(n in family for n in match.could_be_from_charset):
            continue
        # The language's encodings that the detector finds plausible, the browsers'
        # default first (Polish reads as Polish in windows-1250 too, with "ś" as "¶");
        # a match stands for every encoding that gives the same text.
        readings = {
            name for other in matches for name in (other.encoding, *other.could_be_from_charset)
        }
        return next(name for name in family if name in readings)
    return None


#: The other encodings in use for the languages of each default above: a page of that
#: language read as one of them by the detector keeps it (Russian pages come in KOI8-R
#: as often as in windows-1251; Japanese in EUC-JP as in Shift_JIS).
_SAME_LANGUAGE_ENCODINGS: Final = {
    "cp1251": ("koi8_r", "koi8_u", "iso8859_5", "cp866", "mac_cyrillic", "kz1048"),
    "shift_jis": ("cp932", "euc_jp", "euc_jis_2004", "euc_jisx0213", "shift_jis_2004"),
    "cp949": ("euc_kr", "johab"),
    "gb18030": ("gbk", "gb2312", "hz"),
    "big5": ("big5hkscs", "cp950"),
    "iso8859_2": ("cp1250",),
    "cp1250": ("iso8859_2",),
    "cp1253": ("iso8859_7",),
    "iso8859_7": ("cp1253",),
    "cp1254": ("iso8859_9",),
    "cp1255": ("iso8859_8",),
    "cp1256": ("iso8859_6",),
    "cp1257": ("iso8859_13", "iso8859_4"),
    "cp874": ("tis_620", "iso8859_11"),
}


def _detect(data: bytes) -> str:
    """Decode with the encoding charset-normalizer finds most plausible, corrected by the
    encoding browsers fall back to for the page's language (:func:`default_encoding`).

    The statistics of a short text decide little between code pages (a French paragraph
    reads almost as well in Baltic cp1257, a Polish one in Nordic ISO-8859-10, Japanese
    EUC-JP as Korean EUC-KR).  So when the detector's first choice is not an encoding of
    the page's language, the fallback a browser would use (windows-1252, by far the most
    common legacy encoding of the web, when the page names no language or a Western
    one) or else another encoding of that language is taken instead, if it is nearly as
    plausible.  With no language named, the language the text reads as chooses among the
    plausible decodings (:func:`_read_as_its_language`); failing that, only a Latin
    first choice is overruled, for windows-1252.
    """
    text, codec = _detected(data)
    return _windows_reading(data, codec, text)[0] if _is_single_byte(codec) else text


def _detected(data: bytes) -> tuple[str, str]:
    """:func:`_detect`'s reading before its check of ISO control codes, and its codec."""
    from charset_normalizer import from_bytes  # imported lazily: most pages never need it

    matches = list(from_bytes(data[:200_000]))
    if not matches:
        # random bytes with a few control bytes less than BINARY_CONTROL_SHARE end here
        raise ExtractionError("input looks binary (no text encoding reads it), not HTML")
    best = matches[0]
    preferred = default_encoding(data)
    chosen = best.encoding
    if preferred != "cp1252" or best.encoding.startswith(_LATIN_SINGLE_BYTE):
        chosen = _preferred_reading(data, matches, preferred)
    return data.decode(chosen, errors="replace"), chosen


def _preferred_reading(data: bytes, matches: list[Any], preferred: str) -> str:
    """The codec among the detector's ``matches`` that :func:`_detect` prefers for a
    page whose browsers' default is ``preferred``."""
    best = matches[0]
    family = (preferred, *_SAME_LANGUAGE_ENCODINGS.get(preferred, ()))
    plausible = [m for m in matches if m.chaos - best.chaos <= WINDOWS_1252_PREFERENCE]
    if _HTML_LANG.search(data, 0, META_PRESCAN_BYTES) is None:
        by_language = _read_as_its_language(data, plausible)
        if by_language is not None:
            return by_language
    if best.encoding in family:
        return str(best.encoding)
    for codec in family:  # the browsers' default first
        for match in plausible:
            # a match stands for every encoding that gives the same text
            if codec == match.encoding or codec in match.could_be_from_charset:
                return codec
    return str(best.encoding)


__all__ = [
    "BINARY_CONTROL_SHARE",
    "LOCALE_DEFAULT_ENCODINGS",
    "MESS_SAMPLE_CHARS",
    "META_PRESCAN_BYTES",
    "MIN_VALID_PER_BAD_DECLARED",
    "MIN_VALID_PER_BAD_UNDECLARED",
    "MISLABEL_MARGIN",
    "MISLABEL_MESS",
    "NOT_HTML_SIGNATURES",
    "UNDECLARABLE",
    "UTF16_ZERO_SHARE",
    "WINDOWS_1252_PREFERENCE",
    "WINDOWS_OF_ISO",
    "declared_encoding",
    "decode",
    "decode_with_utf8_flag",
    "default_encoding",
    "given_encoding",
]
