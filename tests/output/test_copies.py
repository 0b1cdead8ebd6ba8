"""Pull quotes: a sentence of the article set again beside it (:mod:`unboiler.output.copies`)."""

from __future__ import annotations

import pytest

import unboiler

ARTICLE = (
    "<html><body><article><h1>Night trains</h1>"
    "<p>A planner described the slow attrition of the early 2000s. “Nobody ever decided to"
    " kill the night trains,” she told me. “They just stopped investing.”</p>"
    '<figure class="wp-block-pullquote"><blockquote><p>“Nobody ever decided to kill the'
    " night trains. They just stopped investing.”</p></blockquote></figure>"
    "<p>Operators still pay more for their tracks than airlines pay for their fuel.</p>"
    '<aside class="pull-quote" aria-hidden="true"><p>“A race with one leg tied.”</p></aside>'
    '<div class="pullquote-right"><p>The carriages got older every year.</p></div>'
    # its fragments' words are the article's, strewn over it: no copy
    '<div class="pull-quote"><p>In the end, it was not enough.</p></div>'
    "<p>Both sleeper routes reopened in 2021 after a decade without service. In the end"
    " they ran, with carriages borrowed from three other operators and crews trained"
    " abroad, and it was not enough to win back the travellers lost.</p>"
    "</article></body></html>"
)


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_pull_quote_of_the_articles_words_is_left_out(output: str) -> None:
    rendered = unboiler.extract(ARTICLE, extractor="boilerpipe-everything", output=output)
    # the sentence where it stands, once; the pull quote, its fragments joined, left out
    assert rendered.count("Nobody ever decided") == 1
    assert "kill the night trains,” she told me" in rendered
    # pull quotes whose words the article does not give are content
    assert "A race with one leg tied." in rendered
    assert "The carriages got older every year." in rendered
    assert "In the end, it was not enough." in rendered
