"""Units decided as one: the lines of a <pre>, the cells of a table row, a line cut at a
formula."""

from __future__ import annotations

import numpy as np
import pytest
from tests.conftest import ROOT

import unboiler
from unboiler.filters.units import (
    PAIR_VALUE_MAX_WORDS,
    PRE_FLOOR,
    ROW_MAX_WORDS,
    control_groups,
    decision_units,
    disclosure_groups,
    footnote_groups,
    heading_groups,
    keep_enclosed,
    keep_heads,
    keep_likely_preformatted,
    keep_table_ends,
    keep_whole_preformatted,
    line_groups,
    pair_groups,
    paragraph_groups,
    pool,
    preformatted_blocks,
    preformatted_groups,
    row_groups,
)

CODE = (
    "<pre class='language-c'><code>int add(int x, int y) {<br>  return x + y;<br>"
    "<span>}</span><br><br>int main() {<br>  return add(1, 2);<br>}</code></pre>"
)
PAGE = (
    "<html><body><article><h1>Standalone mode</h1>"
    "<p>Here is a long paragraph about the compiler and the way it builds a module"
    " without any JavaScript at all, for the reader who wants to know.</p>"
    f"{CODE}"
    "<p>Then compile it with the flag, and another long sentence for the reader of"
    " this page about compilers today.</p>"
    "<pre>alone</pre><pre>outer<br><pre>inner<br>more</pre></pre>"
    "</article></body></html>"
)
LINES = ["int add(int x, int y) {", "return x + y;", "}", "int main() {", "return add(1, 2);", "}"]


def test_groups_are_the_blocks_of_each_outermost_pre() -> None:
    document = unboiler.parse(PAGE)
    texts = [block.text for block in document.blocks]
    groups = [[texts[i] for i in group] for group in preformatted_groups(document)]
    # a <pre> of one block is no group; one inside another is read with it
    assert groups == [LINES, ["outer", "inner", "more"]]


def test_pooling_gives_each_line_the_likeliest_lines_probability() -> None:
    probabilities = np.array([0.9, 0.6, 0.05, 0.3, 0.2])
    pooled = pool(probabilities, [[1, 2, 3]])
    assert pooled.tolist() == [0.9, 0.6, 0.6, 0.6, 0.2]
    assert probabilities[2] == 0.05  # the model's own figures are left as they were
    assert pool(probabilities, []) is probabilities


def test_one_content_line_keeps_the_whole_pre() -> None:
    document = unboiler.parse(PAGE)
    for block in document.blocks:
        block.set_content(block.text in ("Standalone mode", "return x + y;"))
    assert keep_whole_preformatted(document)
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept == ["Standalone mode", *LINES]
    assert not keep_whole_preformatted(document)  # nothing more to change


def test_the_default_extractor_keeps_a_program_whole() -> None:
    # Lines cut by <br> were judged one by one: a lone "}" (no words) was dropped.
    markdown = unboiler.extract(PAGE.replace("<pre>alone</pre>", ""), output="markdown")
    program = ["```c", "int add(int x, int y) {", "  return x + y;", "}", ""]
    program += ["int main() {", "  return add(1, 2);", "}", "```"]
    assert "\n".join(program) in markdown


def test_single_block_pres_are_listed_too() -> None:
    document = unboiler.parse(PAGE)
    texts = [block.text for block in document.blocks]
    blocks = [[texts[i] for i in group] for group in preformatted_blocks(document)]
    assert blocks == [LINES, ["alone"], ["outer", "inner", "more"]]


SPECS = (
    "<html><body><h1>Charcoal grill</h1><table>"
    "<tr><th class='name'>Lid</th><td class='value'>Inox</td></tr>"
    "<tr><td><div><p><span>Legs</span></p></div></td><td>Steel</td><td>3</td></tr>"
    "<tr><td>Alone</td></tr>"
    "<tr><td><table><tr><td>inner a</td><td>inner b</td></tr></table></td><td>outer</td></tr>"
    "</table><p>Lid</p></body></html>"
)


def test_rows_are_the_blocks_of_each_nearest_row() -> None:
    document = unboiler.parse(SPECS)
    texts = [block.text for block in document.blocks]
    rows = sorted([texts[i] for i in group] for group in row_groups(document))
    # a row of one block is no group; a nested table's row is its own
    assert rows == [["Legs", "Steel", "3"], ["Lid", "Inox"], ["inner a", "inner b"]]


def test_a_row_of_a_layout_table_is_no_unit() -> None:
    # The article in one cell and its sidebar in the next: decided block by block.
    article = " ".join(["word"] * (ROW_MAX_WORDS + 1))
    page = f"<table><tr><td><p>{article}</p></td><td>Archive</td><td>Tags</td></tr></table>"
    assert row_groups(unboiler.parse(page)) == []
    short = " ".join(["word"] * ROW_MAX_WORDS)
    page = f"<table><tr><td><p>{short}</p></td><td>Archive</td></tr></table>"
    assert row_groups(unboiler.parse(page)) == [[0, 1]]
    # a page's columns in the cells of one row, its story's paragraphs short: a cell of
    # more blocks than a fact's is a column (an old news site's menu, story and weather)
    story = "".join(f"<p>Short paragraph number {n} of the story.</p>" for n in range(6))
    menu = "".join(f"<div><a href='/{n}'>Section {n}</a></div>" for n in range(4))
    page = f"<table><tr><td>{menu}</td><td>{story}</td><td>Weather 17°C</td></tr></table>"
    assert row_groups(unboiler.parse(page)) == []
    cells = "".join(f"<td><p>Fact {n}</p><p>unit</p></td>" for n in range(4))
    assert row_groups(unboiler.parse(f"<table><tr>{cells}</tr></table>")) == [list(range(8))]


def test_a_fields_name_and_value_are_one_unit() -> None:
    # a restaurant's details: the name and the value, the two elements of one parent
    fields = "".join(
        f"<div class='row'><div class='label'>{name}</div> <!-- --> <div>{value}</div></div>"
        for name, value in (("PRICE RANGE", "€25 - €60"), ("MEALS", "Lunch, Dinner, Drinks"))
    )
    page = (
        f"<main>{fields}"
        # a third element, a sentence for a name, a paragraph for a value, a heading: none
        "<div><span>Phone</span><span>02 8940</span><a href='/call'>Call</a></div>"
        "<div><p>This is a long sentence and not the name of any field</p><p>x</p></div>"
        f"<div><span>Notes</span><p>{' '.join(['word'] * (PAIR_VALUE_MAX_WORDS + 1))}</p></div>"
        "<div><h3>Hours</h3><div>9 to 5</div></div>"
        # a link is no field's name (a post's date linking to it, its author beside)
        "<div><a href='/p/1'>Nov 2, 2023</a><span>Dana Okafor</span></div>"
        # nor a gallery's links around its picture, over the caption
        "<div><div><a href='#prev'>Previous photo</a><img src='/z1.jpg'><a href='#next'>"
        "Next photo</a></div><p>Kraków at dawn.</p></div>"
        # but a card that is one link, its title over its artist, is a field
        "<a href='/songs/1'><div>Harbour Lights</div><div>The Marrow Pines</div></a></main>"
    )
    document = unboiler.parse(page)
    texts = [block.text for block in document.blocks]
    assert [[texts[i] for i in group] for group in pair_groups(document)] == [
        ["PRICE RANGE", "€25 - €60"],
        ["MEALS", "Lunch, Dinner, Drinks"],
        ["Harbour Lights", "The Marrow Pines"],
    ]
    assert [0, 1] in decision_units(document)[1]


def test_a_buttons_label_beside_code_is_no_break_in_the_run() -> None:
    # between kept paragraphs: a <pre> (0.45) and its "Copy" button (0.34)
    keep = np.array([True, False, False, True])
    probabilities = np.array([0.98, 0.45, 0.34, 0.99])
    assert keep_enclosed(keep, probabilities, {1}).tolist() == keep.tolist()
    assert keep_enclosed(keep, probabilities, {1}, controls={2}).all()
    # the button's labels are asked for only when such a run needs them
    asked: list[bool] = []

    def controls() -> set[int]:
        asked.append(True)
        return {2}

    assert keep_enclosed(keep, probabilities, {1}, controls=controls).all()
    assert keep_enclosed(
        np.array([True, True, True, True]), probabilities, {1}, controls=controls
    ).all()
    assert len(asked) == 1
    # a label alone between kept blocks, with no code, stays out
    assert not keep_enclosed(keep, probabilities, set(), controls={1, 2})[1:3].any()


def test_the_default_extractor_keeps_code_whose_copy_button_follows_it() -> None:
    page = (
        "<html><head><title>Install mdkit</title></head><body><main><article>"
        "<h1>Installing mdkit</h1><p>mdkit is a small Markdown parser for Python. It "
        "supports CommonMark and GitHub's extensions, and has no dependencies beyond the "
        "standard library.</p><p>Install it from the package index with pip, preferably "
        "inside a virtual environment:</p><div class='code-block'><pre><code class="
        "'language-bash'>python -m venv .venv\n. .venv/bin/activate\npip install mdkit"
        "</code></pre><button class='copy-btn' type='button'>Copy</button></div><p>Then "
        "parse a document by calling mdkit.parse() on a string; it returns the document "
        "tree, which you can render to HTML or walk yourself.</p><p>The tree's nodes carry "
        "their source positions, so that a linter can point to the line of each problem "
        "it finds.</p></article></main></body></html>"
    )
    markdown = unboiler.extract(page, output="markdown")
    assert "```bash\npython -m venv .venv\n. .venv/bin/activate\npip install mdkit\n```" in (
        markdown
    )
    assert "Copy" not in markdown


def test_a_fields_value_may_be_its_parents_own_text() -> None:
    # a recipe's nutrition: a heading names the value its parent writes after it
    facts = "".join(
        f"<div><h5>{name}</h5>{value}</div>"
        for name, value in (("Eiweiß", "19,2 g"), ("Kohlenhydr.", "37,8 g"))
    )
    page = (
        f"<main><div class='nutrition'>{facts}</div>"
        # text before the name, a second element after the text, a long text: none
        "<div>per 100 g <h5>Fett</h5>31,4 g</div>"
        "<div><h5>Salz</h5>1,2 g <span>(hoch)</span></div>"
        f"<div><h5>Hinweis</h5>{' '.join(['wort'] * (PAIR_VALUE_MAX_WORDS + 1))}</div></main>"
    )
    document = unboiler.parse(page)
    texts = [block.text for block in document.blocks]
    assert [[texts[i] for i in group] for group in pair_groups(document)] == [
        ["Eiweiß", "19,2 g"],
        ["Kohlenhydr.", "37,8 g"],
    ]


def test_the_lines_of_a_paragraph_are_one_unit() -> None:
    page = (
        "<body><p><strong>Journal:</strong> Apidologie, 2024<br><strong>DOI:</strong>"
        " <a href='https://doi.org/x'>10.1007/s13592</a></p><p>One line alone.</p>"
        "<div>Street 12<br>City</div><p>Rua Alfa 12<br>Belo Horizonte<br>Brasil</p></body>"
    )
    document = unboiler.parse(page)
    texts = [block.text for block in document.blocks]
    assert [[texts[i] for i in group] for group in paragraph_groups(document)] == [
        ["Journal: Apidologie, 2024", "DOI: 10.1007/s13592"],
        ["Street 12", "City"],
        ["Rua Alfa 12", "Belo Horizonte", "Brasil"],
    ]
    # the page's text written straight into its body is no one paragraph
    assert paragraph_groups(unboiler.parse("<body>Home<br>News<br>Contact</body>")) == []
    # a wrapper's text on either side of the article is no run of lines
    wrapper = unboiler.parse(
        "<body><div>Skip to content<h1>Budget</h1><p>The council voted.</p>"
        "Copyright 2024 Gazette<br>All rights reserved</div></body>"
    )
    texts = [block.text for block in wrapper.blocks]
    assert [[texts[i] for i in group] for group in paragraph_groups(wrapper)] == [
        ["Copyright 2024 Gazette", "All rights reserved"]
    ]
    # an element without line breaks, its texts parted by a picture's box, has no lines
    info = unboiler.parse(
        "<body><div class='status__info'><a href='/p/1'><time>Nov 2, 2023</time></a><a"
        " href='/@dana'><div><img src='a.png'></div><span>Dana Okafor</span></a></div></body>"
    )
    assert len(info.blocks) == 2 and paragraph_groups(info) == []
    assert [0, 1] in decision_units(document)[1]


def test_a_likely_pre_is_kept_on_a_page_that_keeps_content() -> None:
    probabilities = np.array([0.9, PRE_FLOOR, 0.2, PRE_FLOOR - 0.01])
    groups = [[1, 2], [3]]
    keep = np.array([True, False, False, False])
    assert keep_likely_preformatted(keep, probabilities, groups).tolist() == [
        True,
        True,
        True,
        False,
    ]
    nothing = np.zeros(4, dtype=bool)  # a page that keeps nothing keeps no code either
    assert not keep_likely_preformatted(nothing, probabilities, groups).any()


def test_the_decision_keeps_a_row_with_its_value() -> None:

    from unboiler.classify.decide import DecideBlocks
    from unboiler.classify.default_model import PAGE_TYPES, Decision

    rows = [("Material", "Inox"), ("Lid material", "Inox"), ("Weight", "12 kg")]
    page = (
        "<html><body><h1>Martinsen charcoal grill</h1><p>A charcoal grill of stainless"
        " steel with a lid and two grills, for a family of six, made in Denmark.</p><table>"
        + "".join(f"<tr><th>{name}</th><td>{value}</td></tr>" for name, value in rows)
        + "</table><p>Shipping and returns</p></body></html>"
    )
    document = unboiler.parse(page)
    names, values = {name for name, _ in rows}, {value for _, value in rows}
    # the model is sure of the text, fairly sure of the names, doubts the values
    given = {"Martinsen charcoal grill": 0.95, "Shipping and returns": 0.05}
    probabilities = np.array(
        [
            given.get(b.text, 0.7 if b.text in names else 0.3 if b.text in values else 0.95)
            for b in document.blocks
        ]
    )

    class Stub:
        spare_columns = 0

        def decide(self, signals: object) -> Decision:
            types = np.zeros(len(PAGE_TYPES))
            types[PAGE_TYPES.index("product")] = 1.0
            return Decision(PAGE_TYPES.index("product"), types, probabilities)

    DecideBlocks(model=Stub())(document)  # type: ignore[arg-type]
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept[:2] == ["Martinsen charcoal grill", document.blocks[1].text]
    assert kept[2:] == [text for row in rows for text in row]
    # each block keeps the model's own probability
    assert [block.score for block in document.blocks] == probabilities.tolist()


def test_the_default_extractor_keeps_a_likely_code_block_in_an_article() -> None:
    # An article's cut (F0.6) dropped this command (Hugo's Chroma markup) at p=0.62,
    # between two kept paragraphs.
    page = (
        '<html lang="en"><head><title>Git basics</title></head><body><nav><a href="/">Home'
        '</a> <a href="/posts">Posts</a></nav><article><h1>Merging branches in Git</h1>'
        "<p>Once you have finished work on a branch, you merge it back into the main branch"
        ' with two commands:</p><div class="highlight"><pre tabindex="0" style="color:#f8f8f2">'
        '<code class="language-bash" data-lang="bash"><span style="display:flex;"><span>'
        'git checkout main\n</span></span><span style="display:flex;"><span>git merge'
        " feature-login\n</span></span></code></pre></div><p>Git tries to merge the changes"
        " automatically. When both branches changed the same line, it stops and reports a"
        " conflict for you to resolve.</p></article></body></html>"
    )
    assert "git checkout main\ngit merge feature-login" in unboiler.extract(page)


def test_a_likely_heading_is_kept_with_the_section_it_opens() -> None:
    from unboiler.filters.units import HEADING_FLOOR, keep_likely_headings

    probabilities = np.array([HEADING_FLOOR, 0.9, HEADING_FLOOR, 0.2, HEADING_FLOOR - 0.01, 0.9])
    headings = np.array([True, False, True, False, True, False])
    keep = np.array([False, True, False, False, False, True])
    # the first heading opens kept text; the second opens dropped text; the third is
    # less likely than the floor
    assert keep_likely_headings(keep, probabilities, headings).tolist() == [
        True,
        True,
        False,
        False,
        False,
        True,
    ]
    empty = np.zeros(0)
    assert keep_likely_headings(empty.astype(bool), empty, empty.astype(bool)).tolist() == []


def test_blocks_between_kept_blocks_are_kept_when_likely_or_code() -> None:
    from unboiler.filters.units import ENCLOSED_FLOOR, ENCLOSED_MAX_BLOCKS, keep_enclosed

    assert ENCLOSED_MAX_BLOCKS == 2
    likely, doubtful = ENCLOSED_FLOOR, ENCLOSED_FLOOR - 0.01
    probabilities = np.array([0.9, likely, 0.8, 0.9, doubtful, 0.9, likely, likely, likely, 0.9])
    keep = np.array([True, False, True, True, False, True, False, False, False, True])
    # a likely block between kept ones is kept; a doubtful one is not; a run of three
    # likely blocks is longer than ENCLOSED_MAX_BLOCKS and stays out
    assert keep_enclosed(keep, probabilities).tolist() == [
        True, True, True, True, False, True, False, False, False, True,
    ]  # fmt: skip
    # the same doubtful runs, when they are code, are kept however unlikely: a tutorial's
    # query shown again with a line more, which the model took for a repeat
    code_probabilities = np.array([0.9, 0.1, 0.3, 0.9, 0.03, 0.9])
    code_keep = np.array([True, False, False, True, False, True])
    assert keep_enclosed(code_keep, code_probabilities, {1, 2, 4}).tolist() == [True] * 6
    # a run of code and doubtful prose together is code only in part
    assert not keep_enclosed(code_keep, code_probabilities, {1}).tolist()[2]
    # code with a likely caption (Ghost's code card, its <figcaption> at 0.53) is kept
    captioned = np.array([0.9, 0.25, likely, 0.9])
    kept = keep_enclosed(np.array([True, False, False, True]), captioned, {1})
    assert kept.tolist() == [True] * 4
    # but one code line does not bring back a long run of likely blocks around it
    long_run = np.array([0.9] + [likely] * 10 + [0.9])
    ends = np.array([True] + [False] * 10 + [True])
    assert not keep_enclosed(ends, long_run, {5}).tolist()[1]
    # nothing after the last kept block or before the first is touched, and the input
    # array is left as it was
    edges = np.array([False, True, False])
    assert keep_enclosed(edges, np.array([0.9, 0.9, 0.9])).tolist() == [False, True, False]
    assert keep.tolist()[1] is False
    empty = np.zeros(0)
    assert keep_enclosed(empty.astype(bool), empty).tolist() == []


def test_a_run_of_likely_siblings_of_kept_blocks_is_kept_whatever_its_length() -> None:
    """A long article of like paragraphs, each about as likely as the next: the cut fell
    between them and a run went missing in the middle of the text."""
    from unboiler.filters.units import ENCLOSED_FLOOR, ENCLOSED_MAX_BLOCKS, keep_enclosed

    run = ENCLOSED_MAX_BLOCKS + 15
    probabilities = np.array([0.632] + [0.630] * run + [0.632, 0.9, ENCLOSED_FLOOR, 0.9])
    keep = np.array([True] + [False] * run + [True, True, False, True])
    article = np.array([7] * (run + 2) + [3, 3, 3])  # the paragraphs' parent element
    kept = keep_enclosed(keep, probabilities, siblings=article)
    assert kept.tolist() == [True] * (run + 5)
    # without the parents, the long run stays out; the short one is kept either way
    assert keep_enclosed(keep, probabilities).tolist() == [True] + [False] * run + [True] * 4
    # a run reaching into another element (a sidebar between two parts of the text), or
    # with a doubtful block in it, stays out
    elsewhere = article.copy()
    elsewhere[5] = 9
    assert not keep_enclosed(keep, probabilities, siblings=elsewhere)[1 : run + 1].any()
    doubtful = probabilities.copy()
    doubtful[5] = ENCLOSED_FLOOR - 0.01
    assert not keep_enclosed(keep, doubtful, siblings=article)[1 : run + 1].any()


def test_lines_without_words_between_kept_blocks_are_kept() -> None:
    from unboiler.filters.units import ENCLOSED_MAX_BLOCKS, keep_enclosed

    # lines of punctuation ('" (', '~~~~') score low whatever their place; between two
    # kept lines they are kept, a run of any length, however unlikely
    keep = np.array([True, False, False, False, True, False, True, False])
    probabilities = np.array([0.9, 0.2, 0.05, 0.3, 0.9, 0.3, 0.9, 0.3])
    wordless = {1, 2, 3, 7}
    assert ENCLOSED_MAX_BLOCKS < 3
    assert keep_enclosed(keep, probabilities, (), wordless).tolist() == [
        True, True, True, True, True, False, True, False,
    ]  # fmt: skip
    # a run that is only in part such lines is not kept, nor is anything without them
    assert keep_enclosed(keep, probabilities, (), {1, 2}).tolist() == keep.tolist()
    assert keep_enclosed(keep, probabilities).tolist() == keep.tolist()


def test_wordless_lines_are_a_paragraphs_lines() -> None:
    from unboiler.filters.units import wordless_lines
    from unboiler.parse import parse

    doc = parse(
        '<html><body><p>RULE →<br>" (<br>~[x]</p><div>Slides of the day</div>'
        "<button>→</button><p>Next part of the text</p><p>— —</p><p>* * *</p>"
        "<p>Release 3.19.0<br>~~~~~~~~</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    found = sorted(texts[index] for index in wordless_lines(doc))
    # the sign in an element of its own (a button's arrow, a paragraph of two dashes) is
    # none, but for a scene break: a paragraph of three asterisks or more
    assert found == sorted(['" (', "~~~~~~~~", "* * *"]), texts


@pytest.mark.parametrize("sign", ["***", "* * *", "⁂", "~ ~ ~", "§§§"])
def test_a_scene_break_between_kept_paragraphs_is_kept(sign: str) -> None:
    from unboiler.filters.units import keep_enclosed, wordless_lines
    from unboiler.parse import parse

    doc = parse(
        f"<html><body><p>The first scene.</p><p>{sign}</p><p>The second scene.</p>"
        "<div><a href='/next'>›</a></div><div><a href='/more'>* * *</a></div>"
        "<div role='button'>•••</div><p>The end.</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    keep = np.array([text.endswith(".") for text in texts])
    kept = keep_enclosed(keep, np.full(len(texts), 0.05), wordless=wordless_lines(doc))
    assert [text for text, k in zip(texts, kept, strict=True) if k] == [
        "The first scene.",
        sign,
        "The second scene.",
        "The end.",
    ]


def test_wordless_items_of_lists_tables_and_code_are_content_items() -> None:
    from unboiler.filters.units import wordless_lines
    from unboiler.parse import parse

    doc = parse(
        "<html><body><p>Operators:</p><ul><li><code>+</code></li><li><code>-</code></li></ul>"
        "<table><tr><th>±</th><td>…</td></tr></table><pre><code>--</code></pre>"
        "<ul class='pager'><li><a href='/2'>›</a></li><li><button>»</button></li></ul>"
        "<ul><li> </li></ul><p>End.</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    found = sorted(texts[index] for index in wordless_lines(doc))
    # a pager's links and buttons are none, nor is an item of white space alone
    assert found == sorted(["+", "-", "±", "…", "--"]), texts
    # kept between kept blocks, whatever the model thought of them (it dropped them)
    from unboiler.filters.units import keep_enclosed

    doc = parse(
        "<html><body><p>Operators:</p><ul><li><code>+</code></li><li><code>-</code></li></ul>"
        "<pre><code>--</code></pre><p>End.</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    keep = np.array([text.endswith(":") or text == "End." for text in texts])
    kept = keep_enclosed(keep, np.full(len(texts), 0.05), wordless=wordless_lines(doc))
    assert kept.all(), texts


def test_lines_cut_at_an_element_shown_in_them_are_units() -> None:
    document = unboiler.parse(
        "<body><p>Title</p><p>Example: consider <math><mi>x</mi></math> in this"
        " <svg></svg> sentence.</p><p>Alone</p><p>a <math></math> b</p></body>"
    )
    assert [block.text for block in document.blocks] == [
        "Title", "Example: consider", "in this", "sentence.", "Alone", "a", "b",
    ]  # fmt: skip
    assert line_groups(document) == [[1, 2, 3], [5, 6]]


def test_a_headings_lines_are_a_unit_and_its_inner_blocks_are_not() -> None:
    document = unboiler.parse(
        "<body><h1>Install guide<br>for Linux</h1><p>Intro</p>"
        "<h2>Cup style<button>More information</button></h2><h3>One line</h3>"
        "<h2><span>Find a</span><br><b>showroom</b> <a href='#f'>🔗</a></h2></body>"
    )
    assert [block.text for block in document.blocks] == [
        "Install guide", "for Linux", "Intro", "Cup style", "More information", "One line",
        "Find a", "showroom 🔗",
    ]  # fmt: skip
    assert heading_groups(document) == [[0, 1], [6, 7]]
    assert [0, 1] in decision_units(document)[1]


def test_a_custom_element_in_a_headings_line_is_of_the_heading() -> None:
    # GitHub's comment header: the parser cuts at <relative-time>, a browser does not;
    # a custom element in a paragraph, or a heading's block element, is no such line
    document = unboiler.parse(
        "<body><h3><strong><a href='/u'>mvogt</a></strong> commented <a href='#c1'>"
        "<relative-time datetime='2024-03-11'>Mar 11, 2024</relative-time></a></h3>"
        "<p>Price <my-price>12 EUR</my-price> today</p>"
        "<h2>Plans<div><x-badge>New</x-badge></div></h2></body>"
    )
    assert [block.text for block in document.blocks] == [
        "mvogt commented", "Mar 11, 2024", "Price", "12 EUR", "today", "Plans", "New",
    ]  # fmt: skip
    assert heading_groups(document) == [[0, 1]]


def test_a_sentence_a_form_control_cuts_is_a_unit() -> None:
    document = unboiler.parse(
        "<body><p>To save, click <button>Save</button> in the toolbar: <progress>70%"
        "</progress> done.</p><div>$49 <button>Add to cart</button></div>"
        "<p><button>Load more</button></p></body>"
    )
    assert [block.text for block in document.blocks] == [
        "To save, click", "Save", "in the toolbar:", "70%", "done.", "$49", "Add to cart",
        "Load more",
    ]  # fmt: skip
    # a button with no text after it (or none at all around it) is a box of its own
    assert control_groups(document) == [[0, 1, 2], [2, 3, 4]]
    assert [0, 1, 2, 3, 4] in pool_groups(document)


def pool_groups(document: unboiler.TextDocument) -> list[list[int]]:
    from unboiler.filters.units import _merged

    return _merged(decision_units(document)[1])


def test_the_default_extractor_keeps_a_heading_parted_by_a_line_break_whole() -> None:
    # the packaged model kept "for Linux" alone (0.82 against 0.49 for "Install guide")
    page = (
        "<html><head><title>Install guide</title></head><body><nav><a href='/'>Home</a>"
        "</nav><article><h1>Install guide<br>for Linux</h1><p>The installer needs a recent"
        " kernel and a few libraries that most distributions already ship with them.</p>"
        "<p>Run the script as root and follow the prompts until the service starts on"
        " its own, then open the dashboard in a browser.</p></article></body></html>"
    )
    assert unboiler.extract(page, output="markdown").startswith("# Install guide for Linux\n")


def test_the_default_extractor_keeps_the_rest_of_a_sentence_after_a_formula() -> None:
    # each part alone is a short block the model doubts, the same words thirty times
    # over; the line is decided whole (the packaged model kept 15 of the 30 tails)
    prose = (
        "<p>Mathematics has long relied on a compact written notation that lets a reader"
        " take in a whole argument at a glance. Over the centuries mathematicians refined"
        " symbols for quantities, operations and relations, and the printing press spread"
        " these conventions across Europe.</p>"
    )
    formula = "<math><mi>x</mi><mo>+</mo><mn>1</mn></math>"
    examples = "".join(
        f"<p>Example {n}: consider {formula} in this sentence.</p>" for n in range(1, 31)
    )
    page = (
        "<html><head><title>Tails</title></head><body><header><div>Example Math Blog</div>"
        "<nav><ul><li><a href='/'>Home</a></li><li><a href='/blog'>Blog</a></li></ul></nav>"
        f"</header><main><article><h1>Tails</h1>{prose * 3}{examples}{prose}</article></main>"
        "<aside><h3>Related posts</h3><ul><li><a href='/a'>Ten facts about primes</a></li>"
        "</ul></aside><footer><p>Copyright 2024 Example Math Blog.</p></footer></body></html>"
    )
    text = unboiler.extract(page)
    assert text.count("in this sentence.") == 30
    assert "Example 30: consider x+1 in this sentence." in text


def test_groups_that_share_a_block_are_pooled_as_one() -> None:
    # a table row whose second cell is a line cut by an icon: the row and the line are
    # one unit, or the line's pooling would undo the row's
    document = unboiler.parse(
        "<table><tr><td>Name</td><td>Value <svg></svg> more</td></tr></table>"
    )
    _, rows = decision_units(document)
    assert sorted(rows) == [[0, 1, 2], [1, 2]]
    probabilities = np.array([0.9, 0.1, 0.1])
    assert pool(probabilities, rows).tolist() == [0.9, 0.9, 0.9]
    assert pool(probabilities, [[0, 1], [2]]).tolist() == [0.9, 0.9, 0.1]


def test_a_definition_lists_term_and_descriptions_are_a_group() -> None:
    from unboiler.filters.units import definition_groups
    from unboiler.parse import parse

    doc = parse(
        "<html><body><dl><dt><a href='alloc/'>alloc</a></dt><dd>Memory allocation APIs.</dd>"
        "<dt>any</dt><dd>Dynamic typing.</dd><dd>And reflection.</dd>"
        "<dt>lone term</dt></dl><p>After the list.</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    groups = [[texts[i] for i in group] for group in definition_groups(doc)]
    assert groups == [
        ["alloc", "Memory allocation APIs."],
        ["any", "Dynamic typing.", "And reflection."],
    ]  # a term without a description is no group
    assert definition_groups(parse("<p>No list here.</p>")) == []


def test_a_kept_description_keeps_its_term() -> None:
    from unboiler.classify.decide import choose_units

    # the term is a link the model scores as a menu, its description is kept
    probabilities = np.array([0.95, 0.1, 0.9, 0.05, 0.1, 0.9])
    words = np.array([40.0, 1.0, 8.0, 1.0, 6.0, 30.0])
    definitions = [[1, 2], [3, 4]]
    keep = choose_units(probabilities, words, 1.0, definitions=definitions)
    assert keep.tolist() == [True, True, True, False, False, True]
    assert not choose_units(probabilities, words, 1.0).tolist()[1]


def test_the_pages_own_contents_entries() -> None:
    from unboiler.filters.units import contents_entries
    from unboiler.parse import parse

    doc = parse(
        "<html><body><ul><li><a href='#usage'>Usage</a></li>"
        "<li><a href='#api'>API</a> <a href='#errors'>Errors</a></li>"
        "<li><a href='/other.html'>Another page</a></li>"
        "<li><a href='#usage'>Usage</a> <a href='/x'>elsewhere</a></li>"
        "<li><a href='#note-1'>a note</a></li></ul>"
        "<h2 id='usage'>Usage</h2><p>See <a href='#api'>the API</a> below.</p>"
        "<section id='api'><h2>API</h2></section><h3><a name='errors'></a>Errors</h3>"
        "<p id='note-1'>A note.</p><h2 id='self'><a href='#self'>Linked to itself</a></h2>"
        "</body></html>"
    )
    texts = [block.text for block in doc.blocks]
    found = sorted(texts[index] for index in contents_entries(doc))
    # links to headings (by the heading's id, its section's, or an anchor inside it);
    # not a link elsewhere, a block with another link, running text, a footnote, a
    # heading that links to itself (mdBook's)
    assert found == ["API Errors", "Usage"], texts
    assert contents_entries(parse("<p><a href='#x'>x</a></p><h2>No ids</h2>")) == frozenset()
    # MediaWiki's contents: the link around the entry's block, not inside it
    wiki = parse(
        "<html><body><ul><li><a href='#Targets'><div><span>3</span> <span>Targets</span>"
        "</div></a><ul><li><a href='#Create'><div><span>3.1</span> <span>Create</span>"
        "</div></a></li></ul></li><li><a href='/wiki/Other'><div>Another page</div></a>"
        "</li></ul><h2 id='Targets'>Targets</h2><h3 id='Create'>Create</h3></body></html>"
    )
    texts = [block.text for block in wiki.blocks]
    assert sorted(texts[index] for index in contents_entries(wiki)) == ["3 Targets", "3.1 Create"]
    # Confluence's: the outline's number outside the link; a word outside it is no entry's
    confluence = parse(
        "<html><body><ul><li><span>1</span> <a href='#p-Overview'>Overview</a></li>"
        "<li><span>2.1</span> <a href='#p-Steps'>Steps</a></li>"
        "<li>See <a href='#p-Steps'>Steps</a></li></ul>"
        "<h2 id='p-Overview'>Overview</h2><h3 id='p-Steps'>Steps</h3></body></html>"
    )
    texts = [block.text for block in confluence.blocks]
    assert sorted(texts[index] for index in contents_entries(confluence)) == [
        "1 Overview",
        "2.1 Steps",
    ]
    # a heading of any level is no entry: a statute's "§ 3." in an <h4>, its sign a link
    # to itself and its number an outline's
    statute = parse(
        "<html><body><ul><li><a href='#par2'>§ 2</a></li></ul><h4 id='par2'>§ 2.</h4>"
        "<h4 id='par3'><a href='#par3'>§</a> 3.</h4><h5 id='n'><span><a href='#n'>4.1"
        "</a></span></h5></body></html>"
    )
    texts = [block.text for block in statute.blocks]
    assert sorted(texts[index] for index in contents_entries(statute)) == ["§ 2"], texts


def test_the_title_of_contents_goes_with_its_entries() -> None:
    from unboiler.filters.units import contents_entries
    from unboiler.parse import parse

    page = (
        "<html><body><h1>Lake Baikal</h1><p>A rift lake in Russia.</p>"
        "<div id='toc'><h2>Contents</h2><ul><li><a href='#geo'>Geography</a></li>"
        "<li><a href='#eco'>Ecology</a></li></ul></div>"
        "<h2 id='geo'>Geography</h2><p>In a rift valley.</p>"
        "<h2 id='eco'>Ecology</h2><p>Seals.</p></body></html>"
    )
    doc = parse(page)
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == ["Contents", "Ecology", "Geography"]
    # a heading with its own text after the entries titles more than them: it stays
    doc = parse(page.replace("</ul></div>", "</ul><p>Jump to a section.</p></div>"))
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == ["Ecology", "Geography"]
    # contents without a title: the entries alone, the paragraph before them stays
    doc = parse(page.replace("<h2>Contents</h2>", ""))
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == ["Ecology", "Geography"]
    # VuePress's box titled by a short line that is no heading, in the box
    doc = parse(page.replace("<h2>Contents</h2>", "<p class='toc-title'>On this page</p>"))
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == [
        "Ecology", "Geography", "On this page",
    ]  # fmt: skip
    # ... but not such a line outside the box
    doc = parse(page.replace("<div id='toc'><h2>Contents</h2>", "<p>On this page</p><div>"))
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == ["Ecology", "Geography"]


def test_contents_entries_are_left_out() -> None:
    from unboiler.classify.decide import choose_units

    probabilities = np.array([0.6, 0.6, 0.9, 0.95])
    words = np.array([2.0, 2.0, 30.0, 40.0])
    assert choose_units(probabilities, words, 1.0).tolist() == [True, True, True, True]
    assert choose_units(probabilities, words, 1.0, contents={0, 1}).tolist() == [
        False, False, True, True,
    ]  # fmt: skip


def test_a_link_to_a_section_in_a_row_of_words_is_no_contents_entry() -> None:
    # a dictionary's table of forms links each pronunciation to its section; a table of
    # contents numbers its entries and gives their pages
    from unboiler.filters.units import contents_entries
    from unboiler.parse import parse

    doc = parse(
        "<html><body><h1>pomme</h1><table><tr><th>Singulier</th><th>Pluriel</th></tr>"
        "<tr><td><a class='selflink'>pomme</a><br><a href='#pron'>\\pɔm\\</a></td><td>"
        "<a href='/wiki/pommes'>pommes</a><br><a href='#pron'>\\pɔm\\</a></td></tr></table>"
        "<table><tr><td>1.</td><td><a href='#ety'>Étymologie</a></td><td>12</td></tr>"
        "<tr><td>2.</td><td><a href='#pron'>Prononciation</a></td><td>14</td></tr></table>"
        "<h2 id='ety'>Étymologie</h2><p>Du latin.</p><h2 id='pron'>Prononciation</h2>"
        "<p>France.</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == ["Prononciation", "Étymologie"]


WISH = "I really wish Apple offered a tier between the two plans we have now."
QUOTING_THREAD = (
    "<html><body><main>"
    f"<article><p>{WISH}</p></article>"
    "<article><blockquote><div class='title'>EuroChilli said:</div>"
    f"<div class='content'>{WISH}</div>"
    "<div class='expand'><a role='button'>Click to expand...</a></div></blockquote>"
    "<p>This! I would pay a bit more, but not three times more for a plan that big.</p>"
    "<blockquote><div>Bo said:</div><div>Yes.</div></blockquote>"
    "<blockquote><div>Cy wrote:</div><div>Short quotes stand for themselves here too.</div>"
    "</blockquote></article>"
    "</main></body></html>"
)


def test_a_quotations_blocks_are_a_group() -> None:
    from unboiler.filters.units import quotation_groups
    from unboiler.parse import parse

    doc = parse(QUOTING_THREAD)
    texts = [block.text for block in doc.blocks]
    assert [[texts[i] for i in group] for group in quotation_groups(doc)] == [
        [
            "EuroChilli said:",
            "I really wish Apple offered a tier between the two plans we have now.",
            "Click to expand...",
        ],
        ["Bo said:", "Yes."],
        ["Cy wrote:", "Short quotes stand for themselves here too."],
    ]


def test_a_quotation_whose_text_is_left_out_loses_its_attribution() -> None:
    """The reply's own words must not read as the quoted writer's."""
    from unboiler.filters.units import drop_quotation_remnants_filter
    from unboiler.parse import parse

    doc = parse(QUOTING_THREAD)
    quoted_copy = 2  # the repeated-text rule kept the first post's copy instead
    for index, block in enumerate(doc.blocks):
        block.set_content(index != quoted_copy)
    assert drop_quotation_remnants_filter(doc)
    kept = [block.text for block in doc.blocks if block.is_content]
    assert "EuroChilli said:" not in kept and "Click to expand..." not in kept
    assert kept[:2] == [
        "I really wish Apple offered a tier between the two plans we have now.",
        "This! I would pay a bit more, but not three times more for a plan that big.",
    ]
    # a quotation kept whole stays, and so does one of short lines only
    assert {"Bo said:", "Yes.", "Cy wrote:", "Short quotes stand for themselves here too."} <= set(
        kept
    )
    assert not drop_quotation_remnants_filter(doc)  # nothing left to drop


def test_a_forums_quotation_box_is_a_quotation() -> None:
    """vBulletin quotes in boxes of a quote class, not in a ``<blockquote>``; its
    attribution has four words.  XenForo's post body (``js-selectToQuote``) is no
    quotation."""
    from unboiler.filters.units import drop_quotation_remnants_filter, quotation_groups
    from unboiler.parse import parse
    from unboiler.tags import is_quotation

    post = "Once I have chosen a web host, I order a month of it and watch its uptime."
    doc = parse(
        "<html><body>"
        f"<blockquote class='postcontent'>{post}</blockquote>"
        "<blockquote class='postcontent'><div class='bbcode_quote'><div class='quote_container'>"
        "<div class='bbcode_postedby'>Originally Posted by <strong>jon</strong></div>"
        f"<div class='message'>{post}</div></div></div>"
        "<div>I agree, a month tells you most of what you need to know.</div></blockquote>"
        "<div class='message-body js-selectToQuote'><p>A post of its own.</p><p>Two.</p></div>"
        "</body></html>"
    )
    texts = [block.text for block in doc.blocks]
    assert [[texts[i] for i in group] for group in quotation_groups(doc)] == [
        ["Originally Posted by jon", post]
    ]
    for names in ("js-selectToQuote", "format-quote", "get-a-quote", "post_quote_button"):
        assert not is_quotation(parse(f"<div class='{names}'>x</div>").blocks[0].node), names
    # WordPress's post format on the page's body makes no quotation of the page
    assert not is_quotation(parse("<body class='single-format-quote quote'>x</body>").tree.body)
    for index, block in enumerate(doc.blocks):
        block.set_content(index != 2)  # the repeated-text rule kept the post's own copy
    assert drop_quotation_remnants_filter(doc)
    assert "Originally Posted by jon" not in [b.text for b in doc.blocks if b.is_content]


def test_a_blockquote_right_inside_a_quotation_box_is_the_boxs_text() -> None:
    """Discourse: the box holds whose words they are over a ``<blockquote>`` of them,
    one quotation; a ``<blockquote>`` nested in a ``<blockquote>`` is a quotation of its
    own (a reply quoting a quotation)."""
    from unboiler.filters.units import keep_quotations_whole_filter, quotation_groups
    from unboiler.parse import parse

    words = "Nine times out of ten this is the containers' logs, which grow without limit."
    doc = parse(
        "<html><body><aside class='quote no-group'><div class='title'>mhensley:</div>"
        f"<blockquote><p>{words}</p></blockquote></aside>"
        "<blockquote><p>Ada wrote:</p><blockquote><p>Inner words of a quotation.</p>"
        "<p>More of them.</p></blockquote></blockquote></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    assert [[texts[i] for i in group] for group in quotation_groups(doc)] == [
        ["mhensley:", words],
        ["Inner words of a quotation.", "More of them."],
    ]
    for block in doc.blocks:
        block.set_content(block.text == words)
    assert keep_quotations_whole_filter(doc)
    assert [b.text for b in doc.blocks if b.is_content] == ["mhensley:", words]


def test_a_quotation_keeping_its_text_keeps_its_short_lines() -> None:
    from unboiler.filters.units import drop_quotation_remnants

    words = np.array([2.0, 12.0, 3.0, 9.0])
    groups = [[0, 1, 2]]
    keep = np.array([True, True, False, True])
    assert drop_quotation_remnants(keep, words, groups) is keep  # text kept: unchanged
    keep = np.array([True, False, True, True])
    assert drop_quotation_remnants(keep, words, groups).tolist() == [False, False, False, True]


EMBEDDED_POST = (
    "<html><body><article><p>Several players thanked him on social media within hours.</p>"
    '<blockquote class="twitter-tweet"><p>I can’t thank this man enough. He’s taught me so '
    "much and I’m so grateful for everything he’s done for me.</p>— Dele (@dele_official) "
    '<a href="https://twitter.com/dele_official/status/1">November 19, 2019</a></blockquote>'
    "<p>Spurs have won just five matches this season.</p></article></body></html>"
)


def test_a_quotation_mostly_kept_is_kept_whole() -> None:
    """An embedded post keeps the line that says whose it is."""
    from unboiler.filters.units import keep_quotations_whole_filter
    from unboiler.parse import parse

    doc = parse(EMBEDDED_POST)
    texts = [block.text for block in doc.blocks]
    attribution = next(i for i, text in enumerate(texts) if text.startswith("—"))
    for index, block in enumerate(doc.blocks):
        block.set_content(index != attribution)
    assert keep_quotations_whole_filter(doc)
    assert all(block.is_content for block in doc.blocks)
    assert not keep_quotations_whole_filter(doc)  # nothing left to add


def test_a_quotation_mostly_left_out_is_not_brought_back() -> None:
    from unboiler.filters.units import QUOTE_KEPT_SHARE, keep_quotations_whole

    texts = ["Ann said:", "A quoted paragraph of twelve words", "Its short end", "A reply"]
    words = np.array([2.0, 12.0, 6.0, 9.0])
    groups = [[0, 1, 2]]

    def whole(keep: list[bool], quoted: list[str] = texts) -> list[bool]:
        kept = keep_quotations_whole(np.array(keep), words, groups, quoted.__getitem__)
        return [bool(flag) for flag in kept]

    assert QUOTE_KEPT_SHARE <= 14 / 20  # 14 of 20 words kept: the rest comes back
    assert whole([True, True, False, True]) == [True] * 4
    assert QUOTE_KEPT_SHARE > 8 / 20  # 8 of 20: left as it is
    assert whole([True, False, True, True]) == [True, False, True, True]
    assert whole([False, False, False, True]) == [False, False, False, True]
    # a block whose text is kept elsewhere (a reply quoting the opening post, whose
    # copy the repeated-text rule left out) stays out
    quoting = ["Ann said:", "A quoted paragraph of twelve words", "A reply", "A reply"]
    assert whole([True, True, False, True], quoting) == [True, True, False, True]


def test_a_lists_items_are_its_groups() -> None:
    from unboiler.filters.units import list_groups
    from unboiler.parse import parse

    doc = parse(
        "<ul><li>Calories: <b>486</b></li><li>Fat: 31g</li><li><p>Protein:</p><p>36g</p>"
        "<ol><li>inner one</li><li>inner two</li></ol></li></ul>"
        "<ul><li>Only</li><li>two</li></ul>"
    )
    texts = [block.text for block in doc.blocks]
    groups = [[[texts[i] for i in item] for item in items] for items in list_groups(doc)]
    # the outer list's third item holds its paragraphs, not its sublist's items; a list
    # of two items is no group
    assert groups == [[["Calories: 486"], ["Fat: 31g"], ["Protein:", "36g"]]]


def test_the_items_at_a_kept_lists_ends_are_kept() -> None:
    from unboiler.filters.units import LIST_END_FLOOR, keep_list_ends

    lists = [[[0], [1], [2], [3], [4], [5, 6]]]
    probabilities = np.asarray([0.2, 0.9, 0.8, 0.9, 0.9, LIST_END_FLOOR, 0.1])
    keep = np.asarray([False, True, True, True, True, False, False])
    # four of six items kept in a run: the last item (its likeliest block at the floor)
    # is kept whole, the first (below the floor) is not
    assert keep_list_ends(keep, probabilities, lists).tolist() == [False] + [True] * 6
    # a gap in the kept run, or too few of the items kept: the model's decision stands
    gap = np.asarray([False, True, False, True, True, False, False])
    assert keep_list_ends(gap, probabilities, lists).tolist() == gap.tolist()
    few = np.asarray([False, True, True, True, False, False, False])
    assert keep_list_ends(few, probabilities, lists).tolist() == few.tolist()


def test_a_definition_lists_terms_with_their_descriptions_are_its_items() -> None:
    from unboiler.filters.units import definition_lists, list_groups
    from unboiler.parse import parse

    doc = parse(
        "<dl><dt>Código</dt><dd>34512</dd><dt>Créditos</dt><dd>6</dd>"
        "<div><dt>Curso</dt><dd>4.º</dd></div><dt>Idioma</dt><dd>Castellano</dd>"
        "<dd>Inglés</dd></dl><dl><dt>Only</dt><dd>two</dd><dt>terms</dt><dd>here</dd></dl>"
        "<ul><li>an</li><li>ordinary</li><li>list</li></ul>"
    )
    texts = [block.text for block in doc.blocks]
    groups = [[[texts[i] for i in item] for item in items] for items in definition_lists(doc)]
    # a term wrapped in a <div> is one of the list's; two descriptions are one term's;
    # a list of two terms is no group, and a <ul> is list_groups', not one of these
    assert groups == [
        [
            ["Código", "34512"],
            ["Créditos", "6"],
            ["Curso", "4.º"],
            ["Idioma", "Castellano", "Inglés"],
        ]
    ]
    assert [len(items) for items in list_groups(doc)] == [3]
    assert definition_lists(parse("<p>No list at all.</p>")) == []
    # two terms over one description are one group (a word and its other spelling)
    grouped = parse(
        "<dl><dt>colour</dt><dt>color</dt><dd>What light does to the eye.</dd>"
        "<dt>grey</dt><dd>A colour.</dd><dt>gray</dt><dd>The same.</dd></dl>"
    )
    texts = [block.text for block in grouped.blocks]
    items = definition_lists(grouped)[0]
    assert [[texts[i] for i in item] for item in items] == [
        ["colour", "color", "What light does to the eye."],
        ["grey", "A colour."],
        ["gray", "The same."],
    ]


def test_a_definition_lists_ends_need_to_be_as_likely_as_not() -> None:
    from unboiler.filters.units import DEFINITION_END_FLOOR, keep_list_ends

    lists = [[[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]]]
    keep = np.asarray([False] * 4 + [True] * 8)
    likely = np.asarray([0.6, 0.6, 0.4, 0.4] + [0.9] * 8)
    kept = keep_list_ends(keep, likely, lists, DEFINITION_END_FLOOR)
    # the first term is more likely than not: kept with its value; the second is not
    assert kept.tolist() == [True, True, False, False] + [True] * 8
    # the floor itself is enough: at least as likely as not
    even = np.asarray([0.6, 0.6, DEFINITION_END_FLOOR, 0.4] + [0.9] * 8)
    assert keep_list_ends(keep, even, lists, DEFINITION_END_FLOOR).tolist() == [True] * 12
    # at a list item's floor, both would be
    assert keep_list_ends(keep, likely, lists).tolist() == [True] * 12


def test_the_heading_above_a_kept_list_is_kept() -> None:
    from unboiler.filters.units import LIST_END_FLOOR, keep_list_heads

    # a heading, then a list of three items (blocks 1 to 3), then a heading, a list
    lists = [[[1], [2], [3]], [[5], [6]]]
    headings = np.asarray([True, False, False, False, True, False, False])
    probabilities = np.asarray([LIST_END_FLOOR, 0.9, 0.9, 0.9, 0.2, 0.9, 0.9])
    keep = np.asarray([False, True, True, True, False, True, True])
    # the first list's heading is at the floor: kept; the second's is below it
    expected = [True, True, True, True, False, True, True]
    assert keep_list_heads(keep, probabilities, lists, headings).tolist() == expected
    # a list not kept whole, or a paragraph above it, keeps nothing more
    partly = np.asarray([False, True, False, True, False, True, True])
    assert keep_list_heads(partly, probabilities, lists, headings).tolist() == partly.tolist()
    plain = np.zeros(7, dtype=np.bool_)
    assert keep_list_heads(keep, probabilities, lists, plain).tolist() == keep.tolist()


def test_a_tables_first_row_kept_alone_is_dropped() -> None:
    from unboiler.filters.units import drop_lone_heads

    tables = [[[0, 1], [2, 3], [4, 5]], [[6], [7]]]
    head_alone = np.asarray([True, True] + [False] * 4 + [True, False])
    # the three rows' table loses its header; a table of two rows keeps its first
    assert drop_lone_heads(head_alone, tables).tolist() == [False] * 6 + [True, False]
    # a header over a kept row, or a lone row that is not the first, stays
    with_row = head_alone.copy()
    with_row[4] = True
    assert drop_lone_heads(with_row, tables).tolist() == with_row.tolist()
    middle = np.asarray([False, False, True, True, False, False, False, False])
    assert drop_lone_heads(middle, tables).tolist() == middle.tolist()


def test_the_default_extractor_keeps_a_recipes_last_nutrition_fact() -> None:
    # a reviewer's recipe card: the last item of the list that ends the content scored
    # below the cut (0.67 against 0.75)
    page = (ROOT / "tests" / "pages" / "default" / "recipe-card.html").read_text()
    text = unboiler.extract(page)
    for fact in ("Calories: 486", "Fat: 31g", "Carbohydrates: 17g", "Protein: 36g"):
        assert fact in text, text
    assert "Copyright" not in text


def test_a_threads_posts_are_read_by_their_slots() -> None:
    from unboiler.filters.units import post_slots
    from unboiler.parse import parse

    posts = "".join(
        f"<div class='post'><div class='author'>user{n}</div><div class='content'><p>Reply "
        f"number {n}.</p></div></div>"
        for n in range(3)
    )
    doc = parse(f"<h1>A thread</h1><div class='posts'>{posts}</div><p>Footer.</p>")
    texts = [block.text for block in doc.blocks]
    slots = [[[texts[i] for i in post] for post in slot] for slot in post_slots(doc)]
    assert sorted(slots) == [
        [["Reply number 0."], ["Reply number 1."], ["Reply number 2."]],
        [["user0"], ["user1"], ["user2"]],
    ]
    # two posts are no run; a page without posts has no slots
    two = parse("<article><p>One.</p></article><article><p>Two.</p></article>")
    assert post_slots(two) == []
    assert post_slots(parse("<div><p>One.</p></div>")) == []


def test_a_timelines_comments_a_few_wrappers_deep_are_its_posts() -> None:
    # GitHub's issue page: each comment in wrappers of its own under the timeline's
    # items, which are the siblings; the items' events hold no comment
    from unboiler.filters.units import post_slots
    from unboiler.parse import parse

    def item(n: int) -> str:
        return (
            f"<div class='js-timeline-item'><div class='TimelineItem'><div class='group'>"
            f"<div class='timeline-comment'><h3>user{n} commented</h3><table><tr><td>"
            f"<p>Comment number {n}.</p></td></tr></table></div></div></div></div>"
        )

    event = "<div class='js-timeline-item'><p>user0 added the Bug label</p></div>"
    timeline = f"<div>{item(0)}{event}{item(1)}{item(2)}</div>"
    expected = [
        [["Comment number 0."], ["Comment number 1."], ["Comment number 2."]],
        [["user0 commented"], ["user1 commented"], ["user2 commented"]],
    ]
    # a lone post around the whole timeline (the thread's <article>, a schema.org item)
    # is no run, and does not hide the run inside it
    for page in (
        f"<h1>An issue</h1>{timeline}",
        f"<article><h1>An issue</h1>{timeline}</article>",
        "<main itemscope itemtype='https://schema.org/DiscussionForumPosting'>"
        f"<h1>An issue</h1>{timeline}</main>",
    ):
        doc = parse(page)
        texts = [block.text for block in doc.blocks]
        slots = [[[texts[i] for i in post] for post in slot] for slot in post_slots(doc)]
        assert sorted(slots) == expected, page


def test_a_post_of_a_run_goes_before_the_wrapped_comments_inside_it() -> None:
    # three posts of a thread, each with three comments a few wrappers deep: the
    # comments' blocks are slots of the posts, not runs of their own
    from unboiler.filters.units import post_slots
    from unboiler.parse import parse

    def post(n: int) -> str:
        comments = "".join(
            f"<div class='item'><div><div class='timeline-comment'><p>Comment {n}.{k}.</p>"
            "</div></div></div>"
            for k in range(3)
        )
        return f"<div class='post'><p>Post number {n}.</p><div>{comments}</div></div>"

    doc = parse(f"<div>{post(0)}{post(1)}{post(2)}</div>")
    texts = [block.text for block in doc.blocks]
    slots = [[[texts[i] for i in post] for post in slot] for slot in post_slots(doc)]
    assert sorted(slots) == [
        [[f"Comment {n}.{k}." for k in range(3)] for n in range(3)],
        [[f"Post number {n}."] for n in range(3)],
    ]


def test_a_slot_kept_in_most_posts_is_kept_in_all() -> None:
    from unboiler.filters.units import POST_SLOT_FLOOR, keep_post_slots

    slots = [[[0], [1], [2], [3]]]
    probabilities = np.array([0.9, 0.9, 0.6, POST_SLOT_FLOOR + 0.01])
    keep = np.array([True, True, True, False])
    assert keep_post_slots(keep, probabilities, slots).tolist() == [True] * 4
    unlikely = np.array([0.9, 0.9, 0.6, POST_SLOT_FLOOR - 0.01])
    assert keep_post_slots(keep, unlikely, slots).tolist() == keep.tolist()
    # kept in one post of four: no template to follow
    one = np.array([True, False, False, False])
    assert keep_post_slots(one, probabilities, slots).tolist() == one.tolist()


def test_a_heading_over_links_to_the_subheadings_below_it_heads_them() -> None:
    from unboiler.filters.units import contents_entries
    from unboiler.parse import parse

    doc = parse(
        "<html><body><h1>Frobnicator reference</h1><p>A tool.</p>"
        "<h2>API</h2><ul><li><a href='#open'>open()</a></li><li><a href='#close'>close()</a>"
        "</li></ul><h3 id='open'>open()</h3><p>Opens.</p><h3 id='close'>close()</h3>"
        "<p>Closes.</p></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    assert sorted(texts[i] for i in contents_entries(doc)) == ["close()", "open()"]


def test_a_tables_header_row_is_kept_with_its_rows() -> None:
    from unboiler.filters.units import keep_table_headers, table_headers
    from unboiler.parse import parse

    doc = parse(
        "<html><body><p>Settings.</p><table><tr><th>Setting</th><th>Scope</th></tr>"
        "<tr><td>timeout</td><td>request</td></tr><tr><td>retries</td><td>client</td></tr>"
        "</table><table><thead><tr><td>Name</td><td>Age</td></tr></thead><tbody><tr><td>Ann"
        "</td><td>31</td></tr></tbody></table><table><tr><td>a</td><td>b</td></tr><tr><td>c"
        "</td><td>d</td></tr></table></body></html>"
    )
    texts = [block.text for block in doc.blocks]
    tables = [
        ([texts[i] for i in head], [texts[i] for i in body]) for head, body in table_headers(doc)
    ]
    # a row of header cells, or a <thead>'s row, heads its table; a table of data cells
    # alone has no header
    assert tables == [
        (["Setting", "Scope"], ["timeout", "request", "retries", "client"]),
        (["Name", "Age"], ["Ann", "31"]),
    ]
    index = {text: i for i, text in enumerate(texts)}
    keep = np.zeros(len(texts), dtype=bool)
    keep[[index["timeout"], index["request"]]] = True
    kept = keep_table_headers(keep, table_headers(doc))
    assert kept[index["Setting"]] and kept[index["Scope"]]
    assert not kept[index["Name"]]  # none of its rows kept: its header stays out


def test_a_tables_rows_between_kept_rows_are_kept() -> None:
    # a shop's histogram of ratings: the model kept the 5, 2 and 1 star rows and
    # dropped the 4 and 3 star rows between them, at nearly the same probability; a row
    # far less likely stays out, and so do the rows before the first kept one
    from unboiler.filters.units import TABLE_GAP_FLOOR, keep_table_gaps, table_rows

    stars = "".join(
        f"<tr><td>{n} stars</td><td>{share}%</td></tr>"
        for n, share in ((5, 72), (4, 15), (3, 6), (2, 3), (1, 4))
    )
    document = unboiler.parse(
        f"<html><body><p>The reviews of the kettle.</p><table>{stars}</table>"
        "<table><tr><td>one row alone</td></tr></table></body></html>"
    )
    tables = table_rows(document)
    texts = [block.text for block in document.blocks]
    assert [[[texts[i] for i in row] for row in rows] for rows in tables] == [
        [[f"{n} stars", f"{share}%"] for n, share in ((5, 72), (4, 15), (3, 6), (2, 3), (1, 4))],
        [["one row alone"]],
    ]
    rows = tables[0]
    keep = np.zeros(len(texts), dtype=bool)
    for position in (0, 3, 4):
        keep[list(rows[position])] = True
    probabilities = np.full(len(texts), TABLE_GAP_FLOOR + 0.05)
    kept = keep_table_gaps(keep, probabilities, tables)
    assert all(kept[list(row)].all() for row in rows)
    unlikely = probabilities.copy()
    unlikely[list(rows[2])] = TABLE_GAP_FLOOR - 0.1
    kept = keep_table_gaps(keep, unlikely, tables)
    assert kept[list(rows[1])].all() and not kept[list(rows[2])].any()
    # one kept row, or the first ones missing: no gap to fill
    first_missing = keep.copy()
    first_missing[list(rows[0])] = False
    first_missing[list(rows[3])] = False
    assert keep_table_gaps(first_missing, probabilities, tables).tolist() == (
        first_missing.tolist()
    )
    # a row of links (a navigation box's) is no gap to fill
    words = np.asarray([block.num_words for block in document.blocks], dtype=np.float64)
    linked = np.zeros(len(texts))
    linked[list(rows[2])] = words[list(rows[2])]
    kept = keep_table_gaps(keep, probabilities, tables, words, linked)
    assert kept[list(rows[1])].all() and not kept[list(rows[2])].any()


def test_a_table_beside_kept_text_is_kept_whole() -> None:
    # an answer's table under its paragraph: the model dropped every cell, kept the
    # paragraph; a table of links beside it, one with no block near the model's floor,
    # and a table beside nothing kept stay out
    from unboiler.filters.units import (
        TABLE_BESIDE_FLOOR,
        keep_tables_beside_text,
        table_places,
        table_rows,
    )

    document = unboiler.parse(
        "<html><body><div class='answer'><p>Slicing an array gives a view.</p>"
        "<table><tr><th>Operation</th><th>list</th></tr>"
        "<tr><td>a[:]</td><td>shallow copy</td></tr></table></div>"
        "<div class='aside'><p>Related questions</p>"
        "<table><tr><td><a href='/q/1'>Copy a dict</a></td></tr></table></div>"
        "</body></html>"
    )
    texts = [block.text for block in document.blocks]
    places = table_places(document, table_rows(document))
    found = [([texts[i] for i in table], [texts[i] for i in beside]) for table, beside in places]
    assert found == [
        (["Operation", "list", "a[:]", "shallow copy"], ["Slicing an array gives a view."]),
        (["Copy a dict"], ["Related questions"]),
    ]
    keep = np.asarray([text.startswith(("Slicing", "Related")) for text in texts])
    probabilities = np.full(len(texts), TABLE_BESIDE_FLOOR + 0.05)
    words = np.asarray([block.num_words for block in document.blocks], dtype=np.float64)
    linked = np.where(np.asarray(texts) == "Copy a dict", words, 0.0)
    kept = keep_tables_beside_text(keep, probabilities, places, words, linked)
    assert [texts[i] for i in np.flatnonzero(kept)] == [
        "Slicing an array gives a view.",
        "Operation",
        "list",
        "a[:]",
        "shallow copy",
        "Related questions",
    ]
    # without the links' bound the table of links goes with its neighbour too
    assert keep_tables_beside_text(keep, probabilities, places).all()
    # no block of the table as likely as the floor, or nothing kept beside it: no change
    unlikely = np.full(len(texts), TABLE_BESIDE_FLOOR - 0.05)
    assert keep_tables_beside_text(keep, unlikely, places).tolist() == keep.tolist()
    nothing = np.zeros(len(texts), dtype=bool)
    assert not keep_tables_beside_text(nothing, probabilities, places).any()


def test_a_tables_place_is_found_past_its_wrappers_and_furniture_is_left_out() -> None:
    # Stack Overflow's div.s-table-container and Gutenberg's figure with its caption
    # stand between a table and the paragraphs beside it; a cookie notice or related
    # links written as a table are no part of the post
    from unboiler.classify.decide import furniture_table
    from unboiler.filters.units import table_places, table_rows

    document = unboiler.parse(
        "<html><body><div class='post'><p>An answer's paragraph.</p>"
        "<div class='s-table-container'><table><tr><td>a</td><td>b</td></tr></table></div>"
        "<figure class='wp-block-table'><table><tr><td>c</td><td>d</td></tr></table>"
        "<figcaption>A caption</figcaption></figure>"
        "<table class='cookie-banner'><tr><td>We use cookies</td><td>Accept</td></tr></table>"
        "<div class='related-posts'><table><tr><td>Other post</td></tr></table></div>"
        "</div></body></html>"
    )
    texts = [block.text for block in document.blocks]
    tables = table_rows(document)
    places = table_places(document, tables, furniture_table)
    found = [([texts[i] for i in table], [texts[i] for i in beside]) for table, beside in places]
    assert found == [
        (["a", "b"], ["An answer's paragraph."]),
        (["c", "d"], ["An answer's paragraph."]),
    ]
    # the tables under one element share the tuple of the blocks beside them: a page of
    # thousands of tables and paragraphs under one element holds it once
    assert places[0][1] is places[1][1]
    # without the furniture test, the cookie notice and the related links have a place
    assert len(table_places(document, tables)) == 4


def test_a_header_kept_alone_over_a_table_beside_kept_text_is_still_dropped() -> None:
    # the table rule keeps a table none of whose blocks is kept; a table whose header
    # row alone is kept is the lone-header rule's, which drops it
    from unboiler.classify.decide import after_the_cut
    from unboiler.classify.signals import block_feature_names, page_signals
    from unboiler.filters.units import table_places, table_rows

    rows = "".join(f"<tr><td>r{n}</td><td>v{n}</td></tr>" for n in range(3))
    document = unboiler.parse(
        f"<html><body><div><p>Kept paragraph of the post.</p><table><tr><th>Key</th>"
        f"<th>Value</th></tr>{rows}</table></div></body></html>"
    )
    texts = [block.text for block in document.blocks]
    signals = page_signals(document)
    assert signals.blocks.shape[1] == len(block_feature_names())
    tables = table_rows(document)
    keep = np.asarray([text in ("Kept paragraph of the post.", "Key", "Value") for text in texts])
    words = np.asarray([block.num_words for block in document.blocks], dtype=np.float64)
    kept = after_the_cut(
        keep,
        np.full(len(texts), 0.3),
        signals.blocks,
        texts.__getitem__,
        words,
        set(),
        [],
        tables=tables,
        places=table_places(document, tables),
    )
    assert [texts[i] for i in np.flatnonzero(kept)] == ["Kept paragraph of the post."]


FAQ = (
    "<html lang='es'><body><main><h1>DevSur Sevilla 2024</h1>"
    "<p>DevSur es una conferencia sin ánimo de lucro organizada por la comunidad de"
    " desarrolladores del sur de España desde 2018, cada otoño, en Sevilla.</p>"
    "<div class='accordion'>"
    "<h3 id='q1'><button aria-expanded='false' aria-controls='a1'>¿Las charlas se graban?"
    "</button></h3><div id='a1' class='collapse'><p>Sí. Todas las charlas del auditorio"
    " principal se publicarán en nuestro canal de YouTube unas semanas después.</p></div>"
    "<button data-bs-toggle='collapse' data-bs-target='#a2'>¿Hay comida incluida?</button>"
    "<div id='a2' class='collapse'><p>El almuerzo de los dos días está incluido en la"
    " entrada general, con opciones vegetarianas y sin gluten.</p></div>"
    "<details><summary>Talleres</summary><p>Los talleres prácticos tienen plazas"
    " limitadas y se reservan al comprar la entrada.</p></details>"
    "<details><summary><h4>Accesibilidad</h4><a href='#'>Source</a></summary><p>Todas"
    " las salas son accesibles en silla de ruedas.</p></details>"
    "</div>"
    "<button aria-expanded='false' aria-controls='more'>Leer más</button>"
    "<div id='more'><p>Una historia larga de la conferencia y de sus fundadores.</p></div>"
    "<button role='tab' aria-expanded='true' aria-controls='tab1'>¿Precio?</button>"
    "<div id='tab1'><p>Entradas desde 40 euros.</p></div>"
    "</main></body></html>"
)


def test_a_disclosures_head_is_its_question_or_heading() -> None:
    document = unboiler.parse(FAQ)
    texts = [block.text for block in document.blocks]
    groups = [
        ([texts[i] for i in head], [texts[i][:20] for i in body])
        for head, body in disclosure_groups(document)
    ]
    assert groups == [
        (["¿Las charlas se graban?"], ["Sí. Todas las charla"]),
        (["¿Hay comida incluida?"], ["El almuerzo de los d"]),
        # a <summary>'s heading, without the link beside it; a summary of a word heads
        # nothing, nor do a "read more", nor a tab (its label names a view)
        (["Accesibilidad"], ["Todas las salas son "]),
    ]


def test_a_head_is_kept_over_its_kept_panel_and_brings_nothing_else() -> None:
    keep = np.array([False, True, False, True, False])
    groups = [([0], [1]), ([2], [3, 4]), ([4], [2])]
    # a kept panel brings its head; a kept head brings no panel
    assert keep_heads(keep, groups).tolist() == [True, True, True, True, False]
    assert keep_heads(keep, []).tolist() == keep.tolist()


def test_the_default_extractor_keeps_a_faqs_question_over_its_answer() -> None:
    page = (ROOT / "tests" / "pages" / "faq-accordion-es.html").read_bytes()
    text = unboiler.extract(page)
    assert "¿Las charlas se graban?" in text
    assert text.index("¿Las charlas se graban?") < text.index("Sí. Todas las charlas")


def test_a_mostly_kept_tables_last_rows_are_kept_as_a_lists_items() -> None:
    # six rows of two blocks: the first four kept (two thirds), the last two likely
    # enough, but for a row mostly of links
    keep = np.array([True] * 8 + [False] * 4)
    probabilities = np.array([0.9] * 8 + [0.35, 0.2, 0.1, 0.32])
    rows = [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]]
    assert keep_table_ends(keep, probabilities, [rows]).tolist() == [True] * 12
    words = np.full(12, 2.0)
    linked = np.array([0.0] * 10 + [2.0, 2.0])
    kept = keep_table_ends(keep, probabilities, [rows], words, linked)
    assert kept.tolist() == [True] * 10 + [False] * 2
    # rows under the list's floor, or a table kept in part only, are left as they were
    assert keep_table_ends(keep, probabilities * 0.5, [rows]).tolist() == keep.tolist()
    half = np.array([True] * 6 + [False] * 6)
    assert keep_table_ends(half, probabilities, [rows]).tolist() == half.tolist()
    # a table of two rows is left to the other rules
    assert keep_table_ends(keep, probabilities, [rows[3:5]]).tolist() == keep.tolist()


def test_the_default_extractor_keeps_a_readmes_last_table_row() -> None:
    page = (ROOT / "tests" / "pages" / "readme-table-end.html").read_bytes()
    markdown = unboiler.extract(page, output="markdown")
    assert "| pg_basebackup + gzip + aws s3 cp | 52 min | 38 GB |" in markdown
    assert "| wal-g 3.0 | 17 min | 33 GB |" in markdown


def test_a_heading_over_an_accordions_button_is_its_head() -> None:
    # WAI-ARIA's accordion: <h3><button aria-controls>; the button is a block of its own
    page = (
        "<html><body><main><h1>Conference</h1><p>" + "The conference meets every autumn"
        " in Seville, with two tracks of talks and a room of workshops. " * 3 + "</p>"
        "<h3><button aria-expanded='false' aria-controls='a1'>Recordings</button></h3>"
        "<div id='a1'><p>Every talk of the main hall is published on our channel a few"
        " weeks after the event; the workshops are not recorded.</p></div>"
        # a menu's toggle in the site's title names the wrapper around the page
        "<h2 class='site-title'><button aria-controls='page' aria-expanded='false'>"
        "Widgets Online Store</button></h2></main></body></html>"
    )
    page = page.replace("<main>", "<div id='page'><main>").replace("</main>", "</main></div>")
    document = unboiler.parse(page)
    texts = [block.text for block in document.blocks]
    heads = [[texts[i] for i in head] for head, _ in disclosure_groups(document)]
    assert heads == [["Recordings"]]
    text = unboiler.extract(page)
    assert text.index("Recordings") < text.index("Every talk of the main hall")


def test_a_head_over_a_panel_the_navigation_rule_drops_goes_with_it() -> None:
    # the model keeps some of the <nav> the button names, and the navigation rule drops
    # it after: the head is decided over the panel as the rules leave it
    page = (ROOT / "tests" / "pages" / "disclosure-nav-panel.html").read_bytes()
    text = unboiler.extract(page)
    assert "Widgets are made in our small workshop" in text
    assert "See also" not in text


def test_a_notes_number_is_decided_with_its_text() -> None:
    page = (ROOT / "tests" / "pages" / "substack-footnotes.html").read_bytes()
    document = unboiler.parse(page)
    texts = [block.text for block in document.blocks]
    groups = [[texts[i][:12] for i in group] for group in footnote_groups(document)]
    assert groups == [["1", "One company’"], ["2", "Which is fin"]]
    # each note keeps its number, or neither goes
    markdown = unboiler.extract(page, output="markdown")
    assert "\n\n1\n\nOne company’s sheet" in markdown
    assert "\n\n2\n\nWhich is fine" in markdown
    # a number that links to no mark of the text, or to one that does not link back,
    # is no note's
    alone = page.replace(b'href="#footnote-anchor-2"', b'href="#nowhere"')
    assert len(footnote_groups(unboiler.parse(alone))) == 1
    one_way = page.replace(b'href="#footnote-1"', b'href="#elsewhere"')
    assert len(footnote_groups(unboiler.parse(one_way))) == 1
