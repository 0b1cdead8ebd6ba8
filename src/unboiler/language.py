"""The language of a page, and what the extractors need to know about languages.

Detection uses CLD2, Chromium's Compact Language Detector 2 (through ``pycld2``): its
model is compiled into the extension, so nothing is downloaded at run time; it tells
about 80 languages apart and takes well under a millisecond for a page's text, which
matters when it runs on every page.  Its answer is used when CLD2 calls it reliable;
otherwise the page's own ``<html lang>`` declaration is taken, and with neither the
language stays unknown (``None``): nothing here ever assumes English.

Stop lists come from Stopwords ISO (the ``stopwordsiso`` package, MIT licence, 58
languages), a maintained collection of function-word lists, loaded lazily and cached
per language.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Final

from unboiler.document import TextDocument
from unboiler.errors import ExtractorOptionError
from unboiler.tags import within

#: Characters of page text handed to the detector: a few paragraphs decide the language
#: as well as the whole page, and long pages cost no more than short ones.
MAX_DETECTION_CHARS: Final = 20_000
#: Blocks with at least this many words are running text; menus and buttons are left
#: out of the sample, since their words (often English on any page) mislead the
#: detector.  When no block is that long, every block is used.
MIN_DETECTION_WORDS: Final = 10

#: Share (per cent) of the text CLD2 recognised that must be in one language for it
#: to be the page's language when CLD2 does not call its answer reliable: CLD2 is
#: cautious with text that mixes scripts, such as Chinese news full of English product
#: names, where most of what it recognises is still one language.
MIN_LANGUAGE_SHARE: Final = 70

#: Languages written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
#: Burmese): counts over whitespace tokens, such as jusText's stop-word density, mean
#: nothing for them.
UNSPACED_LANGUAGES: Final = frozenset({"zh", "ja", "th", "lo", "km", "my"})

# Codes that ISO 639-1 replaced but that detectors and pages still use (CLD2 says "iw"
# for Hebrew), and Norwegian Bokmål and Nynorsk, which share one stop list.
_REPLACED_CODES: Final = {"iw": "he", "in": "id", "ji": "yi", "jw": "jv", "nb": "no", "nn": "no"}
# The three-letter codes of ISO 639-2 (terminology and bibliographic) and ISO 639-3 for
# the languages that have a two-letter code and a stop list here, or no spaces between
# words: BCP 47 wants the two-letter code, but "eng" and "ger" are what many callers and
# some pages write.
_THREE_LETTER_CODES: Final = {
    "afr": "af", "ara": "ar", "bul": "bg", "ben": "bn", "bre": "br", "cat": "ca",
    "ces": "cs", "cze": "cs", "dan": "da", "deu": "de", "ger": "de", "ell": "el",
    "gre": "el", "eng": "en", "epo": "eo", "spa": "es", "est": "et", "eus": "eu",
    "baq": "eu", "fas": "fa", "per": "fa", "fin": "fi", "fra": "fr", "fre": "fr",
    "gle": "ga", "glg": "gl", "guj": "gu", "hau": "ha", "heb": "he", "hin": "hi",
    "hrv": "hr", "hun": "hu", "hye": "hy", "arm": "hy", "ind": "id", "ita": "it",
    "jpn": "ja", "kor": "ko", "kur": "ku", "lat": "la", "lit": "lt", "lav": "lv",
    "mar": "mr", "msa": "ms", "may": "ms", "nld": "nl", "dut": "nl", "nor": "no",
    "nob": "no", "nno": "no", "pol": "pl", "por": "pt", "ron": "ro", "rum": "ro",
    "rus": "ru", "slk": "sk", "slo": "sk", "slv": "sl", "som": "so", "sot": "st",
    "swe": "sv", "swa": "sw", "tha": "th", "tgl": "tl", "tur": "tr", "ukr": "uk",
    "urd": "ur", "vie": "vi", "yor": "yo", "zho": "zh", "chi": "zh", "zul": "zu",
    "lao": "lo", "khm": "km", "mya": "my", "bur": "my",
}  # fmt: skip
# A BCP 47 language tag: a primary language subtag of two or three letters, then
# optional subtags ("en", "pt-BR", "zh-Hant-TW").
_LANGUAGE_TAG: Final = re.compile(r"([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*")
# Characters CLD2 refuses as "invalid UTF-8": C0 and C1 controls other than whitespace,
# surrogates and the Unicode non-characters.
_UNDETECTABLE: Final = re.compile(
    "[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]"
)


def language_code(tag: str) -> str:
    """The lower-case ISO 639 code of a language tag (``"pt-BR"`` -> ``"pt"``), with
    replaced codes mapped to their current ones and the three-letter codes of languages
    that have a two-letter one mapped to it (``"eng"``, ``"ger"`` -> ``"en"``, ``"de"``).  Raises
    :class:`~unboiler.ExtractorOptionError` (a ``ValueError``) for anything that is not a
    language tag, such as a language's English name."""
    match = _LANGUAGE_TAG.fullmatch(tag.strip())
    if match is None:
        raise ExtractorOptionError(
            f"not a language tag: {tag!r} (give an ISO 639-1 code or BCP 47 tag, "
            'such as "de" or "pt-BR")'
        )
    code = match.group(1).lower()
    code = _THREE_LETTER_CODES.get(code, code)
    return _REPLACED_CODES.get(code, code)


def detect(text: str) -> str | None:
    """The language of ``text`` as an ISO 639 code, or ``None`` when CLD2 finds none
    with confidence (see :data:`MIN_LANGUAGE_SHARE`)."""
    import pycld2  # type: ignore[import-untyped]  # imported lazily: pages with a given language never need it

    sample = _UNDETECTABLE.sub(" ", text[:MAX_DETECTION_CHARS])
    try:
        reliable, _, details = pycld2.detect(sample.encode("utf-8"), isPlainText=True)
    except pycld2.error:
        return None
    shares: dict[str, int] = {}
    for _, code, percent, _ in details:
        if code not in ("un", "xxx"):
            key = language_code(code)  # Chinese comes as "zh" and "zh-Hant"
            shares[key] = shares.get(key, 0) + percent
    if not shares:
        return None
    best = max(shares, key=shares.__getitem__)
    if reliable or 100 * shares[best] >= MIN_LANGUAGE_SHARE * sum(shares.values()):
        return best
    return None


def declared_language(document: TextDocument) -> str | None:
    """The language the page declares on its ``<html>`` element, if it is a tag."""
    tree = document.tree
    root = tree.root if tree is not None else None
    if root is None:
        return None
    declared = root.attributes.get("lang") or root.attributes.get("xml:lang")
    if not declared:
        return None
    try:
        return language_code(declared)
    except ValueError:
        return None


#: Languages so close in writing that a detector tells them apart by a few words only
#: (Bosnian, Croatian, Serbian and Montenegrin in Latin script; Malay and Indonesian):
#: a page that declares one of a group is taken at its word when another of the same
#: group is detected (CLD2 read a Serbian page in Latin script, ``lang="sr-Latn"``, as
#: Bosnian).
CLOSE_LANGUAGES: Final = (frozenset({"bs", "hr", "sr", "sh", "cnr"}), frozenset({"ms", "id"}))


def same_language(first: str, second: str) -> bool:
    """Whether two language codes are one language, or two of a group of
    :data:`CLOSE_LANGUAGES` that a detector tells apart by a few words only."""
    return first == second or any(first in group and second in group for group in CLOSE_LANGUAGES)


#: The elements of code, and how far above a block's element one is looked for.
_CODE: Final = frozenset({"pre", "code"})
CODE_LEVELS: Final = 3


def document_language(document: TextDocument) -> str | None:
    """The language of the page: detected from its running text, code aside (or the one
    the page declares, when that is close to it: :data:`CLOSE_LANGUAGES`), else declared
    by the page, else unknown."""
    blocks = document.blocks
    # code is no language's text: a French page's nginx configuration read as English
    # and won over the page's own declaration (a newcomer's wiki page)
    prose = [block for block in blocks if not within(block.node, _CODE, CODE_LEVELS)]
    running = [block.text for block in prose if block.num_words >= MIN_DETECTION_WORDS]
    sample = "\n".join(running or [block.text for block in prose or blocks])
    detected = detect(sample)
    declared = declared_language(document)
    if detected is None or detected == declared:
        return declared if detected is None else detected
    if declared is not None and same_language(detected, declared):
        return declared
    return detected


def find_language(document: TextDocument) -> bool:
    """Filter: set :attr:`TextDocument.language` from the page when it is not known
    yet (a language the caller gave is kept)."""
    if document.language is not None:
        return False
    document.language = document_language(document)
    return document.language is not None


@dataclass(frozen=True, kw_only=True)
class SetLanguage:
    """Filter: the language the caller gave, which wins over anything on the page."""

    language: str

    def __post_init__(self) -> None:
        # Checked and normalised when the extractor is built, not on every page.
        object.__setattr__(self, "language", language_code(self.language))

    def __call__(self, document: TextDocument) -> bool:
        if document.language == self.language:
            return False
        document.language = self.language
        return True


@functools.lru_cache(maxsize=256)
def stop_words(language: str) -> frozenset[str] | None:
    """The lower-case stop words of ``language`` (an ISO 639-1 code), or ``None`` when
    Stopwords ISO has no list for it."""
    import stopwordsiso  # imported lazily: it reads every list when imported

    code = language_code(language)
    if not stopwordsiso.has_lang(code):
        return None
    return frozenset(word.lower() for word in stopwordsiso.stopwords(code))


__all__ = [
    "MAX_DETECTION_CHARS",
    "MIN_DETECTION_WORDS",
    "MIN_LANGUAGE_SHARE",
    "UNSPACED_LANGUAGES",
    "SetLanguage",
    "declared_language",
    "detect",
    "document_language",
    "find_language",
    "language_code",
    "same_language",
    "stop_words",
]
