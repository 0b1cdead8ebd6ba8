"""Readers' contributions are not the page's content: found by a whole word of a class or
id, by page type, and dropped when the page's likeliest block lies outside them."""

from __future__ import annotations

import numpy as np
import pytest

from unboiler.filters import drop_sections
from unboiler.filters.contributions import contribution_sections, drop_contributions_filter
from unboiler.parse import parse

PAGE = (
    "<html><body><article>"
    "<p>The council voted to build the tram line after a decade of debate.</p>"
    "<p>Construction begins next spring and takes three years.</p>"
    "</article>"
    "<section id='comments'><h2>2 comments</h2>"
    "<div class='comment-list'>"  # a section inside the section: one group
    "<p>Finally, a tram for the harbour district after all these years.</p>"
    "<p>Two hundred million euros is a lot of money for six kilometres.</p>"
    "</div></section>"
    "<div class='nocomment commentList'><p>Words that name no comment section.</p></div>"
    "<div class='Fb-Comments'><p>A second thread, from a social network's plug-in.</p></div>"
    "</body></html>"
)
PRODUCT = (
    "<html><body><main><h1>Steel kettle</h1>"
    "<div class='description'><p>A kettle of brushed steel that boils a litre in three "
    "minutes.</p></div>"
    "<div class='product-preview'><p>Shown in silver and black.</p></div>"
    "<section id='reviews'><h2>Customer reviews</h2>"
    "<div class='review'><p>Boils fast, but the lid is stiff to open.</p></div></section>"
    "</main></body></html>"
)
FORUM = (
    "<html><body><div class='post'><p>My router drops the connection every evening.</p>"
    "<div class='signature'><p>Sent from my phone, excuse typos.</p></div></div>"
    # Discuz! writes a poster's signature in a <div class="sign">
    "<div class='post'><p>Reboot it once a week.</p><div class='sign'>小米14 | iPad Air 5</div>"
    "</div><div class='design'><p>A word that holds 'sign' names no signature.</p></div>"
    "<div class='post'><p>Try another channel: the neighbours' networks crowd yours.</p>"
    "</div></body></html>"
)


def _texts(document, indices):  # type: ignore[no-untyped-def]
    return [document.blocks[index].text for index in indices]


def test_sections_are_found_by_a_whole_word_of_class_or_id() -> None:
    document = parse(PAGE)
    sections = contribution_sections(document, "article")
    comments = [
        "Finally, a tram for the harbour district after all these years.",
        "Two hundred million euros is a lot of money for six kilometres.",
    ]
    assert [_texts(document, section) for section in sections] == [
        ["2 comments", *comments],
        comments,  # the list inside the section is one too
        ["A second thread, from a social network's plug-in."],
    ]


def test_a_table_cell_is_no_section_whatever_its_class() -> None:
    # arXiv's abstract page: the value beside "Comments:" is a cell of class "comments"
    page = (
        "<html><body><main><p>We propose a new simple network architecture based solely on"
        " attention mechanisms.</p><table><tr><td class='tablecell label'>Comments:</td>"
        "<td class='tablecell comments'>15 pages, 5 figures</td></tr>"
        # a longer value beside its label is a value too
        "<tr><td class='tablecell label'>Comments:</td><td class='tablecell comments'>"
        "Accepted at ACL 2024 (Findings). 9 pages, 4 figures, 6 tables; v2 adds results for"
        " Yoruba and Quechua</td></tr></table></main>"
        "<div class='comments'><p>Great paper, thanks for sharing it here.</p></div>"
        # an old page's comments laid out in a table's cell are a section
        "<table><tr><td id='comments'><p>I disagree with the second point, and here is"
        " why.</p><p>Agreed, the benchmark is too small.</p></td></tr></table>"
        "</body></html>"
    )
    document = parse(page)
    sections = contribution_sections(document, "article")
    assert [_texts(document, section) for section in sections] == [
        ["Great paper, thanks for sharing it here."],
        [
            "I disagree with the second point, and here is why.",
            "Agreed, the benchmark is too small.",
        ],
    ]


def test_a_section_inside_one_that_holds_the_article_is_judged_on_its_own() -> None:
    # class="post has-comments" around the article and its comments: the outer section
    # holds the likeliest block and stays, the comments inside it go
    page = PAGE.replace("<body><article>", "<body><div class='post has-comments'><article>")
    page = page.replace("</section><div class='nocomment", "</section></div><div class='nocomment")
    document = _decided(page, "article", "council voted")
    assert drop_contributions_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert "The council voted to build the tram line after a decade of debate." in kept
    assert "Finally, a tram for the harbour district after all these years." not in kept
    assert "2 comments" not in kept


def test_a_thread_nested_deep_keeps_its_sections_whole() -> None:
    # 40 replies each inside the one before, the likeliest block the deepest: every
    # section around it holds it, and nothing goes (a cap on the nesting counted the
    # deep blocks in no outer section, which then lost all its blocks)
    replies = "".join(f"<div class='comment'><p>reply number {n}</p>" for n in range(40))
    page = f"<html><body><h1>Thread</h1>{replies}{'</div>' * 40}</body></html>"
    document = parse(page)
    sections = contribution_sections(document, "article")
    assert len(sections) == 40
    assert all(len(section) == 40 - n for n, section in enumerate(sections))
    for block in document.blocks:
        block.set_content(True)
        block.score = 0.9 if block.text == "reply number 39" else 0.5
    document.page_type = "article"
    assert not drop_contributions_filter(document)
    # a thousand deep costs no more than the page: one walk, one pass over the blocks
    deep = "<div class='comment'><p>reply</p>" * 1000 + "</div>" * 1000
    assert len(contribution_sections(parse(f"<body><p>Text.</p>{deep}</body>"), "article")) == 1000


@pytest.mark.parametrize(
    ("page", "page_type", "expected"),
    [
        (
            PRODUCT,
            "product",
            [
                ["Customer reviews", "Boils fast, but the lid is stiff to open."],
                ["Boils fast, but the lid is stiff to open."],  # one review of them
            ],
        ),
        (FORUM, "forum", [["Sent from my phone, excuse typos."], ["小米14 | iPad Air 5"]]),
        # an article's signature is its writer's sign-off: no contribution
        (FORUM, "article", []),
        # each type its own words: an article's reviews, a product's comments are none
        (PRODUCT, "article", []),
        (PAGE, "product", []),
        (PAGE, "documentation", []),
    ],
)
def test_each_page_type_has_its_own_words(
    page: str, page_type: str, expected: list[list[str]]
) -> None:
    document = parse(page)
    found = contribution_sections(document, page_type)
    assert [_texts(document, section) for section in found] == expected


def test_a_page_without_sections_has_none() -> None:
    assert contribution_sections(parse("<p>No comment, said the minister.</p>"), "article") == []


def test_sections_are_dropped_unless_they_hold_the_likeliest_block() -> None:
    keep = np.array([True, True, True, True, False])
    words = np.array([10.0, 0.0, 8.0, 9.0, 5.0])
    likelihood = np.array([0.7, 0.99, 0.6, 0.8, 0.2])  # block 1 has no words
    kept = drop_sections(keep, likelihood, words, [(2,), (3, 4)])
    # block 3 is the likeliest with words: its section stays; block 2's goes
    assert kept.tolist() == [True, True, False, True, False]
    assert keep.tolist() == [True, True, True, True, False]  # the input is not changed


def test_the_headings_right_above_a_section_dropped_go_with_it() -> None:
    # "## Customer reviews" above the reviews' element: the output ended with it
    keep = np.array([True, True, True, True, True])
    words = np.array([10.0, 2.0, 9.0, 2.0, 8.0])
    likelihood = np.array([0.9, 0.6, 0.7, 0.6, 0.5])
    headings = np.array([False, True, False, True, False])
    kept = drop_sections(keep, likelihood, words, [range(4, 5)], headings)
    assert kept.tolist() == [True, True, True, False, False]
    # a heading with text between it and the section stays
    kept = drop_sections(keep, likelihood, words, [range(2, 3)], headings)
    assert kept.tolist() == [True, False, False, True, True]
    kept = drop_sections(keep, likelihood, words, [range(4, 5)])  # no headings given
    assert kept.tolist() == [True, True, True, True, False]


def test_nothing_changes_without_sections_or_kept_blocks() -> None:
    keep = np.array([False, False])
    words = np.array([3.0, 4.0])
    likelihood = np.array([0.1, 0.2])
    assert drop_sections(keep, likelihood, words, [(0,)]).tolist() == [False, False]
    keep = np.array([True, True])
    assert drop_sections(keep, likelihood, words, []).tolist() == [True, True]


def _decided(page: str, page_type: str, likeliest: str):  # type: ignore[no-untyped-def]
    document = parse(page)
    document.page_type = page_type
    for block in document.blocks:
        block.set_content(True)
        block.score = 0.9 if likeliest in block.text else 0.6
    return document


def test_the_filter_drops_comments_on_articles_only() -> None:
    document = _decided(PAGE, "article", "council voted")
    assert drop_contributions_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept == [
        "The council voted to build the tram line after a decade of debate.",
        "Construction begins next spring and takes three years.",
        "Words that name no comment section.",
    ]
    forum = _decided(PAGE, "forum", "council voted")  # a forum's posts are its content
    assert not drop_contributions_filter(forum)
    assert all(block.is_content for block in forum.blocks)


def test_replies_and_responses_are_readers_comments_too() -> None:
    # a blog's responses under its post (Medium's word), each in a "reply" box
    page = (
        PAGE.replace("<section id='comments'>", "<section class='discussion'>")
        .replace("<div class='comment-list'>", "<div class='responses'>")
        .replace("<p>Two hundred", "<div class='reply'><p>Two hundred")
        .replace("kilometres.</p>", "kilometres.</p></div>")
    )
    assert "comment-list" not in page
    document = _decided(page, "article", "council voted")
    assert drop_contributions_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert "Finally, a tram for the harbour district after all these years." not in kept
    assert "2 comments" not in kept  # the heading right above goes with them
    assert "The council voted to build the tram line after a decade of debate." in kept
    # "respond" (WordPress's reply form) and "correspondent" name no section, nor a
    # heading's slug that has the word among many
    named = parse(
        "<div class='correspondent'><p>A</p></div><div id='respond'><p>B</p></div>"
        "<section id='gmail-predictable-scriptable-responses-from-humans'><h2>Gmail</h2>"
        "<p>C</p></section><div id='reader-responses'><p>D</p></div>"
    )
    found = contribution_sections(named, "article")
    assert [named.blocks[i].text for section in found for i in section] == ["D"]


def test_the_filter_drops_a_products_reviews() -> None:
    document = _decided(PRODUCT, "product", "brushed steel")
    assert drop_contributions_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert "Boils fast, but the lid is stiff to open." not in kept
    assert "Shown in silver and black." in kept  # "preview" is no review


def test_a_section_named_in_the_singular_holds_the_comments() -> None:
    # Sina's and many a blog's wrapper: <div id="comment">, the comments inside it not
    # named at all, is the section (a rule that asked for a second element so named,
    # tried and reverted, let them back)
    page = (
        "<html><body><article><p>The council voted to build the tram line.</p></article>"
        "<div id='comment'><div class='item'><p>I have lived here for thirty years.</p>"
        "</div><div class='item'><p>Finally, a tram for the harbour.</p></div></div>"
        "</body></html>"
    )
    document = parse(page)
    sections = contribution_sections(document, "article")
    assert [[document.blocks[i].text for i in section] for section in sections] == [
        ["I have lived here for thirty years.", "Finally, a tram for the harbour."]
    ]


THREAD = (
    "<html><body><div class='stream'><div class='entry h-entry'><p>Heute früh fällt der"
    " RE7 aus; weiß jemand, wie die Entschädigung läuft?</p></div>"
    "<div class='entry h-cite u-comment'><p>Ab sechzig Minuten gibt es ein Viertel.</p></div>"
    " <!-- a reply -->\n"
    "<div class='entry h-cite u-comment'><p>Du darfst einen anderen Zug nehmen.</p></div>"
    "<div class='entry h-cite u-comment'><p>Schick uns deinen Bericht.</p></div>"
    "<div class='comment-form'><p>Antworten</p></div></div></body></html>"
)


def test_alike_sections_side_by_side_are_one_on_an_article() -> None:
    found = [list(section) for section in contribution_sections(parse(THREAD), "article")]
    assert found == [[1, 2, 3], [4]]  # the form, of another class, is a section of its own
    # a shop's reviews are judged one by one
    reviews = parse(THREAD.replace("u-comment", "u-comment review"))
    assert [list(section) for section in contribution_sections(reviews, "product")] == [
        [1],
        [2],
        [3],
    ]


def test_a_threads_replies_are_kept_or_dropped_together() -> None:
    """Mastodon marks each reply as a comment; the model's surest block in the first
    reply kept that one alone, and the page read as a question with one answer."""
    document = _decided(THREAD, "article", "Ab sechzig")
    drop_contributions_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert "Du darfst einen anderen Zug nehmen." in kept
    assert "Schick uns deinen Bericht." in kept
    assert "Antworten" not in kept
    document = _decided(THREAD, "article", "Heute früh")
    drop_contributions_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept == ["Heute früh fällt der RE7 aus; weiß jemand, wie die Entschädigung läuft?"]


def test_alike_stories_side_by_side_stay_apart_and_a_run_may_start_without_text() -> None:
    # an endless page wraps each story in "post has-comments": each a story, not replies
    stories = "".join(
        f"<div class='post has-comments'><h2>Story {n}</h2><p>Its first paragraph.</p></div>"
        for n in range(2)
    )
    found = contribution_sections(parse(f"<html><body>{stories}</body></html>"), "article")
    assert [list(section) for section in found] == [[0, 1], [2, 3]]
    # a reply of an image alone first in the run: the run is still one section
    replies = THREAD.replace(
        "<div class='entry h-cite u-comment'><p>Ab sechzig",
        "<div class='entry h-cite u-comment'><img src='a.gif'></div>"
        "<div class='entry h-cite u-comment'><p>Ab sechzig",
    )
    found = contribution_sections(parse(replies), "article")
    assert [list(section) for section in found] == [[1, 2, 3], [4]]
