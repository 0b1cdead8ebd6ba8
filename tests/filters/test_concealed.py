"""Text a page hides until a script shows it, left out unless a reader's click opens it."""

from __future__ import annotations

import numpy as np
import pytest

import unboiler
from unboiler.filters.concealed import (
    CONCEALED_MAX_SHARE,
    MODAL_MAX_SHARE,
    Concealed,
    concealed_blocks,
    drop_concealed,
    hides_until_shown,
    is_disclosure_panel,
    is_modal,
)


def first(html: str) -> object:
    node = unboiler.parse(f"<body>{html}</body>").tree.css_first("body > *")
    assert node is not None
    return node


@pytest.mark.parametrize(
    ("html", "hidden"),
    [
        ("<div hidden>x</div>", True),
        ("<div hidden='hidden'>x</div>", True),
        ("<div hidden='until-found'>x</div>", False),  # find in page opens it
        ("<div style='DISPLAY : None'>x</div>", True),
        ("<div style='color: red; visibility:hidden'>x</div>", True),
        ("<div style='visibility: visible'>x</div>", False),
        ("<div aria-hidden='true'>x</div>", False),  # seen, only not read aloud
        ("<div class='d-none d-md-block'>x</div>", False),  # shown at other widths
        ("<div>x</div>", False),
        ("<dialog><p>x</p></dialog>", True),  # a script's showModal() opens it
        ("<dialog open><p>x</p></dialog>", False),
    ],
)
def test_what_hides_until_a_script_shows(html: str, hidden: bool) -> None:
    assert hides_until_shown(first(html)) is hidden


@pytest.mark.parametrize(
    ("html", "panel"),
    [
        ("<div role='tabpanel' hidden>x</div>", True),
        ("<div role='Region' aria-labelledby='q1' hidden>x</div>", True),
        ("<div class='accordion__content' hidden>x</div>", True),
        ("<div class='tab__content' hidden>x</div>", True),
        ("<div class='a-expander-content' hidden>x</div>", True),
        ("<div id='faq-answer-3' hidden>x</div>", True),
        ("<div class='slide' style='display:none'>x</div>", True),
        ("<div class='modal' style='display:none'>x</div>", False),
        ("<div role='dialog' hidden>x</div>", False),
        # whole words only: a place name that ends in "more", a slide-in sign-up box
        ("<div id='baltimore-offers' hidden>x</div>", False),
        ("<div id='newsletter-slidein' hidden>x</div>", False),
    ],
)
def test_what_says_it_is_a_panel_a_reader_opens(html: str, panel: bool) -> None:
    assert is_disclosure_panel(first(html)) is panel


PAGE = """<body>
<p>Shown</p>
<div class="modal" style="display:none"><div><p>Sign up for our newsletter</p></div></div>
<div class="tabs"><div role="tabpanel" hidden><p>Specifications</p></div></div>
<div class="accordion" style="display:none"><div><p>Inside a hidden accordion</p></div></div>
<section><h3>Does it ship abroad?</h3><div class="x1" hidden><p>Yes, to most countries.</p></div>
<h3>Can I return it?</h3><div class="x1" hidden><p>Within thirty days.</p></div></section>
<h3>Alone</h3><div class="x2" hidden><p>A single box after a heading</p></div>
<p hidden="until-found">Found by find in page</p>
<p><a href="#" aria-controls="opened-by-a-control" aria-expanded="false">Delivery</a></p>
<div class="x3" id="opened-by-a-control" hidden><p>Named by a control</p></div>
<article><p>The start of a long text</p><div class="x4" hidden><p>The rest of it</p></div>
<button type="button">Read more</button></article>
<div class="x5" STYLE="DISPLAY: NONE"><p>A cookie notice in capitals</p></div>
<dialog><p>A closed dialog</p></dialog>
<dialog open><p>An open dialog</p></dialog>
</body>"""


def test_concealed_blocks_leave_out_what_a_reader_opens() -> None:
    document = unboiler.parse(PAGE)
    texts = [block.text for block in document.blocks]
    found = concealed_blocks(document)
    # the modal, a hidden box after a heading that no other box is like, a box hidden
    # in capitals, a closed dialog
    assert sorted(texts[index] for index in found) == [
        "A closed dialog",
        "A cookie notice in capitals",
        "A single box after a heading",
        "Sign up for our newsletter",
    ]
    # a tab's panel, an accordion, alike boxes each after its question, a box a control
    # names, the rest of a text before its button are opened by a click;
    # hidden="until-found" by the browser's find in page
    assert found[texts.index("Sign up for our newsletter")] > 0
    assert len(set(found.values())) == 4


def test_a_page_that_hides_nothing_or_its_whole_body_conceals_nothing() -> None:
    assert concealed_blocks(unboiler.parse("<body><p>One</p><p>Two</p></body>")) == {}
    assert concealed_blocks(unboiler.parse("")) == {}
    # nearest_marks stops below the <body>: an anti-flicker <body> hides no copy
    document = unboiler.parse("<body style='visibility:hidden'><p>One</p><p>Two</p></body>")
    assert concealed_blocks(document) == {}


def test_drop_concealed_keeps_them_when_they_are_most_of_the_kept_text() -> None:
    words = np.asarray([10.0, 4.0, 6.0, 3.0])
    keep = np.asarray([True, True, False, True])
    # blocks 1 and 2 concealed: 4 kept words of 17, fewer than half: dropped
    assert drop_concealed(keep, words, {1: 9, 2: 9}).tolist() == [True, False, False, True]
    # the concealed text is most of what is kept: the page hides its own content
    assert CONCEALED_MAX_SHARE * (10 + 3) <= 10
    assert drop_concealed(keep, words, [0]).tolist() == keep.tolist()
    # nothing concealed is kept: the same array back
    assert drop_concealed(keep, words, [2]) is keep


@pytest.mark.parametrize(
    ("html", "modal"),
    [
        ("<dialog><p>x</p></dialog>", True),
        ("<div role='dialog'>x</div>", True),
        ("<div role=' AlertDialog '>x</div>", True),
        ("<div aria-modal='true'>x</div>", True),
        ("<div aria-modal='false'>x</div>", False),
        ("<div class='modal'>x</div>", False),  # a class word alone says no more than that
        ("<div role='region'>x</div>", False),
    ],
)
def test_what_says_it_is_a_modal(html: str, modal: bool) -> None:
    assert is_modal(first(html)) is modal


PREFERENCES = """<body><p>Shown</p>
<div id="prefs" role="dialog" aria-modal="true" style="display: none">
<h2>Privacy preference centre</h2>
<div class="ot-accordion-layout"><button aria-expanded="false">Performance cookies</button>
<div class="panel"><p>These cookies count visits and traffic sources.</p></div></div>
</div>
<div class="accordion" style="display:none"><div><p>A hidden accordion of the page</p></div></div>
<div role="alertdialog" hidden><div class="accordion-panel" hidden><p>A panel hidden in a
modal</p></div><div class="x9" style="display:none"><p>A box hidden in a modal</p></div></div>
</body>"""


def test_a_panel_inside_a_closed_modal_is_concealed_with_it() -> None:
    document = unboiler.parse(PREFERENCES)
    texts = [block.text for block in document.blocks]
    found = concealed_blocks(document)
    cookies = texts.index("These cookies count visits and traffic sources.")
    assert cookies in found and cookies in found.modal
    assert texts.index("Privacy preference centre") in found.modal
    # a panel or a box that hides itself inside the modal is the modal's too
    for text in ("A panel hidden in a modal", "A box hidden in a modal"):
        assert texts.index(text) in found.modal
    # a panel outside any modal is still one a reader opens
    assert texts.index("A hidden accordion of the page") not in found
    assert texts.index("Shown") not in found
    assert set(found.modal) <= set(found)


def test_drop_concealed_drops_a_closed_modal_unless_it_is_nearly_all_that_is_kept() -> None:
    words = np.asarray([10.0, 30.0, 4.0])
    keep = np.asarray([True, True, True])
    # the modal's 30 words are most of what is kept: dropped all the same
    assert drop_concealed(keep, words, Concealed({1: 7}, [1])).tolist() == [True, False, True]
    # without the modal's words, a concealed box of 4 of 14 words goes too
    dropped = drop_concealed(keep, words, Concealed({1: 7, 2: 8}, [1]))
    assert dropped.tolist() == [True, False, False]
    # the same box not in a modal is most of the kept text then: kept (the guard)
    assert drop_concealed(keep, words, Concealed({1: 7}, [])).tolist() == [True, True, True]
    # a modal that is nearly all that is kept (40 of 44 words) shows the page's
    # article: kept
    every = Concealed({0: 7, 1: 7}, [0, 1])
    assert drop_concealed(keep, words, every).tolist() == [True, True, True]
    # ... and at the bound itself too, a hair below it not
    words = np.asarray([MODAL_MAX_SHARE * 100, 0.0, 100 - MODAL_MAX_SHARE * 100])
    assert drop_concealed(keep, words, Concealed({0: 7}, [0])).tolist() == [True, True, True]
    words[0] -= 1
    assert drop_concealed(keep, words, Concealed({0: 7}, [0]))[0] == False  # noqa: E712


def test_extract_keeps_a_dialog_that_a_button_opens() -> None:
    method = (
        "<div id='method' role='dialog' aria-modal='true' hidden><h2>How we did this"
        " survey</h2><p>We interviewed 4,012 adults by telephone and online between 1 and 20"
        " February, and weighted the results by age, sex and region.</p></div>"
    )
    page = article(f"<p><button aria-controls='method'>About this survey</button></p>{method}")
    document = unboiler.parse(page)
    assert not concealed_blocks(document).modal
    # favor="recall", so that the check does not rest on the model's doubt of a
    # dialog's text (0.71, near the cut the balanced mode sets on an article): what is
    # checked is that no rule removes it, as the same dialog that no button opens is
    # removed
    assert "interviewed 4,012 adults" in unboiler.extract(page, favor="recall")
    closed = page.replace("aria-controls='method'", "")
    assert "interviewed 4,012 adults" not in unboiler.extract(closed, favor="recall")


def test_extract_keeps_an_article_shown_in_a_dialog_window() -> None:
    page = article("").replace("<main>", "<main role='dialog' style='visibility: hidden'>")
    text = unboiler.extract(page)
    assert "Engineers found cracks" in text and "The mayor promised" in text


def article(extra: str) -> str:
    paragraphs = "".join(
        f"<p>{sentence} The council said the work would take most of the summer, and "
        "that buses would replace the ferry on weekday mornings until it reopens.</p>"
        for sentence in (
            "The harbour's old ferry pier will close next month for repairs.",
            "Engineers found cracks in three of its concrete piles last winter.",
            "Residents asked for a footbridge while the pier is closed.",
            "The mayor promised an answer before the end of the month.",
        )
    )
    return (
        '<!doctype html><html lang="en"><head><title>Ferry pier to close</title></head>'
        "<body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav><main><article>"
        f"<h1>Ferry pier to close for repairs</h1>{paragraphs}{extra}</article></main>"
        "<footer>© 2026 The Harbour Gazette</footer></body></html>"
    )


MODAL_TEXT = (
    "Every morning our editors choose the stories that matter to the harbour towns, and "
    "we send them to your inbox before seven, free of charge, with no advertising."
)


def test_extract_leaves_out_a_hidden_modal_inside_the_article() -> None:
    page = article(f"<div class='signup' style='display: none'><p>{MODAL_TEXT}</p></div>")
    text = unboiler.extract(page)
    assert "Engineers found cracks" in text and "The mayor promised" in text
    assert "Every morning our editors" not in text
    # the same box shown: the filter leaves it to the model, which keeps it here
    shown = unboiler.extract(article(f"<div class='signup'><p>{MODAL_TEXT}</p></div>"))
    assert "Every morning our editors" in shown


def test_extract_leaves_out_a_closed_dialog_and_a_modal_hidden_in_capitals() -> None:
    for box in (
        f"<dialog><p>{MODAL_TEXT}</p></dialog>",
        f"<div STYLE='DISPLAY:NONE'><p>{MODAL_TEXT}</p></div>",
    ):
        text = unboiler.extract(article(box))
        assert "Engineers found cracks" in text and "Every morning our editors" not in text


def test_extract_leaves_out_a_closed_cookie_preference_centre_beside_a_short_article() -> None:
    categories = "".join(
        f"<div class='ot-accordion-layout ot-cat-item'><button aria-expanded='false'>{name}"
        f"</button><div class='ot-acc-grpcntr'><p class='ot-category-desc'>{name} are set "
        "by us or by partners whose services we use on our pages, to make the site work, "
        "to count visits and traffic sources, and to remember the choices you make.</p>"
        "</div></div>"
        for name in ("Strictly necessary cookies", "Performance cookies", "Functional cookies")
    )
    centre = (
        "<div id='onetrust-pc-sdk' class='otPcCenter ot-hide' role='dialog' aria-modal='true' "
        f"style='display: none;'><h2>Privacy Preference Center</h2>{categories}</div>"
    )
    page = article("").replace("<nav>", centre + "<nav>")
    text = unboiler.extract(page)
    assert "Engineers found cracks" in text and "The mayor promised" in text
    assert "cookies" not in text.lower()


def test_extract_keeps_the_rest_of_a_text_behind_its_read_more_button() -> None:
    rest = (
        "<div class='rest' style='display:none'><p>The repairs will cost about 1.8 million "
        "pounds, the council said, and the contractor has promised to finish before the "
        "autumn storms.</p></div><button type='button'>Continue reading</button>"
    )
    text = unboiler.extract(article(rest))
    assert "The repairs will cost about 1.8 million pounds" in text


def test_extract_keeps_an_article_its_page_hides_until_a_script_runs() -> None:
    page = article("").replace("<main>", "<main style='visibility: hidden'>")
    text = unboiler.extract(page)
    assert "Engineers found cracks" in text and "The mayor promised" in text


def test_a_blocks_answer_does_not_depend_on_the_blocks_asked_for() -> None:
    document = unboiler.parse(PAGE)
    every = concealed_blocks(document)
    for among in ([0], [1, 2, 3], list(range(0, len(document.blocks), 2))):
        assert concealed_blocks(document, among) == {i: every[i] for i in among if i in every}


def test_a_document_built_by_hand_has_nothing_concealed() -> None:
    from unboiler.document import TextBlock, TextDocument

    blocks = [TextBlock("A paragraph about ferries and harbours.", num_words=6) for _ in range(3)]
    document = TextDocument(blocks)
    assert concealed_blocks(document) == {}
    assert "ferries" in unboiler.extract(TextDocument(list(blocks)))


def test_alike_boxes_count_only_among_boxes_after_a_heading_or_button() -> None:
    modal = (
        "<h2>Newsletter</h2><div style='display:none'><p>Sign up for the weekly letter</p></div>"
    )
    # an unrelated, textless hidden box that looks the same makes no accordion of it
    pixel = "<div style='display:none'><img src='/pixel.gif' alt=''></div>"
    for page in (modal, modal + pixel):
        document = unboiler.parse(f"<body><p>Shown</p><section>{page}</section></body>")
        texts = [texts for texts in (block.text for block in document.blocks)]
        assert [texts[i] for i in concealed_blocks(document)] == ["Sign up for the weekly letter"]


def test_a_box_before_a_button_at_the_pages_end_is_no_read_more() -> None:
    page = (
        "<body><p>Shown</p><div class='box' style='display:none'><p>Join us today</p></div>"
        "<button>Back to top</button></body>"
    )
    document = unboiler.parse(page)
    assert [document.blocks[i].text for i in concealed_blocks(document)] == ["Join us today"]
