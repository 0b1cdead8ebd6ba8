"""A <pre> decided as one: its lines kept together or not at all."""

from __future__ import annotations

import numpy as np

import unboiler
from unboiler.filters.preformatted import (
    keep_whole_preformatted,
    pool_preformatted,
    preformatted_groups,
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
    pooled = pool_preformatted(probabilities, [[1, 2, 3]])
    assert pooled.tolist() == [0.9, 0.6, 0.6, 0.6, 0.2]
    assert probabilities[2] == 0.05  # the model's own figures are left as they were
    assert pool_preformatted(probabilities, []) is probabilities


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
