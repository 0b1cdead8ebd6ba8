"""The plain-text output: WCXB's gold conventions, built from the content blocks' DOM text
(never from block.text), only the content blocks' own text."""

from __future__ import annotations

import codecs
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from selectolax.lexbor import LexborHTMLParser
from tests.output.helpers import PAGES, article_document, inside, markdown_parser

import unboiler
from unboiler.document import TextBlock, TextDocument
from unboiler.output import RENDERERS, render
from unboiler.output.inline import (
    _CLOSES,
    _GLUED_LINK,
    _HTML_SPACE,
    _LINK_CLOSE,
    _LINK_END_MARKS,
    _LINK_OPEN,
    _OPEN_THEN_SPACE,
    _OPENS,
    _SPACE_AFTER_OPEN,
    _SPACE_BEFORE_CLOSE,
    _SPACE_CHARS,
    _SPACE_THEN_CLOSE,
    WIDE,
    _collapsible,
    _spaces_first,
    _spaces_last,
    strip_line_ends,
)
from unboiler.output.layout import layout
from unboiler.output.markdown import to_markdown
from unboiler.output.renderings import formulas
from unboiler.output.select import select
from unboiler.output.text import to_text
from unboiler.output.tree import Close, Mark, Open, Paragraph
from unboiler.text import visible


def test_headings_and_paragraphs_are_apart_by_a_blank_line() -> None:
    text = to_text(article_document("conventions.html"))
    assert text.startswith("Conventions\n\nFirst paragraph, bold and italic, spread over source")
    assert "source lines.\n\nSecond paragraph" in text


def test_line_break_is_one_newline() -> None:
    assert "Second paragraph\nwith a line break." in to_text(article_document("conventions.html"))


def test_preformatted_text_keeps_its_lines_and_indentation() -> None:
    text = to_text(article_document("conventions.html"))
    assert text.endswith("\n\n  indented\n    more indented\nback")


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_control_beside_the_code_of_a_pre_is_no_line_of_it(output: str) -> None:
    # mdBook writes its "Run" link and highlighters their "Copy" button inside the
    # <pre>, beside the <code>; without a <code>, a link in a <pre> is part of its text
    page = (
        "<html><body><article><p>The entry point of the backend, which rustc calls when"
        " it loads the library, is a function of its own.</p>"
        '<pre><a class="play" href="https://play.example/?c=1">Run</a>'
        '<code class="language-rust">#[no_mangle]\npub fn entry() {}</code>'
        "<button>Copy</button></pre>"
        "<pre>See <a href='/man/ls'>ls</a>(1) for the options.</pre></article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    assert "Run" not in rendered and "Copy" not in rendered, rendered
    assert "#[no_mangle]\npub fn entry() {}" in rendered
    assert "ls" in rendered.replace("<a", "").split("See")[1], rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_block_inside_a_pre_is_a_line_of_its_own(output: str) -> None:
    # CodeMirror and many highlighters write one <div> per line of a program, without
    # line breaks between them: a browser shows each on its own line, an empty one
    # (<div><br></div>, or a line feed alone) as an empty line, one with nothing at all
    # as no line; a <span> per line with line feeds between runs on as it is.
    page = (
        "<html><body><article><p>The program below prints the folder it was started in"
        " and exits, with an empty line between its parts as usual.</p><pre>"
        '<div class="line">import os</div><div class="line"><br></div>'
        '<div class="line">def main():</div><div class="line">    print(1)</div>'
        '<div class="line"></div><div><div>\n</div></div><div class="line">main()</div></pre>'
        '<pre><code><span>a = 1</span>\n<span>b = <span class="n">2</span></span></code></pre>'
        "</article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    assert "import os\n\ndef main():\n    print(1)\n\nmain()" in rendered, rendered
    assert "a = 1\nb = 2" in re.sub(r"<span[^>]*>|</span>", "", rendered), rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_two_codes_side_by_side_in_a_pre_are_apart(output: str) -> None:
    # Node.js's manual writes each example twice in one <pre>, CommonJS then ES module,
    # and shows one at a time; inline code between words of a <pre> stays in its line
    page = (
        "<html><body><article><p>The module provides utilities for working with file and"
        " directory paths, and it can be loaded in either of the two ways below.</p>"
        '<pre><input type="checkbox" aria-label="Show ES modules syntax">'
        "<code class=\"language-js cjs\">const path = require('node:path');</code>"
        "<code class=\"language-js mjs\">import path from 'node:path';</code></pre>"
        "<pre>Run <code>ls</code> <code>-l</code> in the folder.</pre></article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    plain = re.sub(r"<[^>]+>", "", rendered).replace("&#x27;", "'").replace("&#39;", "'")
    assert "require('node:path');\nimport path from 'node:path';" in plain, rendered
    assert "Run ls -l in the folder." in plain, rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_highlighted_lines_without_line_breaks_are_lines(output: str) -> None:
    # gatsby-remark-prismjs wraps a highlighted line in a span its stylesheet shows as a
    # block, and drops the line's line feed; a line feed after the span is not doubled
    line = '<span class="gatsby-highlight-code-line">{}</span>'
    page = (
        "<html><body><article><p>The effect runs after every render of the component, so"
        " the title follows the count as the user clicks the button.</p><pre><code>"
        "useEffect(() =&gt; {"
        + line.format("  document.title = title;")
        + line.format("  log(title);")
        + "\n});</code></pre></article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    plain = re.sub(r"<[^>]+>", "", rendered).replace("&gt;", ">")
    assert "useEffect(() => {\n  document.title = title;\n  log(title);\n});" in plain, rendered


def test_line_numbers_with_no_class_are_left_out() -> None:
    # Code Hike's lines: a number, then the line's code in a block of its own, an element
    # per line (a <style> of a CSS-in-JS library before the first)
    line = "<div><span>{}</span><div><span>{}</span>\n</div></div>"
    numbered = "<style>.c{{color:red}}</style>" + "".join(
        line.format(number, code)
        for number, code in enumerate(["import os", "", "print(os.name)"], start=1)
    )
    # a highlighter's number token at the start of each line, and a count with a gap,
    # are the program's own
    tokens = "".join(
        f'<span class="line"><span>{n}</span><span>. Step</span>\n</span>' for n in (1, 2, 3)
    )
    gap = "".join(line.format(number, "x = 1") for number in (1, 3))
    # emotion's <style> before each element of a class: between a number and its code too
    styled = "".join(
        f"<div><style>.n{{}}</style><span>{number}</span><style>.c{{}}</style><div>{code}\n"
        "</div></div>"
        for number, code in enumerate(["composer require sdk", "composer install"], start=1)
    )
    texts = []
    for code in (numbered, tokens, gap, styled):
        texts.append(to_text(_all_content(f"<body><pre>{code}</pre></body>")))
    assert texts == [
        "import os\n\nprint(os.name)",
        "1. Step\n2. Step\n3. Step",
        "1\nx = 1\n3\nx = 1",
        "composer require sdk\ncomposer install",
    ]


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_label_and_its_short_value_side_by_side_are_one_line(output: str) -> None:
    # a recipe's times, a store's details: two blocks that are all their parent holds;
    # a label over a list, a heading over a paragraph, a value of many words, or a
    # third element beside them, stays apart
    many = "a long description of the recipe's many steps, one after another, at length"
    page = (
        "<html><body><article><p>This zucchini bread is moist and sweet, and it keeps"
        " for months in the freezer.</p>"
        "<div><div>Prep Time:</div><div>20 mins</div></div>"
        "<div><p>Publisher：</p><p><a href='/rockstar'>Rockstar Games</a></p></div>"
        "<div><div>Ingredients:</div><ul><li>flour</li><li>sugar</li></ul></div>"
        "<div><h3>Notes:</h3><p>Keep it in the fridge.</p></div>"
        f"<div><div>Method:</div><div>{many}</div></div>"
        "<div><div>Yield:</div><div>2 loaves</div><div>24 slices</div></div>"
        "</article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    lines = [
        re.sub(r"<[^>]+>|\[|\]\([^)]*\)|^#+ |^- ", "", line).strip()
        for line in rendered.splitlines()
    ]
    assert "Prep Time: 20 mins" in lines and "Publisher：Rockstar Games" in lines, rendered
    for label in ("Ingredients:", "Notes:", "Method:", "Yield:"):
        assert label in lines, rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_list_of_line_numbers_beside_the_code_is_left_out(output: str) -> None:
    # CSDN draws its line numbers from a <ul> inside the <pre>, after the <code>; a list
    # whose items do not count on by one, or a <pre> with no <code> beside its list, is
    # the page's own
    numbers = "".join(f"<li>{n}</li>" for n in (1, 2, 3))
    page = (
        "<html><body><article><p>The function below adds the squares of the first n"
        " numbers, and the loop runs once for every number below n.</p>"
        "<pre><code>def squares(n):\n    total = sum(i * i for i in range(n))\n"
        f'    return total\n</code><ul class="pre-numbering">{numbers}</ul></pre>'
        "<p>Its output for the first ten numbers is shown below, one value a line.</p>"
        "<pre><code>285</code><ul><li>7</li><li>9</li></ul></pre>"
        '<pre><code>print(285)</code><ul class="pre-numbering"><li>1</li></ul></pre>'
        "<pre><code>print(286)</code><ul><li>1</li></ul></pre>"
        f"<pre><ol>{numbers}</ol></pre></article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    plain = re.sub(r"<[^>]+>", " ", rendered)
    assert re.search(r"return total\s*(```)?\s*Its output", plain), rendered
    assert re.search(r"7\W+9", plain), rendered
    assert re.search(r"print\(285\)\s*(```)?\s*(```\w*)?\s*print\(286\)\s*1", plain), rendered
    assert re.search(r"1\W+2\W+3", plain), rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_button_beside_a_headings_words_is_left_out(output: str) -> None:
    # rustdoc's "Copy item path" in each item's <h1>; an accordion's question, the
    # whole text of the heading, is the heading
    text = "A cursor wraps an in-memory buffer and provides it with a seek implementation. "
    answer = "Send it back within thirty days in its box, with the receipt and the label. "
    page = (
        "<html><body><article><h1>Struct <span>Cursor</span>&nbsp;"
        '<button id="copy-path">Copy item path</button></h1>'
        f"<p>{text * 3}</p><h2><button aria-expanded='false'>How do I return an order?"
        f"</button></h2><p>{answer * 3}</p></article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    assert "Copy item path" not in rendered, rendered
    assert "Cursor" in rendered and "How do I return an order?" in rendered, rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_button_of_a_code_block_is_left_out(output: str) -> None:
    # sphinx-copybutton's "Copy" before the <pre>, a "Run" after another, a toolbar's
    # "Copy code block" above a third; a button elsewhere (an accordion's question, a
    # button in a section with a code block and more words) stays
    text = "Encoding basic Python object hierarchies takes one call of the dumps function. "
    page = (
        f"<html><body><article><p>{text * 2}</p><div class='highlight'>"
        "<button class='copybutton' title='Copy to clipboard'>Copy</button>"
        f"<pre>import json\njson.dumps(['foo'])</pre></div><p>{text}</p><div><pre>print(1)"
        "</pre><button>Run</button></div><div><div><div><button><span>Copy code block"
        "</span></button></div></div><div><pre>pip install flask</pre></div></div>"
        "<p><button aria-expanded='false'>How do I encode bytes?</button></p>"
        f"<section><p>{text}</p><pre>print(2)</pre><button>Subscribe to updates</button>"
        "</section><div><h3><button>How do I install it?</button></h3><div><pre>pip install"
        " foo</pre></div></div><div><button aria-expanded='true'>Show the answer</button>"
        "<pre>print(3)</pre></div></article></body></html>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    assert "Copy" not in rendered and "Run" not in rendered, rendered
    assert "json.dumps" in rendered and "print(1)" in rendered, rendered
    assert "pip install flask" in rendered and "print(2)" in rendered, rendered
    assert "How do I encode bytes?" in rendered, rendered
    assert "Subscribe to updates" in rendered, rendered
    # an accordion's question whose answer is code, in a heading or by its attribute
    assert "How do I install it?" in rendered and "Show the answer" in rendered, rendered


@pytest.mark.parametrize(
    ("output", "attributed", "after"),
    [
        ("text", "Ann wrote:\nLast time it rained.", "Only words.Bob"),
        ("markdown", "> Ann wrote:\\\n> Last time it rained.", "> Only words.Bob"),
        ("html", "<p>Ann wrote:<br>Last time it rained.</p>", "<p>Only words.Bob</p>"),
    ],
)
def test_a_quotes_attribution_is_a_line_of_its_own(
    output: str, attributed: str, after: str
) -> None:
    # phpBB: blockquote > div > cite, the quoted words right after it; a <cite> in
    # running text, and one after the quoted words, stay in their lines
    page = (
        "<body><article><p>A first post about the fixtures of the league this season, and"
        ' more words.</p><blockquote><div><cite>Ann <a href="/p/1">wrote</a>:</cite>Last'
        " time it rained.</div></blockquote><p>I agree, and the <cite>Times</cite> said so"
        " too, in a long report.</p><blockquote><p>Only words.<cite>Bob</cite></p>"
        "</blockquote><blockquote><p><cite>The Guardian</cite> reported the storm.</p>"
        "</blockquote><blockquote><cite>Hamlet</cite> is a play.</blockquote></article></body>"
    )
    rendered = unboiler.extract(page, output=output, extractor="boilerpipe-everything")
    assert attributed in rendered and after in rendered, rendered
    assert "I agree, and the Times said so too" in rendered, rendered
    # a title cited in a quote's sentence, first in its <p> or in the quote
    assert "The Guardian reported the storm." in rendered, rendered
    assert "Hamlet is a play." in rendered, rendered


def test_ruby_annotations_are_left_out() -> None:
    text = to_text(article_document("conventions.html"))
    assert "東京の漢字の話。" in text
    assert "かん" not in text and "(" not in text


@pytest.mark.parametrize(
    "ruby",
    [
        "<ruby><rb>東</rb><rb>京</rb><rt>とう</rt><rt>きょう</rt></ruby>",  # one base each
        "<ruby>東京<rtc>とうきょう</rtc></ruby>",  # an annotation container
        "<ruby><rb>東京</rb><rtc><rt>とうきょう</rt></rtc><rtc lang=en>Tokyo</rtc></ruby>",
    ],
)
@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_ruby_bases_stay_in_the_line_and_every_annotation_is_left_out(
    output: str, ruby: str
) -> None:
    # <rb> and <rtc> cut the sentence into one paragraph a character, and an <rtc>
    # reading stood as a paragraph of its own.
    page = (
        f"<html lang=ja><body><article><h1>地名</h1><p>例えば「{ruby}」や「大阪」などの"
        "地名です。日本の都市の名前はたくさんあります。</p></article></body></html>"
    )
    written = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "例えば「東京」や「大阪」などの地名です。" in written
    assert "とう" not in written and "Tokyo" not in written


@pytest.mark.parametrize("output", ["text", "markdown", "html", "json"])
def test_screen_reader_copies_of_shown_text_are_left_out(output: str) -> None:
    """A price or a name shown once to the eye, and repeated in the DOM for screen
    readers in a visually-hidden class, is written once; a screen-reader text that
    repeats nothing, and words the page itself repeats, stay."""
    document = article_document("screen-reader-copies.html")
    rendered = render(document, output, extractor="by-hand", links=True)
    if output == "json":
        rendered = json.loads(rendered)["text"]
    words = re.sub(r"<[^>]+>|\*\*|\[|\]\([^)]*\)", "", rendered)
    # after an aria-hidden twin, white space between
    assert "Price: EUR 20.99 with free delivery." in words
    assert "Sold by Seller's other items since 2019." in words  # after its own text
    assert "Colour: Blue and white." in words  # a comment between
    assert "Size: 40 cm tall." in words  # white space inside what it repeats
    assert "4 out of 5 stars" in words  # what the stars say, not a copy of them
    assert "Bora Bora Bora" in words
    assert "(opens in a new tab)" in words
    assert "Walnut Walnut," in words  # neither is marked
    assert "Oak Oak veneer" in words  # aria-hidden alone marks no copy


def _all_content(page: str) -> TextDocument:
    """``page`` parsed, every block of it content."""
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    return document


@pytest.mark.parametrize(
    "classes",
    [
        "sr-only",
        "u-sr-only",
        "utils_visuallyHidden__DJ_eB",  # CSS Modules
        "VisuallyHidden_root__x1",  # a styled component
        "price a11y-hidden",
        "Screen-Reader-Text",
        "a-offscreen",  # Amazon's
    ],
)
def test_screen_reader_classes_under_other_names(classes: str) -> None:
    page = (
        '<body><p>Price: <span aria-hidden="true">EUR 20.99</span>'
        f'<span class="{classes}">EUR 20.99</span></p></body>'
    )
    assert to_text(_all_content(page)) == "Price: EUR 20.99"


def test_a_screen_reader_copy_before_the_shown_text_is_left_out() -> None:
    # Amazon's prices: the copy first, then the price drawn in parts for the eye
    page = (
        '<body><p>Now only <span class="a-price"><span class="a-offscreen">$19.99</span>'
        '<span aria-hidden="true"><span class="a-price-symbol">$</span>'
        '<span class="a-price-whole">19<span class="a-price-decimal">.</span></span>'
        '<span class="a-price-fraction">99</span></span></span> with free shipping.</p></body>'
    )
    assert to_text(_all_content(page)) == "Now only $19.99 with free shipping."
    # the separator drawn by the style, not written: the reader's copy is the text
    drawn = (
        '<body><p>Now <span class="a-offscreen">EUR 34.42</span><span aria-hidden="true">'
        '<span>EUR</span><span>34<span class="a-price-decimal"></span></span>'
        "<span>42</span></span> only.</p></body>"
    )
    assert to_text(_all_content(drawn)) == "Now EUR 34.42 only."
    # a screen-reader text before words it does not repeat stays
    label = '<body><p><span class="sr-only">Price:</span> <span>$19.99</span></p></body>'
    assert to_text(_all_content(label)) == "Price: $19.99"


@pytest.mark.parametrize(
    ("words", "between"),
    [
        ("We design calm software for busy people", " "),
        # Splitting.js parts the words with an element of white space
        ("It is up to us to do it all for you", '<span class="whitespace"> </span>'),
    ],
)
def test_a_heading_drawn_letter_by_letter_is_written_once(words: str, between: str) -> None:
    # an animated heading: the words for screen readers, then each letter in an element
    # of its own for the eye (GSAP's SplitText, Splitting.js)
    letters = between.join(
        '<span class="word">'
        + "".join(f'<span class="char">{letter}</span>' for letter in word)
        + "</span>"
        for word in words.split()
    )
    page = (
        f'<body><h2><span class="sr-only">{words}</span><span aria-hidden="true">{letters}'
        "</span></h2><p>Northwind is a small studio of eight designers.</p></body>"
    )
    document = _all_content(page)
    assert to_text(document) == f"{words}\n\nNorthwind is a small studio of eight designers."
    assert to_markdown(document).startswith(f"## {words}\n\n")


def test_a_screen_reader_sentence_around_a_drawn_price_is_left_out() -> None:
    # WooCommerce's sale price: each price drawn for the eye, and said in a sentence
    sale = (
        '<body><p class="price"><del aria-hidden="true">$169.95</del> <span class='
        '"screen-reader-text">Original price was: $169.95.</span><ins aria-hidden="true">'
        '$101.97</ins><span class="screen-reader-text">Current price is: $101.97.</span>'
        "</p></body>"
    )
    assert to_text(_all_content(sale)) == "$169.95 $101.97"
    # a drawing of a lone digit is too little to tell: both stay
    star = '<body><p><span aria-hidden="true">5</span><span class="sr-only">5 stars</span></p>'
    assert to_text(_all_content(star)) == "5 5 stars"  # the screen reader's words apart
    # a count of two digits drawn in brackets, said with its noun (a shop's reviews)
    count = (
        '<body><p class="rating-count"><span aria-hidden="true">(37)</span><span '
        'class="visually-hidden">37 avis</span></p>'
    )
    assert to_text(_all_content(count)) == "(37)"
    # ... unless the sentence says more figures than the drawing
    rating = count.replace("37 avis", "4.7 sur 5 de 37 avis")
    assert to_text(_all_content(rating)) == "(37) 4.7 sur 5 de 37 avis"
    # a price shown to the eye and said in a sentence for screen readers: once
    shop = (
        '<body><p class="price"><s>$649.00</s> <span class="now">$549.00</span> <span class='
        '"sr-only">Sale price $549.00</span> <span class="badge">Save 15%</span></p></body>'
    )
    assert to_text(_all_content(shop)) == "$649.00 $549.00 Save 15%"


@pytest.mark.parametrize("wrapper", ["b", "span", "a"])
def test_a_line_break_alone_in_an_element_breaks_the_line(wrapper: str) -> None:
    # "<b><br></b>" between a line and the next holds no text, so no block, but breaks
    # the line all the same; in a list item too
    page = (
        f"<body><p>Social Media Apps (e.g., TikTok)<{wrapper}><br></{wrapper}>Focus on"
        f" friends.</p><ul><li>Basic)<{wrapper}><br></{wrapper}>Brand</li></ul></body>"
    )
    assert (
        to_text(_all_content(page))
        == "Social Media Apps (e.g., TikTok)\nFocus on friends.\n\nBasic)\nBrand"
    )


def test_a_hidden_space_before_punctuation_shows_nothing() -> None:
    # a link's screen-reader space, out of the flow; before a word it stays a space
    page = (
        '<body><p>A <a href="/x"><span>drop in traffic</span><span class="visually-hidden">'
        ' </span></a>, but small. Read <a href="/y">this</a><span class="sr-only"> </span>now.'
        "</p></body>"
    )
    assert to_text(_all_content(page)) == "A drop in traffic, but small. Read this now."


def test_an_image_description_for_screen_readers_is_left_out() -> None:
    # a shop's gallery: each slide's image described by a visually-hidden span
    slides = "".join(
        f'<div><img src="{n}.jpg" aria-describedby="slide-{n}">'
        f'<span id="slide-{n}" class="visually-hidden">Image {n} of 2</span></div>'
        for n in (1, 2)
    )
    page = f"<body>{slides}<p>A wheel-thrown mug in a white speckle glaze.</p></body>"
    assert to_text(_all_content(page)) == "A wheel-thrown mug in a white speckle glaze."
    # named by aria-labelledby, on an svg
    labelled = (
        '<body><p><svg aria-labelledby="t"></svg><span id="t" class="sr-only">Chart of '
        "sales</span> Sales rose in May.</p></body>"
    )
    assert to_text(_all_content(labelled)) == "Sales rose in May."
    # a long description is more than the image's name: the chart's data in words
    data = "Sales were 10 in January, 12 in February, 15 in March and 21 in April."
    described = (
        f'<body><p><img src="c.png" aria-describedby="d"><span id="d" class="sr-only">{data}'
        "</span> Sales rose in May.</p></body>"
    )
    assert to_text(_all_content(described)) == f"{data} Sales rose in May."
    # a description the page shows is a caption, and one no image names stays
    shown = (
        '<body><div><img src="a.jpg" aria-describedby="c"><p id="c">The harbour at '
        'dawn.</p></div><p><span id="x" class="sr-only">Posted by</span> Ann</p></body>'
    )
    assert to_text(_all_content(shown)) == "The harbour at dawn.\n\nPosted by Ann"


@pytest.mark.parametrize("classes", ["hidden-xs", "hiddenField", "screen", "clip"])
def test_other_classes_mark_no_copy(classes: str) -> None:
    # Words a page shows twice in a row are kept twice unless the second copy is for
    # screen readers: "hidden-xs" hides on small screens only, "hiddenField" is a name.
    # ("d-none" hides at every width: test_inline_text_a_class_hides_at_every_width...)
    page = f'<body><p>Bora <span class="{classes}">Bora</span></p></body>'
    assert to_text(_all_content(page)) == "Bora Bora"


MATH_PAGE = (
    "<body><nav><a href='/'>Home</a> <math><mi>π</mi></math></nav><main>"
    "<p>When <math><mi>a</mi><mo>≠</mo><mn>0</mn></math>, there are two solutions to "
    "<span class='mwe-math-element'><math><semantics><mrow><mi>x</mi><mo>=</mo><mn>2</mn>"
    "</mrow><annotation encoding='application/x-tex'>x = 2</annotation></semantics></math>"
    "</span> and more.</p>"
    "<p>Then</p><mjx-container><mjx-math aria-hidden='true'><mjx-mi></mjx-mi></mjx-math>"
    "<mjx-assistive-mml><math><msup><mi>e</mi><mn>2</mn></msup></math></mjx-assistive-mml>"
    "</mjx-container> is a number.</main></body>"
)


@pytest.mark.parametrize(
    ("output", "first", "second"),
    [
        # the plain text and the HTML show the formulas' text, Markdown their TeX: the
        # page's own where it has one ("x = 2"), else made from the MathML
        ("text", "When a≠0, there are two solutions to x=2 and more.", "e² is a number."),
        ("html", "When a≠0, there are two solutions to x=2 and more.", "e² is a number."),
        (
            "markdown",
            "When $a≠0$, there are two solutions to $x = 2$ and more.",
            "$e^{2}$ is a number.",
        ),
    ],
)
def test_formulas_in_content_lines_are_written(output: str, first: str, second: str) -> None:
    document = unboiler.parse(MATH_PAGE)
    for block in document.blocks:
        block.set_content(block.text not in ("Home",))
    rendered = render(document, output, extractor="by-hand")
    words = re.sub(r"<[^>]+>", "", rendered)
    assert first in words
    assert second in words  # MathJax 3: the assistive MathML is the formula
    assert "π" not in words and "Home" not in words  # a formula outside the content
    if output != "markdown":
        assert "x = 2" not in words  # the TeX annotation is not shown


KATEX_FORMULA = (
    '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>E</mi>'
    "<mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>"
    '<annotation encoding="application/x-tex">E=mc^2</annotation></semantics></math></span>'
    '<span class="katex-html" aria-hidden="true"><span class="mord">E</span>'
    '<span class="mrel">=</span><span class="mord">m</span><span class="mord">c'
    '<span class="msupsub"><span class="mtight">2</span></span></span></span></span>'
)
MATHJAX2_FORMULA = (
    '<span class="MathJax" role="presentation"><nobr aria-hidden="true"><span class="math">'
    '<span class="mi">E</span><span class="mo">=</span><span class="mi">m</span>'
    '<span class="msubsup"><span class="mi">c</span><span class="mn">2</span></span>'
    '</span></nobr><span class="MJX_Assistive_MathML" role="presentation"><math><mi>E</mi>'
    "<mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></span></span>"
    '<script type="math/tex">E=mc^2</script>'
)


@pytest.mark.parametrize(
    ("formula", "output", "expected"),
    [
        (KATEX_FORMULA, "text", "Einstein wrote E=mc² in 1905."),
        # the TeX of KaTeX's annotation, and of MathJax 2's script beside its rendering
        (KATEX_FORMULA, "markdown", "Einstein wrote $E=mc^2$ in 1905."),
        (MATHJAX2_FORMULA, "text", "Einstein wrote E=mc² in 1905."),
        (MATHJAX2_FORMULA, "markdown", "Einstein wrote $E=mc^2$ in 1905."),
        # no TeX given: made from the MathML
        (MATHJAX2_FORMULA.split("<script")[0], "markdown", "Einstein wrote $E=mc^{2}$ in 1905."),
    ],
)
def test_a_formula_drawn_for_the_eye_as_well_is_written_once(
    formula: str, output: str, expected: str
) -> None:
    # KaTeX and MathJax 2 draw a formula with styled glyphs hidden from assistive
    # technology beside its MathML: the glyphs' text ("E=mc2") is not written again
    page = f"<body><article><p>Einstein wrote {formula} in 1905.</p></article></body>"
    assert render(_all_content(page), output, extractor="by-hand") == expected


def test_glyphs_hidden_beside_a_formula_in_running_text_are_not_its_rendering() -> None:
    # an element hidden from assistive technology in a line of text is not a formula's
    # drawing: only a wrapper that holds the formula and nothing else with text is
    page = (
        "<body><article><p>Area <math><mi>A</mi></math> of the room "
        '<span aria-hidden="true">(see plan)</span> is large.</p></article></body>'
    )
    assert to_text(_all_content(page)) == "Area A of the room (see plan) is large."


def test_a_formula_set_apart_is_a_line_of_its_own() -> None:
    page = (
        '<body><article><p>The roots are <math display="block"><mi>x</mi><mo>=</mo>'
        "<mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><msup><mi>b</mi><mn>2</mn>"
        "</msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn>"
        "<mi>a</mi></mrow></mfrac></math> for any a.</p></article></body>"
    )
    document = _all_content(page)
    assert to_text(document) == "The roots are\nx=(−b±√(b²−4ac))/(2a)\nfor any a."
    assert render(document, "markdown", extractor="by-hand") == (
        "The roots are\\\n$$x=\\frac{−b±\\sqrt{b^{2}−4ac}}{2a}$$\\\nfor any a."
    )


def test_two_formulas_side_by_side_keep_their_own_tex() -> None:
    page = (
        "<body><p>Both <math alttext='a'><mi>a</mi></math><math alttext='b'><mi>b</mi></math>"
        " hold.</p></body>"
    )
    # apart by a space: "$a$$b$" would read as a display formula's "$$"
    assert render(_all_content(page), "markdown", extractor="by-hand") == "Both $a$ $b$ hold."


def test_a_formula_writes_its_tokens_without_the_white_space_between_them() -> None:
    # MathML renders no white space between its elements and trims a token's text; the
    # words of an <mtext> stay apart from the symbols
    page = (
        "<p>When <math>\n  <mi> a </mi>\n  <mo>≠</mo>\n  <mn>0</mn>\n</math>, and "
        "<math><mi>x</mi><mtext>if</mtext><mi>y</mi><mtext>\u00a0for all\u00a0</mtext>"
        "<mi>z</mi></math> holds.</p>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "When a≠0, and x if y for all z holds."


NOTEBOOK_MATH = (
    "<p>The model is</p><p>$$\\hat{y}_i = \\beta_0 + \\beta_1 x_{i1}$$</p>"
    "<p>where $x_{i1}$ is the area, \\(n\\) the rows, from $5 to $10 a month; "
    "<code>echo $HOME $PATH</code>.</p></body>"
)


@pytest.mark.parametrize(
    ("head", "markdown"),
    [
        # a notebook configures MathJax to read single dollars: every formula is TeX
        (
            "<script>MathJax.Hub.Config({tex2jax: {inlineMath: [['$','$'], ['\\\\(','\\\\)']]}});"
            "</script>",
            "The model is\n\n$$\\hat{y}_i = \\beta_0 + \\beta_1 x_{i1}$$\n\n"
            "where $x_{i1}$ is the area, $n$ the rows, from \\$5 to \\$10 a month; "
            "`echo $HOME $PATH`.",
        ),
        # MathJax's defaults: a single dollar is a price's
        (
            "<script src='https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js'></script>",
            "The model is\n\n$$\\hat{y}_i = \\beta_0 + \\beta_1 x_{i1}$$\n\n"
            "where \\$x\\_{i1}\\$ is the area, $n$ the rows, from \\$5 to \\$10 a month; "
            "`echo $HOME $PATH`.",
        ),
        # no script typesets it: the page shows the TeX as written
        (
            "",
            "The model is\n\n\\$\\$\\hat{y}\\_i = \\beta_0 + \\beta_1 x\\_{i1}\\$\\$\n\n"
            "where \\$x\\_{i1}\\$ is the area, \\\\(n\\\\) the rows, from \\$5 to \\$10 a month; "
            "`echo $HOME $PATH`.",
        ),
    ],
)
def test_tex_in_the_text_is_a_formula_where_the_page_typesets_it(head: str, markdown: str) -> None:
    document = _all_content(f"<html><head>{head}</head><body>{NOTEBOOK_MATH}")
    assert render(document, "markdown", extractor="by-hand") == markdown
    # the plain text writes the TeX as the page has it, whatever typesets it
    assert render(document, "text", extractor="by-hand").splitlines()[2] == (
        "$$\\hat{y}_i = \\beta_0 + \\beta_1 x_{i1}$$"
    )


@pytest.mark.parametrize(
    ("head", "mode"),
    [
        # KaTeX's stylesheet alone: formulas rendered on the server; KaTeX's script
        # alone typesets what a script hands it
        ("<link rel='stylesheet' href='/katex.min.css'>", None),
        ("<script src='/katex.min.js'></script>", None),
        ("<script src='/contrib/auto-render.min.js'></script>", "display"),
        # a script that only names it configures nothing
        ('<script type="application/ld+json">{"keywords": "regex, KaTeX, MathJax"}</script>', None),
        ("<script>// MathJax is not used here</script>", None),
        # the single dollar second among the pairs; the configuration after many scripts;
        # MathJax 3 reads "\\$" as a dollar sign unless told not to, MathJax 2 if told
        (
            "<script>MathJax = {tex: {inlineMath: [['\\\\(', '\\\\)'], ['$', '$']]}};</script>",
            "escaped",
        ),
        (
            "<script src='/a.js'></script>" * 25
            + "<script>MathJax = {tex: {inlineMath: [['$', '$']], processEscapes: false}};"
            + "</script>",
            "inline",
        ),
        (
            "<script>MathJax.Hub.Config({tex2jax: {inlineMath: [['$','$']]}});</script>",
            "inline",
        ),
        (
            "<script>MathJax.Hub.Config({tex2jax: {inlineMath: [['$','$']], "
            "processEscapes: true}});</script>",
            "escaped",
        ),
        # MathJax 2 configured in a script of its own type (Jupyter's nbconvert)
        (
            "<script type='text/x-mathjax-config'>MathJax.Hub.Config({tex2jax: "
            "{inlineMath: [['$','$'], ['\\\\(','\\\\)']], processEscapes: true}});</script>"
            "<script src='https://cdn.x.org/mathjax/2.7.7/MathJax.js'></script>",
            "escaped",
        ),
        (
            "<script type='text/x-mathjax-config;executeOnHub'>MathJax.Hub.Config({tex2jax: "
            "{inlineMath: [['$','$']]}});</script>",
            "inline",
        ),
        # MathJax 2 configured by an object before its script loads: no escapes
        (
            "<script>window.MathJax = {tex2jax: {inlineMath: [['$','$']]}};</script>",
            "inline",
        ),
        (
            "<script>MathJax = {tex: {inlineMath: [['$','$']]}};</script>"
            "<script src='https://cdn.x.org/mathjax/2.7.7/MathJax.js'></script>",
            "inline",
        ),
        # KaTeX's auto-render told to read single dollars
        (
            "<script src='/katex.js'></script><script>renderMathInElement(document.body, "
            "{delimiters: [{left: '$$', right: '$$', display: true}, {left: '$', right: '$', "
            "display: false}]});</script>",
            "inline",
        ),
        ("<script>window.MathJax = {tex: {inlineMath: [['\\\\(', '\\\\)']]}};</script>", "display"),
        ("<script>var price = '$5';</script>", None),
    ],
)
def test_how_a_page_typesets_tex_in_its_text(head: str, mode: str | None) -> None:
    from unboiler.output.renderings import tex_in_text

    assert tex_in_text(LexborHTMLParser(f"<html><head>{head}</head><body></body></html>")) == mode


def test_an_escaped_dollar_is_a_dollar_where_the_page_says_so() -> None:
    # MathJax's processEscapes: "\$" in the text is the dollar sign a reader sees; in a
    # formula it is TeX's, written as the page has it
    config = "<script>MathJax = {tex: {inlineMath: [['$', '$']]}};</script>"
    body = r"<p>It costs \$40 a month, and $\$5 + x$ is TeX.</p>"
    document = _all_content(f"<html><head>{config}</head><body>{body}")
    assert (
        render(document, "text", extractor="by-hand")
        == r"It costs $40 a month, and $\$5 + x$ is TeX."
    )
    markdown = render(document, "markdown", extractor="by-hand")
    assert markdown.startswith(r"It costs \$40 a month")
    # without processEscapes the backslash is the page's text
    config = config.replace("]]}", "]], processEscapes: false}")
    document = _all_content(f"<html><head>{config}</head><body>{body}")
    assert render(document, "text", extractor="by-hand").startswith(r"It costs \$40")


@pytest.mark.parametrize(
    ("text", "markdown"),
    [
        # a formula a CommonMark reader would take a link or emphasis from is its text
        (
            "The transform \\(\\mathcal{L}[f](s)\\) of f.",
            "The transform \\\\(\\mathcal{L}\\[f\\](s)\\\\) of f.",
        ),
        ("Both \\(x^*\\) and \\(y^*\\) hold.", "Both \\\\(x^\\*\\\\) and \\\\(y^\\*\\\\) hold."),
        # "<" opens inline HTML or an autolink only before a letter, "/", "!" or "?"
        (
            "When \\(a < b\\) and \\(x<1\\) hold, \\(a&lt;b\\) too.",
            "When $a < b$ and $x<1$ hold, \\\\(a\\<b\\\\) too.",
        ),
        # a digit right after the closing: no formula, as Pandoc reads it
        ("Take \\(x\\)2 steps.", "Take \\\\(x\\\\)2 steps."),
        # "$a$$b$" is two formulas, not a display one between them (written apart)
        ("Here $a$$b$ and $$c$$ end.", "Here $a$ $b$ and $$c$$ end."),
    ],
)
def test_tex_that_markdown_would_misread_stays_text(text: str, markdown: str) -> None:
    head = "<script>MathJax = {tex: {inlineMath: [['$', '$']]}};</script>"
    document = _all_content(f"<html><head>{head}</head><body><p>{text}</p></body></html>")
    assert render(document, "markdown", extractor="by-hand") == markdown


def test_a_formula_writes_no_hidden_text() -> None:
    # HTML lets <mtext> hold HTML elements: a <style> there is not shown (found by the
    # HTML output's property test, with markup in the style's text).
    page = "<p>One <math><mtext><style>p { color: red }</style>x</mtext></math> two</p>"
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "One x two"


PERMALINK_PAGE = (
    "<body><main>"
    '<h1>itertools<a class="headerlink" href="#itertools" title="Permalink">¶</a></h1>'
    "<p>Functions creating iterators for efficient looping.</p>"
    '<div><h2 id="use">Use</h2> <a class="anchor" href="#use">#</a></div>'
    '<h3><a class="doc-anchor" href="#s">§</a>Struct</h3>'
    '<dl><dt id="f">chain(*iterables)<a href="#f">🔗\ufe0f</a></dt><dd>Chains.</dd></dl>'
    '<p>See <a href="#n1">#</a> and <a href="#s3">§ 3</a>.</p>'
    '<div class="code-block-caption"><span>forms.py</span><a href="#id3">¶</a></div>'
    "<pre>import forms</pre>"
    "</main></body>"
)


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_heading_permalinks_are_left_out(output: str) -> None:
    document = _all_content(PERMALINK_PAGE)
    rendered = render(document, output, extractor="by-hand")
    for sign in ("¶", "🔗", "\\#"):
        assert sign not in rendered
    # the markup left out: tags, heading marks, a definition term's strong emphasis
    words = re.sub(r"<[^>]+>|^#+ |^\*\*|\*\*$", "", rendered, flags=re.MULTILINE)
    words = re.sub(r"\\(.)", r"\1", words)  # Markdown's escapes
    for line in ("itertools", "Use", "Struct", "chain(*iterables)", "forms.py"):
        assert line in words.splitlines()
    # a sign that is a paragraph's link, or a link's first character, is text
    assert "See # and § 3." in words


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_section_sign_before_its_number_is_no_permalink(output: str) -> None:
    # a statute's headings link their "§" to themselves, and its number follows: the
    # section is "§ 3", not "3" (a newcomer's German law page)
    page = (
        '<body><main><h3 id="p3"><a href="#p3">§</a>&nbsp;3 Ausnahmen</h3>'
        "<p>Die Behörde kann Ausnahmen zulassen.</p>"
        '<h3 id="p4"><a href="#p4">§</a><a href="#p4">4</a> Bußgeld</h3>'
        "<p>Ordnungswidrig handelt, wer Arbeiten verrichtet.</p>"
        '<h3 id="p5">§ 5 Inkrafttreten <a class="headerlink" href="#p5">§</a></h3>'
        "<p>Das Gesetz tritt morgen in Kraft.</p></main></body>"
    )
    rendered = render(_all_content(page), output, extractor="by-hand")
    words = re.sub(r"<[^>]+>|^#+ ", "", rendered, flags=re.MULTILINE)
    words = words.replace("\xa0", " ").replace("&nbsp;", " ")
    lines = words.splitlines()
    assert "§ 3 Ausnahmen" in lines
    assert "§4 Bußgeld" in lines  # as the page shows it
    # a permalink after the heading's words is one still, and so is an anchor's class
    assert "§ 5 Inkrafttreten" in lines
    page = (
        '<body><main><h2 id="rt"><a class="doc-anchor" href="#rt">§</a>1. Create a runtime</h2>'
        "<p>Build it first.</p></main></body>"
    )
    rendered = render(_all_content(page), output, extractor="by-hand")
    assert "§" not in rendered and "1. Create a runtime" in rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_an_emoticon_drawn_as_an_image_is_its_text(output: str) -> None:
    # WordPress draws emoji as <img class="emoji">, forums smileys as <img class="smilie">
    document = _all_content(
        "<body><main><p>A great day at the beach <img class='emoji' role='img' alt='😀'"
        " src='/1f600.svg'> and a swim.</p><p>Thanks <img src='/s.gif' alt=':)'"
        " class='smilie'> all <img class='emoji' alt=':slight_smile:' src='/s.png'>"
        " <img class='reaction' alt='Like' src='/l.png'><img alt='^^' src='/x.png'></p>"
        # phpBB names no class, but keeps its smileys in a folder of their own
        "<p>Works now <img src='./images/smilies/icon_e_wink.gif' alt=';)' title='Wink'>"
        " thanks.</p>"
        # its grin and its tongue have letters for mouths; its ":lol:" is a shortcode
        "<p>It stays <img class='smilies' src='./images/smilies/icon_e_biggrin.gif' alt=':D'>"
        " and <img class='smilies' src='./images/smilies/icon_razz.gif' alt=':-P'> here"
        " <img class='smilies' src='./images/smilies/icon_lol.gif' alt=':lol:'>.</p>"
        "</main></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    assert "A great day at the beach 😀 and a swim." in rendered, rendered
    assert "Thanks :) all" in rendered, rendered
    assert "Works now ;) thanks." in rendered, rendered
    assert "It stays :D and :-P here" in rendered.replace("\\", ""), rendered
    assert ":lol:" not in rendered
    # a shortcode, a reaction's word, an image no class names a smiley: not emoticons
    assert "slight_smile" not in rendered and "Like" not in rendered and "^^" not in rendered
    # with the images kept, an emoticon is still its text, not a picture
    with_images = render(document, output, extractor="by-hand", images=True)
    assert "Thanks :) all" in with_images and "1f600" not in with_images, with_images


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_notebooks_prompts_are_left_out(output: str) -> None:
    # Jupyter's nbconvert, classic template then lab template
    document = _all_content(
        "<body><main><div class='cell border-box-sizing code_cell rendered'><div"
        " class='input'><div class='prompt input_prompt'>In&nbsp;[1]:</div><div"
        " class='inner_cell'><div class='input_area'><div class=' highlight hl-ipython3'>"
        "<pre>total = 2 + 3</pre></div></div></div></div><div class='output_wrapper'><div"
        " class='output_area'><div class='prompt output_prompt'>Out[1]:</div><div"
        " class='output_text output_subarea output_execute_result'><pre>5</pre></div></div>"
        "</div></div>"
        "<div class='jp-Cell-inputWrapper'><div class='jp-InputPrompt jp-InputArea-prompt'>"
        "In&nbsp;[&nbsp;]:</div><div class='jp-CodeMirrorEditor'><div class='highlight"
        " hl-ipython3'><pre>print(total)</pre></div></div></div>"
        # a prompt's words in a sentence are the sentence's
        "<p>The cell marked In [1]: adds the two numbers.</p></main></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    shown = rendered.replace("\\", "").replace("&nbsp;", " ").replace("\xa0", " ")
    assert "In [1]:" not in shown.split("The cell")[0], rendered
    assert "Out[1]" not in shown and "In [ ]" not in shown, rendered
    for kept in ("total = 2 + 3", "5", "print(total)", "The cell marked In [1]: adds"):
        assert kept in shown, rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_edit_controls_are_left_out(output: str) -> None:
    document = _all_content(
        "<body><main><h2><span class='mw-headline'>History</span><span"
        " class='mw-editsection'><span class='mw-editsection-bracket'>[</span><a"
        " href='/w/index.php?action=edit'>edit</a><span>]</span></span></h2>"
        "<p>Founded in 1998 by two students.</p>"
        # MediaWiki with the visual editor: two links, "[ edit | edit source ]"
        "<div class='mw-heading mw-heading2'><h2 id='Location'>Location</h2><span"
        " class='mw-editsection'><span class='mw-editsection-bracket'>[</span><a"
        " href='/w/index.php?veaction=edit' class='mw-editsection-visualeditor'><span>edit"
        "</span></a><span class='mw-editsection-divider'> | </span><a"
        " href='/w/index.php?action=edit'><span>edit source</span></a><span"
        " class='mw-editsection-bracket'>]</span></span></div>"
        "<p>On the plateau above the valley.</p><footer><span class='edit-link'><a"
        " class='post-edit-link' href='/wp-admin/post.php?post=1'>Edit</a></span></footer>"
        # a credit, an editor's pick, or an edit class on more than a control are text
        "<p class='photo-credit'><a href='/p'>Photo</a></p><p class='editor-pick'><a"
        " href='/x'>Pick</a></p><div class='edit'><a href='/e'>Edit</a> the list of the"
        " many things we sell</div></main></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    words = re.sub(r"<[^>]+>|^#+ |\\", "", rendered, flags=re.MULTILINE)
    assert "edit" not in words.lower().replace("edit the list", ""), rendered
    assert "History" in words.splitlines() and "Founded in 1998 by two students." in words
    assert "Location" in words.splitlines() and "|" not in words and "[" not in words
    for kept in ("Photo", "Pick", "Edit the list of the many things we sell"):
        assert kept in words, rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_reply_controls_are_left_out(output: str) -> None:
    # a MediaWiki talk page's "[reply]" after each signature, WordPress's "Reply" link
    document = _all_content(
        "<body><main><p>Stationen bör byta namn. Tunnelbanefantast 12 januari 2024<span"
        " class='ext-discussiontools-init-replylink-buttons'><span"
        " class='ext-discussiontools-init-replylink-bracket'>[</span><a"
        " class='ext-discussiontools-init-replylink-reply' role='button'>svara</a><span"
        " class='ext-discussiontools-init-replylink-bracket'>]</span></span></p>"
        "<div class='comment'><p>Great recipe, thanks.</p><div class='reply'><a"
        " class='comment-reply-link' href='#respond'>Reply</a></div></div>"
        # a reply of a thread, in a class of its own, is text, and so are its author's
        # name and a reply of a link alone
        "<div class='reply'><p>I agree with <a href='/u/ann'>Ann</a> on this.</p></div>"
        "<div class='reply'><span class='reply-author'><a href='/u/bo'>Bo Lind</a></span>"
        " wrote:<div class='reply-content'><a href='https://x.org/pull/12'>x.org/pull/12</a>"
        "</div></div></main></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    assert "svara" not in rendered and "[" not in rendered and "Reply" not in rendered
    assert "Tunnelbanefantast 12 januari 2024" in rendered and "Great recipe, thanks." in rendered
    assert "I agree with" in rendered and "Ann" in rendered
    assert "Bo Lind" in rendered and "x.org/pull/12" in rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_footnote_back_references_are_left_out(output: str) -> None:
    document = _all_content(
        '<body><main><p>Oceans took up a quarter of it.<sup><a href="#n1">1</a></sup></p>'
        '<ol><li id="n1">Sabine et al. (2004), Science 305. <a href="#r1">↩\ufe0e</a></li>'
        '<li id="n2">Based on a pH fall. <a href="#r2" class="up">↑</a></li></ol>'
        '<p>Read the <a href="#n1">^ note</a> again.</p></main></body>'
    )
    rendered = render(document, output, extractor="by-hand")
    assert "↩" not in rendered and "↑" not in rendered
    assert "Sabine et al. (2004), Science 305." in rendered and "pH fall." in rendered
    assert "^ note" in rendered  # a link that is more than the sign is text


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_quotes_link_back_to_its_post_is_left_out(output: str) -> None:
    # phpBB's quote: "↑" links to the quoted post by its address and fragment
    document = _all_content(
        "<body><main><blockquote><div><cite><a href='./memberlist.php?u=2'>sergey_k</a>"
        " wrote: <a href='./viewtopic.php?p=98121#p98121' data-post-id='98121'>↑</a>"
        "<span>02 May 2024, 10:41</span></cite>Use overlay2.</div></blockquote>"
        "<p>Thanks, that fixed it. <a href='/faq#top'>↑ Top of the FAQ</a></p></main></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    assert "↑02" not in rendered and "↑ 02" not in rendered, rendered
    assert "02 May 2024" in rendered and "Use overlay2." in rendered
    assert "↑ Top of the FAQ" in rendered  # a link that is more than the sign is text


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_back_references_of_a_note_cited_twice_are_left_out(output: str) -> None:
    # MediaWiki: the sign is no link, and each citation has a lettered link back
    document = _all_content(
        '<body><main><ol><li id="n3"><span class="mw-cite-backlink">^ '
        '<a href="#r3a"><sup><i><b>a</b></i></sup></a> <a href="#r3b"><sup><i><b>b</b></i>'
        "</sup></a></span> <span>Ethnicity figures add to more than 100%.</span></li>"
        # the Polish Wikipedia's style: each letter's link inside its formatting
        '<li id="n4"><span class="mw-cite-backlink">↑ <sup><i><b><a href="#r4a">a</a></b>'
        '</i></sup> <sup><i><b><a href="#r4b">b</a></b></i></sup></span> <span>Atlas jezior'
        " Polski, 1999.</span></li>"
        # the Persian Wikipedia numbers them: the note's number and the citation's
        '<li id="n5"><span class="mw-cite-backlink">↑ <sup><a href="#r5-0">۱٫۰</a></sup> '
        '<sup><a href="#r5-1">۱٫۱</a></sup></span> <span>هنرفر، لطف‌الله (۱۳۵۰).</span></li>'
        # the Arabic and Russian Wikipedias letter them in their own alphabets
        '<li id="n6"><span class="mw-cite-backlink">^ <a href="#r6a"><sup><i><b>أ</b></i>'
        '</sup></a> <a href="#r6b"><sup><i><b>ب</b></i></sup></a></span> <span>"Petra".'
        " UNESCO.</span></li>"
        '<li id="n7"><span class="mw-cite-backlink">↑ <sup><a href="#r7a">а</a></sup> '
        '<sup><a href="#r7b">б</a></sup></span> <span>Атлас озёр, 1999.</span></li>'
        # ... or, on other pages, number the citations from 1
        '<li id="n8"><span class="mw-cite-backlink">↑ <a href="#r8-0"><sup><i><b>1</b></i>'
        '</sup></a> <a href="#r8-1"><sup><i><b>2</b></i></sup></a></span> <span>Ладожское '
        "озеро // Водный реестр.</span></li>"
        "</ol>"
        '<p>Grade ^ <a href="#scale">a</a> is the best.</p>'
        '<p>^ <a href="#a">a</a> <a href="#glossary">glossary</a></p>'
        # numbers that do not count from 1 are no citations' links back
        '<p>Seats won: <span>↑ <a href="#s3">3</a> <a href="#s5">5</a></span></p></main></body>'
    )
    rendered = render(document, output, extractor="by-hand")
    plain = re.sub(r"<[^>]+>|[*_]", "", rendered)
    assert re.search(r"(^|\n|>)(1\. )?Ethnicity figures add to more than 100%", plain), rendered
    assert re.search(r"(^|\n|>)(2\. )?Atlas jezior Polski, 1999\.", plain), rendered
    assert re.search(r"(^|\n|>)(3\. )?هنرفر، لطف‌الله \(۱۳۵۰\)\.", plain), rendered
    assert re.search(r"(^|\n|>)(4\. )?\"Petra\"\. UNESCO\.", plain), rendered
    assert re.search(r"(^|\n|>)(5\. )?Атлас озёр, 1999\.", plain), rendered
    assert re.search(r"(^|\n|>)(6\. )?Ладожское озеро // Водный реестр\.", plain), rendered
    # a sign within a sentence, or followed by a link that is a word, is text
    assert "Grade ^ a is the best." in plain
    assert "^ a glossary" in plain
    assert "Seats won: ↑ 3 5" in plain


COPY_PAGE = (
    "<body><article><p>Our lamp, in stock.</p>"
    '<div aria-hidden="true"><p>Walnut lamp</p><p>Made in Porto.</p></div>'
    '<div class="sr-only"><p>Walnut lamp</p><p>Made in Porto.</p></div>'
    "<p>The end of the page, and of the article.</p></article></body>"
)


def _copy_document(content: set[str]) -> TextDocument:
    document = unboiler.parse(COPY_PAGE)
    for block in document.blocks:
        block.set_content(block.text in content)
    return document


def _mark(document: TextDocument, wanted: list[tuple[str, int]]) -> TextDocument:
    """Make content the blocks named by text and occurrence (0: the first)."""
    seen: dict[str, int] = {}
    for block in document.blocks:
        occurrence = seen[block.text] = seen.get(block.text, -1) + 1
        block.set_content((block.text, occurrence) in wanted)
    return document


def test_a_copy_goes_only_when_what_it_repeats_is_written_whole() -> None:
    both = [("Walnut lamp", 0), ("Made in Porto.", 0), ("Walnut lamp", 1), ("Made in Porto.", 1)]
    text = to_text(_mark(unboiler.parse(COPY_PAGE), both))
    assert text.count("Walnut lamp") == 1 and text.count("Made in Porto.") == 1
    # the shown box is drawn for the eye (aria-hidden): the reader's copy is the text
    # kept, and its second paragraph not being content leaves the copy whole, once
    part = [("Walnut lamp", 0), ("Walnut lamp", 1), ("Made in Porto.", 1)]
    text = to_text(_mark(unboiler.parse(COPY_PAGE), part))
    assert text.count("Walnut lamp") == 1 and text.count("Made in Porto.") == 1
    # the copy is not written whole: the drawing stays beside it
    half = [("Walnut lamp", 0), ("Made in Porto.", 0), ("Walnut lamp", 1)]
    text = to_text(_mark(unboiler.parse(COPY_PAGE), half))
    assert text.count("Walnut lamp") == 2 and text.count("Made in Porto.") == 1
    # the shown box is not content at all: the copy stays
    copy = [("Walnut lamp", 1), ("Made in Porto.", 1)]
    text = to_text(_mark(unboiler.parse(COPY_PAGE), copy))
    assert "Walnut lamp" in text and "Made in Porto." in text


def test_text_placed_after_a_copy_is_still_written() -> None:
    """A block without an element (a product description from JSON-LD) is written after
    the content text before it; when that text is a copy left out, it still is."""
    document = _copy_document({"Our lamp, in stock.", "Walnut lamp", "Made in Porto."})
    last_copy = max(i for i, b in enumerate(document.blocks) if b.text == "Made in Porto.")
    document.blocks.insert(
        last_copy + 1, TextBlock.from_text("Solid walnut, oiled by hand.", is_content=True)
    )
    text = to_text(document)
    assert text.count("Made in Porto.") == 1
    assert text.index("Made in Porto.") < text.index("Solid walnut, oiled by hand.")


def test_large_hidden_elements_are_not_compared() -> None:
    """Only short texts are compared: a page of nested hidden elements costs no more
    than its size, and a long hidden box equal to its neighbour stays."""
    from unboiler.output.hidden import MAX_COPY_NODES, assistive_copies

    items = "".join(f"<li>item {i}</li>" for i in range(MAX_COPY_NODES))
    page = f'<body><ul aria-hidden="true">{items}</ul><ul class="sr-only">{items}</ul></body>'
    assert assistive_copies(unboiler.parse(page).tree) == []
    nested = '<div class="sr-only">' * 3000 + "deep" + "</div>" * 3000
    assert assistive_copies(unboiler.parse(f"<body><p>deep</p>{nested}</body>").tree) == []


def test_cjk_text_gets_no_spaces() -> None:
    document = article_document("conventions.html")
    text = to_text(document)
    # block.text, Boilerpipe's token stream, spaces the link; the output does not, nor
    # turns the source line break between two wide characters into a space.
    assert any("中文的 链接 在这里" in block.text for block in document.blocks)
    assert "中文的链接在这里，没有空格。" in text


def test_no_space_before_punctuation_after_a_link() -> None:
    document = article_document("links.html")
    assert any("link , and" in block.text for block in document.blocks)
    text = to_text(document)
    assert "This is link, and this is another. Then" in text


def test_links_that_touch_between_two_words_are_apart() -> None:
    # Browsers lay such links out apart (menus, breadcrumbs); punctuation gets no space.
    assert "Then one two touching links." in to_text(article_document("links.html"))


@pytest.mark.parametrize(
    ("before", "first", "second", "after"),
    [
        ("บทความนี้อธิบายเรื่อง", "เศรษฐกิจ", "การเมือง", "ของประเทศไทย"),  # Thai
        ("ບົດຄວາມກ່ຽວກັບ", "ເສດຖະກິດ", "ການເມືອງ", "ຂອງລາວ"),  # Lao
        ("អត្ថបទនេះនិយាយអំពី", "សេដ្ឋកិច្ច", "នយោបាយ", "របស់ប្រទេស"),  # Khmer
    ],
)
@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_links_that_touch_in_an_unspaced_script_stay_one_phrase(
    output: str, before: str, first: str, second: str, after: str
) -> None:
    # A space marks a phrase break in Thai: two links that touch inside a phrase were
    # laid apart as a menu's are in Latin script.
    page = (
        f"<html><body><article><p>{before}<a href='/a'>{first}</a><a href='/b'>{second}"
        f"</a>{after}</p></article></body></html>"
    )
    written = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert f"{before}{first}{second}{after}" in written


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_custom_elements_in_running_text_are_inside_the_line(output: str) -> None:
    # A browser lays a custom element out inline: the sentence is one line.  Those with
    # no text beside them are a component's boxes, one line each as before.
    page = (
        "<html><body><article><h1>Notes from the harbour</h1>"
        "<p>The ferry timetable was changed <relative-time datetime='2026-03-01'>three "
        "days ago</relative-time> by the council, and a return ticket now costs "
        "<x-price>4 euros</x-price> for every passenger who boards at the pier.</p>"
        "<p>The first crossing leaves at six in the morning, the last one at ten.</p>"
        "<x-card>Timetables are posted at the pier.</x-card>"
        "<x-card>Tickets are sold on board.</x-card>"
        "</article></body></html>"
    )
    written = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    sentence = (
        "The ferry timetable was changed three days ago by the council, and a return "
        "ticket now costs 4 euros for every passenger who boards at the pier."
    )
    assert sentence in written
    # White space, a comment or an inline element between it and the text: the same.
    beside = (
        "<html><body><article><p>The new timetable was posted by <a href='/c'>the council"
        "</a> <relative-time>three days ago</relative-time> <!-- c --> and it adds two "
        "evening departures on weekdays for every passenger.</p></article></body></html>"
    )
    assert (
        "The new timetable was posted by the council three days ago and it adds two evening"
        in unboiler.extract(beside, extractor="boilerpipe-everything", output=output)
    )
    # A custom element around list items, text beside it, keeps its items apart.
    items = "<body><ol>intro <x-items><li>first item</li><li>second item</li></x-items></ol>"
    listed = unboiler.extract(items, extractor="boilerpipe-everything", output=output)
    assert "first item second item" not in listed and "second item" in listed
    cards = ["Timetables are posted at the pier.", "Tickets are sold on board."]
    if output == "html":
        assert "".join(f"<p>{card}</p>\n" for card in cards) in written + "\n"
    else:
        assert "\n\n".join(cards) in written


def test_list_items_one_per_line() -> None:
    text = to_text(article_document("lists.html"))
    assert (
        "Water\ntwo bottles\na filter\nceramic\nhollow fibre\nFood\nShelter, if the night is cold"
        in text
    )
    assert "fourth\nfifth\n\nfirst bullet list\n\nsecond bullet list" in text


def test_items_of_several_paragraphs_are_parted_by_a_blank_line() -> None:
    """A thread's posts as list items: one post's lines must not run into the next's."""
    text = to_text(article_document("lists.html"))
    assert "An item with two paragraphs.\nIts second paragraph.\n\nA plain item" in text
    thread = unboiler.extract(
        "<html><body><ol>"
        "<li><p>Hello, which host do you use?</p><p>Regards.</p></li>"
        "<li><p>Phone support matters most to me.</p></li>"
        "<li>A reply of one line</li></ol></body></html>",
        extractor="boilerpipe-everything",
    )
    assert thread == (
        "Hello, which host do you use?\nRegards.\n\nPhone support matters most to me."
        "\n\nA reply of one line"
    )
    # an item whose nested list parts its items so is parted from the next item too
    nested = unboiler.extract(
        "<html><body><ul><li>Outer<ul><li><p>A1</p><p>A2</p></li><li>B</li></ul></li>"
        "<li>Outer two</li></ul></body></html>",
        extractor="boilerpipe-everything",
    )
    assert nested == "Outer\nA1\nA2\n\nB\n\nOuter two"


def test_table_rows_one_per_line_with_tab_separated_cells() -> None:
    text = to_text(article_document("table.html"))
    assert "Weekday departures\n\nRoute\tLeaves\tArrives\n" in text
    # a cell spanning two columns leaves the second empty: "none" stays under "Arrives"
    assert "Cancelled all week | see the notice\t\tnone\n" in text
    assert "Leeds to York\t08:15\t08:40\nx|y line\t09:00\t09:31\n\nTimes are local." in text


TIMETABLE = (
    "<table><tr><th rowspan='2'>Station</th><th colspan='2'>Departure</th></tr>"
    "<tr><th>Weekday</th><th>Weekend</th></tr>"
    "<tr><td rowspan='2'>Southport</td><td>09:15</td><td>11:15</td></tr>"
    "<tr><td>10:15</td><td>12:15</td></tr>"
    "<tr><td>Ormskirk</td><td>08:00</td><td rowspan='9'>09:00</td></tr></table>"
)


def test_cells_stay_in_their_columns_across_row_and_column_spans() -> None:
    # Written row by row, "Weekday" stood under "Station" and "10:15" too (HTML's table
    # model: a cell spanning rows takes its column in the rows below).
    document = unboiler.parse(TIMETABLE)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document).split("\n") == [
        "Station\tDeparture",
        "\tWeekday\tWeekend",
        "Southport\t09:15\t11:15",
        "\t10:15\t12:15",
        "Ormskirk\t08:00\t09:00",
    ]
    rows = [row for row in to_markdown(document).split("\n") if not row.startswith("| ---")]
    # GFM has one header row: the two rows of headers are joined over each column
    assert rows == [
        "| Station | Departure Weekday | Departure Weekend |",
        "| Southport | 09:15 | 11:15 |",
        "|  | 10:15 | 12:15 |",
        "| Ormskirk | 08:00 | 09:00 |",
    ]


def test_a_list_in_a_cell_of_a_table_with_headers_is_the_cells_lines() -> None:
    page = (
        "<table><tr><th>Plan</th><th>Features</th></tr><tr><td>Basic</td><td><ul>"
        "<li>1 user</li><li>5 GB storage</li></ul></td></tr><tr><td>Pro</td><td>10 users</td>"
        "</tr></table>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "Plan\tFeatures\nBasic\t1 user 5 GB storage\nPro\t10 users"
    # without header cells, a list in a cell is a layout's column, laid out flat
    flat = unboiler.parse(page.replace("th>", "td>"))
    unboiler.get_extractor("boilerpipe-everything")(flat)
    assert to_text(flat).split("\n")[:3] == ["Plan", "", "Features"]


def test_a_table_of_huge_spans_keeps_its_rows() -> None:
    from unboiler.output.tree import MAX_GRID_SLOTS, Cell, Table

    wide = Cell(["x"], colspan=1000, rowspan=2000)
    table = Table([[wide] for _ in range(2000)])
    assert MAX_GRID_SLOTS < 2000 * 1000 * 2000
    assert table.grid() == [[wide]] * 2000  # the spans left out, the rows as they are
    spanning, after = Cell(["a"], colspan=3), Cell(["b"])
    below = [Cell([text]) for text in "cdef"]
    assert Table([[spanning, after], below]).grid() == [[spanning, None, None, after], below]


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_header_rows_first_and_footer_rows_last_wherever_the_page_writes_them(
    output: str,
) -> None:
    # a <tfoot> may come before the <tbody> (HTML 4 asked for it there), a <thead>
    # after it: browsers draw the header on top and the footer at the bottom
    page = (
        "<table><tfoot><tr><td>Total</td><td>5</td></tr></tfoot>"
        "<tbody><tr><td>Apples</td><td>2</td></tr><tr><td>Pears</td><td>3</td></tr></tbody>"
        "<thead><tr><th>Fruit</th><th>Count</th></tr></thead></table>"
    )
    document = _all_content(page)
    written = render(document, output, extractor="by-hand")
    order = [written.index(word) for word in ("Fruit", "Apples", "Pears", "Total")]
    assert order == sorted(order)
    if output == "markdown":
        assert written.startswith("| Fruit | Count |\n| --- | --- |\n")


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_microdata_elements_inside_a_line_do_not_cut_it(output: str) -> None:
    page = (
        "<div>Price: <meta itemprop='priceCurrency' content='USD'>€<span itemprop='price'>"
        "19.99</span> in stock</div><p>Posted by <span>Ann</span><meta itemprop="
        "'datePublished' content='2024-01-01'> on Jan 1, 2024.</p><p>By Ann<link "
        "itemprop='url' href='/ann'> yesterday.</p>"
    )
    document = _all_content(page)
    written = render(document, output, extractor="by-hand")
    for line in ("Price: €19.99 in stock", "Posted by Ann on Jan 1, 2024.", "By Ann yesterday."):
        assert line in written


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_form_control_inside_a_sentence_runs_on_in_it(output: str) -> None:
    page = (
        "<p>To save, click <button>Save</button> in the toolbar. Progress: <progress"
        " value='70' max='100'>70%</progress> done.</p><div>Price: $49<button>Buy now"
        "</button></div>"
    )
    document = _all_content(page)
    written = render(document, output, extractor="by-hand")
    assert "To save, click Save in the toolbar. Progress: 70% done." in written
    # a button beside no text after it is a box of its own, on its own line
    assert "$49Buy" not in written and "$49 Buy" not in written


def test_a_column_empty_in_every_row_is_left_out() -> None:
    # A table that lays out a page puts an empty spacer cell before each entry: it wrote
    # a tab at the start of every line, and an empty column in the Markdown.
    page = (
        "<table><tr><td></td><td>Ferry to the island</td><td> </td><td>daily</td></tr>"
        "<tr><td></td><td>Bus to the harbour</td><td></td><td>hourly</td></tr></table>"
    )
    document = _all_content(page)
    assert to_text(document) == "Ferry to the island\tdaily\nBus to the harbour\thourly"
    rows = [row for row in to_markdown(document).split("\n") if not row.startswith("| ---")]
    assert rows == ["| | |", "| Ferry to the island | daily |", "| Bus to the harbour | hourly |"]
    # An empty corner cell keeps its column: the cells below it belong under it.
    corner = "<table><tr><th></th><th>Price</th></tr><tr><td>Apples</td><td>3</td></tr></table>"
    document = _all_content(corner)
    assert to_text(document) == "\tPrice\nApples\t3"
    # A column that only a span covers shows nothing either.
    from unboiler.output.tree import Cell, Table

    spanning, after = Cell(["a"], colspan=3), Cell(["b"])
    assert Table([[spanning, after]]).grid() == [[spanning, after]]


def test_layout_table_reads_as_paragraphs() -> None:
    text = to_text(article_document("layout-table.html"))
    assert text == (
        "An old page\n\nLaid out with a table, as pages were in 1999.\n\nIts second paragraph."
    )


def test_boilerplate_never_appears() -> None:
    for name in ("conventions.html", "lists.html", "table.html", "images.html"):
        text = to_text(article_document(name))
        for phrase in ("Site name", "Copyright", "Home", "Privacy", "Advert", "Sponsored"):
            assert phrase not in text, (name, phrase)


def test_blocks_that_share_an_element_render_only_their_own_text() -> None:
    document = unboiler.parse((PAGES / "shared.html").read_bytes())
    texts = [block.text for block in document.blocks]
    assert texts == [
        "Intro kept.",
        "Paragraph kept.",
        "Outro dropped.",
        "Line kept",
        "line dropped",
        "same",
        "same",
    ]
    for block, content in zip(document.blocks, [1, 1, 0, 1, 0, 0, 1], strict=True):
        block.set_content(bool(content))
    assert to_text(document) == "Intro kept.\n\nParagraph kept.\n\nLine kept\n\nsame"
    # The second "same", not the first: the runs of text are matched in page order.
    kept = select(document).texts
    second_same = document.blocks[-1].node.last_child
    assert second_same in kept and second_same.prev.prev not in kept


def test_merged_blocks_render_each_part_once() -> None:
    document = article_document("lists.html")
    unboiler.get_extractor("boilerpipe-everything")(document)
    before = to_text(document)
    first = document.blocks[0]
    for block in document.blocks[1:]:
        first.merge_next(block)
    document.blocks = [first]
    assert to_text(document).count("two bottles") == 1
    assert to_text(document) == before


def test_block_without_element_is_a_paragraph_where_it_stands() -> None:
    document = article_document("quotes.html")
    first = next(i for i, block in enumerate(document.blocks) if block.is_content)
    document.blocks.insert(first + 1, TextBlock.from_text("From JSON-LD.", is_content=True))
    assert to_text(document).startswith("What they said\n\nFrom JSON-LD.\n\nFirst paragraph")


def test_hand_built_document_is_its_blocks_as_paragraphs() -> None:
    blocks = [TextBlock.from_text(text) for text in ("one two", "three", "four")]
    blocks[0].set_content(True)
    blocks[2].set_content(True)
    document = TextDocument(blocks)
    assert to_text(document) == "one two\n\nfour"
    assert layout(document) == [Paragraph(["one two"]), Paragraph(["four"])]


def test_block_whose_text_a_filter_rewrote_keeps_its_text() -> None:
    document = article_document("quotes.html")
    block = next(block for block in document.blocks if block.text == "After the quote.")
    block._texts = ["After the quote, rewritten."]
    assert to_text(document).endswith("A quote inside the quote.\n\nAfter the quote, rewritten.")


def test_text_comes_from_the_dom_not_from_block_text() -> None:
    document = article_document("conventions.html")
    assert "bold and italic" in to_text(document)
    assert [block.text for block in document.blocks] == [
        block.text for block in article_document("conventions.html").blocks
    ], "rendering must not change the blocks"


def test_every_extractor_output_is_rendered_from_its_flags() -> None:
    document = unboiler.parse((PAGES / "lists.html").read_bytes())
    everything = unboiler.extract(document, extractor="boilerpipe-everything")
    assert everything.startswith("Home\nAbout\n\nPacking for a long walk\n\n")
    assert everything.endswith("A plain item\n\nPrivacy\nTerms")


def test_renderers_keep_their_two_argument_form() -> None:
    document = article_document("quotes.html")
    assert set(RENDERERS) >= {"text", "json", "markdown", "html"}
    for name, renderer in RENDERERS.items():
        assert renderer(document, "by-hand") == render(document, name, extractor="by-hand")
    assert '"extractor": "by-hand"' in RENDERERS["json"](document, "by-hand")


def test_content_inside_an_element_the_test_chose() -> None:
    document = article_document("layout-table.html")
    assert all(inside(block.node, "article") == block.is_content for block in document.blocks)


def test_control_characters_in_page_text_do_not_confuse_the_layout() -> None:
    # The layout stands formatting in for a few control characters while it collapses
    # white space; the page's own are dropped first.
    document = unboiler.parse("<p>a\x01b\x05 <em>c\x03</em>\x02d</p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "ab cd"
    assert layout(document) == [
        Paragraph(["ab ", Open(Mark.EMPHASIS), "c", Close(Mark.EMPHASIS), "d"])
    ]


# --------------------------------------------------------------------------- hygiene

DROPPED = ("\ufeff", "\u200b", "\u2060", "\u00ad")


def test_visible_drops_only_the_characters_that_mean_nothing() -> None:
    assert visible("\ufeffexam\u00adple zero\u200bwidth word\u2060joiner") == (
        "example zerowidth wordjoiner"
    )
    # The zero-width non-joiner and joiner change how Persian, Indic scripts and emoji
    # are written: kept.
    for kept in ("می\u200cخواهم", "क्\u200dष", "👩\u200d💻", "plain ASCII"):
        assert visible(kept) == kept
    # ... but not when they join nothing, white space on both sides; at a text's edge
    # one may join the text of the element beside it
    assert visible("a \u200d b") == visible("a \u200c\u200d b") == "a  b"
    assert visible("\u200d") == "\u200d"


def test_a_paragraph_of_a_joiner_alone_is_no_paragraph() -> None:
    # Webflow's spacers between paragraphs
    page = "<body><p>First words.</p><p>\u200d</p><p>\u200c </p><p>Second words.</p></body>"
    document = _all_content(page)
    assert to_text(document) == "First words.\n\nSecond words."
    assert to_markdown(document) == "First words.\n\nSecond words."
    assert "\u200d" not in render(document, "html", extractor="by-hand")
    # at a line's end or start, in formatting of its own, a joiner joins nothing
    edges = _all_content("<ul><li>Regions.<strong>\u200d</strong></li><li>\u200dChile.</li></ul>")
    assert to_text(edges) == "Regions.\nChile."
    # a joiner of its own between two elements joins them
    joined = _all_content("<p><b>می</b>\u200c<b>خواهم</b></p><p><i>👩</i>\u200d<i>💻</i></p>")
    assert to_text(joined) == "می\u200cخواهم\n\n👩\u200d💻"


def test_strip_line_ends() -> None:
    assert strip_line_ends("a \nb\t\t\nc\u00a0\n\n  d  ") == "a\nb\nc\n\n  d"


def test_outputs_hold_no_invisible_characters() -> None:
    document = article_document("invisible.html")
    outputs = {
        output: render(document, output, extractor="by-hand", links=True, images=True)
        for output in ("text", "markdown", "html")
    }
    outputs["json"] = json.loads(render(document, "json", extractor="by-hand"))["text"]
    for output, text in outputs.items():
        assert not [c for c in DROPPED if c in text], output
        assert "A hyphenation hint, a zerowidth space and a wordjoiner." in text, output
        assert "می\u200cخواهم" in text and "👩\u200d💻" in text and "क्\u200dष" in text, output
    assert 'alt="adot"' in outputs["html"]
    # in URLs they are part of the address: percent-encoded, as a browser sends them
    assert "](https://example.org/walks/dot%C2%ADs.png)" in outputs["markdown"]
    assert "](https://example.org/zero%E2%80%8Bwidth)" in outputs["markdown"]
    assert 'src="https://example.org/walks/dot%C2%ADs.png"' in outputs["html"]


def test_text_and_markdown_end_no_line_with_white_space() -> None:
    document = article_document("invisible.html")
    for output in ("text", "markdown"):
        text = render(document, output, extractor="by-hand")
        assert not re.search(r"[^\S\n]$", text, re.MULTILINE), (output, text)
    text = to_text(document)
    assert "Ends with spaces\nthen the next line." in text
    assert "\nAlpha\nBeta\tsecond\n" in text  # the row whose last cell is empty
    assert "code line\n  indented line\nend" in text


def test_an_invisible_space_does_not_stop_emphasis() -> None:
    # Left in, the zero-width space would stand between "*" and the space after it, and
    # the emphasis would be written as it could not be read back.
    markdown = to_markdown(article_document("invisible.html"))
    assert "*emphasis* that opens" in markdown
    html = markdown_parser().render(markdown)
    assert "<em>emphasis</em> that opens" in html


def test_a_byte_order_mark_inside_the_page_text_is_dropped() -> None:
    document = unboiler.parse(codecs.BOM_UTF8 + "<p>\ufeffStraße mit BOM.</p>".encode())
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "Straße mit BOM."


def test_a_block_left_out_still_ends_the_line() -> None:
    # Text on either side of a block-level element the extractor dropped is two lines,
    # as it is when the element is kept; an element that shows nothing joins them.
    document = unboiler.parse("<div>before<div>dropped</div>after<script>x</script> too</div>")
    for block in document.blocks:
        block.set_content(block.text != "dropped")
    assert to_text(document) == "before\n\nafter too"
    for block in document.blocks:
        block.set_content(True)
    assert to_text(document) == "before\n\ndropped\n\nafter too"


def test_a_table_cell_of_two_paragraphs_is_one_line() -> None:
    text = to_text(article_document("structure.html"))
    assert "Plan\tWhat it gives\nBasic\tOne bowl a day. Bread on Sundays.\n" in text
    assert "Ingredient\tFor two\tFor four\nOnions\t3\t6\n" in text


def _spaces_out_of_formatting_by_swaps(line: str) -> str:
    """The obvious form of the rewrite: swap a run of openings and the spaces after it,
    and the spaces before a closing and its run, until nothing moves."""
    after_open = re.compile(f"([{_OPENS}]+)([{_SPACE_CHARS}]+)")
    before_close = re.compile(f"([{_SPACE_CHARS}]+)([{_CLOSES}]+)")
    while after_open.search(line) or before_close.search(line):
        line = before_close.sub(r"\2\1", after_open.sub(r"\2\1", line))
    return line


@settings(max_examples=500)
@given(st.text(alphabet=f"{_OPENS}{_CLOSES}{_SPACE_CHARS}ab\x02\x04", max_size=40))
def test_spaces_leave_formatting_in_one_pass_as_by_swaps(line: str) -> None:
    once = _SPACE_BEFORE_CLOSE.sub(_spaces_last, _SPACE_AFTER_OPEN.sub(_spaces_first, line))
    assert once == _spaces_out_of_formatting_by_swaps(line)


@settings(max_examples=500)
@given(st.text(alphabet=f"{_OPENS}{_CLOSES}{_SPACE_CHARS}ab\x02\x04", max_size=40))
def test_rewrites_skipped_only_when_they_would_change_nothing(line: str) -> None:
    if not _OPEN_THEN_SPACE.search(line):
        assert _SPACE_AFTER_OPEN.sub(_spaces_first, line) == line
    if not _SPACE_THEN_CLOSE.search(line):
        assert _SPACE_BEFORE_CLOSE.sub(_spaces_last, line) == line
    assert _collapsible(line) == (_HTML_SPACE.sub(" ", line) != line)


#: The rule for links that touch a word, written the obvious way (look-behind first).
_GLUED_LINK_AS_WRITTEN = re.compile(
    f"(?:(?<=[^\\W_])|(?<=[{re.escape(_LINK_END_MARKS)}]))(?<![{WIDE}])"
    f"([{_OPENS}{_CLOSES}]*[{_LINK_OPEN}{_LINK_CLOSE}][{_OPENS}{_CLOSES}]*)"
    f"(?=[^\\W_])(?![{WIDE}])"
)


@settings(max_examples=1000)
@given(st.text(alphabet=f"{_OPENS}{_CLOSES}\x02\x04 a1_.?)中한é", max_size=30))
def test_glued_link_rule_as_written(line: str) -> None:
    assert _GLUED_LINK.sub(r" \1", line) == _GLUED_LINK_AS_WRITTEN.sub(r" \1", line)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("a\x05b\x06c", "a \x05b \x06c"),
        ("a\x01\x05b", "a \x01\x05b"),  # the whole run moves
        ("a\x01b", "a\x01b"),  # emphasis is no link
        ("a\x05,", "a\x05,"),
        ("中\x05文", "中\x05文"),
    ],
)
def test_glued_link_cases(line: str, expected: str) -> None:
    assert _GLUED_LINK.sub(r" \1", line) == expected


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        # a link that cuts a word: the word goes on in lower case
        ('Some restaurant <a href="/b">business</a>es may', "Some restaurant businesses may"),
        ('An <a href="/r">RSVP</a>s list, re<a href="/l">link</a>ed', "An RSVPs list, relinked"),
        # ... or in a script without case, the word goes on in any letter: Korean's
        # particles, Thai (no spaces between words), Arabic's and Hebrew's prefixes,
        # Persian's suffixes
        ('한 달에 <a href="/t">교통비</a>가 만 원', "한 달에 교통비가 만 원"),
        ('ดินร่วนผสม<a href="/c">ปุ๋ยหมัก</a> อัตราส่วน', "ดินร่วนผสมปุ๋ยหมัก อัตราส่วน"),
        ('بين القاهرة و<a href="/a">الإسكندرية</a> أمس', "بين القاهرة والإسكندرية أمس"),
        ('נסענו ו<a href="/j">ירושלים</a> שוב', "נסענו וירושלים שוב"),
        ('در دانشگاه<a href="/t">تهران</a>ی قدیمی', "در دانشگاهتهرانی قدیمی"),
        # two links that touch: a menu, in any script
        ('<a href="/1">one</a><a href="/2">two</a> three', "one two three"),
        ('<a href="/1">خانه</a><a href="/2">اخبار</a> امروز', "خانه اخبار امروز"),
        # ... the first ending in a vowel sign (Hindi, Bengali, Tamil), a diacritic of
        # decomposed text, a Hebrew point
        ('<a href="/s">शेयर करें</a><a href="/w">व्हाट्सऐप</a>', "शेयर करें व्हाट्सऐप"),
        ('<a href="/1">খবর</a><a href="/2">খেলা</a>', "খবর খেলা"),
        ('<a href="/1">செய்தி</a><a href="/2">விளையாட்டு</a>', "செய்தி விளையாட்டு"),
        ('<a href="/1">Cafe\u0301</a><a href="/2">Bar</a>', "Cafe\u0301 Bar"),
        ('<a href="/1">שָׁלוֹם</a><a href="/2">חדשות</a>', "שָׁלוֹם חדשות"),
        # ... the first ending in punctuation (a table of contents' questions)
        ('<a href="#1">Why?</a><a href="#2">How</a> and', "Why? How and"),
        ('<a href="#1">Step 1.</a><a href="#2">Step 2</a>', "Step 1. Step 2"),
        ('<a href="/1">Part (1)</a><a href="/2">Part 2</a>', "Part (1) Part 2"),
        # ... but a link that ends so and a word: as the page has them
        ('see <a href="/d">the docs.</a>Then go on', "see the docs.Then go on"),
        # a number after a word (a footnote), an upper-case word: apart
        ('it was fast<a href="#n3">3</a> then', "it was fast 3 then"),
        ('Home<a href="/a">About</a> us', "Home About us"),
        ('<a href="/x">USA</a>Today', "USA Today"),
        # two links to one address that cut a word (a drop capital) are one
        ('<a href="/p">P</a><a href="/p">acking</a> cubes', "Packing cubes"),
        ('<a href="/p">Pack</a><a href="/q">ing</a> list', "Pack ing list"),
    ],
)
def test_links_and_words_that_touch(html: str, expected: str) -> None:
    document = unboiler.parse(f"<p>{html}</p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == expected


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        # an inline element its style makes a block: a line of its own
        (
            '<div><span style="display: block;">Use a 1:1 blend.</span>'
            '<span style="DISPLAY:flex">Freezes well.</span> For a month.</div>',
            "Use a 1:1 blend.\nFreezes well.\nFor a month.",
        ),
        ('<p>An <span style="display:inline-block">inline</span> box.</p>', "An inline box."),
        ('<p>A <span style="color: red">red</span> word.</p>', "A red word."),
        # a quotation's marks, which the browser draws
        (
            "<p>She said <q>make it so</q>, and left.</p>",
            "She said \u201cmake it so\u201d, and left.",
        ),
        # a quotation inside a quotation takes the single marks, one inside that double
        (
            "<p>He said <q>it is <q>fine, <b><q>quite</q></b></q> now</q>.</p>",
            "He said \u201cit is \u2018fine, \u201cquite\u201d\u2019 now\u201d.",
        ),
    ],
)
def test_what_the_style_and_the_browser_add_to_a_line(html: str, expected: str) -> None:
    document = unboiler.parse(html)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == expected


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_an_image_left_out_still_parts_the_words_around_it(output: str) -> None:
    page = (
        '<p>Trending on<img src="/l.svg" alt="">this week: the <b>best</b><img src="/i">bags.</p>'
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    words = re.sub(r"<[^>]+>|\*\*", "", render(document, output, extractor="by-hand"))
    assert words == "Trending on this week: the best bags."


@pytest.mark.parametrize("tag", ["b", "em", "a"])
def test_deeply_nested_formatting_is_laid_out(tag: str) -> None:
    # 100,000 nested <b> took 50 s (a quadratic regular-expression search); the guard
    # is against a hang, not a speed test.
    depth = 100_000
    html = f"<p>{f'<{tag} href=x> ' * depth}deep words{f' </{tag}>' * depth}</p>"
    document = unboiler.parse(html)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == "deep words"


def _everything_text(html: str) -> str:
    return unboiler.extract(html, extractor="boilerpipe-everything")


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        # text beside an inline element that holds a block stays on its line (CSS 2.1,
        # §9.2.1.1: only the block inside starts a line of its own)
        (
            "<div>Intro <span>span text<p>para in span</p>more span</span> end</div>",
            "Intro span text\n\npara in span\n\nmore span end",
        ),
        (
            "<div>Read the <a href=/s>full story<div>Teaser</div></a>, please.</div>",
            "Read the full story\n\nTeaser\n\n, please.",
        ),
        (
            "<div>See (<b>the notes<div>Notes</div>posted</b>). Then go.</div>",
            "See (the notes\n\nNotes\n\nposted). Then go.",
        ),
        # a card: a link around blocks, and text after it on the same line
        (
            "<li><a href=/c><div>Card title</div><div>Card text</div></a> by Ann</li>",
            "Card title\n\nCard text\n\nby Ann",
        ),
        # words that touch across the edge are laid apart by CSS (a flex column): the
        # edge ends the line, as a reader sees it
        (
            "<div><span>Powered by agents</span><span><p>Designed for teams.</p></span></div>",
            "Powered by agents\n\nDesigned for teams.",
        ),
        ("<div>b<a href=x>x<div>y</div></a></div>", "b\n\nx\n\ny"),
        (
            "<div><b>Powered by agents</b><span><span>Designed</span><p>Teams.</p></span></div>",
            "Powered by agents\n\nDesigned\n\nTeams.",
        ),
        # wide characters touch without a space in running text: one line
        ("<div>中文<span>链接<div>块</div></span>，后文</div>", "中文链接\n\n块\n\n，后文"),
    ],
)
def test_inline_element_around_a_block_ends_no_line_at_its_edges(html: str, expected: str) -> None:
    assert _everything_text(html) == expected


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        # a lower-case letter then an upper-case one across an element's edge: two words
        # the page's CSS lays apart (a block, a flex item, a margin)
        (
            "<div><span>UC San Diego</span><span>Verified email at ucsd.edu</span></div>",
            "UC San Diego Verified email at ucsd.edu",
        ),
        ("<p><b>Jane Doe</b>Student, class of 2020</p>", "Jane Doe Student, class of 2020"),
        ("<h3><span>Osprey</span><span>Atmos AG 65</span></h3>", "Osprey Atmos AG 65"),
        # an upper-case letter, then a word starting upper-case; closing punctuation,
        # then an upper-case letter (a job board's and a status page's fields)
        (
            "<li><span>New York, NY</span><span>Full-time</span></li>"
            "<li><span>Engineer (Go)</span><span>Remote</span></li>"
            "<li><span>API?</span><span>Operational</span></li>",
            "New York, NY Full-time\n\nEngineer (Go) Remote\n\nAPI? Operational",
        ),
        # a label's colon after its word, then an upper-case letter (arXiv's abstract);
        # a path's "::", a colon after a sign, a colon before a digit, and a colon in an
        # element of its own (MediaWiki's namespace separator) stay joined
        (
            "<p><span>Abstract:</span>The models. <span>Deref&lt;T&gt;::</span>Target,"
            " <span>(ratio):</span>Mixed, <span>at 10:</span>30 and <b>By:</b><i>Valve</i>"
            " in <span>Category</span><span>:</span><span>Living people</span>, <b>Return"
            " Policy</b>:<span>Regardless</span></p>",
            "Abstract: The models. Deref<T>::Target, (ratio):Mixed, at 10:30 and By: Valve"
            " in Category:Living people, Return Policy: Regardless",
        ),
        # a number, then a word starting upper-case; a unit's power, then a number or a
        # capital (a property listing's title and its facts in elements of their own, a
        # hotel room's facilities)
        (
            "<h1><span>Calle de Ruzafa, 24</span><span>Russafa, València</span></h1>"
            "<p><span>98 m²</span><span>3 hab.</span> and <span>m³</span><span>12</span>"
            " or <span>18 m²</span><span>Aria condizionata</span></p>",
            "Calle de Ruzafa, 24 Russafa, València\n\n98 m² 3 hab. and m³ 12 or 18 m² Aria"
            " condizionata",
        ),
        # a question's end, then a date in an element of its own (a shop's Q&A)
        (
            "<p><span>필터는 물로 세척해도 되나요?</span><span>2024/04/20</span> and"
            " <span>Is it quiet?</span><span>2024-05-02</span></p>",
            "필터는 물로 세척해도 되나요? 2024/04/20 and Is it quiet? 2024-05-02",
        ),
        # a label's colon in an element of its own after a number
        (
            "<p>Chapter 12<span class='sep'>:</span><span class='t'>The Return of the King"
            "</span></p>",
            "Chapter 12: The Return of the King",
        ),
        # but a number and its unit or an acronym, a number and a number, stay joined
        (
            "<p><span>128</span><span>GB</span>, <b>3</b>D, <span>4</span><span>K</span>,"
            " <span>2</span><span>5</span>, <span>1</span><span>st</span></p>",
            "128GB, 3D, 4K, 25, 1st",
        ),
        # but an acronym's letters, or a word after a capital, stay joined
        ("<p><b>NA</b>SA and <b>N</b>ASA, <b>U</b>nited</p>", "NASA and NASA, United"),
        # other characters across an edge are left as the page joins them: parts of a
        # word, ordinals, drop capitals, white space already there
        (
            "<p>un<em>believ</em>able, the 12<sup>th</sup>, <b>I</b>f, a<b>b</b>c</p>",
            "unbelievable, the 12th, If, abc",
        ),
        ("<p><b>Name</b> Student and <span>ca</span>t</p>", "Name Student and cat"),
        # a raised or lowered text is written against its base, whatever the case: a
        # paper's italic symbol and its subscript ("q<sub>O2</sub>") is one term
        (
            "<p>Rates <em>q</em><sub>O2</sub> and <em>x</em><sub>Ab</sub>, <i>n</i><sup>Fe"
            "</sup> and <sub>B</sub><i>k</i>, then <b>x</b><sup>2</sup>.</p>",
            "Rates qO2 and xAb, nFe and Bk, then x².",
        ),
        # a citation's mark after a sentence: the next sentence starts apart
        (
            '<p>Founded by two engineers.<sup class="reference"><a href="#c1">[1]</a></sup>'
            "The company grew.</p>",
            "Founded by two engineers.[1] The company grew.",
        ),
        # code is a highlighter's spans: neither their edges nor its own part words
        (
            "<p>Call <code><span>my</span><span>Object</span>.<i>get</i>Value()</code>"
            " or get<code>Value</code>()</p>",
            "Call myObject.getValue() or getValue()",
        ),
        ("<p><kbd><b>ctrl</b>Shift</kbd> then <tt>aB</tt></p>", "ctrlShift then aB"),
    ],
)
def test_words_touching_across_an_element_edge_by_case_are_apart(html: str, expected: str) -> None:
    assert _everything_text(html) == expected


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        # tabs and buttons side by side are boxes apart on screen, whatever the case
        (
            "<div role='tablist'><span role='tab'>Python</span><span role='tab'>PHP</span>"
            "<span role='tab'>C#</span><span role='tab'>Java</span></div>",
            "Python PHP C# Java",
        ),
        ("<p>Then<a role='Button' href='#m'>More</a>and done</p>", "Then More and done"),
        # no space before punctuation or inside brackets, as for any word
        ("<p>Tabs: <span role='tab'>One</span><span role='tab'>Two</span>.</p>", "Tabs: One Two."),
        ("<p>see the (<a role='button' href='#x'>list</a>), then</p>", "see the (list), then"),
        # another role, or none, parts nothing
        ("<p>Hel<span role='presentation'>lo</span> and a<b>b</b>c</p>", "Hello and abc"),
        # CJK text parts no words by spaces
        ("<p>点击<a role='button' href='#x'>这里</a>继续阅读。</p>", "点击这里继续阅读。"),
        # rustdoc's badges beside an item's name
        (
            "<p><a href='process/index.html'>process</a><wbr><span class='stab portability'>"
            "<code>process</code></span></p>",
            "process process",
        ),
        (
            "<p><a href='f16.html'>f16</a><span class='stab unstable'>Experimental</span></p>",
            "f16 Experimental",
        ),
        # a row of labels (mkdocs-material's tabs), not a label inside a sentence
        (
            "<div><label for='a'>npm</label><label for='b'>yarn</label>\n<label>pnpm</label></div>",
            "npm yarn pnpm",
        ),
        ("<p>Use <label>one</label>word</p>", "Use oneword"),
    ],
)
def test_controls_drawn_as_boxes_part_the_words_beside_them(html: str, expected: str) -> None:
    assert _everything_text(html) == expected


def test_the_edge_stand_in_is_never_page_text() -> None:
    assert _everything_text("<p>bell\x07Ring <b>x</b></p>") == "bellRing x"


def test_inline_text_the_page_hides_is_left_out() -> None:
    text = _everything_text(
        "<p>Founded February 28, 1998<span style='display: none'> (1998-02-28)</span>;"
        " Visible with <span hidden>HIDDEN</span>words, <b style='visibility:hidden'>GONE</b>"
        " and <span aria-hidden='true'>shown</span>; Hel<span hidden>xyz</span>lo, and"
        " <code>foo<span style='display:none'>BAR</span>baz</code>; abc<i hidden>x</i>Def.</p>"
    )
    # a hidden element has no box: the words on either side touch, as a browser shows
    # them, unless its edge is a lower-case/upper-case edge, as any element's is
    assert text == (
        "Founded February 28, 1998; Visible with words, and shown; Hello, and foobaz; abc Def."
    )


def test_inline_text_a_class_hides_at_every_width_is_left_out() -> None:
    # a pricing card's yearly price beside the monthly one (Webflow's "hide"); Tailwind's
    # "hidden md:inline" is shown on a wide screen, and stays
    text = _everything_text(
        "<p>Business <span class='price-monthly'>$19</span><span class='price-yearly hide'>"
        "$15</span> per month, <span class='d-none'>x</span>billed <span class='hidden"
        " md:inline'>monthly</span>.</p>"
    )
    assert text == "Business $19 per month, billed monthly."


def test_long_hidden_text_and_hidden_blocks_are_kept() -> None:
    rest = " ".join(["the rest of the review that a reader opens"] * 2)
    text = _everything_text(
        f"<p>Great tent, but the poles...<a>Read more</a><span style='display:none'>{rest}</span>"
        "</p><div style='display:none'><p>A tab the reader opens.</p></div>"
    )
    assert rest in text and "A tab the reader opens." in text


def test_a_teaser_is_left_out_when_the_hidden_text_is_the_whole_text() -> None:
    whole = (
        "Our certificate courses give you job-role training and formal workplace skills."
        " In fewer than three hours of learning you can complete any of them."
    )
    text = _everything_text(
        "<p><span><span>Our certificate courses give you job-role training and formal"
        " workplace skills. In fewer than three hours of learning you can com...</span>"
        f"<span>…Read More</span></span><span style='display:none'> {whole}</span></p>"
        # the rest of a text, not the whole: the start stays
        "<p>Great tent for two people in the rain, but the poles... <a>Read more</a>"
        " <span style='display:none'>bend in strong wind and one of them snapped on the"
        " second night of the trip</span></p>"
    )
    assert text.split("\n\n") == [
        whole,
        "Great tent for two people in the rain, but the poles... Read more bend in strong"
        " wind and one of them snapped on the second night of the trip",
    ]


def test_a_blank_line_of_two_line_breaks_parts_paragraphs() -> None:
    text = _everything_text(
        "<div>First.<br><br>Second <b>bold<br> <br>across</b> it.<br>\n<br>\n"
        "Third<br>same paragraph.<br><br><br>Fourth.</div>"
    )
    assert text == "First.\n\nSecond bold\n\nacross it.\n\nThird\nsame paragraph.\n\nFourth."
    html = unboiler.extract(
        "<div>One.<br><br>Two <em>x<br><br>y</em>.</div>",
        extractor="boilerpipe-everything",
        output="html",
    )
    assert html == "<p>One.</p>\n<p>Two <em>x</em></p>\n<p><em>y</em>.</p>"


@pytest.mark.parametrize(
    ("fragment", "expected"),
    [
        ("1.4 × 10<sup>21</sup> kg", "1.4 × 10²¹ kg"),
        ("CO<sub>3</sub><sup>2−</sup> ions", "CO₃²⁻ ions"),
        ("a block of 2<sup>n-1</sup> bytes", "a block of 2ⁿ⁻¹ bytes"),
        ("a<sub>12</sub> and y<sub>n</sub>", "a₁₂ and yₙ"),
        # a footnote's linked number joins the word before it, raised
        ('as a study<sup><a href="#fn1">1</a></sup> shows', "as a study¹ shows"),
        # several references' numbers: raised, their commas and dashes as they are
        ("fell by 18%<sup>1,2</sup> after", "fell by 18%¹,² after"),
        ("in 2019<sup>3–5</sup> and", "in 2019³–⁵ and"),
        ("as shown<sup>1, 4</sup> here", "as shown¹, ⁴ here"),
        # what has no raised form stays as the page shows it
        ("the list<sup>1,a</sup> goes", "the list1,a goes"),
        ("the 12<sup>th</sup> of May", "the 12th of May"),
        ('the report<sup><a href="#fn2">[2]</a></sup> says', "the report[2] says"),
        ("iPhone<sup>TM</sup> sales", "iPhoneTM sales"),
    ],
)
def test_raised_numbers_keep_their_meaning_in_plain_text(fragment: str, expected: str) -> None:
    document = unboiler.parse(f"<p>Before it, {fragment}, and after.</p>")
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_text(document) == f"Before it, {expected}, and after."


def test_formulas_are_found_in_any_case_and_without_a_source() -> None:
    document = unboiler.parse("<p>Let <MATH><MI>x</MI></MATH> be.</p>")
    assert [node.tag for node in formulas(document)] == ["math"]
    document.source = None  # a document whose source was not kept: the tree is searched
    assert len(formulas(document)) == 1
    assert formulas(unboiler.parse("<p>No formula, only mathematics.</p>")) == []


@pytest.mark.parametrize(
    ("body", "text", "markdown"),
    [
        # a formula alone in a list item, a table cell, a heading, or after the content
        # of its container is content too
        (
            "<ul><li>First: <math><mi>a</mi></math></li><li><math><mi>b</mi></math></li></ul>",
            "First: a\nb",
            "- First: $a$\n- $b$",
        ),
        (
            "<table><tr><td>Energy</td><td><math><mi>E</mi></math></td></tr>"
            "<tr><td>Mass</td><td><math><mi>m</mi></math></td></tr></table>",
            "Energy\tE\nMass\tm",
            "| | |\n| --- | --- |\n| Energy | $E$ |\n| Mass | $m$ |",
        ),
        (
            "<h2><math><mi>π</mi></math></h2><p>Is a number.</p>",
            "π\n\nIs a number.",
            "## $π$\n\nIs a number.",
        ),
        (
            '<section><p>Finally:</p><math display="block"><mi>x</mi><mo>=</mo><mn>1</mn>'
            "</math></section>",
            "Finally:\n\nx=1",
            "Finally:\n\n$$x=1$$",
        ),
        # LaTeXML's equation table: each row a line, its number after it
        (
            '<p>It gives</p><table class="ltx_equation"><tr><td></td><td>'
            '<math alttext="a=b" display="block"><mi>a</mi><mo>=</mo><mi>b</mi></math></td>'
            "<td></td><td>(1)</td></tr></table><p>as claimed.</p>",
            "It gives\n\na=b (1)\n\nas claimed.",
            "It gives\n\n$$a=b$$ (1)\n\nas claimed.",
        ),
        # kramdown leaves the TeX in a script MathJax never ran on
        (
            '<p>Let <script type="math/tex">y=mx+b</script> be a line, and</p>'
            '<script type="math/tex; mode=display">\\int_0^1 f</script><p>its area.</p>',
            "Let y=mx+b be a line, and\n\n\\int_0^1 f\n\nits area.",
            "Let $y=mx+b$ be a line, and\n\n$$\\int_0^1 f$$\n\nits area.",
        ),
        # MathJax 2's glyphs without MathML, and its preview: the script's TeX instead
        (
            '<p>We get <span class="MathJax_Preview">a+b</span><span class="MathJax_CHTML">'
            '<span class="mjx-mi">a</span><span class="mjx-mo">+</span><span>b</span></span>'
            '<script type="math/tex">a+b</script> and <span class="MathJax_Preview">c</span>'
            '<script type="math/tex">c</script> here.</p>',
            "We get a+b and c here.",
            "We get $a+b$ and $c$ here.",
        ),
        # MediaWiki's picture of the formula parts no words from the full stop
        (
            '<p>So <span class="mwe-math-element"><span style="display: none;">'
            '<math alttext="{\\displaystyle E=mc^{2}}"><mi>E</mi></math></span>'
            '<img src="e.svg" aria-hidden="true" alt="E=mc^2"></span>.</p>',
            "So E.",
            "So $E=mc^{2}$.",
        ),
        # a list, or a table, of formulas alone
        (
            "<p>Two:</p><ul><li><math><mi>f</mi></math></li><li><math><mi>g</mi></math></li></ul>",
            "Two:\n\nf\ng",
            "Two:\n\n- $f$\n- $g$",
        ),
        # in code, a formula is its text
        (
            "<p>Code <code>a<math><mi>x</mi></math>b</code> end.</p>",
            "Code axb end.",
            "Code `axb` end.",
        ),
        # a page's dollars are text; two formulas that touch stay two
        (
            "<p>It costs $5, or $f(x)$ unrendered; <math alttext='a'><mi>a</mi></math>"
            "<math alttext='b'><mi>b</mi></math>.</p>",
            "It costs $5, or $f(x)$ unrendered; ab.",
            "It costs \\$5, or \\$f(x)\\$ unrendered; $a$ $b$.",
        ),
    ],
)
def test_formulas_wherever_content_holds_them(body: str, text: str, markdown: str) -> None:
    document = _all_content(f"<body><article>{body}</article></body>")
    assert to_text(document) == text
    assert render(document, "markdown", extractor="by-hand") == markdown


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # white space inside MathJax 3's container, at its edge, parts the formula from
        # a word there, as a browser lays it out ...
        (
            "a <mjx-container><mjx-assistive-mml><math><mi>n</mi></math></mjx-assistive-mml>"
            " </mjx-container>coins",
            "a n coins",
        ),
        (
            "x<mjx-container> <mjx-assistive-mml><math><mi>n</mi></math></mjx-assistive-mml>"
            "</mjx-container>y",
            "x ny",
        ),
        # ... not from a comma after it (a page saved pretty-printed)
        (
            "When <mjx-container>\n<mjx-assistive-mml><math><mi>a</mi></math>"
            "</mjx-assistive-mml>\n</mjx-container>, there",
            "When a, there",
        ),
    ],
)
def test_white_space_at_a_formula_wrappers_edge(body: str, expected: str) -> None:
    assert to_text(_all_content(f"<p>{body}</p>")) == expected


def test_a_screen_readers_word_is_said_apart_from_the_words_it_touches() -> None:
    # phpBB's post header: a visually hidden "Post" in the permalink, then "by"
    page = (
        '<body><p class="author"><a href="#p1" title="Post"><span class="sr-only">Post</span>'
        '</a>by <strong><a href="/u/77">kestrel</a></strong> » Mon Mar 04</p></body>'
    )
    assert to_text(_all_content(page)) == "Post by kestrel » Mon Mar 04"
    # on both sides, and through the element that holds it
    page = '<body><p><b>Note<span class="visually-hidden">warning</span></b>Text</p></body>'
    assert to_text(_all_content(page)) == "Note warning Text"
    # not before punctuation, not in text written without spaces, not a space alone
    page = '<body><p>Read more<span class="screen-reader-text"> about Foo</span>.</p></body>'
    assert to_text(_all_content(page)) == "Read more about Foo."
    page = '<body><p>日本<span class="sr-only">語</span>です</p></body>'
    assert to_text(_all_content(page)) == "日本語です"
    # a link's own suffix is no screen reader's word: MediaWiki's "<a>apple</a>s"
    page = '<body><p><a href="/wiki/Apple">apple</a>s</p></body>'
    assert to_text(_all_content(page)) == "apples"
    # beside a sign too: a blog's "Read More »" and the post's title, a shop's hidden
    # "Regular price" and the price it shows; an opening bracket keeps its word close
    page = (
        '<body><p><a href="/p">Read More &raquo;<span class="screen-reader-text">Neglected'
        " Starters</span></a></p></body>"
    )
    assert to_text(_all_content(page)) == "Read More » Neglected Starters"
    page = (
        '<body><div><span class="visually-hidden">Regular price</span>'
        "<span>$24.00 USD</span></div></body>"
    )
    assert to_text(_all_content(page)) == "Regular price $24.00 USD"
    page = '<body><p>Paid (<span class="sr-only">in euros</span>)</p></body>'
    assert to_text(_all_content(page)) == "Paid (in euros)"


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_sidenotes_checkbox_does_not_cut_its_paragraph(output: str) -> None:
    # Tufte's CSS sidenotes: a label and a checkbox in the sentence show and hide the
    # note, which the page prints in the margin; a reader reads one paragraph
    page = (
        "<p>Tufte puts notes in the margin<label for='sn-1' class='margin-toggle'></label>"
        "<input type='checkbox' id='sn-1' class='margin-toggle'><span class='sidenote'>"
        "A note.</span> so the eye need not travel.</p><p>Then another paragraph.</p>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    rendered = render(document, output, extractor="by-hand")
    paragraphs = [re.sub(r"<[^>]+>", "", line) for line in rendered.split("\n") if line]
    assert paragraphs == [
        "Tufte puts notes in the margin A note. so the eye need not travel.",
        "Then another paragraph.",
    ]


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_cell_that_is_an_icon_reads_its_name(output: str) -> None:
    # a plan comparison's ticks and crosses, named as a screen reader names them
    page = (
        "<table><tr><th>Feature</th><th>Free</th><th>Pro</th></tr>"
        "<tr><td>Backups</td><td><span class='icon-x' aria-label='No'></span></td>"
        "<td><i class='fa fa-check' title='Included'></i></td></tr>"
        "<tr><td>Support</td><td><svg role='img'><title>Email only</title></svg></td>"
        "<td><img src='check.svg' alt='Yes'></td></tr>"
        # hidden from screen readers: no name; text in the cell: the text
        "<tr><td>Audit</td><td><i class='fa' title='x' aria-hidden='true'></i></td>"
        "<td><i title='Tick'></i> Daily</td></tr></table>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    rendered = re.sub(r"<[^>]+>", " ", render(document, output, extractor="by-hand"))
    for row in ("Backups No Included", "Support Email only Yes", "Audit Daily"):
        words = row.split()
        assert re.search(r"\W+".join(map(re.escape, words)), rendered), (row, rendered)
    assert "Tick" not in rendered and "x" not in rendered


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_paragraphs_indentation_is_left_out(output: str) -> None:
    # Chinese portals indent with two ideographic spaces, older pages with &nbsp;
    page = (
        "<p>\u3000\u3000新华社上海5月12日电。</p>"
        "<div>&nbsp;&nbsp;&nbsp;&nbsp;本报讯（记者 孙浩）。<br><br>&nbsp;&nbsp;次段。&nbsp;</div>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    rendered = render(document, output, extractor="by-hand")
    assert rendered.split("\n\n") == ["新华社上海5月12日电。", "本报讯（记者 孙浩）。", "次段。"]


def test_a_paragraphs_indentation_after_its_picture_is_one_space() -> None:
    # a Chinese portal's photo and its caption in one element, the caption indented
    page = (
        "<div><img src='/a.jpg' alt='车间'><span>\u3000\u3000这是4月18日拍摄的总装车间。</span>"
        "</div><p>Text&nbsp;&nbsp;<img src='/b.png' alt='b'> after</p>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert to_markdown(document, images=True).split("\n\n") == [
        "![车间](/a.jpg) 这是4月18日拍摄的总装车间。",
        "Text ![b](/b.png) after",
    ]
    assert to_text(document).split("\n\n")[0] == "这是4月18日拍摄的总装车间。"


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_indentation_inside_formatting_is_left_out_too(output: str) -> None:
    page = (
        "<p><b>&nbsp;&nbsp;Notice:</b> the office is closed.</p>"
        "<p><span><i>\u3000\u3000记者报道。</i></span></p>"
        "<p>Ends with <em>a note.&nbsp;&nbsp;</em></p>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    rendered = render(document, output, extractor="by-hand")
    plain = rendered.replace("**", "").replace("*", "").replace("_", "")
    assert plain.split("\n\n") == [
        "Notice: the office is closed.",
        "记者报道。",
        "Ends with a note.",
    ]


def test_an_icon_hidden_with_its_wrapper_or_its_cell_names_nothing() -> None:
    page = (
        "<table><tr><th>Plan</th><th>Backups</th></tr>"
        "<tr><td>Free</td><td><span aria-hidden='true'><svg><title>Decorative</title></svg>"
        "</span></td></tr><tr><td>Team</td><td aria-label='Empty slot, click to book'></td></tr>"
        "<tr><td>Pro</td><td><img src='t.svg' alt='Yes'></td></tr></table>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    text = render(document, "text", extractor="by-hand")
    assert "Decorative" not in text and "Empty slot" not in text
    assert "Pro\tYes" in text


def test_a_thematic_break_parts_posts_only_next_to_each_other() -> None:
    from unboiler.output.markdown import to_markdown

    page = (
        "<article><p>The first post says this.</p></article><p>Between them, other text.</p>"
        "<article><p>The second post says that.</p></article>"
    )
    document = unboiler.parse(page)
    unboiler.get_extractor("boilerpipe-everything")(document)
    assert "---" not in to_markdown(document)


def test_the_plain_text_writes_no_break_spaces_as_spaces() -> None:
    """A search, a tokenizer or grep reads the text: "ROI payback", not "ROI\\xa0payback";
    a run of them within a line is one space, a line's indentation stays, and Markdown
    keeps them (they indent the line there)."""
    page = (
        "<html><body><article><h1>Return&nbsp;on investment</h1>"
        "<p>The ROI&nbsp;payback is long.&nbsp; The next sentence is 10&#8239;km away, "
        "and it says enough words to be the article's content.</p>"
        "<p>A poem<br>&nbsp;&nbsp;&nbsp;&nbsp;its indented line</p>"
        "<table><tr><td>Size&nbsp;M</td><td>In&nbsp;stock</td></tr></table>"
        "</article></body></html>"
    )
    text = unboiler.extract(page, extractor="boilerpipe-everything")
    assert "\u00a0" not in text and "\u202f" not in text
    assert "Return on investment" in text
    assert "The ROI payback is long. The next sentence is 10 km away" in text
    assert "A poem\n    its indented line" in text
    assert "Size M\tIn stock" in text
    markdown = unboiler.extract(page, extractor="boilerpipe-everything", output="markdown")
    assert "ROI\u00a0payback" in markdown


def test_the_plain_text_leaves_out_direction_marks() -> None:
    """Amazon's technical details begin with a left-to-right mark ("&lrm;Brauwerk"):
    the plain text leaves the marks out, Markdown keeps them for its display."""
    page = (
        "<html><body><article><h1>Technische Details</h1><p>Die Kaffeemühle mahlt in "
        "31 Stufen, von extra fein für Espresso bis grob für French Press.&rlm;</p>"
        "<table><tr><th>Marke</th><td>&lrm;Brauwerk</td></tr><tr><th>Farbe</th>"
        "<td>&lrm;Schwarz</td></tr></table></article></body></html>"
    )
    text = unboiler.extract(page, extractor="boilerpipe-everything")
    assert "\u200e" not in text and "\u200f" not in text
    assert "Marke\tBrauwerk" in text and "French Press." in text
    markdown = unboiler.extract(page, extractor="boilerpipe-everything", output="markdown")
    assert "\u200eBrauwerk" in markdown


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_link_to_an_entrys_source_is_apart_from_its_signature(output: str) -> None:
    document = _all_content(
        # Sphinx's viewcode link, rustdoc's in an item's heading: the style floats them
        "<body><main><dl class='py class'><dt class='sig sig-object py'><em>class</em>"
        " <span class='sig-name'>Client</span>(<em>timeout: float = 5.0</em>)<a"
        " href='../_modules/client.html#Client'><span class='viewcode-link'>[source]</span>"
        "</a></dt><dd><p>A pooled HTTP client that closes its connections.</p></dd></dl>"
        "<h1>Struct <span>Pool</span><span class='out-of-band'><a class='src'"
        " href='../src/pool.rs.html#10'>Source</a></span></h1>"
        "<p>A pool of connections, shared by the clients.</p>"
        # a link that says more is no such link
        "<dl><dt>Read it:<a href='/s'>Source code</a></dt><dd>Its repository.</dd></dl>"
        # Sphinx's link in a translation says it in the page's language
        "<dl class='py function'><dt class='sig sig-object py'><span class='sig-name'>connect"
        "</span>(<em>size: int = 10</em>)<a href='../_modules/pool.html#connect'><span"
        " class='viewcode-link'><span class='pre'>[源代码]</span></span></a></dt>"
        "<dd><p>打开一个连接池。</p></dd></dl>"
        "</main></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    words = re.sub(r"<[^>]+>|^#+ |\\|\]\([^)]*\)|[*_]", "", rendered, flags=re.MULTILINE)
    assert "timeout: float = 5.0) [source]" in words.replace("[[", "[")
    assert "size: int = 10) [源代码]" in words.replace("[[", "["), words
    # (a label's colon before an upper-case word is followed by a space: EDGE_PUNCTUATION)
    assert "Pool Source" in words and "Read it: Source code" in words.replace("[", "")


def test_a_numbers_full_stop_and_a_capital_across_an_edge_are_two_words() -> None:
    document = _all_content(
        "<body><p>Release <span>2.</span>Notes, version <b>3.</b>14, in <i>U.S.</i>Army.</p></body>"
    )
    assert render(document, "text", extractor="by-hand") == (
        "Release 2. Notes, version 3.14, in U.S.Army."
    )


def test_a_label_and_its_number_in_elements_of_their_own_are_two_words() -> None:
    document = _all_content(
        "<body><p><span>Kilometerstand</span><span>48.500 km</span>, Study<sup>1</sup>,"
        " H<sub>2</sub>O, <span>营地</span><span>6</span>号, <span>Price:</span><span>25"
        " EUR</span>, CO<span>2</span>, Galaxy S<span>23</span>, <span>ถนน</span><span>5"
        "</span>ไป.</p></body>"
    )
    assert render(document, "text", extractor="by-hand") == (
        "Kilometerstand 48.500 km, Study¹, H₂O, 营地6号, Price: 25 EUR, CO2, Galaxy S23, ถนน5ไป."
    )


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_line_breaks_the_style_shows_are_written(output: str) -> None:
    # a status page's postmortem in Tailwind's whitespace-pre-wrap; an inline style
    document = _all_content(
        "<body><p><span class='whitespace-pre-wrap'>Down for 58 minutes.\n\nWe added"
        " alerts.</span></p><p style='white-space: pre-line'>Street 12\nCity</p>"
        "<p>Plain\ntext.</p><p style='white-space: nowrap'>No\nbreak.</p></body>"
    )
    rendered = render(document, output, extractor="by-hand")
    street = "Street 12\nCity" if output == "text" else "Street 12\\\nCity"
    assert (
        rendered
        == f"Down for 58 minutes.\n\nWe added alerts.\n\n{street}\n\nPlain text.\n\nNo break."
    )


def test_a_style_sheet_is_read_for_breaking_classes_with_its_cascade_in_view() -> None:
    from unboiler.output.layout import sheet_breaking_classes

    sheet = (
        ".poema{white-space:pre-line} /* .commented{white-space:pre} */ "
        ".entry{white-space:pre-wrap} .entry p{white-space:normal} "
        ".hero{ &:hover{color:red} background:url(data:AAAA) } .verse{white-space:pre}"
    )
    tree = LexborHTMLParser(f"<html><head><style>{sheet}</style></head><body></body></html>")
    assert sheet_breaking_classes(tree) == {"poema", "verse"}
    # a rule for a line's elements in the class, or one for print, leaves it breaking
    sheet = (
        ".poem{white-space:pre-line} .poem a{white-space:nowrap} "
        "@media print{.poem{white-space:normal}} .x:not(.poem){white-space:normal}"
    )
    tree = LexborHTMLParser(f"<html><head><style>{sheet}</style></head><body></body></html>")
    assert sheet_breaking_classes(tree) == {"poem"}
    # a run without braces before a closing one is read once (a regular expression over
    # "{...}" backtracked through it: 36 s for 100,000 characters)
    huge = "<style>p{white-space:normal}}" + "x" * 300_000 + "}.a{white-space:pre}</style>"
    assert sheet_breaking_classes(LexborHTMLParser(huge)) == {"a"}


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_line_breaks_the_pages_style_sheet_shows_are_written(output: str) -> None:
    # a poem's lines, one a line in the source, shown so by a class of the page's sheet
    # (in a media query too); a class of another white-space, or of a selector that is
    # no class alone, changes nothing
    document = _all_content(
        "<html><head><style>.poema{white-space:pre-line} @media print{p.verso, .x"
        "{color:red;white-space: pre-wrap}} .plain{white-space:normal} div .deep"
        "{white-space:pre}</style></head><body><div class='poema'>Caminante, son tus"
        " huellas\nel camino y nada más;</div><p class='verso'>Al andar\nse hace</p>"
        "<p class='plain'>One\nline.</p><p class='deep'>Also\none.</p>"
        "<p class='poema' style='white-space: normal'>Its own\nstyle.</p></body></html>"
    )
    rendered = render(document, output, extractor="by-hand")
    joint = "\n" if output == "text" else "\\\n"
    assert rendered == (
        f"Caminante, son tus huellas{joint}el camino y nada más;\n\nAl andar{joint}se hace"
        "\n\nOne line.\n\nAlso one.\n\nIts own style."
    ), rendered
