"""Repeated text kept once on pages that are not articles or documentation."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

import numpy as np
import pytest

import unboiler
from unboiler.document import TextBlock, TextDocument
from unboiler.filters.repeats import (
    HEADING_COPY_MAX_WORDS,
    HIDDEN_COPY_MIN_WORDS,
    LAYOUT_COPY_MIN_WORDS,
    DropRepeatedContent,
    heading_copies,
    hidden_copies,
    layout_copies,
    layout_hidden,
    one_copy_each,
    section_headings,
    value_slots,
)

SHOP = [
    ("Brass Desk Lamp", True),
    ("Menu", False),
    ("Brass Desk Lamp", True),  # the gallery's caption: the same name again
    ("A lamp of solid brass with a linen shade and a dimmer in its base.", True),
    ("brass   DESK lamp", True),  # the sticky buy box, other case and spacing
    ("Add to basket", True),
    ("Add to basket", False),  # a second copy that is not content stays as it is
]


def document(page_type: str | None, blocks: list[tuple[str, bool]] = SHOP) -> TextDocument:
    return TextDocument(
        [TextBlock.from_text(text, is_content=content) for text, content in blocks],
        page_type=page_type,
    )


def kept(doc: TextDocument) -> list[str]:
    return [block.text for block in doc.blocks if block.is_content]


@pytest.mark.parametrize("page_type", ["product", "listing", "forum", "service", "collection"])
def test_later_copies_are_dropped(page_type: str) -> None:
    doc = document(page_type)
    assert DropRepeatedContent()(doc)
    assert kept(doc) == [
        "Brass Desk Lamp",
        "A lamp of solid brass with a linen shade and a dimmer in its base.",
        "Add to basket",
    ]


@pytest.mark.parametrize("page_type", ["article", "documentation", None])
def test_articles_documentation_and_untyped_pages_keep_their_repeats(
    page_type: str | None,
) -> None:
    doc = document(page_type)
    assert not DropRepeatedContent()(doc)
    assert kept(doc) == [text for text, content in SHOP if content]


def test_blocks_under_min_words_are_kept() -> None:
    doc = document("product", [("Lamp", True), ("Lamp", True), ("Brass lamp", True)])
    DropRepeatedContent(min_words=2)(doc)
    assert kept(doc) == ["Lamp", "Lamp", "Brass lamp"]


def test_a_table_cell_is_never_a_repeat() -> None:
    from unboiler.parse import parse

    # A specification table repeats values row by row; text outside the table does not
    # get the same pass, even after a cell that holds it.
    page = """<html><body><h1>Charcoal grill</h1>
    <table><tr><th>Lid</th><td>Inox</td></tr><tr><th>Grill</th><td><p>Inox</p></td></tr>
    <tr><th>Legs</th><td><div><span>Steel</span></div></td></tr></table>
    <p>Inox</p><p>Lid</p></body></html>"""
    doc = parse(page)
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = "product"
    DropRepeatedContent()(doc)
    assert kept(doc) == ["Charcoal grill", "Lid", "Inox", "Grill", "Inox", "Legs", "Steel"]


@pytest.mark.parametrize(
    ("page_type", "expected"),
    [
        # a pricing page's plans: each keeps its own features
        (
            "service",
            [
                *("Pro", "Unlimited projects", "Audit logs"),
                *("Business", "Unlimited projects"),
                *("Team", "Unlimited projects", "Enrol now"),
            ],
        ),
        # a shop's cards: "Unlimited projects", on most of them, once, as the gold
        # writes a card's labels (:func:`value_slots` reads it as no card's own value)
        (
            "product",
            ["Pro", "Unlimited projects", "Audit logs", "Business", "Team", "Enrol now"],
        ),
    ],
)
def test_a_list_item_is_no_repeat_on_a_service_page(page_type: str, expected: list[str]) -> None:
    from unboiler.parse import parse

    page = """<html><body><div class="plan"><h3>Pro</h3><ul><li>Unlimited projects</li>
    <li>Audit logs</li></ul></div><div class="plan"><h3>Business</h3><ul>
    <li>Unlimited projects</li></ul></div><div class="plan"><h3>Team</h3><ul>
    <li>Unlimited projects</li></ul></div><p>Pro</p>
    <ul class="ticker"><li>Enrol now</li><li>Enrol now</li></ul></body></html>"""
    doc = parse(page)
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = page_type
    DropRepeatedContent()(doc)
    assert kept(doc) == expected  # the paragraph "Pro" repeats a heading on both


def test_copies_each_in_a_list_of_its_own_stay() -> None:
    texts = ["Unlimited projects", "Unlimited projects", "Audit logs", "Audit logs"]
    texts += ["Enrol now", "Enrol now"]
    # the first text only in two plans' lists (10 and 11); the second also in a
    # paragraph (3); the third twice in one list (a ticker's)
    parallel = {0: 10, 1: 11, 2: 10, 4: 12, 5: 12}
    result = one_copy_each(texts, [2] * 6, [True] * 6, parallel=parallel)
    assert result == [True, True, True, False, True, False]


SHOP_TILES = """<html><body><ul class="products">{tiles}</ul>
<p class="note">Rp219.000</p></body></html>"""
TILE = """<li class="product"><div class="details"><h2 class="name">{name}</h2>
<div class="price-box"><span class="price">{price}</span></div>
<div class="actions"><span class="button">Add to cart</span></div></div></li>"""
TILES = [
    ("Kemeja Parang", "Rp289.000"),
    ("Kemeja Kawung", "Rp219.000"),
    ("Blus Lasem", "Rp345.000"),
    ("Dress Encim", "Rp289.000"),
    ("Outer Mega Mendung", "Rp249.000"),
]


def shop_tiles(note: bool = False) -> TextDocument:
    from unboiler.parse import parse

    page = SHOP_TILES.format(tiles="".join(TILE.format(name=n, price=p) for n, p in TILES))
    if not note:
        page = page.replace('<p class="note">Rp219.000</p>', "")
    doc = parse(page)
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = "listing"
    return doc


def test_a_cards_own_value_that_another_card_repeats_stays() -> None:
    """Two tiles at one price keep it each: their prices' slot holds values (each tile's
    own); the buttons' slot says the same on every tile, and one copy stays."""
    doc = shop_tiles()
    slots = value_slots(doc.blocks)
    prices = [i for i, block in enumerate(doc.blocks) if block.text.startswith("Rp")]
    buttons = [i for i, block in enumerate(doc.blocks) if block.text == "Add to cart"]
    assert len({slots[i] for i in prices}) == 1 and not any(i in slots for i in buttons)
    DropRepeatedContent()(doc)
    assert kept(doc).count("Rp289.000") == 2
    assert kept(doc).count("Add to cart") == 1


def test_a_value_that_repeats_outside_its_slot_is_a_repeat() -> None:
    doc = shop_tiles(note=True)
    DropRepeatedContent()(doc)
    assert kept(doc).count("Rp219.000") == 1
    assert kept(doc).count("Rp289.000") == 2


def test_one_copy_each_keeps_every_copy_of_a_value_in_one_slot() -> None:
    texts = ["$10", "$12", "$10", "$10", "Buy"]
    values = {0: 1, 1: 1, 2: 1, 3: 2}  # the third "$10" is in another slot
    assert one_copy_each(texts, [1] * 5, [True] * 5, values=values) == [
        True,
        True,
        False,
        False,
        True,
    ]
    assert one_copy_each(texts[:3], [1] * 3, [True] * 3, values=values) == [True] * 3
    assert one_copy_each(texts[:3], [1] * 3, [True] * 3) == [True, True, False]


def test_a_grid_written_twice_and_a_paragraph_written_twice_are_repeats() -> None:
    from unboiler.parse import parse

    # the same cards for wide and narrow screens: in cards of one text, repeats
    tiles = "".join(TILE.format(name=n, price=p) for n, p in TILES)
    grid = f"<div class='grid'><ul class='products'>{tiles}</ul></div>"
    page = f"<body><div class='wide'>{grid}</div><div class='narrow'>{grid}</div></body>"
    doc = parse(page)
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = "listing"
    DropRepeatedContent()(doc)
    assert all(kept(doc).count(name) == 1 for name, _ in TILES)
    assert "Rp289.000" in kept(doc)
    # a slot of paragraphs of a description, one written twice: no card's value
    care = "Wash it cold and inside out, and dry it flat in the shade so that its colours last."
    paragraphs = [care, "Hand-drawn in Lasem.", "Cotton primisima.", care]
    doc = parse(
        "<body><div class='d'>" + "".join(f"<p>{t}</p>" for t in paragraphs) + "</div></body>"
    )
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = "product"
    DropRepeatedContent()(doc)
    assert kept(doc).count(care) == 1


def test_one_copy_each_reads_only_kept_texts() -> None:
    # a text first seen in a dropped block does not make its later kept copy a repeat
    assert one_copy_each(["a b", "a b", "a b"], [2, 2, 2], [False, True, True]) == [
        False,
        True,
        False,
    ]


def test_the_likeliest_copy_is_the_one_kept() -> None:
    texts = ["Synopsis", "Usage", "Synopsis", "npm get", "Usage"]
    keep = [True] * 5
    # a contents list names the sections (less likely) before their headings
    likelihood = [0.5, 0.6, 0.9, 0.95, 0.6]
    assert one_copy_each(texts, [1, 1, 1, 2, 1], keep, likelihood) == [
        False,  # the contents list's entry, below the heading's 0.9
        True,  # equals: the first
        True,
        True,
        False,
    ]
    # a copy that is never dropped (a table's cell) keeps the first copy beside it
    exempt = one_copy_each(texts, [1, 1, 1, 2, 1], keep, likelihood, exempt={2})
    assert exempt == [True, True, True, True, False]


def test_a_quoted_copy_gives_way_to_the_post_it_quotes() -> None:
    from unboiler.parse import parse

    # a reply quotes the opening post; the model found the quoted copy likelier
    question = "Hi, I just got my new board and the fan does not start at all."
    page = (
        f"<html><body><div class='post'><p>{question}</p></div><div class='post'>"
        f"<blockquote><div><cite>Ann wrote:</cite><p>{question}</p></div></blockquote>"
        "<p>Check the cable first.</p></div></body></html>"
    )
    doc = parse(page)
    copies = 0
    for block in doc.blocks:
        block.set_content(True)
        copies += block.text == question
        block.score = 0.9 if block.text == question and copies == 2 else 0.5
    doc.page_type = "forum"
    DropRepeatedContent()(doc)
    first, quoted = (block for block in doc.blocks if block.text == question)
    assert first.is_content and not quoted.is_content
    # when every copy is quoted, the likeliest stays
    texts, likelihood = ["q", "q"], [0.4, 0.8]
    assert one_copy_each(texts, [1, 1], [True, True], likelihood, quoted={0, 1}) == [False, True]


def test_a_post_in_a_blockquote_keeps_its_text_from_a_quotation_of_it() -> None:
    """vBulletin writes every post in a ``<blockquote>``, and a reply's quotation of one
    in boxes of a quote class inside the reply's: the post keeps its text."""
    from unboiler.filters.repeats import quotation_depth
    from unboiler.parse import parse

    post = "Once I have chosen a web host, I order a month of it and watch its uptime."
    page = (
        "<html><body><ol>"
        f"<li><blockquote class='postcontent'>{post}</blockquote></li>"
        "<li><blockquote class='postcontent'><div class='bbcode_quote'>"
        f"<div class='quote_container'><div class='message'>{post}</div></div></div>"
        "Agreed, a month tells you most of it.</blockquote></li>"
        "</ol></body></html>"
    )
    doc = parse(page)
    copies = [block for block in doc.blocks if block.text == post]
    assert [quotation_depth(block) for block in copies] == [1, 3]
    for block in doc.blocks:
        block.set_content(True)
        block.score = 0.5
    copies[1].score = 0.9  # the model found the quoted copy likelier
    doc.page_type = "forum"
    DropRepeatedContent()(doc)
    assert copies[0].is_content and not copies[1].is_content
    # depths given: the least quoted copy stays, whatever the likelihoods
    texts, likelihood = ["q", "q", "q"], [0.4, 0.8, 0.9]
    keep = one_copy_each(texts, [1, 1, 1], [True] * 3, likelihood, quoted={0: 1, 1: 2, 2: 3})
    assert keep == [True, False, False]


def test_a_contents_list_gives_way_to_the_headings() -> None:
    from unboiler.parse import parse

    # a manual page's contents list repeats its headings; the filter keeps the headings
    # the model found likelier (scores as the default extractor leaves them)
    doc = parse(
        "<html><body><ul><li>Synopsis</li><li>Description</li></ul>"
        "<h3>Synopsis</h3><p>npm get key</p><h3>Description</h3><p>Gets a value.</p>"
        "</body></html>"
    )
    for block, score in zip(doc.blocks, [0.5, 0.5, 0.8, 0.9, 0.85, 0.9], strict=True):
        block.set_content(True)
        block.score = score
    doc.page_type = "service"
    DropRepeatedContent()(doc)
    assert kept(doc) == ["Synopsis", "npm get key", "Description", "Gets a value."]
    assert "heading" in next(block for block in doc.blocks if block.is_content).labels


def columns(doc: TextDocument) -> tuple[list[str], list[float], list[bool], list[bool]]:
    blocks = doc.blocks
    return (
        [block.text for block in blocks],
        [block.num_words for block in blocks],
        [block.is_content for block in blocks],
        [block.is_heading for block in blocks],
    )


def test_a_heading_over_each_sections_own_text_is_no_repeat() -> None:
    from unboiler.parse import parse

    # release notes head each version's list with "New features": kept once, the second
    # version's features read as its breaking changes
    doc = parse(
        "<html><body><h2>v2.3.0</h2><h3>New features</h3>"
        "<ul><li>Full-text search across every notebook, with phrase search and tag filters"
        "</li></ul><h2>v2.2.0</h2>"
        "<p>Released on the first of March with two changes to the configuration.</p>"
        "<h3>Breaking changes</h3>"
        "<ul><li>Python 3.8 is no longer supported.</li></ul>"
        "<h3>New features</h3>"
        "<ul><li>Templates: create a note from a template with the new command's option</li></ul>"
        "<div class=buy><h3>v2.2.0</h3><p>Download</p></div>"
        "</body></html>"
    )
    for block in doc.blocks:
        block.set_content(True)
    doc.page_type = "service"
    assert section_headings(*columns(doc)) == {1, 7}
    DropRepeatedContent()(doc)
    assert kept(doc).count("New features") == 2
    # "v2.2.0" heads a version's text and, again, a button's box with no text of its own
    assert kept(doc).count("v2.2.0") == 1
    # one copy with less text of its own than SECTION_MIN_WORDS makes the heading a repeat
    short = parse(
        "<html><body><h3>New features</h3><p>Search across every notebook, with phrase"
        " search and tag filters and more</p><h3>New features</h3><p>Templates</p></body></html>"
    )
    for block in short.blocks:
        block.set_content(True)
    assert section_headings(*columns(short)) == set()


PRODUCT_PAGE = Path(__file__).parent.parent / "pages" / "default" / "product.html"
REPEATED = "Incluye una junta de silicona de repuesto."


def shop_page_with_a_repeat() -> str:
    """The hand-written shop page (predicted a product page) with its care paragraph
    written a second time after the specifications, as shops repeat a tab's text."""
    html = PRODUCT_PAGE.read_text(encoding="utf-8")
    paragraph = next(line.strip() for line in html.splitlines() if REPEATED in line)
    return html.replace("</table>", f"</table>\n{paragraph}", 1)


def test_the_default_extractor_keeps_one_copy_unless_told_otherwise() -> None:
    html = shop_page_with_a_repeat()
    assert html.count(REPEATED) == 2
    result = unboiler.extract_result(html)
    assert result.to_dict()["page_type"] == "product"
    assert result.text.count(REPEATED) == 1
    assert unboiler.extract(html, drop_repeats=False).count(REPEATED) == 2


LONG = (
    "The harbour board voted on Tuesday to close the old ferry pier for two years",
    "Engineers found that the timber piles had rotted well below the waterline",
    "Commuters will be carried by a temporary pontoon at the fish market instead",
    "The work is expected to cost about four million pounds in its first phase",
)


def hidden_case(keep: list[bool], hidden: list[bool], texts: list[str]) -> list[bool]:
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    kept = hidden_copies(texts, words, np.asarray(keep, dtype=bool), np.asarray(hidden, dtype=bool))
    return [bool(flag) for flag in kept]


def test_a_hidden_block_joining_kept_paragraphs_is_dropped() -> None:
    # the hidden copy joins the paragraphs into one block: its 4-grams across their
    # edges are found because the visible text is read as one run
    texts = [*LONG, " ".join(LONG)]
    assert hidden_case([True] * 5, [False] * 4 + [True], texts) == [True] * 4 + [False]


def test_the_visible_copy_stays_when_the_hidden_one_comes_first() -> None:
    texts = [" ".join(LONG), *LONG]
    assert hidden_case([True] * 5, [True] + [False] * 4, texts) == [False] + [True] * 4


def test_hidden_text_that_is_no_copy_stays() -> None:
    tab = "Opening hours of the pier office are nine to five on weekdays " * 3
    texts = [*LONG, tab]
    assert hidden_case([True] * 5, [False] * 4 + [True], texts) == [True] * 5


def test_only_kept_text_counts_and_short_hidden_copies_stay() -> None:
    copy = " ".join(LONG)
    # the visible paragraphs were dropped: the hidden copy is the only one kept
    assert hidden_case([False] * 4 + [True], [False] * 4 + [True], [*LONG, copy])[-1]
    # a hidden copy shorter than HIDDEN_COPY_MIN_WORDS is left to the model
    short = " ".join(LONG[0].split()[: HIDDEN_COPY_MIN_WORDS - 1])
    assert hidden_case([True, True], [False, True], [LONG[0], short]) == [True, True]


def test_of_two_hidden_copies_the_second_is_dropped() -> None:
    copy = " ".join(LONG)
    assert hidden_case([True, True], [True, True], [copy, copy]) == [True, False]


HIDDEN_COPY_PAGE = """<!doctype html><html lang="en"><head><title>Ferry pier to close
</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Ferry pier to close for repairs</h1>
{paragraphs}
</article>
<div style="display:none" itemscope itemtype="http://schema.org/NewsArticle">
<div itemprop="headline">Ferry pier to close for repairs</div>
<div itemprop="articleBody">{joined}</div>
<div itemprop="datePublished">2026-03-03T08:00:00+00:00</div></div>
<footer>© 2026 The Harbour Gazette</footer></body></html>"""


def test_the_default_extractor_writes_a_hidden_copy_once() -> None:
    paragraphs = [
        f"<p>{sentence}. {sentence.split()[1].capitalize()} matters to the town, said the "
        "board's chair, who asked residents for patience while the work goes on.</p>"
        for sentence in LONG
    ]
    joined = " ".join(p.removeprefix("<p>").removesuffix("</p>") for p in paragraphs)
    html = HIDDEN_COPY_PAGE.format(paragraphs="\n".join(paragraphs), joined=joined)
    text = unboiler.extract(html)
    for sentence in LONG:
        assert text.count(sentence) == 1, text
    # the copy is left out, not the article: its paragraphs stay paragraphs of their own
    assert [paragraph.split(".")[0] for paragraph in text.split("\n\n")[1:5]] == list(LONG)


def test_the_lines_of_a_pre_are_never_a_hidden_copy() -> None:
    copy = " ".join(LONG)
    texts = [copy, copy]  # a program shown on two tabs, the second one hidden
    words = np.asarray([len(copy.split())] * 2, dtype=np.float64)
    keep, hidden = np.asarray([True, True]), np.asarray([False, True])
    assert hidden_copies(texts, words, keep, hidden, code={1}).tolist() == [True, True]
    assert hidden_copies(texts, words, keep, hidden).tolist() == [True, False]


def _copies(rows: list[tuple[str, bool, bool]], code: set[int] | None = None) -> list[bool]:
    """heading_copies over (text, kept, heading) rows; ``code``: the exempt blocks."""
    texts = [text for text, _, _ in rows]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    keep = np.asarray([kept for _, kept, _ in rows])
    headings = np.asarray([heading for _, _, heading in rows])
    exempt = (code or set()).__contains__
    result = heading_copies(texts.__getitem__, words, keep, headings, exempt)
    return [bool(flag) for flag in result]


def test_a_heading_copy_that_is_one_item_of_a_list_of_others_stays() -> None:
    # a hotel's amenities, one of them the name of a section further down; a table of
    # contents, whose items all copy headings, goes
    texts = ["Wi-Fi", "Parking", "Restaurant", "Spa", "Overview", "Prices", "Parking", "Prices"]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    keep = np.ones(len(texts), dtype=bool)
    headings = np.asarray([False] * 6 + [True, True])
    amenities, contents = [[0], [1], [2], [3]], [[4], [5]]
    result = heading_copies(
        texts.__getitem__, words, keep, headings, lists=lambda: [amenities, contents]
    )
    assert result.tolist() == [True, True, True, True, True, False, True, True]
    # without the page's lists, the item goes as any copy
    alone = heading_copies(texts.__getitem__, words, keep, headings)
    assert alone.tolist() == [True, False, True, True, True, False, True, True]


def test_a_breadcrumb_or_sidebar_copy_of_a_heading_below_is_dropped() -> None:
    rows = [
        ("Deploying to production", True, False),  # the sidebar's link to this page
        ("Guides", False, False),
        ("deploying  TO production \u200b", True, False),  # the breadcrumb's last item
        ("Deploying to production ¶", True, True),  # the headline, a permalink sign after it
        ("Shipyard apps are plain Node.js servers behind a reverse proxy.", True, False),
        ("Deploying to production", True, False),  # below its heading: the model's to judge
        ("Install", True, False),
        ("Install¶", True, True),  # Sphinx's sign, written against the heading's word
        ("C", True, False),
        ("C#", True, True),  # a name, not a sign
    ]
    assert _copies(rows) == [False, False, False, True, True, True, False, True, True, True]


def test_only_a_kept_heading_has_copies() -> None:
    rows = [
        ("Deploying to production", True, False),
        ("Deploying to production", False, True),  # the heading itself was left out
        ("Shipyard apps are plain Node.js servers behind a reverse proxy.", True, False),
    ]
    assert _copies(rows) == [True, False, True]


def test_long_blocks_headings_and_code_lines_are_no_copies() -> None:
    long = " ".join(["word"] * (HEADING_COPY_MAX_WORDS + 1))
    rows = [
        (long, True, False),
        ("Install", True, True),  # a heading repeating a heading: a section of its own
        ("Install", True, False),  # a line of a <pre>
        (long, True, True),
        ("Install", True, True),
    ]
    assert _copies(rows, code={2}) == [True, True, True, True, True]
    assert _copies(rows) == [True, True, False, True, True]


DOCS_PAGE = """<html><head><title>Deploying to production | Shipyard</title></head><body>
<nav class="navbar"><a href="/">Shipyard</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav>
<div class="main-wrapper"><aside class="theme-doc-sidebar-container"><nav aria-label="Docs sidebar">
<ul class="menu__list">
<li class="menu__list-item"><a class="menu__link" href="/docs/intro">Introduction</a></li>
<li class="menu__list-item"><a class="menu__link" href="/docs/config">Configuration</a></li>
<li class="menu__list-item"><a class="menu__link menu__link--active" aria-current="page"
 href="/docs/deploy">Deploying to production</a></li>
</ul></nav></aside>
<main><div class="container"><article>
<nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><ul class="breadcrumbs">
<li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/docs">Guides</a></li>
<li class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link"
 itemprop="name">Deploying to production</span></li></ul></nav>
<div class="theme-doc-markdown markdown">
<header><h1>Deploying to production</h1></header>
<p>Shipyard apps are plain Node.js servers. In production, run them behind a reverse proxy
that terminates TLS, and let a process manager restart them when they fail.</p>
<h2 id="build">Build<a class="hash-link" href="#build">\u200b</a></h2>
<p>Build the server once on the machine that will run it; the build writes the bundle and
the static files into the dist folder, which the server reads at start.</p>
<pre><code>npm run build
NODE_ENV=production node dist/server.js</code></pre>
<h2 id="proxy">Behind a proxy<a class="hash-link" href="#proxy">\u200b</a></h2>
<p>The proxy terminates TLS and passes every request on to the port the server listens
on; set the forwarded headers so that the server knows the client's address.</p>
</div></article></div></main></div>
<footer>Copyright © 2026 Shipyard, Inc. Built with Docusaurus.</footer></body></html>"""


def test_the_default_extractor_writes_a_docs_page_title_once() -> None:
    text = unboiler.extract(DOCS_PAGE)
    assert text.count("Deploying to production") == 1, text
    assert text.startswith("Deploying to production\n")
    assert "Shipyard apps are plain Node.js servers" in text
    assert "npm run build" in text and "Behind a proxy" in text


def test_a_tables_labels_are_no_copies_of_the_headings_below() -> None:
    # a phone's specification table, then a section for each row's subject
    rows = "".join(
        f"<tr><td>{name}</td><td>{value}</td></tr>"
        for name, value in (
            ("Display", "6.1 inch OLED"),
            ("Battery", "3,200 mAh"),
            ("Camera", "48 MP"),
        )
    )
    sections = "".join(
        f"<h2>{name}</h2><p>The {name.lower()} is the part of the phone this review weighs "
        "most, and we tested it for three weeks in daily use and in the lab.</p>"
        for name in ("Display", "Battery", "Camera")
    )
    page = (
        "<html><body><article><h1>Phone review</h1><p>We used the phone for three weeks "
        "and measured everything that matters to a buyer of a phone this year.</p>"
        f"<table>{rows}</table>{sections}</article></body></html>"
    )
    text = unboiler.extract(page)
    for name, value in (("Display", "6.1 inch OLED"), ("Battery", "3,200 mAh")):
        assert f"{name}\t{value}" in text, text


def layout_case(
    keep: list[bool], hidden: dict[int, int], texts: list[str], exempt: set[int] | None = None
) -> list[bool]:
    """layout_copies over ``texts``; ``hidden``: a hidden block's index to its element."""
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    kept = layout_copies(
        texts.__getitem__, words, np.asarray(keep, dtype=bool), hidden, exempt or set()
    )
    return [bool(flag) for flag in kept]


def test_a_copy_hidden_in_some_layout_gives_way_to_the_shown_one() -> None:
    texts = [*LONG, *LONG]
    # the hidden copy first or second: the shown one stays either way
    assert layout_case([True] * 8, dict.fromkeys(range(4, 8), 1), texts) == [True] * 4 + [False] * 4
    assert layout_case([True] * 8, dict.fromkeys(range(4), 1), texts) == [False] * 4 + [True] * 4


def test_of_elements_hidden_in_every_layout_the_first_stays() -> None:
    # a page that writes each width's copy of a section hides every copy at some width
    hidden = {0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 5: 3}
    texts = [LONG[0], LONG[1]] * 3
    assert layout_case([True] * 6, hidden, texts) == [True, True] + [False] * 4


def test_an_element_is_a_copy_only_when_most_of_it_is() -> None:
    shared = "If you still need help, contact our support team by chat."
    # two closed answers of an accordion that end with the same line: no copy
    texts = [LONG[0], shared, LONG[1], shared]
    assert layout_case([True] * 4, {0: 1, 1: 1, 2: 2, 3: 2}, texts) == [True] * 4
    # a refrain repeated inside one hidden article is the author's
    texts = [LONG[0], LONG[1], LONG[0], LONG[2], LONG[0]]
    assert layout_case([True] * 5, dict.fromkeys(range(5), 1), texts) == [True] * 5
    # an element half of whose words copy shown text is one: its copies go, the rest stays
    texts = [LONG[0], LONG[1], LONG[0], LONG[2]]
    assert layout_case([True] * 4, {2: 1, 3: 1}, texts) == [True, True, False, True]


def test_shown_repeats_dropped_copies_and_exempt_blocks_stay() -> None:
    # shown copies are the author's; a hidden text that repeats a dropped block stays
    assert layout_case([True, True, True], {}, [LONG[0]] * 3) == [True] * 3
    assert layout_case([False, True], {1: 1}, [LONG[0], LONG[0]]) == [False, True]
    assert layout_case([True, True], {1: 1}, [LONG[0], LONG[0]], exempt={1}) == [True, True]


def test_the_hidden_blocks_are_read_only_when_a_long_text_repeats() -> None:
    asked: list[list[int]] = []

    def hidden(among: Collection[int]) -> dict[int, int]:
        asked.append(sorted(among))
        return dict.fromkeys(set(among) & {1}, 7)

    short = "Intermediate difficulty"  # a card's value, shorter than a copy
    assert len(short.split()) < LAYOUT_COPY_MIN_WORDS
    texts = [LONG[0], LONG[0], short, short, LONG[1]]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    keep = np.asarray([True] * 5)
    result = layout_copies(texts.__getitem__, words, keep, hidden)
    assert result.tolist() == [True, False, True, True, True]
    # the long copies first; every kept block only once one of them is hidden
    assert asked == [[0, 1], [0, 1, 2, 3, 4]]
    asked.clear()
    unrepeated = np.asarray([True, False, True, True, True])
    assert layout_copies(texts.__getitem__, words, unrepeated, hidden) is unrepeated
    assert asked == []  # no long text repeats: nothing read


def test_layout_hidden_gives_each_block_its_hiding_element() -> None:
    document = unboiler.parse(
        "<body><p>Shown first</p><div class='d-none d-md-block'><div><p>In the wide copy</p>"
        "<p>Also wide</p></div></div><dialog><p>Sign up</p></dialog>"
        "<div class='tab-pane' aria-hidden='true'><div role='tabpanel'><p>A tab's own</p>"
        "</div></div><p class='hidden-print'>Shown on screen</p><p>Shown last</p></body>"
    )
    texts = [block.text for block in document.blocks]
    found = layout_hidden(document.blocks, range(len(texts)))
    assert sorted(texts[index] for index in found) == ["Also wide", "In the wide copy", "Sign up"]
    wide = [element for index, element in found.items() if "wide" in texts[index]]
    assert len(set(wide)) == 1 and wide[0] not in {found[texts.index("Sign up")]}
    # a page hidden whole until its script runs hides no copy
    hidden_body = unboiler.parse("<body class='hidden'><p>One</p><p>Two</p></body>")
    assert layout_hidden(hidden_body.blocks, range(2)) == {}


def article_with_copy(copy: str) -> str:
    paragraphs = "\n".join(
        f"<p>{sentence}. {sentence.split()[1].capitalize()} matters to the town, said the "
        "board's chair, who asked residents for patience while the work goes on.</p>"
        for sentence in LONG
    )
    return (
        '<!doctype html><html lang="en"><head><title>Ferry pier to close</title></head>'
        '<body><nav><a href="/">Home</a> <a href="/news">News</a></nav><main>'
        f"<article><h1>Ferry pier to close for repairs</h1>{paragraphs}</article>"
        + copy.format(article=f"<article><h2>Ferry pier to close</h2>{paragraphs}</article>")
        + "</main><footer>© 2026 The Harbour Gazette</footer></body></html>"
    )


@pytest.mark.parametrize(
    "copy",
    [
        '<div class="layout__gated w-condition-invisible">{article}</div>',  # Webflow
        '<div class="d-none d-lg-block">{article}</div>',  # Bootstrap: for wide screens
        '<div class="post-main hide">{article}</div>',
        "<dialog>{article}</dialog>",
    ],
)
def test_the_default_extractor_writes_an_article_the_page_hides_a_copy_of_once(
    copy: str,
) -> None:
    html = article_with_copy(copy)
    assert html.count(LONG[0]) == 2
    text = unboiler.extract(html)
    for sentence in LONG:
        assert text.count(sentence) == 1, text
    # a copy that the page shows is the author's: it stays
    shown = unboiler.extract(article_with_copy('<div class="print-copy">{article}</div>'))
    assert all(shown.count(sentence) == 2 for sentence in LONG), shown


ANSWERS = (
    "Enter the tracking number from your confirmation email on the tracking page; updates "
    "appear within two hours of each scan.",
    "Take photos of the box and its contents before throwing anything away, then open a "
    "claim from your account within fourteen days.",
)
SHARED = "If you still need help, contact our support team by chat."


@pytest.mark.parametrize("hiding", ["hidden", 'aria-hidden="true"', 'class="tab-pane hidden"'])
def test_the_closed_answers_of_an_accordion_keep_the_line_they_share(hiding: str) -> None:
    panels = "".join(
        f"<h3><button>Question {number}?</button></h3><div {hiding}><p>{answer}</p>"
        f"<p>{SHARED}</p></div>"
        for number, answer in enumerate(ANSWERS, start=1)
    )
    html = f"<html><body><main><h1>Delivery questions</h1>{panels}</main></body></html>"
    text = unboiler.extract(html)
    assert all(answer in text for answer in ANSWERS), text
    assert text.count(SHARED) == 2, text


def test_a_table_for_wide_screens_and_its_cards_for_narrow_ones_come_out_once() -> None:
    rows = (("Starter", "100 GB per user", "Email support within two days"),
            ("Team", "1 TB per user", "Chat support during business hours"))  # fmt: skip
    table = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    cards = "".join(f"<h3>{a}</h3><p>{b}</p><p>{c}</p>" for a, b, c in rows)
    html = (
        "<html><body><main><h1>Compare plans</h1><p>Every plan includes encrypted storage, "
        "version history and access from any device of your team.</p>"
        '<table class="d-none d-md-table"><tr><th>Plan</th><th>Storage</th><th>Support</th>'
        f'</tr>{table}</table><div class="d-md-none">{cards}</div></main></body></html>'
    )
    text = unboiler.extract(html)
    for name, storage, support in rows:
        assert text.count(storage) == 1 and text.count(support) == 1, text
        assert f"{name}\t{storage}\t{support}" in text, text  # the table, whole


def test_a_refrain_in_an_article_shown_on_screen_stays() -> None:
    refrain = "Oh carry me home across the water, carry me home to my waiting daughter."
    verses = [
        "The boats went out at the turn of the tide and the harbour lights burned low.",
        "My father sailed where the grey gulls cried and he never came back, you know.",
        "So I sing it still when the wind is high and the night comes down on the quay.",
    ]
    song = "".join(f"<p>{verse}</p><p>{refrain}</p>" for verse in verses)
    for wrapper in ('<article class="hidden-print">', '<div id="root" aria-hidden="true">'):
        tag = wrapper[1:].split(" ")[0]
        html = f"<html><body>{wrapper}<h1>The Harbour Song</h1>{song}</{tag}></body></html>"
        assert unboiler.extract(html).count(refrain) == 3, wrapper


def test_a_carousels_slides_come_out_once_in_their_order() -> None:
    """Slick puts a copy of the last slide before the first, and marks every slide but
    the current one ``aria-hidden``: the copy came out first, the slides 3, 1, 2."""
    quotes = [
        "The breakfast on the terrace was the best part of our week, fresh bread daily.",
        "Our room looked straight over the lake and the staff arranged a boat trip.",
        "Quiet, clean and friendly: we came for two nights and ended up staying five.",
    ]

    def slide(index: int, quote: str, classes: str = "") -> str:
        hidden = "false" if index == 0 else "true"
        return (
            f'<div class="slick-slide {classes}" aria-hidden="{hidden}"><blockquote>'
            f"<p>{quote}</p><cite>Guest {index + 1}</cite></blockquote></div>"
        )

    slides = (
        slide(-1, quotes[2], "slick-cloned")
        + "".join(slide(i, quote) for i, quote in enumerate(quotes))
        + slide(3, quotes[0], "slick-cloned")
    )
    html = (
        "<html><body><main><h1>What our guests say</h1><p>We have welcomed visitors to the "
        "lake for more than forty years; here is what some of them told us this summer.</p>"
        f'<div class="slick-slider"><div class="slick-track">{slides}</div></div>'
        "<p>Would you like to share your own story? Write to us at the reception.</p>"
        "</main></body></html>"
    )
    text = unboiler.extract(html)
    assert all(text.count(quote) == 1 for quote in quotes), text
    assert [text.index(quote) for quote in quotes] == sorted(text.index(q) for q in quotes), text


def test_a_definition_lists_pairs_repeat_whole_or_not_at_all() -> None:
    # three cards of a course catalogue, each a term and its value: "Level" /
    # "Basic studies" is in the first two, "Period" with its own value in each
    texts = [
        "Level", "Basic studies", "Period", "1, 3",
        "Level", "Basic studies", "Period", "2, 4",
        "Level", "Advanced studies", "Period", "1, 3",
    ]  # fmt: skip
    pairs = [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]]
    likely = [0.5] * len(texts)
    likely[4] = likely[5] = 0.9  # the second card's copy is the likelier
    keep = one_copy_each(texts, [1.0] * len(texts), [True] * len(texts), likely, pairs=pairs)
    kept = [(texts[a], texts[b]) for a, b in pairs if keep[a] and keep[b]]
    assert kept == [
        ("Period", "1, 3"),
        ("Level", "Basic studies"),
        ("Period", "2, 4"),
        ("Level", "Advanced studies"),
    ]
    # no pair is split: each is kept or dropped whole
    assert all(keep[a] == keep[b] for a, b in pairs)
    # the third card's "Period" / "1, 3" repeats the first's: one of them goes
    assert keep[2] != keep[10]


def test_a_lone_value_that_repeats_a_kept_pair_goes_and_nested_pairs_keep_one_copy() -> None:
    # the second card's term was not kept: its value alone repeats the first card's
    # pair and goes; a term whose details hold a pair of their own is decided block by
    # block, and every text keeps one copy
    texts = ["Period", "1, 3", "Level", "Basic studies"] * 2
    pairs = [[0, 1], [2, 3], [4, 5], [6, 7]]
    keep = [True, True, True, True, False, True, True, True]
    kept = one_copy_each(texts, [1.0] * 8, keep, [0.5] * 8, pairs=pairs)
    assert [text for text, k in zip(texts, kept, strict=True) if k] == texts[:4]
    texts = ["Course", "Basic studies", "Period", "1, 3"] * 2
    nested = [[0, 1, 2, 3], [2, 3], [4, 5, 6, 7], [6, 7]]
    likely = [0.9, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.8]
    kept = one_copy_each(texts, [1.0] * 8, [True] * 8, likely, pairs=nested)
    assert sorted(text for text, k in zip(texts, kept, strict=True) if k) == sorted(texts[:4])
    assert kept[2] == kept[3] and kept[6] == kept[7]  # the inner pair stays whole
