"""What the page shows nobody, or only a screen reader, is not written as seen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.output.helpers import all_content

import unboiler
from unboiler.output.text import to_text

DEALS = (
    "<html><body><main><p>Save up to $500 on select vacation packages when you book by"
    ' June 30<sup><a href="#fn1">1<span class="sr-only">, footnote</span></a></sup>.'
    ' See the <a href="#hotels">hotel offers<span class="visually-hidden">, go to the'
    " footer note</span></a> below.</p>"
    '<p>Your basket: <a href="/cart"><svg></svg><span class="sr-only">Cart</span></a>'
    ' and <span class="sr-only">three items</span> waiting.</p></main></body></html>'
)


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_screen_reader_note_on_a_links_shown_text_is_left_out(output: str) -> None:
    rendered = unboiler.extract(DEALS, extractor="boilerpipe-everything", output=output)
    assert "footnote" not in rendered and "go to the footer note" not in rendered, rendered
    assert "See the hotel offers below." in rendered.replace("[", "").replace("]", "")
    # a link named only for screen readers keeps its name; hidden text outside a link
    # is no note on anything shown
    assert "Cart" in rendered and "three items" in rendered


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_form_fields_screen_reader_label_is_left_out(output: str) -> None:
    # WooCommerce names the quantity box for screen readers only; the text has no box
    page = (
        "<html><body><main><p>Lampe avant USB-C, 800 lumens, homologuée StVZO.</p>"
        "<form><div class='quantity'><label class='screen-reader-text' for='q1'>quantité"
        " de Lampe avant vélo</label><input id='q1' type='number' value='1'></div>"
        "<label for='gift'>Emballage cadeau</label><input id='gift' type='checkbox'>"
        "</form></main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "quantité de Lampe avant vélo" not in rendered
    assert "800 lumens" in rendered
    assert "Emballage cadeau" in rendered  # a label the page shows stays


@pytest.mark.parametrize(
    "page",
    [
        "<html><body><main><p>Read <a href='#fn1'>the terms<span class='sr-only'>,"
        " footnote</span></a></p></main></body></html>",
        "<html><body><main><p>Lampe avant</p><form><label class='screen-reader-text'"
        " for='q'>quantité</label><input id='q'></form></main></body></html>",
    ],
)
def test_a_text_placed_after_an_annotation_keeps_its_place(page: str) -> None:
    """A content block without an element (a description from JSON-LD) placed after the
    text of an annotation, or of a form field's hidden label, is still written."""
    from unboiler.document import TextBlock

    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(True)
    document.blocks.append(TextBlock.from_text("Solid walnut, oiled by hand.", is_content=True))
    from unboiler.output import render

    assert "Solid walnut, oiled by hand." in render(document, "text", extractor="by-hand")


@pytest.mark.parametrize(
    ("wide", "narrow"),
    [
        ("d-none d-md-inline", "d-md-none"),  # Bootstrap 4-5
        ("hidden md:inline", "md:hidden"),  # Tailwind
        ("hidden-xs hidden-sm", "hidden-md hidden-lg"),  # Bootstrap 3
        ("onlyLarge", "onlySmall"),  # a site's own: ImmoScout24's room counts
        ("desktop-only", "mobile-only"),
        ("hide-on-mobile", "show-for-small-only"),  # Foundation's phone copy
    ],
)
def test_a_headline_written_for_each_width_is_written_once(wide: str, narrow: str) -> None:
    page = (
        f"<body><h1><span class='{wide}'>The quiet comeback of the tram</span>"
        f"<span class='{narrow}'>Trams are back</span></h1><p>Paris reopened its first "
        "modern tram line in 2006.</p></body>"
    )
    document = all_content(page)
    assert to_text(document).split("\n")[0] == "The quiet comeback of the tram"
    # the narrow one first: the one shown widest is still the one kept
    swapped = page.replace(f"<span class='{wide}'>The quiet comeback of the tram</span>", "")
    swapped = swapped.replace(
        "</h1>", f"<span class='{wide}'>The quiet comeback of the tram</span></h1>"
    )
    document = all_content(swapped)
    assert to_text(document).split("\n")[0] == "The quiet comeback of the tram"


def test_parts_shown_together_at_some_width_are_no_alternatives() -> None:
    # both shown from md on: a line that grows on wide screens, not two versions of it
    page = (
        "<body><p>Free shipping<span class='d-none d-md-inline'> on orders over $50</span>"
        "<span class='d-none d-lg-inline'>, returns within 30 days</span>.</p></body>"
    )
    document = all_content(page)
    assert to_text(document) == "Free shipping on orders over $50, returns within 30 days."


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_recipes_drawn_units_and_checkbox_signs_are_written_as_shown(output: str) -> None:
    # WP Recipe Maker: the unit drawn short and hidden from screen readers, said in full
    # to them only; a checkbox's sign for screen readers alone
    page = (
        "<html><body><main><h2>Karnıyarık</h2><p>Hazırlık Süresi <span>30<span"
        " class='sr-only screen-reader-text'> dakika</span></span> <span aria-hidden='true'>"
        "dk</span></p><ul><li><span><label><span class='sr-only'>&#x25a2; </span></label>"
        "</span>6 adet bostan patlıcanı</li><li><span aria-hidden='true'>★★★★☆</span><span"
        " class='sr-only'>Rated 4 out of 5</span></li><li>Not <span class='sr-only'>in"
        " stock</span> <span aria-hidden='true'>today</span></li></ul></main></body></html>"
    )
    page = page.replace(
        "</ul>",
        "</ul><p>From <span>$10</span><span class='visually-hidden'>–</span><span>$20</span>"
        " a night, open <time>09</time><span class='sr-only'>:</span><time>00</time>.</p>",
    )
    page = page.replace(
        "</main>",
        "<p>Nấu <span>6<span class='sr-only'> giờ</span></span> <span aria-hidden='true'>"
        "giờ</span></p></main>",
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "Hazırlık Süresi 30 dk" in rendered and "dakika" not in rendered
    # the same word drawn after the readers' one is written once
    assert "Nấu 6 giờ" in rendered and "giờ giờ" not in rendered
    # punctuation given to screen readers alone parts what it joins, and stays
    assert "$10" in rendered and "$10$20" not in rendered and "0900" not in rendered
    assert "▢" not in rendered and "6 adet bostan patlıcanı" in rendered
    # a drawing of no word is said by the readers' text; another word is no abbreviation
    assert "Rated 4 out of 5" in rendered and "Not in stock today" in rendered
    assert "★" not in rendered


def test_a_rating_drawn_in_stars_is_written_as_its_readers_words() -> None:
    # Etsy's Web Toolkit: "wt-screen-reader-only" before the stars drawn for the eye
    page = (
        "<main><h1>Stoneware mug</h1><p>ClayAndKiln <span><span class='wt-screen-reader-only'>"
        "4.9 out of 5 stars</span><span aria-hidden='true'>★★★★★</span></span> Star Seller</p>"
        "</main>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything")
    assert rendered.endswith("ClayAndKiln 4.9 out of 5 stars Star Seller")
    # one symbol is a separator beside words of their own
    page = "<p>Alpha <span aria-hidden='true'>—</span><span class='sr-only'>Note:</span> beta.</p>"
    assert unboiler.extract(page, extractor="boilerpipe-everything") == "Alpha — Note: beta."


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_hidden_heading_that_a_shown_heading_repeats_is_written_once(output: str) -> None:
    # GitHub's issue page: the title in an <h1 class="sr-only">, drawn again in the
    # header's <h1> with the number; a hidden heading no shown one repeats stays
    body = "Passing a read-only memory map to fit raises an error in the binning step. " * 3
    page = (
        "<html><body><main><h1 class='sr-only'>fit() fails on read-only input</h1>"
        "<h1><bdi>fit() fails on read-only input</bdi> <span>#28417</span></h1>"
        f"<p>{body}</p><h2 class='visually-hidden'>Steps to reproduce</h2>"
        f"<p>{body}</p><h2 class='sr-only'>News</h2><p>{body}</p><h2>Newsletter sign-up</h2>"
        f"<p>{body}</p></main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert rendered.count("fit() fails on read-only input") == 1, rendered
    assert "#28417" in rendered and "Steps to reproduce" in rendered, rendered
    # a shown heading that begins with the hidden one's letters, not its words
    assert re.search(r"News\W", rendered), rendered


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_sign_drawn_at_the_end_of_a_line_is_not_glued_onto_it(output: str) -> None:
    # a FAQ's questions, each with the "+" that opens its answer, and links with a
    # chevron before them; a separator drawn between two words stays
    questions = "".join(
        f"<details><summary><span class='num'>{n}.</span> {q}<span class='icon'"
        f" aria-hidden='true'>+</span></summary><p>{a}</p></details>"
        for n, q, a in (
            (1, "Czy ceny zawierają VAT?", "Tak, wszystkie ceny zawierają podatek VAT."),
            (2, "Ile kosztuje dostawa?", "Dostawa kosztuje 9,99 zł, od 199 zł jest darmowa."),
        )
    )
    page = (
        f"<html><body><main>{questions}<p><a href='/a'><span aria-hidden='true'>›</span>"
        " Regulamin sklepu</a></p><p><span>5 min</span><span aria-hidden='true'>·</span>"
        "<span>3 stycznia</span></p></main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "Czy ceny zawierają VAT?" in rendered and "VAT?+" not in rendered, rendered
    assert "dostawa?+" not in rendered and "+" not in rendered
    assert "Regulamin sklepu" in rendered and "›" not in rendered
    assert "5 min·3 stycznia" in rendered


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_screen_readers_colon_stays_on_the_word_before_it(output: str) -> None:
    # GOV.UK's step-by-step navigation says "Step 1:" to screen readers
    heading = (
        "<h2><span class='circle'><span class='govuk-visually-hidden'>Step</span> 1"
        "<span class='govuk-visually-hidden' aria-hidden='true'>:</span></span>"
        "<span class='title'>Check if you can get a Blue Badge</span></h2>"
    )
    page = (
        f"<html><body><main>{heading}<p>You will usually get a badge automatically if you"
        " get certain benefits.</p></main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "Step 1: Check if you can get a Blue Badge" in rendered, rendered


def test_a_drawn_sign_that_says_something_stays() -> None:
    # a comparison table's marks, a currency, per cent and degree signs, stars, a minus
    page = (
        "<html><body><main><p>The plans differ in storage, support and seats.</p><table><tr>"
        "<th>Feature</th><th>Free</th><th>Pro</th></tr><tr><td>Offline mode</td><td><span"
        " aria-hidden='true'>✓</span></td><td><span aria-hidden='true'>+</span></td></tr>"
        "</table><p><span aria-hidden='true'>$</span>75</p><p>Humidity 45<span"
        " aria-hidden='true'>%</span></p><p>Temperature 21<span aria-hidden='true'>°</span>"
        "</p><p>Rated <span aria-hidden='true'>★★★★☆</span></p><p><span aria-hidden='true'>"
        "−</span>5 degrees</p><p>Question?<span aria-hidden='true'>+</span></p>"
        "</main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output="markdown")
    assert "| Offline mode | ✓ | + |" in rendered, rendered
    for kept in ("$75", "Humidity 45%", "Temperature 21°", "Rated ★★★★☆", "−5 degrees"):
        assert kept in rendered, rendered
    assert "Question?+" not in rendered and "Question?" in rendered


DROP_CAPS = (
    "<html><body><main><article>"
    '<p><span class="drop-cap" aria-hidden="true">Q</span><span class="sr-only">Q</span>uando'
    " Abel tinha onze anos, o pai lhe entregou um formão.</p>"
    '<p><span class="dropcap" style="display:block;float:left;font-size:4em">H</span>oje'
    " restam menos de vinte artesãos.</p>"
    '<p><span style="display: block; float: left">A</span> viola de cocho é feita assim.</p>'
    '<p><img class="dropcap" src="/n.png" alt="N">o dia seguinte, mostrou o tronco.</p>'
    '<p><span style="display:block;float:right">Caixa ao lado</span>Texto corrido.</p>'
    '<p><img src="/logo.png" alt="X">Marca registrada.</p>'
    '<p><img src="/close.svg" alt="x">fechar a janela.</p>'
    '<p><span style="display:block;float:left">12</span>minutos depois.</p>'
    '<p><span style="display:block;float:left">★</span>Ótima receita.</p>'
    "</article></main></body></html>"
)


@pytest.mark.parametrize("output", ["text", "markdown", "html"])
def test_a_drop_cap_stays_the_first_letter_of_its_word(output: str) -> None:
    """A paragraph's first letter set apart (a screen reader's copy of a drop cap hidden
    from readers, a floated letter, a letter drawn as a picture) is read in its word."""
    rendered = unboiler.extract(DROP_CAPS, extractor="boilerpipe-everything", output=output)
    assert "Quando Abel" in rendered, rendered
    assert "Hoje restam" in rendered
    assert "A viola de cocho" in rendered
    assert "No dia seguinte" in rendered
    # a floated box of words is no letter: a line of its own; an image's alt that is not
    # a letter beginning the word after it is not read
    assert "Caixa ao lado" in rendered
    assert "Caixa ao ladoTexto" not in rendered and "Caixa ao lado Texto" not in rendered
    assert "XMarca" not in rendered and "X Marca" not in rendered
    # a lower-case letter's picture is an icon; a floated number or star is a box
    assert "xfechar" not in rendered and "x fechar" not in rendered
    assert "12minutos" not in rendered and "★Ótima" not in rendered


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_links_address_shown_cut_short_is_written_whole(output: str) -> None:
    """Mastodon hides the scheme and the tail of a link's address; the text is the whole
    address, not a cut one.  A hidden note in a link that is no part of its address
    stays out."""
    page = (
        "<html><body><main><p>Formular gibt es hier: <a href='https://www.bahn.de/service/"
        "individuelle-reise/fahrgastrechte'><span class='invisible'>https://www.</span>"
        "<span class='ellipsis'>bahn.de/service/individuelle-r</span><span class='invisible'>"
        "eise/fahrgastrechte</span></a> und im Reisezentrum.</p><p>Mehr im <a href='/faq'>"
        "Hilfebereich<span class='hidden'> (neues Fenster)</span></a> der Bahn, in <a"
        " href='/wiki/Paris'><span hidden>Paris</span>Paris, Frankreich</a> und im <a"
        " href='/bericht.pdf'>Bericht<span style='display:none'>pdf</span></a>.</p>"
        "</main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "https://www.bahn.de/service/individuelle-reise/fahrgastrechte und" in rendered
    assert "neues Fenster" not in rendered and "Hilfebereich der Bahn" in rendered
    # a hidden part whose text the address holds, but not the link's whole text: a note
    assert "ParisParis" not in rendered and "Paris Paris" not in rendered
    assert "Berichtpdf" not in rendered and "Bericht pdf" not in rendered


def test_every_spelling_of_a_screen_reader_class_is_found() -> None:
    # the parser's query finds the candidates, hides_visually decides: each style
    # guide's name, renamed by CSS Modules or prefixed by a design system, in any case
    from unboiler.output.hidden import VISUALLY_HIDDEN_CLASSES, visually_hidden

    names = [
        *VISUALLY_HIDDEN_CLASSES,
        "u-sr-only",
        "SR_ONLY",
        "utils_visuallyHidden__DJ_eB",
        "wt-screen-reader-only",
        "a-offscreen",
        "screen_reader_text",
    ]
    shown = ["hidden-xs-up-only", "mobile-only", "screenshot", "clip"]
    body = "".join(f"<span class='{name}'>{name}</span>" for name in [*names, *shown])
    document = unboiler.parse(f"<html><body><p>{body}</p></body></html>")
    found = [element.text() for element in visually_hidden(document.tree)]
    assert found == names


def test_an_icon_fonts_ligature_name_beside_text_is_left_out() -> None:
    page = (
        "<html><body><article><h1>Shipping and returns</h1>"
        "<p>We ship every order within two working days from our warehouse in Athens,"
        " and you can follow the parcel online once it has left.</p><ul>"
        "<li><i class='material-icons'>check</i>Free delivery on orders over 49 euros</li>"
        "<li><span class='material-symbols-outlined'>local_shipping</span> Tracking number"
        " sent by email</li>"
        "<li><span class='material-icons-wrapper'>warranty</span> Two years of warranty</li>"
        "<li><i class='icon'>gift</i> A gift with every order</li></ul>"
        "<table><tr><th>Plan</th><th>Support</th><th>Backups</th></tr>"
        "<tr><td>Basic</td><td><i class='material-icons'>check</i></td>"
        "<td class='material-icons'>close</td></tr>"
        "<tr><td>Pro</td><td><i class='material-icons'>check</i></td>"
        "<td class='material-icons'>check</td></tr></table>"
        "</article></body></html>"
    )
    markdown = unboiler.extract(page, output="markdown")
    assert "- Free delivery on orders over 49 euros" in markdown
    assert "- Tracking number sent by email" in markdown
    # not an icon font's class, or not the element's whole text: the text stays
    assert "- warranty Two years" in markdown and "- *gift* A gift" in markdown
    # between words, a name stands for a word of the sentence; a number is no name
    inline = page.replace(
        "<li><i class='icon'>gift</i>",
        "<li>Press <i class='material-icons'>menu</i> to open it, then"
        " <span class='material-icons badge'>2024</span></li><li><i class='icon'>gift</i>",
    )
    assert "Press menu to open it, then 2024" in unboiler.extract(inline)
    # alone in a cell, a name says yes or no, and stays
    assert "| Basic | *check* | close |" in markdown
    assert "| Pro | *check* | check |" in markdown


RECIPE_STORY = (
    "Tom kha gai is a coconut soup scented with galangal, lemongrass and makrut lime"
    " leaves. This is my grandmother's version, which adds the coconut cream in two stages."
)


def test_a_screen_readers_word_shown_after_its_element_is_written_once() -> None:
    # WP Recipe Maker: the unit for screen readers closes the number's element, and the
    # same unit follows in sight, for every reader
    time = (
        "<span class='wprm-recipe-time'><span class='wprm-recipe-details'>{n}<span"
        " class='sr-only screen-reader-text'> minutes</span></span> <span"
        " class='wprm-recipe-details-unit'>minutes</span></span>"
    )
    cells = "<td><i aria-hidden='true'></i><span class='sr-only'>Yes</span></td>"
    page = (
        f"<html><body><article><p>{RECIPE_STORY}</p><div>Prep Time {time.format(n=10)}</div>"
        f"<div>Cook Time {time.format(n=20)}</div><table><tr><th>Therapy by video</th>"
        f"{cells}{cells}</tr><tr><th>Chat</th>{cells}{cells}</tr></table>"
        "</article></body></html>"
    )
    text = unboiler.extract(page)
    assert "Prep Time 10 minutes\n" in text and "Cook Time 20 minutes\n" in text
    # a table's cells each say their own "Yes", and so do a grid's of spans
    assert unboiler.extract(page, output="markdown").count("| Yes | Yes |") == 2
    grid = Path(__file__).parent.parent / "pages" / "span-grid-sr-cells.html"
    assert "Backups Yes Yes" in unboiler.extract(grid.read_bytes())
