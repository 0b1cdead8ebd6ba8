"""The posts of a thread, as the outputs part them."""

from __future__ import annotations

import unboiler
from unboiler.output import render

ANSWER = (
    '<div id="answer-{0}" class="answer" itemscope itemtype="https://schema.org/Answer">'
    "<p>{1}</p>{2}</div>"
)
COMMENT = (
    '<div class="comment" itemscope itemtype="https://schema.org/Comment">'
    "<p>Thanks, that settles the question for me and my colleagues.</p></div>"
)
THREAD = (
    '<html><body><div itemscope itemtype="https://schema.org/Question">'
    "<h1>Why is a bare except bad?</h1>"
    "<p>I often see comments saying that a bare except is discouraged. Why is it bad?</p>"
    '<div class="answers-header"><h2>3 Answers</h2><select><option>Score</option></select></div>'
    '<a name="1"></a>'
    + ANSWER.format(1, "It catches every error, even the ones you cannot recover from.", COMMENT)
    + '<div class="ad-zone"><p>Advertisement</p></div><a name="2"></a>'
    + ANSWER.format(2, "It also hides the bugs you would want to hear about in tests.", "")
    + "</div></body></html>"
)


def test_a_question_and_its_answers_are_parted() -> None:
    """A thematic break parts the question from its first answer, and the answers from
    each other, though the first answer holds comments and an advertisement's box
    stands between the answers."""
    document = unboiler.parse(THREAD)
    for block in document.blocks:  # what a reader wants: the posts, not the page's chrome
        block.set_content(block.text not in ("3 Answers", "Score", "Advertisement"))
    markdown = render(document, "markdown", extractor="by-hand")
    question, first, second = (
        "Why is it bad?",
        "It catches every error",
        "It also hides the bugs",
    )
    assert question in markdown and first in markdown and second in markdown, markdown
    between_question_and_answer = markdown.split(question)[1].split(first)[0]
    assert "\n---\n" in between_question_and_answer, markdown
    assert "\n---\n" in markdown.split(first)[1].split(second)[0], markdown


def test_a_lone_article_after_a_lead_paragraph_is_no_thread() -> None:
    page = (
        "<html><body><h1>Harbour vote</h1><p>The council voted last night to rebuild the"
        " harbour wall before the winter storms.</p><article><p>The vote came after a long"
        " debate about the cost of the work and who should pay for it.</p></article>"
        "</body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    assert "---" not in render(document, "markdown", extractor="by-hand")


def test_answers_in_chinese_are_parted_too() -> None:
    # a Chinese paragraph has no spaces: each character counts as a word, and an
    # answer that ends in a colon over its code is long enough to be prose; a card's
    # price ("价格：36元") is none
    answer = (
        '<div class="AnswerItem" itemprop="suggestedAnswer" itemscope'
        ' itemtype="http://schema.org/Answer"><p>{0}</p></div>'
    )
    page = (
        "<html><body><div itemscope itemtype='http://schema.org/Question'>"
        "<h1>为什么高铁的车窗不能打开？</h1>"
        + answer.format("说个冷知识：每节车厢其实都有几扇紧急破窗，平时千万别碰。")
        + answer.format("前面几位说得很全了，我用公开的隧道压力波数据随手算了一下：")
        + answer.format("价格：36元")
        + "</div></body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    markdown = render(document, "markdown", extractor="by-hand")
    first, second, price = "说个冷知识", "前面几位说得很全了", "价格"
    assert "\n---\n" in markdown.split(first)[1].split(second)[0], markdown
    assert "\n---\n" not in markdown.split(second)[1].split(price)[0], markdown
