"""The HTML-tree ancestor filter (Viveros-Jiménez et al. 2018, §4), step by step, on pages
written for these tests (tests/pages/tree-*.html) with every block selected by hand."""

from __future__ import annotations

from typing import Any

import pytest
from tests.conftest import make_doc, page

import unboiler
from unboiler.document import TextDocument
from unboiler.filters.tree import (
    DEFAULT_DEPTH,
    ParagraphFinder,
    Piece,
    TreeFilter,
    ancestors,
    choose_group,
    closest_paragraph_tag,
    contains_paragraph,
    group_ancestor,
    group_paragraphs,
    paragraph_node,
    tree_filter,
)


def parsed(name: str, *, select_all: bool = True) -> TextDocument:
    document = unboiler.parse(page(name))
    for block in document.blocks:
        block.is_content = select_all
    return document


def node_of(document: TextDocument, prefix: str) -> Any:
    matches = [block.node for block in document.blocks if block.text.startswith(prefix)]
    assert len(matches) == 1, f"no single block starts with {prefix!r}"
    return matches[0]


def content_prefixes(document: TextDocument) -> list[str]:
    """The first word of every content line, in order."""
    return [line.split()[0] for line in document.content.splitlines()]


# --------------------------------------------------------------------------- step 1


@pytest.mark.parametrize(
    ("prefix", "tag", "text"),
    [
        ("Plain paragraph", "p", "Plain paragraph with a span inside."),  # span is inline
        ("First item", "ul", "First itemSecond item"),  # li is not a paragraph tag
        ("A heading", "h2", "A heading of the page"),
        ("Only cell", "table", "Only cell"),  # neither td, tr nor tbody are
    ],
)
def test_paragraph_found_directly(prefix: str, tag: str, text: str) -> None:
    document = parsed("tree-direct.html")
    paragraph = paragraph_node(node_of(document, prefix))
    assert paragraph.tag == tag
    assert paragraph.text(deep=True).strip() == text


def test_closest_paragraph_tag_walks_up_from_a_non_paragraph_element() -> None:
    document = parsed("tree-direct.html")
    cell = node_of(document, "Only cell")
    assert cell.tag == "td"
    assert closest_paragraph_tag(cell).tag == "table"


def test_contains_paragraph_looks_below_the_element_only() -> None:
    document = parsed("tree-direct.html")
    paragraph = node_of(document, "Plain paragraph")
    assert not contains_paragraph(paragraph)  # a <p> holding only a <span>
    assert contains_paragraph(paragraph.parent)  # div#main holds p, ul, h2, table


def test_text_in_a_container_of_paragraphs_goes_to_the_closest_child() -> None:
    document = parsed("tree-child.html")
    lead = node_of(document, "Lead text")
    assert lead.tag == "div" and contains_paragraph(lead)
    assert paragraph_node(lead).text(deep=True) == "First paragraph of the story."


def test_closest_child_is_the_fewest_edges_away_not_the_first_in_the_page() -> None:
    document = parsed("tree-child.html")
    loose = node_of(document, "Loose text")
    paragraph = paragraph_node(loose)
    assert paragraph.text(deep=True) == "Shallow paragraph, nearer to the loose text."


def test_closest_child_is_measured_from_the_texts_own_element() -> None:
    # The text starts in the second cell; the closest paragraph-tagged element is the
    # <table>, and the box in the same cell is nearer than the one in the first cell.
    document = parsed("tree-child.html")
    cell = node_of(document, "Cell two text")
    assert cell.tag == "td"
    assert paragraph_node(cell).text(deep=True) == "Box in cell two."


def test_at_equal_distance_the_innermost_branch_wins() -> None:
    # Two edges to the sibling paragraph (up, down) and two to the inner box (down, down).
    document = parsed("tree-child.html")
    quote = node_of(document, "Quoted text")
    assert quote.tag == "blockquote"
    assert paragraph_node(quote).text(deep=True) == "Box inside the quote."


def test_one_finder_for_a_page_answers_as_fresh_ones_in_any_order() -> None:
    document = parsed("tree-child.html")
    nodes = [block.node for block in document.blocks]
    expected = [paragraph_node(node).mem_id for node in nodes]
    for order in (nodes, nodes[::-1]):
        finder = ParagraphFinder()
        found = {node.mem_id: finder.paragraph_node(node).mem_id for node in order}
        assert [found[node.mem_id] for node in nodes] == expected


def test_deep_nesting_is_walked_without_recursion() -> None:
    levels = 3000  # far beyond Python's recursion limit
    html = (
        "<body><div>"
        + "".join(f"<blockquote>Level {i}" for i in range(levels))
        + "<p>Bottom paragraph</p>"
        + "</blockquote>" * levels
        + "</div></body>"
    )
    document = unboiler.parse(html)
    finder = ParagraphFinder()
    paragraphs = {finder.paragraph_node(block.node).mem_id for block in document.blocks}
    bottom = node_of(document, "Bottom paragraph")
    assert paragraphs == {bottom.mem_id}  # the only paragraph without paragraphs inside


def test_text_directly_under_body_has_body_as_its_paragraph() -> None:
    document = parsed("tree-body-text.html")
    node = node_of(document, "Text straight under the body")
    assert paragraph_node(node).tag == "body"


# --------------------------------------------------------------------------- steps 2 and 3

STORY_ANCESTORS = ["div", "article", "div", "div", "body", "html"]


def test_ancestors_are_listed_parent_first_up_to_html() -> None:
    document = parsed("tree-depth.html")
    paragraph = paragraph_node(node_of(document, "For forty years"))
    assert [node.tag for node in ancestors(paragraph)] == STORY_ANCESTORS
    assert ancestors(paragraph)[0].attributes["id"] == "story"


@pytest.mark.parametrize(("depth", "tag"), list(enumerate(STORY_ANCESTORS, start=1)))
def test_group_ancestor_is_the_nth_ancestor(depth: int, tag: str) -> None:
    document = parsed("tree-depth.html")
    paragraph = paragraph_node(node_of(document, "For forty years"))
    assert group_ancestor(paragraph, depth).tag == tag


def test_a_paragraph_nearer_the_root_than_depth_is_grouped_under_html() -> None:
    document = parsed("tree-body-text.html")
    body = paragraph_node(node_of(document, "Text straight under the body"))
    assert group_ancestor(body, 1).tag == "html"
    assert group_ancestor(body, 5).tag == "html"


def test_group_sizes_are_characters_in_page_order() -> None:
    pieces = [Piece("abc", "b"), Piece("de", "a"), Piece("fghij", "b"), Piece("xyz", None)]
    assert list(group_paragraphs(pieces).items()) == [("b", 8), ("a", 2)]


# --------------------------------------------------------------------------- step 4


def test_the_group_with_most_text_wins() -> None:
    assert choose_group({"first": 10, "second": 30, "third": 20}) == "second"


def test_a_tie_goes_to_the_group_first_in_the_page() -> None:
    assert choose_group({"first": 30, "second": 30}) == "first"


def test_no_group_no_choice() -> None:
    assert choose_group({}) is None


# --------------------------------------------------------------------------- the filter

# Each extra level of depth lets one more group of tree-depth.html join the story's.
KEPT_AT_DEPTH = {
    1: ["For", "Volunteers", "The"],
    2: ["Harbour", "For", "Volunteers", "The"],
    3: ["Harbour", "For", "Volunteers", "The", "Related:"],
    4: ["Harbour", "For", "Volunteers", "The", "Related:", "Comment:"],
    5: ["Harbour", "For", "Volunteers", "The", "Related:", "Comment:", "Footer:"],
}


@pytest.mark.parametrize(("depth", "kept"), sorted(KEPT_AT_DEPTH.items()))
def test_grouping_at_each_depth(depth: int, kept: list[str]) -> None:
    document = parsed("tree-depth.html")
    changed = TreeFilter(depth=depth)(document)
    assert content_prefixes(document) == kept
    assert changed is (depth < 5)


def test_default_depth_is_the_grandparent() -> None:
    assert DEFAULT_DEPTH == 2
    document = parsed("tree-depth.html")
    tree_filter(document)
    assert content_prefixes(document) == KEPT_AT_DEPTH[2]


def test_tie_keeps_the_first_group() -> None:
    document = parsed("tree-tie.html")
    assert tree_filter(document, depth=2)
    assert document.content == "Equal text AAAA."


def test_tie_page_joins_both_at_the_common_ancestor() -> None:
    document = parsed("tree-tie.html")
    assert not tree_filter(document, depth=3)  # both grandparents' parent is <body>
    assert document.content == "Equal text AAAA.\nEqual text BBBB."


def test_the_larger_group_wins_wherever_it_is() -> None:
    document = parsed("tree-tie.html")
    document.blocks[1].merge_next(document.blocks[1].copy())  # the second group doubles
    tree_filter(document)
    assert document.content.splitlines() == ["Equal text BBBB."] * 2


def test_text_directly_under_body_is_kept_whole() -> None:
    document = parsed("tree-body-text.html")
    before = document.content
    assert not tree_filter(document)
    assert document.content == before != ""


def test_no_selection_changes_nothing() -> None:
    document = parsed("tree-depth.html", select_all=False)
    assert not tree_filter(document)
    assert document.content == ""


def test_only_the_selection_counts_and_nothing_becomes_content() -> None:
    # An extractor that flags rather than removes: the comment alone is selected, so its
    # group wins, and the story (unselected) is neither counted nor turned into content.
    document = parsed("tree-depth.html", select_all=False)
    for block in document.blocks:
        block.is_content = block.text.startswith(("Comment:", "Footer:"))
    total = len(document.blocks)
    assert tree_filter(document, depth=1)
    assert content_prefixes(document) == ["Footer:"]  # the longer of the two
    assert len(document.blocks) == total


def test_a_merged_block_is_placed_part_by_part_and_split_when_it_straddles() -> None:
    document = parsed("tree-depth.html")
    merged = document.blocks[0]
    for block in document.blocks[1:]:
        merged.merge_next(block)
    document.blocks = [merged]
    assert tree_filter(document, depth=1)
    assert content_prefixes(document) == KEPT_AT_DEPTH[1]
    assert len(document.blocks) == 7  # split into its parts, each with its element
    assert [block.node.tag for block in document.blocks] == ["h1"] + ["p"] * 6
    dropped = [block.text.split()[0] for block in document.blocks if not block.is_content]
    assert dropped == ["Harbour", "Related:", "Comment:", "Footer:"]
    # each part is recounted from its own text
    assert [block.num_words for block in document.blocks] == [
        len(block.text.split()) for block in document.blocks
    ]
    assert sum(block.num_words for block in document.blocks) == merged.num_words


def test_a_merged_block_inside_the_winning_group_stays_whole() -> None:
    document = parsed("tree-depth.html")
    story = [block for block in document.blocks if block.node.tag == "p"][:3]
    story[0].merge_next(story[1])
    story[0].merge_next(story[2])
    document.blocks = [block for block in document.blocks if block not in story[1:]]
    tree_filter(document, depth=1)
    assert document.blocks[1] is story[0] and story[0].is_content
    assert len(story[0].parts) == 3


def test_blocks_without_elements_are_left_alone() -> None:
    document = make_doc([10, 20, 30], content=[True, False, True])
    assert not tree_filter(document)
    assert [block.is_content for block in document.blocks] == [True, False, True]


def test_a_block_without_element_beside_placed_ones_keeps_its_flag() -> None:
    document = parsed("tree-depth.html")
    loose = make_doc([40], content=[True]).blocks[0]
    document.blocks.append(loose)
    assert tree_filter(document, depth=1)
    assert loose.is_content  # neither counted nor dropped: it cannot be placed
    assert content_prefixes(document) == [*KEPT_AT_DEPTH[1], loose.text.split()[0]]


@pytest.mark.parametrize("depth", [0, 6, -1])
def test_depth_outside_the_papers_range_is_refused(depth: int) -> None:
    with pytest.raises(ValueError, match="between 1 and 5"):
        TreeFilter(depth=depth)


# --------------------------------------------------------------------------- neighbouring
# branches (tests/pages/tree-neighbour.html): distances counted by hand in edges; lexbor
# puts a <tbody> between each <table> and its rows.


@pytest.mark.parametrize(
    ("prefix", "paragraph"),
    [
        # blockquote -> td -> tr -> td -> div: 4 edges; its own branch has no paragraph
        ("Quote A", "Box A in the next cell."),
        # its own box is 5 edges down (four spans and the div): the neighbour's 4 win
        ("Quote B", "Box B in the next cell."),
        # its own box is 4 edges down, as far as the neighbour's: the innermost wins
        ("Quote C", "Own box C."),
        # the section's box is 2 edges away, the plain box 1
        ("Pair text", "Box one edge nearer."),
    ],
)
def test_paragraph_in_a_neighbouring_branch(prefix: str, paragraph: str) -> None:
    document = parsed("tree-neighbour.html")
    node = node_of(document, prefix)
    assert paragraph_node(node).text(deep=True) == paragraph
    finder = ParagraphFinder()  # one finder, every text of the page in order
    found = {block.node.mem_id: finder.paragraph_node(block.node) for block in document.blocks}
    assert found[node.mem_id].text(deep=True) == paragraph


def test_the_paragraph_stays_inside_the_container() -> None:
    # The cell's container is the inner <table>; the <p> beside it is nearer in edges but
    # outside, and stays out even after the finder has worked out the outer <div>.
    document = parsed("tree-neighbour.html")
    finder = ParagraphFinder()
    found = {block.node.mem_id: finder.paragraph_node(block.node) for block in document.blocks}
    cell = node_of(document, "Cell text")
    assert found[cell.mem_id].text(deep=True) == "Far box inside the table."
    wrap = node_of(document, "Wrap text")
    assert found[wrap.mem_id].text(deep=True) == "Near paragraph outside the table."


def test_an_element_outside_the_body_has_no_paragraph() -> None:
    from selectolax.lexbor import LexborHTMLParser

    title = LexborHTMLParser(page("tree-neighbour.html")).css_first("title")
    assert closest_paragraph_tag(title) is None
    assert paragraph_node(title) is None
    assert ParagraphFinder().paragraph_node(title) is None


def test_a_single_group_without_text_is_still_chosen() -> None:
    assert choose_group({"only": 0}) == "only"
