"""Tabbed panels: each panel's label before it, the row of labels not written apart
(:mod:`unboiler.output.tabs`)."""

from __future__ import annotations

from tests.output.helpers import all_content

from unboiler.output.markdown import to_markdown
from unboiler.output.text import to_text


def _text(page: str) -> str:
    return to_text(all_content(page))


def test_an_aria_tab_rows_labels_go_before_their_panels() -> None:
    # Docusaurus: the row and the panels side by side in one container, the panels in
    # the row's order, all but the first hidden
    page = (
        "<main><p>Call the API.</p><div class=tabs-container>"
        "<ul role=tablist><li role=tab>Shell</li><li role=tab>Ruby</li></ul>"
        "<div><div role=tabpanel><p>curl the endpoint with your key.</p></div>"
        "<div role=tabpanel hidden><p>Require the gem and call fetch.</p></div></div>"
        "</div><p>The answer is JSON.</p></main>"
    )
    assert _text(page) == (
        "Call the API.\n\nShell\n\ncurl the endpoint with your key.\n\nRuby\n\n"
        "Require the gem and call fetch.\n\nThe answer is JSON."
    )


def test_a_tab_names_its_panel_by_aria_controls() -> None:
    # the panels are written in another order than the tabs: each tab's own goes after it
    page = (
        "<div role=tablist><button role=tab aria-controls=p-win>Windows</button>"
        "<button role=tab aria-controls=p-mac>macOS</button></div>"
        "<section id=p-mac role=tabpanel><p>Open the disk image.</p></section>"
        "<section id=p-win role=tabpanel><p>Run the installer.</p></section>"
    )
    assert _text(page) == "macOS\n\nOpen the disk image.\n\nWindows\n\nRun the installer."


def test_a_python_markdown_tab_sets_labels_go_before_their_blocks() -> None:
    # pymdownx.tabbed (MkDocs' Material theme): radio inputs, a row of <label>s, then
    # the blocks in the same order
    page = (
        "<div class=tabbed-set><input type=radio id=t1 checked><input type=radio id=t2>"
        "<div class=tabbed-labels><label for=t1>pip</label><label for=t2>conda</label></div>"
        "<div class=tabbed-content><div class=tabbed-block><pre><code>pip install quill"
        "</code></pre></div><div class=tabbed-block><pre><code>conda install quill</code>"
        "</pre></div></div></div>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown == (
        "pip\n\n```\npip install quill\n```\n\nconda\n\n```\nconda install quill\n```"
    )


def test_tabs_without_their_panels_stay_as_written() -> None:
    # a row whose panels are not there (a script fills them), or of one tab, or whose
    # panels do not match it in number: the labels stay where the page has them
    no_panels = "<ul role=tablist><li role=tab>Overview</li><li role=tab>Specs</li></ul>"
    assert _text(no_panels) == "Overview\nSpecs"
    one = "<div role=tablist><span role=tab>Only</span></div><div role=tabpanel><p>Text.</p></div>"
    assert _text(one) == "Only\n\nText."
    uneven = (
        "<div role=tablist><span role=tab>A</span><span role=tab>B</span></div>"
        "<div role=tabpanel><p>Panel one.</p></div>"
    )
    assert _text(uneven) == "A B\n\nPanel one."


def test_tabs_that_do_not_pair_with_panels_one_to_one_stay_as_written() -> None:
    # two tabs naming one panel: which label is its own is not known
    shared = (
        "<div role=tablist><button role=tab aria-controls=p>Python</button>"
        "<button role=tab aria-controls=p>Ruby</button></div>"
        "<div id=p role=tabpanel><p>import requests</p></div>"
    )
    assert _text(shared) == "Python\n\nRuby\n\nimport requests"
    # two widgets of a page using the same ids: the ids say nothing, and each row's own
    # panels are those after it, before the next row
    widget = (
        "<div role=tablist><a role=tab aria-controls=home>Home {0}</a>"
        "<a role=tab aria-controls=prof>Profile {0}</a></div>"
        "<div id=home role=tabpanel><p>Welcome {0}.</p></div>"
        "<div id=prof role=tabpanel><p>About {0}.</p></div>"
    )
    assert _text(widget.format("A") + widget.format("B")) == (
        "Home A\n\nWelcome A.\n\nProfile A\n\nAbout A.\n\n"
        "Home B\n\nWelcome B.\n\nProfile B\n\nAbout B."
    )
    # panels that are list items are laid out by the list: the row stays
    items = (
        "<div role=tablist><span role=tab aria-controls=a>Alpha</span>"
        "<span role=tab aria-controls=b>Beta</span></div>"
        "<ul><li id=a role=tabpanel>alpha text</li><li id=b role=tabpanel>beta text</li></ul>"
    )
    assert _text(items) == "Alpha Beta\n\nalpha text\nbeta text"


def test_a_row_takes_the_panels_before_the_next_row() -> None:
    # the first row's panels are missing: it does not take the second row's
    page = (
        "<div><ul role=tablist><li role=tab>A1</li><li role=tab>B1</li></ul><p>Between.</p>"
        "<ul role=tablist><li role=tab>A2</li><li role=tab>B2</li></ul>"
        "<div role=tabpanel><p>x one</p></div><div role=tabpanel><p>y two</p></div></div>"
    )
    assert _text(page) == "A1\nB1\n\nBetween.\n\nA2\n\nx one\n\nB2\n\ny two"


def test_many_rows_of_many_panels_are_read_in_one_pass() -> None:
    # a changelog of 40 rows, each followed by 25 panels: each row's panels are found by
    # one selector query, not a walk of its siblings per panel (19 s before)
    parts = []
    for release in range(40):
        parts.append(
            f"<div role=tablist><span role=tab>Changes {release}</span>"
            "<span role=tab>Known issues</span></div>"
        )
        parts += [f"<div role=tabpanel><p>Change {release}.{n}.</p></div>" for n in range(25)]
    text = _text("<main>" + "".join(parts) + "</main>")
    # 25 panels to a row of two tabs: no pairing, every row as written
    assert text.count("Known issues") == 40
    assert "Change 39.24." in text


def test_a_tab_named_as_its_codes_language_keeps_its_label() -> None:
    # a paragraph naming the code's language right above it is left out of the Markdown
    # (the fence says it); a tab's label names its panel among the others, and stays
    page = (
        "<main><p>Create a payment.</p><div class=tabs-container>"
        "<ul role=tablist><li role=tab>Python</li><li role=tab>Go</li></ul>"
        "<div><div role=tabpanel><pre><code class=language-python>pay(1250)</code></pre></div>"
        "<div role=tabpanel hidden><pre><code class=language-go>Pay(1250)</code></pre></div>"
        "</div></div><p>js</p><pre><code class=language-js>pay(1250);</code></pre></main>"
    )
    markdown = to_markdown(all_content(page))
    assert markdown == (
        "Create a payment.\n\nPython\n\n```python\npay(1250)\n```\n\nGo\n\n```go\nPay(1250)\n"
        "```\n\n```js\npay(1250);\n```"
    )
