"""Links to other stories set between an article's paragraphs ("Baca juga: ...").

News sites break their articles with a line that sends the reader to another story: a
label that says so and the story's linked headline ("Baca juga: Beras Impor dari
Thailand Tiba di Tanjung Priok", "Lire aussi : ...", "Leia também: ...").  The line sits
inside the article's element, between its paragraphs, so the model's context reads it
as the article's, and the rule that keeps short lines between kept ones keeps it even
when the model does not (a newcomer's Indonesian news kept both of its two).  A kept
block that opens with such a label and whose words are mostly linked is left out
(:func:`read_also_links`).  A label alone is left to the model: it may head a list
that the page's furniture rules judge.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Final

import numpy as np
import numpy.typing as npt

#: The labels, in the languages whose news sites write them most, lower case: English,
#: Indonesian and Malay, French, German, Spanish, Portuguese, Italian, Dutch, Polish,
#: Czech, Russian, Ukrainian, Vietnamese, Turkish, Arabic (with and without the final
#: tanwin), Chinese (simplified and traditional), Japanese, Korean and Hindi.  "See
#: also" is not among them: a wiki's "See also:" line names the article's related
#: topics, which are its own.  A label alone over a list of links is left to the model
#: too: held out, dropping it with the links under it took scrapinghub from 0.96742 to
#: 0.96706 (an Italian site's "Leggi anche" box, which the gold keeps).
READ_ALSO_LABELS: Final = (
    "read also",
    "also read",
    "read more",
    "related",
    "baca juga",
    "simak juga",
    "lihat juga",
    "baca lagi",
    "lire aussi",
    "à lire aussi",
    "a lire aussi",
    "lire également",
    "lesen sie auch",
    "auch interessant",
    "mehr zum thema",
    "lee también",
    "lea también",
    "leia também",
    "leia mais",
    "veja também",
    "leggi anche",
    "lees ook",
    "czytaj także",
    "czytaj też",
    "zobacz także",
    "zobacz też",
    "čtěte také",
    "читайте также",
    "читайте також",
    "đọc thêm",
    "xem thêm",
    "ayrıca okuyun",
    "اقرأ أيضا",
    "اقرأ أيضاً",
    "اقرأ أيضًا",
    "延伸阅读",
    "延伸閱讀",
    "相关阅读",
    "相關閱讀",
    "関連記事",
    "관련기사",
    "관련 기사",
    "यह भी पढ़ें",
    "ये भी पढ़ें",
    "इसे भी पढ़ें",
)
#: Labels in brackets or after a pointer, as Japanese, Korean and Chinese portals write
#: them ("【関連記事】", "[관련기사]", "▶ 관련기사:"): the closing bracket is the separator.
_LABEL: Final = re.compile(
    r"^\s*[【\[▶►■]?\s*(?:"
    + "|".join(re.escape(unicodedata.normalize("NFC", label)) for label in READ_ALSO_LABELS)
    + r")(?:\s*[】\]]\s*|\s*[:：»>|]\s*|\s+[–—-]\s+)",
    re.IGNORECASE,
)
#: The most words of such a line: a label and a headline.
MAX_READ_ALSO_WORDS: Final = 30
#: The least share of its words that are linked: the headline is the link.
MIN_LINKED_SHARE: Final = 0.6


def is_read_also(text: str, words: float, linked: float) -> bool:
    """Whether a block of ``words`` words, ``linked`` of them in links, with the text
    ``text`` is a label of :data:`READ_ALSO_LABELS` followed by a separator and a linked
    headline."""
    return (
        0 < words <= MAX_READ_ALSO_WORDS
        and linked >= MIN_LINKED_SHARE * words
        and (match := _LABEL.match(text := unicodedata.normalize("NFC", text))) is not None
        and bool(text[match.end() :].strip())
    )


def read_also_links(
    text_of: Callable[[int], str],
    words: npt.NDArray[np.float64],
    linked: npt.NDArray[np.float64],
    keep: npt.NDArray[np.bool_],
) -> npt.NDArray[np.bool_]:
    """``keep`` without the kept blocks that send the reader to another story
    (:func:`is_read_also`; ``text_of(index)``: a block's text, ``linked``: its linked
    words)."""
    eligible = keep & (words > 0) & (words <= MAX_READ_ALSO_WORDS) & (linked > 0)
    found = [
        index
        for index in np.flatnonzero(eligible).tolist()
        if is_read_also(text_of(index), float(words[index]), float(linked[index]))
    ]
    if not found:
        return keep
    result = keep.copy()
    result[found] = False
    return result


__all__ = [
    "MAX_READ_ALSO_WORDS",
    "MIN_LINKED_SHARE",
    "READ_ALSO_LABELS",
    "is_read_also",
    "read_also_links",
]
