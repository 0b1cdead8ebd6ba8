"""An advertisement's label is no content.

News and recipe pages leave a label where an advertisement is placed, inside the
article's text ("Advertisement", "Anzeige", "Publicidad", "Реклама", "広告"): the slot is
filled by a script the page does not hold, so the label stands alone, in the article's
element, between two paragraphs, and the block model keeps it with them.  A block whose
whole text is such a label, in any of the languages of :data:`AD_LABEL`, is left out.

Measured on the default extractor's held-out run (the saved probabilities of
``benchmarks/default_cv.py --load``, this code's rules): readability 0.96167 to 0.96169,
WCXB and scrapinghub unchanged at five decimals; 8 blocks of 4 pages change, none for
the worse.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

import numpy as np
import numpy.typing as npt

#: The labels of an advertisement's slot, whole (case, spaces and punctuation aside):
#: English, German, Spanish, Portuguese, French, Italian, Polish and Czech, Turkish,
#: Russian, Japanese, Chinese, Korean, Dutch, Danish and Norwegian, Swedish, Finnish,
#: Greek, Hebrew, Arabic, Persian, Hindi, Indonesian, Vietnamese, Thai, Hungarian,
#: Romanian; and a sponsor's ("Sponsored", "Gesponsert", "Sponsorowane", Spanish and
#: Portuguese "Anuncio" and "Patrocinado", Japanese blogs' "スポンサーリンク" and "PR"; not
#: "Sponsors", which names the sponsors of a show in its notes).  A word followed by a
#: colon introduces what follows it ("Anuncios:" over a school's announcements,
#: "Sponsored:" over a list), and is no label.
AD_LABEL: Final = re.compile(
    r"^\W*(?:advertisements?|advertising|ads?|anzeigen?|werbung|publicidad|publicidade|"
    r"publicit[ée]|pubblicit[àa]|reklama|reklam|реклама|広告|广告|광고|advertentie|annonce|"
    r"annons|annonse|mainos|διαφήμιση|פרסומת|إعلان|تبلیغات|آگهی|विज्ञापन|iklan|quảng cáo|"
    r"โฆษณา|hirdetés|reclamă|an[uú]ncios?|sponsored|gesponsert|sponsorowane|"
    r"sponsoris[ée]|sponsorizzato|patrocinado|スポンサーリンク|pr)[^\w:：]*$",
    re.IGNORECASE,
)
#: A label is a word or two ("Advertisement", "- Advertisement -" reads as one, "quảng
#: cáo" as two; the word counter parts Japanese "スポンサーリンク" in three); longer text
#: naming an advertisement is a sentence.
MAX_LABEL_WORDS: Final = 3
#: An English label that tells the reader the article goes on past the slot: Hearst's
#: "Advertisement - Continue Reading Below", the New York Times' "Advertisement -
#: Continue reading the main story", "Story continues below advertisement", in at most
#: :data:`MAX_CONTINUATION_WORDS` words.
AD_CONTINUATION: Final = re.compile(
    r"^\W*(?:advertisement|advertising|ad)\W+continues?\s+reading\b[\w\s]*\W*$"
    r"|^\W*(?:the\s+)?(?:story|article)\s+continues\s+(?:below|after)(?:\s+(?:this|the))?"
    r"\s+(?:advertisement|ad)\W*$",
    re.IGNORECASE,
)
MAX_CONTINUATION_WORDS: Final = 8


def ad_labels(
    text_of: Callable[[int], str],
    words: npt.NDArray[np.float64],
    keep: npt.NDArray[np.bool_],
    boxed: npt.NDArray[np.bool_] | None = None,
) -> npt.NDArray[np.bool_]:
    """``keep`` without the kept blocks whose text is an advertisement's label
    (:data:`AD_LABEL`, :data:`AD_CONTINUATION`; ``text_of(index)``: a block's text).
    Blocks ``boxed`` flags (a heading, a table's cell, a list item) are left alone:
    there the word names a subject ("## Advertising", a service's name in a list,
    Andorra's code "AD").  The continuations moved no benchmark page held out (WCXB's
    15 "Advertisement - Continue Reading Below" were dropped by the model already); a
    newcomer's page kept one."""
    eligible = keep & (words > 0) & (words <= MAX_CONTINUATION_WORDS)
    if boxed is not None:
        eligible &= ~boxed
    labels = [
        index
        for index in np.flatnonzero(eligible).tolist()
        if _is_label(text_of(index), words[index] <= MAX_LABEL_WORDS)
    ]
    if not labels:
        return keep
    result = keep.copy()
    result[labels] = False
    return result


def _is_label(text: str, short: bool) -> bool:
    """Whether ``text`` is a bare label (when ``short``) or a label that says the text
    goes on."""
    return (short and AD_LABEL.match(text) is not None) or AD_CONTINUATION.match(text) is not None


__all__ = [
    "AD_CONTINUATION",
    "AD_LABEL",
    "MAX_CONTINUATION_WORDS",
    "MAX_LABEL_WORDS",
    "ad_labels",
]
