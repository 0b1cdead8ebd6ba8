"""The page's controls among the content are left out of every output."""

from __future__ import annotations

import pytest

import unboiler

MAN_PAGE = (
    "<html><body><article>"
    '<h2><a id="NAME" href="#NAME"></a>NAME &nbsp; &nbsp; <a href="#top_of_page">'
    '<span class="top-link">top</span></a></h2>'
    "<p>grep prints lines that match patterns in each file it is given to read.</p>"
    '<h2>OPTIONS <a href="#contents">Back to top</a></h2>'
    "<p>The options below are those that every implementation of it accepts today.</p>"
    '<h2><a href="#top-10">Top</a> ten uses</h2>'
    '<p>Go back to the <a href="#top">top</a> of the page to read it again.</p>'
    "</article></body></html>"
)


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_headings_back_to_top_link_is_left_out(output: str) -> None:
    rendered = unboiler.extract(MAN_PAGE, extractor="boilerpipe-everything", output=output)
    lines = [line.lstrip("# ").rstrip() for line in rendered.splitlines()]
    assert "NAME" in lines and "OPTIONS" in lines
    # a heading that begins with a link to a fragment is the heading's words
    assert "Top ten uses" in lines
    # in running text, the words are the sentence's
    assert any(line.startswith("Go back to the top of the page") for line in lines)


PHPBB_POST = (
    "<html><body><div class='post'><div class='content'>I managed to turn off the"
    " ethernet leds on the new board by setting both of them to the value 4:<br>"
    "<div class='codebox'><p>Code: <a href='#' onclick='selectCode(this); return false;'>"
    "Select all</a></p><pre><code>dtparam=eth_led0=4\ndtparam=eth_led1=4</code></pre></div>"
    "The firmware learned the option only recently, so update it first.</div></div>"
    "<div class='other'><p>Note: <a href='#' onclick='vote()'>Vote</a></p></div>"
    "</body></html>"
)


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_code_boxs_select_link_and_its_label_are_left_out(output: str) -> None:
    rendered = unboiler.extract(PHPBB_POST, extractor="boilerpipe-everything", output=output)
    assert "Select all" not in rendered and "Code:" not in rendered, rendered
    assert "dtparam=eth_led0=4\ndtparam=eth_led1=4" in rendered
    assert "update it first." in rendered
    # a link that runs a script outside a code block's frame is the page's to judge
    assert "Note: Vote" in rendered


def test_top_alone_is_a_word_of_the_text_without_a_link_to_the_top() -> None:
    page = (
        "<html><body><article><figure><img src='/summit.jpg' alt=''><figcaption>View from"
        " the <a href='#summit'>top</a></figcaption></figure><p>We reached the summit at"
        " noon after six hours of climbing through the fog.</p></article></body></html>"
    )
    text = unboiler.extract(page, extractor="boilerpipe-everything")
    assert "View from the top" in text


def test_a_heading_is_read_for_its_words_within_a_bound() -> None:
    """The heading is read for its own words up to a bound (TOP_LINK_MAX_NODES), not
    whole once per link (quadratic in a term of thousands of links); another link to the
    top is none of its words, so a term of such links alone has none, and keeps them."""
    links = '<a href="#top">top</a> ' * 4000
    page = f"<html><body><article><dl><dt>{links}</dt></dl></article></body></html>"
    assert unboiler.extract(page, extractor="boilerpipe-everything").count("top") == 4000


CODE_FRAMES = (
    "<html><body><article><p>Set both options in the firmware's configuration file and"
    " reboot the board for them to take effect.</p>"
    "<div><h4><a href='#' onclick='toggle()'>Example config</a></h4>"
    "<pre><code>dtparam=eth_led0=4</code></pre></div>"
    "<div><p>Step 2: <a href='#' onclick='run()'>Run it</a></p>"
    "<pre><code>sudo reboot</code></pre></div>"
    "<div><p>Output: <a href='javascript:void(0)'>expand</a></p>"
    "<pre><code>ok</code></pre></div></article></body></html>"
)


def test_a_code_frames_headings_labels_and_plain_links_stay() -> None:
    text = unboiler.extract(CODE_FRAMES, extractor="boilerpipe-everything")
    assert "Example config" in text  # a heading's link is the page's
    assert "Step 2:" in text  # a label of two words says something of the code
    assert "Output: expand" in text  # a javascript: link without onclick is no button


@pytest.mark.parametrize("output", ["text", "markdown"])
def test_a_cards_button_in_the_line_of_its_price_is_left_out(output: str) -> None:
    """A shop's "Select options" on every tile, in the tile's line after its price; a
    button-styled link written twice, and a plain link written on every tile, stay."""
    tiles = "".join(
        f"<li class='product'><h2>{name}</h2><a href='/size-guide'>Size guide</a> "
        f"<span class='price'>Rp{price}</span> "
        "<a href='?add-to-cart=1' class='button add_to_cart_button'>Pilih opsi</a> </li>"
        for name, price in (("Kemeja Parang", "289.000"), ("Blus Lasem", "345.000"),
                            ("Dress Encim", "399.000"))
    )  # fmt: skip
    page = (
        f"<html><body><main><ul>{tiles}</ul><p>Questions? <a class='btn' href='/chat'>Ask"
        " us</a> or <a class='btn' href='/chat'>Ask us</a> again.</p></main></body></html>"
    )
    rendered = unboiler.extract(page, extractor="boilerpipe-everything", output=output)
    assert "Pilih opsi" not in rendered
    assert "289.000" in rendered and "Size guide" in rendered
    assert rendered.count("Ask us") == 2


def test_a_button_in_a_sentence_stays_whatever_the_page_around_it_repeats() -> None:
    # the header, the sidebar and the footer repeat "Download"; the post's sentence is
    # the post's, and its button no card's
    chrome = "<a class='btn' href='/dl'>Download</a>"
    page = (
        f"<html><body><header>{chrome}</header><aside>{chrome}</aside><article>"
        "<p>To begin, press <a class='btn' href='/dl'>Download</a> and then run the"
        " installer that it saves in your downloads folder.</p></article>"
        f"<footer>{chrome}</footer></body></html>"
    )
    document = unboiler.parse(page)
    for block in document.blocks:
        block.set_content(block.node is not None and block.node.tag == "p")
    from unboiler.output.text import to_text

    assert "press Download and then run" in to_text(document)


def test_an_expander_after_a_sentence_is_left_out() -> None:
    review = (
        "Der Spa-Bereich ist wirklich ein Highlight: großes Hallenbad mit Seeblick, drei"
        " Saunen und ein Ruheraum, in dem man tatsächlich Ruhe hat. Weniger schön: Die"
        " Tiefgarage ist zu klein, wir mussten zwei Nächte auf dem Parkplatz stehen."
    )
    page = (
        "<html lang='de'><body><main><div class='review'><p class='partial_entry'>"
        f"{review}<span class='taLnk' onclick='expand(this)'>Mehr</span></p></div>"
        f"<div class='review'><p>{review} <span role='button'>Read more</span></p></div>"
        # a term a script explains, inside its sentence, and a link that leads somewhere
        "<p>Der Wellnessbereich hat eine <span onclick='define(this)'>Kneippanlage</span>."
        " Alle Zimmer sind renoviert, wie unser Bericht zeigt."
        " <a href='/bericht' onclick='track()'>Bericht</a></p></main></body></html>"
    )
    text = unboiler.extract(page)
    assert "Parkplatz stehen.Mehr" not in text and "Read more" not in text
    assert text.count("auf dem Parkplatz stehen.\n") == 2
    assert "eine Kneippanlage." in text and "wie unser Bericht zeigt. Bericht" in text
