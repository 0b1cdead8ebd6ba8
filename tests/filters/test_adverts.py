"""An advertisement's label is left out."""

from __future__ import annotations

import numpy as np
import pytest

import unboiler
from unboiler.filters.adverts import AD_LABEL, ad_labels


@pytest.mark.parametrize(
    "label",
    ["Advertisement", "ADVERTISEMENT", "- Advertisement -", "Ad", "Anzeige", "Publicidad",
     "Publicité", "Реклама", "広告", "إعلان", "تبلیغات", "Publicidade", "Quảng cáo",
     "Anuncio", "Anúncios", "Sponsored", "Sponsorowane", "Gesponsert", "スポンサーリンク",
     "PR", "Hirdetés"],
)  # fmt: skip
def test_labels_in_many_languages(label: str) -> None:
    assert AD_LABEL.match(label)


@pytest.mark.parametrize(
    "text",
    [
        "Advertising works", "Adam", "Ad hoc", "Reklamation", "Add", "PRO", "Sponsored by Acme",
        # a label's colon introduces what follows it: a section, not an ad's slot
        "Sponsors:", "Anuncios:", "Advertising:", "Sponsors",
    ],
)  # fmt: skip
def test_words_that_only_start_like_a_label_are_not_one(text: str) -> None:
    assert not AD_LABEL.match(text)


def test_a_label_that_says_the_article_goes_on_is_one() -> None:
    texts = [
        "Advertisement - Continue Reading Below",
        "ADVERTISEMENT — CONTINUE READING THE MAIN STORY",
        "Story continues below advertisement",
        "Continue reading below",  # no advertisement named: the model's to judge
        "Advertising revenue continues to fall",  # a sentence
        "Advertisement continues reading the room, critics say of the campaign ads",
    ]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    keep = np.ones(len(texts), dtype=bool)
    assert ad_labels(texts.__getitem__, words, keep).tolist() == [
        False, False, False, True, True, True,
    ]  # fmt: skip


def test_only_kept_short_labels_are_left_out() -> None:
    texts = ["Advertisement", "A paragraph about advertising and its history.", "Anzeige", "Ad"]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    keep = np.asarray([True, True, True, False])
    assert ad_labels(texts.__getitem__, words, keep).tolist() == [False, True, False, False]
    plain = np.asarray([False, True, False, False])
    assert ad_labels(texts.__getitem__, words, plain) is plain  # nothing to leave out
    # a heading, a table's cell or a list item names a subject: "## Advertising", "AD"
    boxed = np.asarray([True, False, False, False])
    assert ad_labels(texts.__getitem__, words, keep, boxed).tolist() == [True, True, False, False]


def test_the_default_extractor_leaves_out_an_ad_slots_label() -> None:
    paragraph = (
        "<p>The council voted on Tuesday to extend the tram line to the harbour, a project "
        "that has been discussed for more than twenty years and will cost {n} million.</p>"
    )
    page = (
        "<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article>"
        "<h1>Tram line to reach the harbour</h1>"
        + paragraph.format(n=80)
        + "<div class='ad-container'><p class='ad-label'>Advertisement</p>"
        "<div id='div-gpt-ad-1'></div></div>"
        + paragraph.format(n=90)
        + paragraph.format(n=95)
        + "</article><footer>© The Harbour Gazette</footer></body></html>"
    )
    text = unboiler.extract(page)
    assert "80 million" in text and "95 million" in text
    assert "Advertisement" not in text


def test_a_japanese_blogs_sponsor_label_is_left_out() -> None:
    # "スポンサーリンク" (sponsored links) over an AdSense slot in a blog's entry; the word
    # counter makes three words of it
    paragraph = (
        "<p>電気ケトルの白い汚れは、水道水のミネラル分が加熱で結晶化したもので、"
        "体に害はありません{n}。</p>"
    )
    page = (
        "<html lang='ja'><body><header><a href='/'>くらしブログ</a></header><article>"
        "<div class='entry-content'>"
        + paragraph.format(n="")
        + paragraph.format(n="が、")
        + "<div class='ad-area'><p class='ad-label'>スポンサーリンク</p>"
        "<ins class='adsbygoogle'></ins></div><h2>クエン酸でのお手入れ方法</h2>"
        + paragraph.format(n="よ")
        + "</div></article><footer>© くらしブログ</footer></body></html>"
    )
    text = unboiler.extract(page)
    assert "お手入れ方法" in text and "害はありませんよ" in text
    assert "スポンサー" not in text
