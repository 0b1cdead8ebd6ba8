"""A button's label is no content, except an accordion's header, a question and a
table cell's value."""

from __future__ import annotations

import numpy as np

import unboiler
from unboiler.filters.controls import control_labels, drop_control_labels
from unboiler.parse import parse

PAGE = (
    "<html><body><main>"
    "<div class='filters'><button type='button'>Filter by Brand</button>"
    "<button><span><span>Show 90 results per page</span></span></button></div>"
    "<div class='code-header'><button>Copy code block</button></div>"
    "<pre><code>pip install ferry</code></pre>"
    "<h3><button aria-expanded='false'>Shipping times</button></h3>"
    "<div><button aria-controls='answer-2'>Returns within thirty days</button></div>"
    "<div><button>How long can I rent a bike for?</button></div>"
    "<p>To save, click <button>Save</button> in the toolbar.</p>"
    "<p>A paragraph of the page with enough words to be its content for sure.</p>"
    "</main></body></html>"
)


def test_the_labels_of_buttons_are_found() -> None:
    document = parse(PAGE)
    texts = [block.text for block in document.blocks]
    labels = {texts[index] for index in control_labels(document)}
    assert labels == {"Filter by Brand", "Show 90 results per page", "Copy code block"}


def test_a_link_without_an_address_that_says_it_is_a_button_is_one() -> None:
    """XenForo's quote expander: the link runs on in a line, so its block is the
    ``<div>`` around it, which shows nothing else.  A link with an address, and a
    button link inside a sentence, are no labels."""
    document = parse(
        "<html><body><blockquote><div>Quoted words of an earlier post.</div>"
        "<div class='expand'><span><a role='button' tabindex='0'>Click to expand...</a>"
        "</span></div></blockquote>"
        "<div><a role='button' href='/next'>Next page</a></div>"
        "<p>Press <a role='button'>this</a> to see the rest of the sentence.</p>"
        "</body></html>"
    )
    texts = [block.text for block in document.blocks]
    assert {texts[index] for index in control_labels(document)} == {"Click to expand..."}


def test_a_custom_element_that_says_it_is_a_button_is_one() -> None:
    """GitHub's ``<clipboard-copy role="button">``: a web component's name has a
    hyphen.  A ``<div role="button">`` is no button to this rule: listings' cards."""
    document = parse(
        "<html><body><div class='highlight'><pre>import mdkit</pre><div class='zc'>"
        "<clipboard-copy aria-label='Copy' class='btn' role='button'>Copy</clipboard-copy>"
        "</div></div><div role='button' class='card'><div>Harbour Lights</div></div>"
        "</body></html>"
    )
    texts = [block.text for block in document.blocks]
    assert {texts[index] for index in control_labels(document)} == {"Copy"}


def test_a_short_link_to_the_top_of_the_page_said_again_is_a_scripts_control() -> None:
    """HyperKitty's "Show quoted text" over each quotation of a mailing list's message:
    a link to "#" that a script makes a toggle, once per quotation.  A link to "#" said
    once (a card's title, a glossary's term, a recipe's step, an accordion's header), a
    card's longer text, a link holding a heading, a link to a section, and a link to "#"
    inside a sentence are no labels."""
    quoted = (
        "<div class='quoted-switch'><a style='font-weight:normal' href='#'>Show quoted "
        "text</a></div><div class='quoted-text'>&gt; The words quoted.</div>"
    )
    card = (
        "<div class='card'><a href='#'>Send your therapist as many messages as you like, "
        "whenever you like.</a></div>"
    )
    cjk = (
        "<div class='card'><a href='#'>您可以随时给您的治疗师发送任意数量的消息"
        "分享您的想法和感受</a></div>"
    )
    document = parse(
        f"<html><body>{quoted}{quoted.replace('quoted text', 'Quoted Text')}{card}{card}{cjk}{cjk}"
        "<div class='card-title'><a href='#'>Blue Ceramic Mug</a></div>"
        "<dl><dt><a href='#'>Term number 0</a></dt><dd>What the term means.</dd></dl>"
        "<ol><li><a href='#'>Preheat the oven to 200 degrees.</a></li></ol>"
        "<a href='#'><h2>Results of the survey</h2></a><a href='#'><h2>Results of the "
        "survey</h2></a>"
        "<div><a href='#install'>Installation</a></div><div><a href='#install'>Installation"
        "</a></div>"
        "<p>Scroll <a href='#'>back up</a> to read the summary of the thread again.</p>"
        "<p>Scroll <a href='#'>back up</a> to read the summary of the thread again.</p>"
        "</body></html>"
    )
    texts = [block.text for block in document.blocks]
    labels = [texts[index] for index in sorted(control_labels(document))]
    assert labels == ["Show quoted text", "Show Quoted Text"]  # the same words in any case


def test_a_button_that_is_a_table_cells_value_is_no_label() -> None:
    """MDN's browser compatibility table: each cell's data in a button that opens its
    history.  A button beside other text in a cell (a cart's "Remove" after the item's
    name), or alone in it with no number, is still a control's."""
    cell = (
        "<td><button type='button' title='Toggle history'><div><span>Full support</span>"
        "<span>Chrome</span> <span>{}</span></div></button></td>"
    )
    document = parse(
        "<html><body><table><tr><th>Feature</th><th>Chrome</th><th>Firefox</th></tr>"
        f"<tr><th><code>flatMap</code></th>{cell.format(69)}{cell.format(62)}</tr>"
        "<tr><td>Bread</td><td>Sourdough loaf <button>Remove</button></td><td>4 EUR</td>"
        "</tr><tr><td>Rye loaf</td><td>5 EUR</td><td><button>Delete</button></td></tr>"
        "</table></body></html>"
    )
    texts = [block.text for block in document.blocks]
    # a control alone in its cell, with no number, is still a control's
    assert {texts[index] for index in control_labels(document)} == {"Remove", "Delete"}


def test_a_share_bars_label_is_one() -> None:
    share = (
        "<a href='https://www.facebook.com/sharer/sharer.php?u=x'><i></i></a>"
        "<a href='whatsapp://send?text=x'><i></i></a>"
    )
    document = parse(
        "<html><body><article><p>The update said the storm had passed the coast.</p>"
        f"<div class='lb-share'><span>शेयर करें</span>{share}</div>"
        # a quotation with its share links is no bar: its words are the article's
        "<div class='click-to-tweet'><p>If you are stuck, ask.</p><span>Share it</span>"
        f"{share}</div><p>Another paragraph of the article with enough words.</p>"
        "</article></body></html>"
    )
    texts = [block.text for block in document.blocks]
    assert {texts[index] for index in control_labels(document)} == {"शेयर करें"}


def test_a_form_fields_label_is_one() -> None:
    # a sort control's label beside its <select>, an e-mail field's around it; a
    # recipe's ticked ingredients and a poll's options name checkboxes and radio
    # buttons, and a label of nothing is left alone
    document = parse(
        "<html><body><main><div class='sort'><label for='sort'>Sort by:</label>"
        "<select id='sort'><option>Code</option><option>Name</option></select></div>"
        "<div><label>Your e-mail <input type='email' name='mail'></label></div>"
        "<ul><li><input type='checkbox' id='i1'><label for='i1'>2 cups of flour</label></li>"
        "<li><label><input type='radio' name='p'> Yes, every week</label></li></ul>"
        "<div><label for='gone'>A label whose field is not on the page</label></div>"
        "<p>A paragraph of the page with enough words to be its content for sure.</p>"
        "</main></body></html>"
    )
    texts = [block.text for block in document.blocks]
    labels = {texts[index] for index in control_labels(document)}
    assert labels == {"Sort by:", "Your e-mail"}


def test_a_forms_consent_tick_is_a_label_and_a_task_list_in_a_form_is_not() -> None:
    # Contact Form 7's consent: a checkbox's label three spans down in a <p> of the form;
    # a to-do list edited in a form (GitHub's task lists) ticks its own items, and a
    # recipe's ticked ingredients outside any form are content as before
    document = parse(
        "<html><body><main><form><p><span class='wpcf7-form-control-wrap'><span "
        "class='wpcf7-acceptance'><span class='wpcf7-list-item'><label><input "
        "type='checkbox' name='ok'><span>I agree to the processing of my data.</span>"
        "</label></span></span></span></p><p><input type='submit' value='Send'></p>"
        "<ul><li><label><input type='checkbox'> Write the release notes</label></li></ul>"
        "</form><div><input type='checkbox' id='i1'><label for='i1'>2 cups of flour</label>"
        "</div><p>A paragraph of the page with enough words to be its content for sure.</p>"
        "</main></body></html>"
    )
    texts = [block.text for block in document.blocks]
    labels = {texts[index] for index in control_labels(document)}
    assert labels == {"I agree to the processing of my data."}


def test_a_shops_choices_of_a_form_they_name_are_labels_each() -> None:
    # Shopify's variant picker: radio buttons outside the <form>, joined to it by their
    # form attribute, each label inline beside its button in one <fieldset>, so every
    # label's block is the fieldset's; a fieldset of choices in no form stays the page's
    picker = "".join(
        f"<input type='radio' id='s{n}' name='Size' value='{size}' form='product-form'>"
        f"<label for='s{n}'>{size}</label>"
        for n, size in enumerate(("250 ml", "350 ml", "450 ml"))
    )
    free = "".join(
        f"<input type='radio' id='c{n}' name='Colour'><label for='c{n}'>{colour}</label>"
        for n, colour in enumerate(("Sea green", "Sandstone"))
    )
    document = parse(
        f"<html><body><main><fieldset><legend>Size</legend>{picker}</fieldset>"
        f"<fieldset><legend>Colour</legend>{free}</fieldset>"
        "<form id='product-form'><button>Add to cart</button></form>"
        "<p>A paragraph of the page with enough words to be its content for sure.</p>"
        "</main></body></html>"
    )
    texts = [block.text for block in document.blocks]
    labels = {texts[index] for index in control_labels(document)}
    assert labels == {"250 ml", "350 ml", "450 ml", "Add to cart"}


def test_a_forms_prompt_over_its_buttons_is_a_label() -> None:
    # a feedback box's question over Yes and No; a FAQ's question over one button, a
    # question with more than buttons after it, and a long paragraph are not
    document = parse(
        "<html><body><main><div class='feedback'><p>Was this page helpful?</p>"
        "<button>Yes</button> <button>No</button></div>"
        "<div><p>How long does it take?</p><button>Show the answer</button></div>"
        "<div><p>Which plan suits you?</p><button>Basic</button><button>Pro</button>"
        "<p>Both plans include support by e-mail.</p></div>"
        "<p>A paragraph of the page with enough words to be its content for sure.</p>"
        "</main></body></html>"
    )
    texts = [block.text for block in document.blocks]
    labels = {texts[index] for index in control_labels(document)}
    assert labels == {"Was this page helpful?", "Yes", "No", "Show the answer", "Basic", "Pro"}


def test_a_page_without_buttons_has_no_labels() -> None:
    assert control_labels(parse("<p>Press the <b>button</b> twice.</p>")) == frozenset()


def test_the_filter_marks_only_content_labels_boilerplate() -> None:
    document = parse(PAGE)
    for block in document.blocks:
        block.set_content(True)
    assert drop_control_labels(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert "Filter by Brand" not in kept and "Copy code block" not in kept
    for text in (
        "Shipping times",
        "Returns within thirty days",
        "How long can I rent a bike for?",
        "pip install ferry",
    ):
        assert text in kept
    assert not drop_control_labels(document)  # nothing left to change


def test_the_default_extractor_leaves_out_a_code_samples_buttons() -> None:
    sentence = (
        "Install the package before you run the examples of this guide, since every one of "
        "them imports it and the interpreter stops at the first line otherwise. "
    )
    page = (
        f"<html><body><article><h1>Getting started</h1><p>{sentence * 3}</p>"
        "<div class='code-header'><button>Copy code block</button>"
        "<button>Report code block</button></div>"
        f"<pre><code>pip install ferry</code></pre><p>{sentence * 2}</p></article></body></html>"
    )
    text = unboiler.extract(page)
    assert "pip install ferry" in text and "Install the package" in text
    assert "code block" not in text


QA_PAGE = """<html><head><title>How do I revert a commit?</title></head><body>
<div id="mainbar" role="main">
<div class="question"><div class="votecell"><button aria-label="Up vote"></button>
<div class="s-popover" role="tooltip">This question shows research effort; it is useful and
clear</div>
<div class="js-vote-count">14</div></div>
<div class="postcell"><p>I pushed a commit to the shared main branch by mistake. How do I undo
it without rewriting history for everyone else who already pulled it?</p></div></div>
<div class="answer"><div class="votecell"><button aria-label="Up vote"></button>
<div class="s-popover" role="Tooltip"><p>This answer is useful</p></div>
<div class="js-vote-count">23</div></div>
<div class="answercell"><p>Use git revert, which makes a new commit that undoes the changes of
the old one, so nobody has to force-pull. Push the new commit as usual and the shared
history stays intact for everyone.</p></div></div>
<p>See <span role="tooltip">a tip inside a sentence</span> the history of the branch.</p>
</div></body></html>"""


def test_a_tooltips_text_is_a_label() -> None:
    document = parse(QA_PAGE)
    texts = [block.text for block in document.blocks]
    labels = {texts[index] for index in control_labels(document)}
    assert labels == {
        "This question shows research effort; it is useful and clear",
        "This answer is useful",
    }


def test_the_default_extractor_leaves_out_the_tooltips_of_a_qa_page() -> None:
    text = unboiler.extract(QA_PAGE)
    assert "I pushed a commit to the shared main branch" in text
    assert "Use git revert" in text
    assert "research effort" not in text and "This answer is useful" not in text


def test_a_heading_over_buttons_alone_is_the_forms() -> None:
    from unboiler.filters.controls import control_headings

    # heading, two labels, a block left out (the footer)
    keep = np.asarray([True, True, False, False, False])
    words = np.asarray([20, 6, 1, 1, 3], dtype=np.float64)
    levels = [0, 2, 0, 0, 0]
    assert control_headings(keep, words, levels, {2, 3}) == [1]
    # the section keeps text of its own, or opens with text: a section of content
    assert (
        control_headings(np.asarray([True, True, False, False, True]), words, levels, {2, 3}) == []
    )
    assert control_headings(keep, words, levels, {3}) == []
    # a subheading's kept text is the section's; a heading of the same level ends it
    keep = np.asarray([True, True, False, True, True, True])
    words = np.asarray([20, 6, 1, 2, 9, 4], dtype=np.float64)
    assert control_headings(keep, words, [0, 2, 0, 3, 0, 0], {2}) == []
    assert control_headings(keep, words, [0, 2, 0, 2, 0, 0], {2}) == [1]


FEEDBACK_PAGE = """<html><head><title>Get help with energy bills | USAGov</title></head><body>
<nav><ul><li><a href="/benefits">Benefits</a></li><li><a href="/housing">Housing help</a></li>
</ul></nav><main><h1>Get help with energy bills</h1>
<p>The Low Income Home Energy Assistance Program (LIHEAP) can help you pay your heating and
cooling bills. It can also help with energy-related home repairs.</p>
<h2>Who is eligible</h2>
<p>You may qualify if your household income is at or below 150% of the federal poverty level,
or 60% of your state's median income.</p>
<section class="page-feedback"><h2>Did you find what you were looking for?</h2>
<button>Yes</button><button>No</button></section></main>
<footer><a href="/privacy">Privacy policy</a> <a href="/foia">FOIA requests</a></footer>
</body></html>"""


def test_the_default_extractor_leaves_out_a_feedback_question() -> None:
    text = unboiler.extract(FEEDBACK_PAGE)
    assert "You may qualify if your household income" in text
    assert "Did you find what you were looking for?" not in text, text
