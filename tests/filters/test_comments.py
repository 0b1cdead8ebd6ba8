"""An article's comment section is not the article: found by its class or id, dropped on
article pages when the page's likeliest block lies outside it."""

from __future__ import annotations

import numpy as np

from unboiler.filters.comments import (
    comment_sections,
    drop_comment_sections,
    drop_comment_sections_filter,
)
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


def _texts(document, indices):  # type: ignore[no-untyped-def]
    return [document.blocks[index].text for index in indices]


def test_sections_are_found_by_a_whole_word_of_class_or_id() -> None:
    document = parse(PAGE)
    sections = comment_sections(document)
    assert [_texts(document, section) for section in sections] == [
        [
            "2 comments",
            "Finally, a tram for the harbour district after all these years.",
            "Two hundred million euros is a lot of money for six kilometres.",
        ],
        ["A second thread, from a social network's plug-in."],
    ]


def test_a_page_without_comment_sections_has_none() -> None:
    assert comment_sections(parse("<p>No comment, said the minister.</p>")) == []


def test_sections_are_dropped_unless_they_hold_the_likeliest_block() -> None:
    keep = np.array([True, True, True, True, False])
    words = np.array([10.0, 0.0, 8.0, 9.0, 5.0])
    likelihood = np.array([0.7, 0.99, 0.6, 0.8, 0.2])  # block 1 has no words
    kept = drop_comment_sections(keep, likelihood, words, [(2,), (3, 4)])
    # block 3 is the likeliest with words: its section stays; block 2's goes
    assert kept.tolist() == [True, True, False, True, False]
    assert keep.tolist() == [True, True, True, True, False]  # the input is not changed


def test_nothing_changes_without_sections_or_kept_blocks() -> None:
    keep = np.array([False, False])
    words = np.array([3.0, 4.0])
    likelihood = np.array([0.1, 0.2])
    assert drop_comment_sections(keep, likelihood, words, [(0,)]).tolist() == [False, False]
    keep = np.array([True, True])
    assert drop_comment_sections(keep, likelihood, words, []).tolist() == [True, True]


def _decided(page_type: str):  # type: ignore[no-untyped-def]
    document = parse(PAGE)
    document.page_type = page_type
    for block in document.blocks:
        block.set_content(True)
        block.score = 0.9 if "council voted" in block.text else 0.6
    return document


def test_the_filter_drops_comments_on_articles_only() -> None:
    document = _decided("article")
    assert drop_comment_sections_filter(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept == [
        "The council voted to build the tram line after a decade of debate.",
        "Construction begins next spring and takes three years.",
        "Words that name no comment section.",
    ]
    forum = _decided("forum")  # a forum's posts are its content, comments or not
    assert not drop_comment_sections_filter(forum)
    assert all(block.is_content for block in forum.blocks)
