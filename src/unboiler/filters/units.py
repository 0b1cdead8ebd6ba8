"""Blocks a reader takes as one unit: the lines of a ``<pre>``, the cells of a table row.

A ``<pre>`` is one thing to a reader: a program, a shell session, a poem laid out by
hand.  The parser, following Boilerpipe, ends a block at every ``<br>``, and many code
highlighters write each line of a ``<pre>`` that way (``…;<br><span>}</span>``), so a
per-block classifier judged each line on its own: it kept ``int add(int x, int y) {``
and dropped the lone ``}`` that closes it (a block of no words looks like nothing).  A
table row is one fact: "Matière couvercle: Inox" lost its value, a one-word cell the
model doubted, and kept its name.  A line is one sentence: the parser cuts it at a formula
or an inline SVG icon, which it skips (``Label.CONTINUES``), and the model kept "Example
3: consider" and dropped "in this sentence." after the formula.  Deciding such lines
whole moved no held-out figure (:func:`line_groups`, on the saved run of
``python benchmarks/default_cv.py``: 231 of the 1,666 pages have one; WCXB 0.87637 to
0.87634, scrapinghub and readability unchanged to the last digit); it mends pages of
formulas and icons the benchmarks hold few of.

The default extractor decides the blocks of one unit together: each gets the likeliest
block's probability (:func:`pool`) before the page's cut, and a ``<pre>`` that is more
likely content than not is kept whenever the page keeps any content (the article cut,
:data:`~unboiler.classify.default_model.TYPE_BETA`, dropped a command of probability 0.62
between two kept paragraphs).  After the other filters, :func:`keep_whole_preformatted` makes a
``<pre>`` whole again.  Measured on the default extractor's held-out run (five folds by
domain or site; ``python benchmarks/default_cv.py``, which rebuilds each page's units),
with the repeated-text rule's exemption of cells and ``<pre>``
(:mod:`unboiler.filters.repeats`): WCXB 0.875 to 0.876 (listing 0.752 to 0.755,
service 0.865 to 0.867, documentation 0.936 to 0.937, forum 0.822 to 0.821),
scrapinghub 0.960 to 0.962, readability 0.955.  The rows alone gave most of the
scrapinghub gain, the ``<pre>`` floor most of WCXB's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from itertools import pairwise
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from unboiler.document import Label, TextBlock, TextDocument
from unboiler.filters.controls import QUESTION_MARKS
from unboiler.tags import (
    HEADING_LEVELS,
    HEADING_TAGS,
    INLINE_CONTROL_TAGS,
    INLINE_TAGS,
    POST_SELECTOR,
    QUOTATION_SELECTOR,
    control_in_line,
    in_heading,
    is_post,
    is_quotation,
    nearest_marks,
    same_node,
    wrapped_posts,
)

#: A ``<pre>`` whose likeliest line has at least this probability is kept on a page that
#: keeps any content: more likely content than not.
PRE_FLOOR: Final = 0.5
#: A heading at least this likely is kept when the block after it is (:func:`keep_likely_headings`).
HEADING_FLOOR: Final = 0.5
#: A run of at most this many blocks between two kept blocks is kept when each of them
#: is at least :data:`ENCLOSED_FLOOR` likely (:func:`keep_enclosed`) ...
ENCLOSED_MAX_BLOCKS: Final = 2
ENCLOSED_FLOOR: Final = 0.5
#: How far above a block its table row may be (``tr > td > div > p > span``), and the
#: elements a block's row cannot lie beyond.
ROW_LEVELS: Final = 6
#: A row with a block of more words is a row of a layout table (the article in one cell,
#: its comments or sidebar in the next), not a fact, and its blocks are decided one by
#: one.  Of 10, 20 and 40 on the held-out run, 40 gave the best WCXB and scrapinghub
#: (every row pooled: WCXB 0.8756, scrapinghub 0.9619; at most 40 words: 0.8757,
#: 0.9625), and it kept the comments and forum profiles of table-laid pages apart.
ROW_MAX_WORDS: Final = 40
#: A row whose cell holds more blocks than this is a page's columns laid out in a table
#: (a menu, the story and a sidebar, each a cell), not a row of facts, even when its
#: paragraphs are short: pooled, an old Greek news site's menu and weather box came out
#: with its story.  Held out (replayed, at WCXB 0.885938): at most 5, WCXB 0.885937,
#: readability 0.96737 to 0.96771, scrapinghub unchanged; at most 3, 0.885924 and
#: 0.96772 (the two were compared on that run).
ROW_MAX_CELL_BLOCKS: Final = 5
_ROW_LIMITS: Final = frozenset({"table", "body"})
#: The elements that group a table's rows, and its cells.
_ROW_GROUPS: Final = frozenset({"thead", "tbody", "tfoot"})
_CELLS: Final = frozenset({"td", "th"})
_HEADINGS: Final = "h1, h2, h3, h4, h5, h6"


def _blocks_by_node(document: TextDocument) -> dict[Any, list[int]]:
    """The blocks of each element that holds the start of one, in page order."""
    by_node: dict[Any, list[int]] = {}
    for index, block in enumerate(document.blocks):
        node = block.node
        if node is not None:
            by_node.setdefault(node, []).append(index)
    return by_node


def preformatted_blocks(document: TextDocument) -> list[list[int]]:
    """The indices of the blocks inside each outermost ``<pre>`` (those holding a block),
    in page order."""
    tree = document.tree
    pres = tree.css("pre") if tree is not None else []
    if not pres:
        return []
    by_node = _blocks_by_node(document)
    groups = []
    seen: set[Any] = set()  # a <pre> inside another is read with it, once
    for pre in pres:
        if pre in seen:
            continue
        inside: list[int] = []
        for element in pre.traverse(include_text=False):  # the <pre> itself first
            seen.add(element)
            inside.extend(by_node.get(element, ()))
        if inside:
            groups.append(sorted(inside))
    return groups


def preformatted_groups(document: TextDocument) -> list[list[int]]:
    """:func:`preformatted_blocks` of more than one block."""
    return [group for group in preformatted_blocks(document) if len(group) > 1]


def _blocks_by_row(document: TextDocument) -> dict[Any, list[int]]:
    """The indices of the blocks of each table row (a block's nearest ``<tr>`` within
    :data:`ROW_LEVELS`, not beyond a table), the rows in page order."""
    rows: dict[Any, list[int]] = {}
    for index, block in enumerate(document.blocks):
        element = block.node
        for _ in range(ROW_LEVELS):
            if element is None or element.tag in _ROW_LIMITS:
                break
            if element.tag == "tr":
                rows.setdefault(element, []).append(index)
                break
            element = element.parent
    return rows


def table_rows(document: TextDocument) -> list[list[list[int]]]:
    """The blocks of each row of each table (a row as :func:`row_groups` finds it, of one
    block or more), the tables and their rows in page order; not a table that lays out
    a page (a block of more than :data:`ROW_MAX_WORDS` words in it, as
    :func:`row_groups` leaves such rows alone).  What :func:`keep_table_gaps` and the
    tail's rule (:func:`~unboiler.classify.decide.keep_tail`) read."""
    tree = document.tree
    if tree is None or tree.css_first("tr") is None:
        return []
    blocks = document.blocks
    tables: dict[Any, list[list[int]]] = {}
    for row, indices in _blocks_by_row(document).items():
        table = row.parent
        while table is not None and table.tag != "table":
            table = table.parent
        tables.setdefault(table, []).append(indices)
    return [
        rows
        for rows in tables.values()
        if all(blocks[i].num_words <= ROW_MAX_WORDS for row in rows for i in row)
    ]


def row_groups(document: TextDocument) -> list[list[int]]:
    """The indices of the blocks of each table row (a block's nearest ``<tr>`` within
    :data:`ROW_LEVELS`, not beyond a table) that holds more than one block, none of more
    than :data:`ROW_MAX_WORDS` words."""
    tree = document.tree
    if tree is None or tree.css_first("tr") is None:  # most pages: no walk up at all
        return []
    rows = _blocks_by_row(document)
    blocks = document.blocks
    return [
        group
        for group in rows.values()
        if len(group) > 1
        and max(blocks[i].num_words for i in group) <= ROW_MAX_WORDS
        and _most_in_a_cell(blocks, group) <= ROW_MAX_CELL_BLOCKS
    ]


def _most_in_a_cell(blocks: Sequence[TextBlock], group: list[int]) -> int:
    """The most blocks of one row (``group``) that one of its cells holds."""
    cells: Counter[int] = Counter()
    for index in group:
        element = blocks[index].node
        while element is not None and element.tag not in _ROW_CELL_TAGS:
            element = element.parent
        cells[element.mem_id if element is not None else 0] += 1
    return max(cells.values())


_ROW_CELL_TAGS: Final = _CELLS | {"tr"}


def table_headers(document: TextDocument) -> list[tuple[list[int], list[int]]]:
    """For each table with a header row (its ``<thead>``'s row, or a first row of header
    cells alone), the blocks of that row and the blocks of its other rows."""
    tree = document.tree
    if tree is None or tree.css_first("th") is None:  # most pages: no header cell at all
        return []
    rows = _blocks_by_row(document)
    tables: dict[Any, list[Any]] = {}
    for row in rows:
        table = row.parent
        if table is not None and table.tag in _ROW_GROUPS:
            table = table.parent
        if table is not None and table.tag == "table":
            tables.setdefault(table, []).append(row)
    found = []
    for table_rows in tables.values():
        first = table_rows[0]  # rows are met in page order
        cells = [child for child in first.iter(include_text=False) if child.tag in _CELLS]
        header = (first.parent is not None and first.parent.tag == "thead") or (
            bool(cells) and all(cell.tag == "th" for cell in cells)
        )
        body = [index for row in table_rows[1:] for index in rows[row]]
        if header and body:
            found.append((rows[first], body))
    return found


def keep_table_headers(
    keep: npt.NDArray[np.bool_], tables: Sequence[tuple[Sequence[int], Sequence[int]]]
) -> npt.NDArray[np.bool_]:
    """``keep``, with each table's header row kept when some of its other rows are and
    the header is not: the rows' values without the names of their columns read as
    numbers and words of nothing.  A newcomer's Japanese Discourse thread kept its
    table's three rows and left out "設定 対象 例外" above them (0.40 to 0.43 against a
    cut of 0.49).  The rule has no threshold to choose."""
    if not tables:
        return keep
    keep = keep.copy()
    for header, body in tables:
        if keep[list(body)].any() and not keep[list(header)].any():
            keep[list(header)] = True
    return keep


def heading_groups(document: TextDocument) -> list[list[int]]:
    """The blocks of each heading's own text that a line break (or an element inside
    it) parts ("Find a<br>Showroom", "Install guide<br>for Linux"), the heading their
    element.  Decided apart, a heading came out cut in half.  A heading's inner blocks
    (a button, a ``<div>`` subtitle) are not its lines and stay apart: pooled with them
    too, a heading took its "🔗" anchor and "More information" buttons along (20 WCXB
    pages changed on the held-out probabilities of ``benchmarks/default_cv.py``, against
    9 when only the heading's own lines are pooled: WCXB 0.87830 to 0.87831, scrapinghub
    and readability unchanged)."""
    headings: dict[Any, list[int]] = {}
    for index, block in enumerate(document.blocks):
        node = block.node
        if node is None:
            continue
        if node.tag in HEADING_TAGS:
            headings.setdefault(node, []).append(index)
        elif "-" in (node.tag or ""):
            heading = _inline_in_heading(node)
            if heading is not None:
                headings.setdefault(heading, []).append(index)
    return [sorted(group) for group in headings.values() if len(group) > 1]


#: How far above a custom element in a heading's line the heading may be: the
#: element, in a link, in a ``<strong>``.
CUSTOM_INLINE_LEVELS: Final = 3


def _inline_in_heading(node: Any) -> Any:
    """The heading whose line a custom element runs on in (its ancestors up to the
    heading inline, :data:`CUSTOM_INLINE_LEVELS`), or None.  A custom element is inline
    to a browser (its default ``display``), yet the parser, as Boilerpipe's, cuts a
    block at every element it does not list: GitHub writes a comment's header
    "<h3><a>mvogt</a> commented <a><relative-time>Mar 11, 2024</relative-time></a></h3>",
    whose date was decided apart and came out as a heading of its own.  Held out
    (replayed runs): WCXB 0.887260 unchanged at six decimals (documentation
    0.943712 to 0.943718), scrapinghub and readability unchanged."""
    parent = node.parent
    for _ in range(CUSTOM_INLINE_LEVELS):
        if parent is None:
            return None
        tag = parent.tag or ""
        if tag in HEADING_TAGS:
            return parent
        if tag not in INLINE_TAGS and "-" not in tag:
            return None
        parent = parent.parent
    return None


def control_groups(document: TextDocument) -> list[list[int]]:
    """The blocks of each sentence a form control cuts ("To save, click", "Save", "in the
    toolbar."): a control with text on both sides (:func:`unboiler.tags.control_in_line`)
    and the blocks of that text beside it, which the layout writes as one line."""
    blocks = document.blocks
    groups: list[list[int]] = []
    for index, block in enumerate(blocks):
        node = block.node
        if node is None or node.tag not in INLINE_CONTROL_TAGS or not control_in_line(node):
            continue
        parent = node.parent
        group = [
            beside
            for beside in (index - 1, index, index + 1)
            if 0 <= beside < len(blocks)
            and (beside == index or same_node(blocks[beside].node, parent))
        ]
        if len(group) > 1:
            groups.append(group)
    return groups


def line_groups(document: TextDocument) -> list[list[int]]:
    """The blocks of each line the parser cut at an element it skips but a browser shows
    inside the line (a formula, an inline SVG icon: ``Label.CONTINUES``), in page order."""
    groups: list[list[int]] = []
    current: list[int] | None = None
    for index, block in enumerate(document.blocks):
        if index and Label.CONTINUES in block.labels:
            if current is None:
                current = [index - 1]
                groups.append(current)
            current.append(index)
        else:
            current = None
    return groups


#: How many elements :func:`definition_groups` reads at most (or four per block of the
#: page, if more): a term's group holds the definition lists nested in its
#: descriptions, so lists nested thousands deep were read again for each term, the
#: square of the nesting (8,000 levels took 23 s).  A glossary of a thousand terms reads
#: some ten thousand.
DEFINITION_WORK: Final = 200_000


def definition_groups(document: TextDocument) -> list[list[int]]:
    """The blocks of each term of a definition list (``<dt>``) with those of the
    descriptions that follow it (``<dd>``, up to the next term), where they are more
    than one block: :func:`choose_units` keeps such a group whole when it keeps any of
    it.

    A term is often a link alone (rustdoc's module lists: "alloc", then "Memory
    allocation APIs."; a glossary's entries link to their pages), which the model
    scores as a menu while it keeps the description: the reader got descriptions of
    nothing.  Kept whole after the choice (not pooled before it, which let a likely
    term pull in its descriptions: documentation 0.9390 to 0.9372 held out), the held-out
    run moved WCXB from 0.87675 to 0.87678 (listing 0.7510 to 0.7513, product 0.6094 to
    0.6099, forum 0.8187 to 0.8185), scrapinghub and readability unchanged."""
    tree = document.tree
    if tree is None or tree.css_first("dt") is None:  # most pages: no definition list
        return []
    by_node = _blocks_by_node(document)
    groups = []
    budget = max(DEFINITION_WORK, 4 * len(document.blocks))
    for term in tree.css("dt"):
        members: set[int] = set()
        node = term
        while node is not None and budget > 0:
            if node.is_element_node and node.tag in ("dt", "dd"):
                for element in node.traverse(include_text=False):
                    budget -= 1
                    members.update(by_node.get(element, ()))
            node = node.next
            if node is not None and node.tag == "dt":
                break  # the next term starts its own group
        if budget <= 0:
            break  # lists nested thousands deep: the groups made so far
        if len(members) > 1:
            groups.append(sorted(members))
    return groups


#: The attributes by which a control names the panel it shows: WAI-ARIA's
#: ``aria-controls`` (a list of ids), and Bootstrap's collapse (``data-bs-target`` from
#: version 5, ``data-target`` before it; a selector, ``#id``).
_PANEL_ATTRIBUTES: Final = ("aria-controls", "data-bs-target", "data-target")
_DISCLOSURE_CONTROLS: Final = (
    "details > summary, [aria-controls][aria-expanded], "
    '[data-bs-toggle="collapse"][data-bs-target], [data-toggle="collapse"][data-target]'
)
#: How far above a control its block's element, or a heading around that block, may
#: be: the heading around an accordion's button (``h3 > button``).
DISCLOSURE_CONTROL_LEVELS: Final = 2
#: How far above a control a panel it names is looked for, to tell a panel around the
#: control (a menu's toggle naming the page's wrapper), which is no panel of its own.
DISCLOSURE_PANEL_LEVELS: Final = 256


def disclosure_groups(document: TextDocument) -> list[tuple[list[int], list[int]]]:
    """The head of each disclosure, and the blocks of the panel it shows (WAI-ARIA
    Authoring Practices, "Disclosure" and "Accordion" patterns): a ``<summary>`` over the
    rest of its ``<details>``, a control over the elements whose ids it names
    (:data:`_PANEL_ATTRIBUTES`; not an element around the control, as a menu's toggle
    names the page's wrapper).  The head is the control's blocks that say what the
    panel holds (:func:`_control_blocks`): a heading's (the control in a heading, or a
    heading in the control) or a question's, so a "Read more", a menu's toggle or a size
    picker's "Size" heads nothing.  :func:`keep_heads` keeps a head over a kept panel.

    The model weighs a FAQ's question as a button among the page's controls, and kept
    its answer without it: a newcomer's event page read "Sí. Todas las charlas ... se
    publicarán", the question "¿Las charlas se graban?" gone.  Held out (replayed runs,
    this code's rules; the head decided after every rule of :func:`~unboiler.classify.
    decide.after_the_cut`): WCXB 0.887188 to 0.887216 (product 0.67112 to 0.67110,
    service 0.87165 to 0.87182), scrapinghub and readability unchanged.  A head and
    its panel kept whole gave more (0.887225 on a first version) but brought a rustdoc
    page's "Source" links and a shop's size picker; a head pulling its panel, rustdoc's
    blanket implementations."""
    tree = document.tree
    if tree is None:
        return []
    # an element matched by two of the selectors (Bootstrap 5's buttons name their
    # panel both ways) is read once
    controls = list(
        {control.mem_id: control for control in tree.css(_DISCLOSURE_CONTROLS)}.values()
    )
    if not controls:
        return []
    wanted: dict[str, list[Any]] = {}
    for control in controls:
        if control.tag == "summary" or control.attributes.get("role") == "tab":
            continue
        for name in _PANEL_ATTRIBUTES:
            for target in (control.attributes.get(name) or "").split():
                wanted.setdefault(target.removeprefix("#"), []).append(control)
    panels: dict[int, list[Any]] = {}  # each control's panels, by the control's address
    if wanted:
        for element in tree.css("[id]"):
            for control in wanted.get(element.attributes.get("id") or "", ()):
                panels.setdefault(control.mem_id, []).append(element)
    blocks = document.blocks
    by_node = _blocks_by_node(document)
    budget = [max(DEFINITION_WORK, 4 * len(blocks))]
    groups: list[tuple[list[int], list[int]]] = []
    for control in controls:
        if control.tag == "summary":
            found = [control.parent] if control.parent is not None else []
        else:
            found = [
                panel for panel in panels.get(control.mem_id, ()) if not _holds(panel, control)
            ]
        if not found:
            continue
        own = _control_blocks(control, by_node, budget)
        head = [
            index
            for index in own
            if blocks[index].node.tag in HEADING_TAGS
            or in_heading(blocks[index].node, DISCLOSURE_CONTROL_LEVELS)
            or blocks[index].text.rstrip().endswith(QUESTION_MARKS)
        ]
        if not head:
            continue
        members: set[int] = set()
        for panel in found:
            members.update(_element_blocks(panel, by_node, budget))
        if budget[0] <= 0:
            break  # disclosures nested thousands deep: the groups made so far
        body = sorted(members.difference(own))
        if body:
            groups.append((head, body))
    return groups


def _holds(element: Any, node: Any) -> bool:
    """Whether ``node`` lies inside ``element`` (within :data:`DISCLOSURE_PANEL_LEVELS` levels)."""
    parent = node.parent
    for _ in range(DISCLOSURE_PANEL_LEVELS):
        if parent is None:
            return False
        if parent.mem_id == element.mem_id:
            return True
        parent = parent.parent
    return False


def _element_blocks(element: Any, by_node: dict[Any, list[int]], budget: list[int]) -> set[int]:
    """The blocks of ``element``'s elements, each element read counted off ``budget``
    (one list shared by a page's walks; the walk stops when it is spent)."""
    found: set[int] = set()
    for node in element.traverse(include_text=False):
        budget[0] -= 1
        if budget[0] <= 0:
            break
        found.update(by_node.get(node, ()))
    return found


def _control_blocks(control: Any, by_node: dict[Any, list[int]], budget: list[int]) -> list[int]:
    """The blocks of a disclosure's ``control``: its elements', or, for a control inside
    a block (a heading's link), those of the nearest element above it within
    :data:`DISCLOSURE_CONTROL_LEVELS` that has any."""
    found = _element_blocks(control, by_node, budget)
    node = control.parent
    for _ in range(DISCLOSURE_CONTROL_LEVELS):
        if found or node is None:
            break
        found.update(by_node.get(node, ()))
        node = node.parent
    return sorted(found)


def keep_heads(
    keep: npt.NDArray[np.bool_], groups: Sequence[tuple[Sequence[int], Sequence[int]]]
) -> npt.NDArray[np.bool_]:
    """``keep`` with the head of each group (:func:`disclosure_groups`) kept when any
    block of its panel is (as the model and the rules before chose: a head kept here
    brings no other)."""
    kept = keep.copy()
    for head, body in groups:
        if keep[list(body)].any():
            kept[list(head)] = True
    return kept


#: How far above a link its block's element may be (``li > p > span > a``).
CONTENTS_LINK_LEVELS: Final = 4


def contents_entries(document: TextDocument) -> frozenset[int]:
    """The blocks that are entries of the page's own table of contents: all their words
    are links, and each of their links goes to a heading of the page (``href="#id"``,
    the id or name on the heading, on an element inside it, or on the section the
    heading opens).  A heading is no entry (mdBook and many generators make each heading
    a link to itself), but the heading that titles only the entries goes with them.

    :func:`choose_units` leaves them out.  They repeat the headings that follow, and
    the model, which sees a list of short links inside the content, keeps half of them
    (Node.js's manual: 0.48 to 0.62 each, a broken outline above every page).  WCXB's
    annotators leave contents out more often than not, and trafilatura drops them.
    Measured on the held-out run, beside this module's other rules: WCXB 0.87678 to
    0.87726 (documentation 0.9390 to 0.9406, article 0.9561 to 0.9567, listing 0.7513
    to 0.7519), scrapinghub unchanged, readability 0.96044 to 0.96023: its gold is
    Mozilla Readability's output, which keeps Wikipedia's contents box.  (Taking
    headings for entries, which link to themselves on mdBook's pages, cost the first
    version a third of that gain and the headings of Rust by Example's chapters.)

    The heading that titles only the entries goes with them (:func:`_contents_titles`):
    held out, WCXB 0.885495 to 0.885501 (9 pages better, 1 worse by under 0.0001),
    scrapinghub unchanged, readability 0.967097 to 0.967096.  A heading of any level is
    no entry (:func:`_a_heading`; Boilerpipe's labels mark ``<h1>`` to ``<h3>``): WCXB
    0.885934 to 0.885938 (4 pages better, none worse)."""
    tree = document.tree
    if tree is None or tree.css_first('a[href^="#"]') is None:
        return frozenset()
    targets: set[str] = set()
    for heading in tree.css(_HEADINGS):
        named = [heading, *heading.traverse(include_text=False)]
        if heading.parent is not None:
            named.append(heading.parent)
        for element in named:
            for key in ("id", "name"):
                value = element.attributes.get(key)
                if value:
                    targets.add(value)
    if not targets:
        return frozenset()
    blocks = document.blocks
    by_node = _blocks_by_node(document)
    inner = _links_by_block(tree.css('a[href^="#"]'), by_node, targets)  # to a heading
    if not inner:  # most pages: their fragment links skip to the content, or to notes
        return frozenset()
    links = _links_by_block(tree.css("a[href]"), by_node)
    entries = {
        index
        for index, count in inner.items()
        if count == links[index]
        and 0
        < blocks[index].num_words
        <= blocks[index].num_linked_words + _outline_numbers(blocks[index])
        and not _a_heading(blocks[index])  # a heading's link to itself
        and not _in_row_of_words(blocks[index].node)
    }
    return frozenset(entries | _contents_titles(blocks, entries))


#: How far up from a block's element a heading makes it the heading's text.
HEADING_TEXT_LEVELS: Final = 2


def _a_heading(block: TextBlock) -> bool:
    """Whether a block is a heading's text, at any level: Boilerpipe's labels mark
    ``<h1>`` to ``<h3>`` alone, and a statute's ``<h4><a href="#par3">§</a> 3.</h4>``,
    its sign a link to itself, was taken for an entry of the contents."""
    if Label.HEADING in block.labels:
        return True
    node = block.node
    return node is not None and (node.tag in HEADING_TAGS or in_heading(node, HEADING_TEXT_LEVELS))


#: A section's number in an outline ("1", "2.3", "4.1.2."), which a table of contents
#: may write outside the entry's link (Confluence's ``<span class="toc-outline">1</span>
#: <a href="#...-Overview">Overview</a>``).
_OUTLINE_NUMBER: Final = re.compile(r"\d{1,3}(?:\.\d{1,3})*\.?")


def _outline_numbers(block: TextBlock) -> int:
    """How many of a block's words are outline numbers (:data:`_OUTLINE_NUMBER`)."""
    return sum(1 for word in block.text.split() if _OUTLINE_NUMBER.fullmatch(word))


def _in_row_of_words(node: Any) -> bool:
    """Whether ``node`` is in a table row that shows letters besides its links to
    fragments: a row of data whose cell links to a section of the page (a dictionary's
    table of forms, each pronunciation a link to its section), not a contents entry.  A
    table of contents numbers its entries or gives their pages ("1." and "12" beside
    the link): digits, no letters."""
    row = node
    for _ in range(ROW_LEVELS):
        if row is None or row.tag == "tr":
            break
        row = row.parent
    if row is None or row.tag != "tr":
        return False
    shown = "".join(
        text.text_content or ""
        for text in row.traverse(include_text=True)
        if text.is_text_node and not _in_fragment_link(text, row.mem_id)
    )
    return any(char.isalpha() for char in shown)


def _in_fragment_link(text: Any, row: int) -> bool:
    """Whether a text node lies in a link to a fragment of the page, below the row."""
    element = text.parent
    while element is not None and element.mem_id != row:
        if element.tag == "a":
            return (element.attributes.get("href") or "").startswith("#")
        element = element.parent
    return False


def _contents_titles(blocks: Sequence[TextBlock], entries: Collection[int]) -> set[int]:
    """The headings that title a run of contents ``entries`` and nothing else ("Contents",
    "On this page"): right before the run's first entry, with the page's end or a
    heading of the same or a higher rank right after its last (an "## API" over links
    to the "### open()" and "### close()" below it heads them: it stays).  Left in, the
    title stood over nothing once its entries were out (a newcomer's Wikipedia page: an
    empty "## Contents")."""
    titles = set()
    for index in entries:
        if index - 1 in entries:
            continue  # not the first of its run
        title = index - 1
        last = index
        while last + 1 in entries:
            last += 1
        after = last + 1
        if (
            title >= 0
            and (Label.HEADING in blocks[title].labels or _box_title(blocks[title], blocks[index]))
            and (
                after == len(blocks)
                or (
                    Label.HEADING in blocks[after].labels
                    and _rank(blocks[after]) <= _rank(blocks[title])
                )
            )
        ):
            titles.add(title)
    return titles


#: The most words of a contents box's title that is no heading ("On this page").
BOX_TITLE_MAX_WORDS: Final = 4
#: How far above an entry its box may be (``div > ul > li > a``).
BOX_LEVELS: Final = 4


def _box_title(title: TextBlock, entry: TextBlock) -> bool:
    """Whether ``title`` titles the contents box its ``entry`` is in, written as no
    heading: a short line without links (:data:`BOX_TITLE_MAX_WORDS`) whose element is
    a child of an element that holds the entry (:data:`BOX_LEVELS`): VuePress's
    ``<div class="table-of-contents"><p>On this page</p><ul>...``, whose "On this page"
    stood alone once its entries were out (a newcomer's documentation page).  Held out
    (replayed runs): WCXB 0.887261 to 0.887263, scrapinghub and readability unchanged."""
    if not 0 < title.num_words <= BOX_TITLE_MAX_WORDS or title.num_linked_words:
        return False
    if title.node is None or entry.node is None or title.node.parent is None:
        return False
    box = title.node.parent
    node = entry.node.parent
    for _ in range(BOX_LEVELS):
        if node is None or node.tag in ("body", "html"):
            return False
        if same_node(node, box):
            return True
        node = node.parent
    return False


def _rank(block: TextBlock) -> int:
    """A heading block's level (1 for ``<h1>``), 7 when its element is no ``<h1>`` to
    ``<h6>`` (a heading by its role)."""
    node = block.node
    return HEADING_LEVELS.get(node.tag, 7) if node is not None else 7


def _links_by_block(
    found: Iterable[Any], by_node: dict[Any, list[int]], targets: Collection[str] | None = None
) -> dict[int, int]:
    """How many of the links ``found`` each block holds (those to a fragment in
    ``targets``, when given): a link is its nearest block's, up to
    :data:`CONTENTS_LINK_LEVELS` above it; or, with none there, the link is around its
    blocks, and is each of theirs (MediaWiki's contents: ``<a><div><span>3</span>
    <span>Targets</span></div></a>``)."""
    counts: dict[int, int] = {}
    for link in found:
        if targets is not None and (link.attributes.get("href") or "")[1:] not in targets:
            continue
        element = link
        for _ in range(CONTENTS_LINK_LEVELS):
            if element is None or element in by_node:
                break
            element = element.parent
        if element is not None and element in by_node:
            inside = by_node[element]
        else:
            inside = [
                index
                for node in link.traverse(include_text=False)
                for index in by_node.get(node, ())
            ]
        for index in inside:
            counts[index] = counts.get(index, 0) + 1
    return counts


#: Elements whose text is an item of the content even when it has no words: a list's
#: item, a table's cell, a definition, a ``<pre>`` (a tutorial's list of operators
#: ``<li><code>+</code></li>``, a header cell "±", a code block "--").
WORDLESS_ITEM_TAGS: Final = frozenset({"li", "td", "th", "dt", "dd", "pre"})
#: A scene break written as a paragraph of its own (a dinkus): three or more asterisks,
#: tildes, bullets or the like ("***", "* * *", "~ ~ ~"), or an asterism or fleuron
#: alone ("⁂", "❧").  Between two kept paragraphs of a story it is where the scene
#: changes, which a reader of the extracted text would lose.
SCENE_BREAK: Final = re.compile(r"⁂|❧|☙|(?:[*~•·∗✻✱§#=+-]\s*){3,}")
#: Elements a scene break is written in.
SCENE_BREAK_TAGS: Final = frozenset({"p", "div", "center"})


def wordless_lines(document: TextDocument) -> frozenset[int]:
    """The blocks without words that share their element with the block before or
    after them: a line of punctuation alone in a paragraph written line by line with
    ``<br>`` (a grammar's ``" (``, the ``~~~~`` under a heading of a plain-text NEWS
    file), which :func:`keep_enclosed` keeps between kept lines; those whose element
    is an item of a list, a table or a ``<pre>`` (:data:`WORDLESS_ITEM_TAGS`) with no
    link or button in it; and a scene break in a paragraph of its own
    (:data:`SCENE_BREAK`), no link or button either.  A sign in an element of its own
    (a carousel's arrow, a close button's "×", a permalink's "🔗", a pager's "›") is not
    one."""
    blocks = document.blocks
    found = set()
    for index, block in enumerate(blocks):
        if block.num_words or block.node is None:
            continue
        node = block.node
        in_line = (index and same_node(blocks[index - 1].node, node)) or (
            index + 1 < len(blocks) and same_node(blocks[index + 1].node, node)
        )
        control = node.css_first("a, button, [role=button]") is not None or (
            node.attributes.get("role") == "button"
        )
        item = node.tag in WORDLESS_ITEM_TAGS and block.text.strip() and not control
        scene = (
            node.tag in SCENE_BREAK_TAGS
            and not control
            and SCENE_BREAK.fullmatch(block.text.strip()) is not None
        )
        if in_line or item or scene:
            found.add(index)
    return frozenset(found)


def decision_units(document: TextDocument) -> tuple[list[list[int]], list[list[int]]]:
    """The blocks of each ``<pre>`` (:func:`preformatted_blocks`); and those of each table
    row (:func:`row_groups`), of each line cut by an element the parser skips
    (:func:`line_groups`) or a form control (:func:`control_groups`), of each heading
    a line break parts (:func:`heading_groups`), of each field's name and value
    (:func:`pair_groups`), of each element's lines (:func:`paragraph_groups`) and of
    each note's number and text (:func:`footnote_groups`), each decided whole."""
    rows = row_groups(document) + line_groups(document) + heading_groups(document)
    by_element = _blocks_by_node(document)
    rows += control_groups(document) + pair_groups(document, by_element)
    rows += paragraph_groups(document, by_element) + footnote_groups(document, by_element)
    # a line cut by an icon is also its element's lines: one group, written once
    unique_rows = [list(group) for group in dict.fromkeys(tuple(group) for group in rows)]
    return preformatted_blocks(document), unique_rows


#: A note's number: one to three digits, in brackets or not ("1", "[12]").
_NOTE_NUMBER: Final = re.compile(r"\[?\d{1,3}\]?")
#: The most blocks of a note's element that its number is decided with: a note is a
#: sentence or a paragraph or two, not a section.
NOTE_MAX_BLOCKS: Final = 4


def footnote_groups(
    document: TextDocument, by_element: dict[Any, list[int]] | None = None
) -> list[list[int]]:
    """The blocks of each footnote whose number is a block of its own: the number a
    link back to the mark in the text (its address names an element that links to the
    number, or to an element around it within two levels), and the blocks of the
    number's parent, at most :data:`NOTE_MAX_BLOCKS`.

    Substack writes each note as ``<a class="footnote-number" href="#footnote-anchor-1">
    1</a><div class="footnote-content">...``: the model weighed the number alone, kept
    "1" and dropped "2" (0.42) of a newcomer's post, whose notes then had no numbers, or
    one."""
    tree = document.tree
    if tree is None:
        return []
    numbers = [
        link
        for link in tree.css('a[href^="#"]')
        if _NOTE_NUMBER.fullmatch((link.text(deep=True) or "").strip())
    ]
    if not numbers:
        return []
    targets = {(link.attributes.get("href") or "")[1:] for link in numbers}
    marks: dict[str, Any] = {}
    for element in tree.css("[id]"):
        name = element.attributes.get("id") or ""
        if name in targets:
            marks.setdefault(name, element)
    if by_element is None:
        by_element = _blocks_by_node(document)
    groups: list[list[int]] = []
    budget = max(DEFINITION_WORK, 4 * len(document.blocks))
    addresses: dict[str, set[str]] = {}  # the addresses each mark links to, read once
    for link in numbers:
        name = (link.attributes.get("href") or "")[1:]
        mark = marks.get(name)
        if mark is None:
            continue
        if name not in addresses:
            addresses[name] = _addresses(mark)
        if not addresses[name] & _own_names(link):
            continue
        note = link.parent
        if note is None:
            continue
        found: set[int] = set()
        for element in note.traverse(include_text=False):
            budget -= 1
            found.update(by_element.get(element, ()))
            if len(found) > NOTE_MAX_BLOCKS or budget <= 0:
                break
        if budget <= 0:
            break  # notes in elements thousands of nodes long: the groups made so far
        if 1 < len(found) <= NOTE_MAX_BLOCKS:
            groups.append(sorted(found))
    return groups


def _addresses(mark: Any) -> set[str]:
    """The addresses ``mark`` links to: its own, and its links'."""
    links = [mark] if mark.tag == "a" else []
    links += mark.css("a[href]")
    return {link.attributes.get("href") or "" for link in links}


def _own_names(number: Any) -> set[str]:
    """The fragments that name ``number`` or an element around it within two levels:
    the mark in the text links back to one of them."""
    names = set()
    node = number
    for _ in range(3):
        if node is None:
            break
        name = node.attributes.get("id")
        if name:
            names.add(f"#{name}")
        node = node.parent
    return names


def paragraph_groups(
    document: TextDocument, by_element: dict[Any, list[int]] | None = None
) -> list[list[int]]:
    """The blocks of each element that line breaks cut into several (its lines: blocks
    that follow one another and share an element that holds a ``<br>``, nothing between
    them that makes a block of its own), each run decided whole: a paragraph, an address,
    a post written in one ``<div>`` with ``<br>`` between its lines.  Text of an element
    on either side of a nested block (a page's wrapper, its "Skip to content" before the
    article and its copyright after) is no run, nor are texts an element without line
    breaks holds on either side of a box of a picture (Mastodon's post date and author's
    name, parted by the avatar's ``<div>``).

    The parser makes a block of each line, and the model weighs each alone: a newcomer's
    university news kept "Revista: Apidologie, v. 55, 2024" and dropped the "DOI: ..."
    on the line after it (0.20).  Held out (stop 51's members replayed with this code's
    units), against no such unit: WCXB 0.885647 to 0.885843 (forum 0.8215 to 0.8232),
    scrapinghub 0.96654 to 0.96721, readability 0.96710 to 0.96709.  The lines of
    ``<p>`` alone gave 0.885750, 0.96694 and 0.96710; every element's runs, with line
    breaks or not, 0.885893, 0.96721 and 0.96711 (and kept a lone date of a thread's
    post, its author's name beside it dropped as a repeat); every element's blocks, runs
    or not (a first version), 0.885908, 0.96724 and 0.96706."""
    if by_element is None:
        by_element = _blocks_by_node(document)
    blocks = document.blocks
    runs: list[list[int]] = []
    for group in by_element.values():
        if len(group) < 2:
            continue
        element = blocks[group[0]].node
        if element.tag in _NO_PARAGRAPH_TAGS or element.css_first("br") is None:
            continue  # blocks of one element parted by no line break: a picture's box
        run = [group[0]]
        for index in group[1:]:
            if index == run[-1] + 1:
                run.append(index)
                continue
            if len(run) > 1:
                runs.append(run)
            run = [index]
        if len(run) > 1:
            runs.append(run)
    return runs


#: Elements whose lines are no paragraph's: a page's text written straight into its
#: body, navigation and all, cut by line breaks.
_NO_PARAGRAPH_TAGS: Final = frozenset({"body", "html"})


#: A field's name, beside its value in an element of their own (:func:`pair_groups`):
#: "Price range", "Cuisines", "Date et heure" ...
PAIR_LABEL_MAX_WORDS: Final = 4
#: ... and its value: a price, a date, a list of features, not a paragraph.  On the
#: held-out run (``benchmarks/default_cv.py``'s saved members, replayed), WCXB 0.885588
#: to 0.885647 with these bounds (0.885635 with 4 and 12 words, 0.885658 with 6 and 30;
#: 17 to 21 pages better and 25 to 28 worse by under 0.02 each), scrapinghub and
#: readability unchanged.
PAIR_VALUE_MAX_WORDS: Final = 30
#: The elements a field's name and value are written in (not a heading, a list's item or
#: a table's cell: other units decide those); a name is no link (a post's date linking to
#: it, beside its author's name, is no field: Mastodon's ``status__info``).
_PAIR_TAGS: Final = frozenset(
    {"div", "span", "p", "strong", "b", "em", "label", "small", "time", "a", "dt", "dd"}
)
_PAIR_NAME_TAGS: Final = _PAIR_TAGS - {"a"}


def pair_groups(
    document: TextDocument, by_element: dict[Any, list[int]] | None = None
) -> list[list[int]]:
    """The blocks of each field written as a name and its value, the only two elements of
    their parent, each element one block (:data:`PAIR_LABEL_MAX_WORDS`,
    :data:`PAIR_VALUE_MAX_WORDS`): "<div><div>PRICE RANGE</div><div>€25 - €60</div></div>".

    The model weighs each block alone, and the name of a field scores apart from its
    value: a newcomer's restaurant page kept "FASCIA DI PREZZO" without "25 € - 60 €" and
    three values without their names ("Pranzo, Cena, Drink"), each meaningless alone.
    Decided whole, a field is kept or left out as one.  A name of links alone over a value
    that is no link is none: a photo gallery's item, its picture between "Previous photo"
    and "Next photo" links over its caption, kept the links with each caption (a
    newcomer's Polish gallery).  A card that is one link, its title over its artist, is
    still one.

    The value may be the parent's own text after its name, and the name then a heading:
    "<div><h5>Kohlenhydr.</h5>37,8 g</div>" (a newcomer's recipe kept "Kohlenhydr."
    without its 37,8 g, and two values without their names).  A name, or a value, is
    its element's one block (:func:`_one_block`).  Held out (replayed runs, this code's
    rules): WCXB 0.887216 to 0.887217 (a product's spec names kept with their values,
    which the gold leaves out: 3 pages worse, 5 better; comparing the elements' texts
    instead of their blocks gave 0.887225, and read scripts' text as the value's),
    scrapinghub and readability unchanged."""
    blocks = document.blocks
    if by_element is None:
        by_element = _blocks_by_node(document)
    groups = []
    for found_name in by_element.values():
        if len(found_name) != 1:  # a name is its element's one block
            continue
        index = found_name[0]
        block = blocks[index]
        if not 1 <= block.num_words <= PAIR_LABEL_MAX_WORDS:
            continue
        name = block.node
        if (
            name.tag not in _PAIR_NAME_TAGS | HEADING_TAGS
            or _shown_sibling(name, backwards=True) is not None
        ):
            continue
        value = _shown_sibling(name, backwards=False)
        if value is None or _shown_sibling(value, backwards=False) is not None:
            continue
        if value.is_text_node:
            # the value is the parent's own text: "<div><h5>Fett</h5>31,4 g</div>"
            value = name.parent
        elif (
            not value.is_element_node
            or value.tag not in _PAIR_TAGS
            or name.tag in HEADING_TAGS
            or not _one_block(value, by_element)
        ):
            continue
        found = by_element.get(value, ())
        if (
            len(found) == 1
            and 1 <= blocks[found[0]].num_words <= PAIR_VALUE_MAX_WORDS
            and _one_block(name, by_element)
        ):
            if _linked(block) and not _linked(blocks[found[0]]):
                continue  # links over text: a gallery's "Previous", "Next" over a caption
            groups.append([index, found[0]])
    groups.sort()  # in page order, as the other units
    return groups


#: The most elements a field's name or value holds: a word or a price, in a few
#: elements; a bigger element is no name, and reading it costs nothing more.
PAIR_MAX_ELEMENTS: Final = 32


def _one_block(element: Any, by_element: dict[Any, list[int]]) -> bool:
    """Whether ``element`` holds no block but its own, in at most
    :data:`PAIR_MAX_ELEMENTS` elements: an element holding a heading and its own text
    after it is no field's name (the recipe's "19,2 g" was paired with the next fact's
    "37,8 g")."""
    for count, node in enumerate(element.traverse(include_text=False)):
        if count >= PAIR_MAX_ELEMENTS:
            return False
        if count and by_element.get(node):
            return False
    return True


def _linked(block: TextBlock) -> bool:
    return block.num_linked_words >= block.num_words


def _shown_sibling(node: Any, *, backwards: bool) -> Any:
    """The sibling before (``backwards``) or after ``node`` that is not white space or a
    comment, or None."""
    sibling = node.prev if backwards else node.next
    while sibling is not None and (
        sibling.is_comment_node
        or (sibling.is_text_node and not (sibling.text_content or "").strip())
    ):
        sibling = sibling.prev if backwards else sibling.next
    return sibling


def pool(
    probabilities: npt.NDArray[np.float64], groups: list[list[int]]
) -> npt.NDArray[np.float64]:
    """``probabilities`` with every block of a group given the group's highest; groups
    that share a block (a table row and a line cut by an icon in one of its cells) are
    one group."""
    if not groups:
        return probabilities
    pooled = probabilities.copy()
    for group in _merged(groups):
        pooled[group] = np.nanmax(probabilities[group])
    return pooled


def _merged(groups: list[list[int]]) -> list[list[int]]:
    """``groups``, those that share a block joined (a union-find over the blocks)."""
    parent: dict[int, int] = {}

    def root(block: int) -> int:
        while parent.setdefault(block, block) != block:
            parent[block] = parent[parent[block]]
            block = parent[block]
        return block

    for group in groups:
        first = root(group[0])
        for block in group[1:]:
            parent[root(block)] = first
    joined: dict[int, list[int]] = {}
    for block in parent:
        joined.setdefault(root(block), []).append(block)
    return [sorted(blocks) for blocks in joined.values()]


def keep_likely_preformatted(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    groups: list[list[int]],
) -> npt.NDArray[np.bool_]:
    """``keep`` with every ``<pre>`` of ``groups`` whose likeliest block reaches
    :data:`PRE_FLOOR` kept, when ``keep`` keeps anything."""
    if not groups or not keep.any():
        return keep
    kept = keep.copy()
    for group in groups:
        if np.nanmax(probabilities[group], initial=0.0) >= PRE_FLOOR:
            kept[group] = True
    return kept


def keep_likely_headings(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    headings: npt.NDArray[np.bool_],
) -> npt.NDArray[np.bool_]:
    """``keep`` with each heading kept that is more likely content than not
    (:data:`HEADING_FLOOR`) and comes right before a kept block: the section it names.
    The article cut (F0.6) keeps a section's paragraphs and drops its heading at 0.5 to
    0.7, and a reader loses the outline: with the cut, the share of WCXB's Markdown
    headings found fell from 0.894 to 0.876, and this rule brings it to 0.884
    (``python benchmarks/markdown_structure.py``), the text's F1 held out unchanged."""
    following = np.zeros(len(keep), dtype=np.bool_)
    following[:-1] = keep[1:]
    return keep | (headings & following & (probabilities >= HEADING_FLOOR))


def keep_enclosed(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    code: Collection[int] = (),
    wordless: Collection[int] = (),
    siblings: npt.NDArray[np.int64] | None = None,
    controls: Callable[[], Collection[int]] | Collection[int] = (),
) -> npt.NDArray[np.bool_]:
    """``keep`` with the blocks between two kept blocks kept too: a run of at most
    :data:`ENCLOSED_MAX_BLOCKS` blocks each more likely content than not
    (:data:`ENCLOSED_FLOOR`), or of any length when the run and the two kept blocks
    are children of one element (``siblings``: each block's element's parent), a run
    of blocks in ``code`` (the lines of ``<pre>`` elements) however unlikely, with at
    most :data:`ENCLOSED_MAX_BLOCKS` blocks more likely content than not among them (a
    code block's caption), and a run
    of lines without words of the kept lines' paragraph (``wordless``:
    :func:`wordless_lines`), whatever their likelihood.

    A line of punctuation alone is the model's weakest case: no words, the text density
    of a separator, so 0.4 where the lines around it score 0.9.  Inside a kept paragraph
    it is content: a grammar's ``" (`` between two lines of a rule written with ``<br>``
    (the Rust reference), the ``~~~~`` under a heading of a plain-text NEWS file; leaving
    it out corrupted the text.  Such a run costs or gains no word, so it moves no
    word-bag figure.  Keeping every run of blocks without words between kept blocks
    (not only a paragraph's lines) moved the held-out run by WCXB 0.87675 unchanged,
    scrapinghub 0.96600 to 0.96625 and readability 0.96044 to 0.96051 (their shingles
    read some signs), but it also kept what a reader does not want between kept blocks,
    each in an element of its own: a carousel's arrows, close buttons, permalink signs.
    Kept to a paragraph's lines, it moves none of the three figures.  Items of lists,
    tables and ``<pre>`` without a link or a button are kept so too (a tutorial's list of
    operators, which a newcomer found dropped; see :func:`wordless_lines`).

    The article cut (F0.6 on articles) keeps a page's likeliest blocks, and inside the
    article it dropped what the model was less sure of than of the paragraphs around it:
    two items of a three-item list at 0.66 and 0.70, a one-line ``>>>`` example at 0.4
    between the paragraphs that introduce and explain it.  A reader takes what lies
    between two kept paragraphs as part of the same text.  Measured on the held-out run
    (``python benchmarks/default_cv.py --load``): readability 0.9650 to 0.9662,
    scrapinghub 0.9646 to 0.9647, WCXB 0.8762 to 0.8764 (documentation 0.9365 to 0.9369,
    listing 0.7566 to 0.7576, article 0.95421 to 0.95417).  Runs of 1, 2 or 3 blocks moved
    each figure by less than 0.0002; the floors are "more likely than not" and the
    model's own floor, not fitted.

    A run of siblings is kept whatever its length: on a long page of like paragraphs the
    model gives each about the same probability, and the cut fell inside the article,
    between paragraphs of 0.632 and 0.630, so that 17 of 30,000 went missing in the
    middle of the text, which a newcomer found.  Held out: readability 0.96400 to
    0.96474, WCXB 0.88444 to 0.88443, scrapinghub 0.96659 to 0.96654 (4 pages better, 7
    worse, each by under 0.04); any run of likely blocks, siblings or not, 0.96487,
    0.88449 and 0.96628 (scrapinghub's news pages kept what lies between the story and
    its last paragraph).

    A run of ``<pre>`` is kept however unlikely the model finds it: a tutorial that shows
    the same query again and again, a line more each time, had each copy at 0.03 to 0.07
    (a text repeated on the page is mostly furniture), between paragraphs at 0.9 that
    introduce and explain it.  Held out: readability 0.96617 to 0.96710 (that page, 0.86
    to 0.99), WCXB 0.88534 to 0.88535 (one page better), scrapinghub unchanged; with the
    default model's floor (``MIN_PROBABILITY``, 0.1) for code as for other blocks, before,
    they stayed out.  Ghost writes a code block's caption in the same ``<figure>``
    (``kg-code-card``): the code at 0.25 and its caption at 0.53 were no run of code,
    and a newcomer's post lost the settings it was about; with likely blocks allowed
    among the lines, the held-out figures are unchanged.

    A button's label beside the code (``controls``: the page's button labels,
    :func:`~unboiler.filters.controls.control_labels`, or what gives them, asked only
    for such a run) is no break in the run: a "Copy" button after a ``<pre>`` (0.34)
    made a newcomer's install commands (0.45) go, between paragraphs at 0.98; the
    button's label goes later (:func:`~unboiler.filters.controls.drop_control_labels`).
    Held out (replayed runs, this code's rules): WCXB 0.887217 to 0.887260
    (documentation 0.94312 to 0.94371; two pages better, none worse), scrapinghub and
    readability unchanged."""
    found_controls: Collection[int] | None = None if callable(controls) else controls

    def control(index: int) -> bool:
        nonlocal found_controls
        if found_controls is None:
            found_controls = controls() if callable(controls) else controls
        return index in found_controls

    kept_at = np.flatnonzero(keep).tolist()
    likelihood = probabilities.tolist()  # Python floats: most runs are one or two blocks
    result = keep
    for first, last in pairwise(kept_at):
        run = range(first + 1, last)
        if not run:
            continue
        if (
            (len(run) <= ENCLOSED_MAX_BLOCKS and all(likelihood[i] >= ENCLOSED_FLOOR for i in run))
            or (
                siblings is not None
                and all(likelihood[i] >= ENCLOSED_FLOOR for i in run)
                and bool((siblings[first : last + 1] == siblings[first]).all())
            )
            or (
                any(i in code for i in run)
                and all(i in code or likelihood[i] >= ENCLOSED_FLOOR or control(i) for i in run)
                and sum(i not in code and not control(i) for i in run) <= ENCLOSED_MAX_BLOCKS
            )
            or all(i in wordless for i in run)
        ):
            if result is keep:
                result = keep.copy()
            result[first + 1 : last] = True
    return result


def keep_whole(
    keep: npt.NDArray[np.bool_], groups: Sequence[Sequence[int]]
) -> npt.NDArray[np.bool_]:
    """``keep`` with every block of a group one of whose blocks is kept kept too."""
    kept = keep.copy()
    for group in groups:
        if kept[list(group)].any():
            kept[list(group)] = True
    return kept


#: A quotation's block of at least this many words is its text; shorter ones are its
#: attribution ("EuroChilli said:", "jahboater wrote: ↑", vBulletin's "Originally Posted
#: by HOSTLAR"), a "Click to expand..." link, or a line too short to stand for the
#: quotation.  Four words, on the held-out run, then five (vBulletin's line) moved two
#: forum pages by less than 0.002 each, one up and one down; WCXB 0.88349 either way.
QUOTE_TEXT_WORDS: Final = 5


def quotation_groups(document: TextDocument) -> list[list[int]]:
    """The blocks of each quotation (:func:`unboiler.tags.is_quotation`: a
    ``<blockquote>``, a forum's quotation box), under its nearest one, where it has two
    or more.  A ``<blockquote>`` right inside a quotation box is the box's text, and its
    blocks the box's (:func:`_quotation_mark`): Discourse's ``<aside class="quote">``
    holds the line that says whose words they are over the ``<blockquote>`` of them,
    which the model left out (a newcomer's thread: "Nine times out of ten..." read as
    the replier's).  Held out (two of the model's three members): WCXB 0.884946 to
    0.884945, 3 forum pages better and 4 worse, each by under 0.002 (the gold keeps
    such lines on some pages and not on others); scrapinghub and readability unchanged."""
    tree = document.tree
    if tree is None or not any(map(is_quotation, tree.css(QUOTATION_SELECTOR))):
        return []
    # each block's nearest quotation, climbing from it (walking each quotation's subtree
    # cost its depth times its size on quotations nested a thousand deep)
    nearest = nearest_marks(
        enumerate(block.node for block in document.blocks),
        _quotation_mark,
    )
    groups: dict[int, list[int]] = {}
    for index, quotation in nearest.items():
        groups.setdefault(quotation, []).append(index)
    return [group for group in groups.values() if len(group) > 1]


def _quotation_mark(element: Any) -> int | None:
    """The quotation ``element`` marks its blocks as in (:func:`quotation_groups`): its
    own, or its parent's where it is a ``<blockquote>`` whose parent is a quotation box
    (:func:`unboiler.tags.is_quotation` by its class)."""
    if not is_quotation(element):
        return None
    parent = element.parent
    if (
        element.tag == "blockquote"
        and parent is not None
        and parent.tag != "blockquote"
        and is_quotation(parent)
    ):
        return None  # the box's, found on the way up
    return int(element.mem_id)


def drop_quotation_remnants(
    keep: npt.NDArray[np.bool_],
    words: npt.NDArray[np.float64],
    groups: Sequence[Sequence[int]],
) -> npt.NDArray[np.bool_]:
    """``keep`` without what is left of a quotation whose text was left out: when a
    quotation (``groups``, :func:`quotation_groups`) keeps none of its blocks of
    :data:`QUOTE_TEXT_WORDS` words or more but drops one, its shorter blocks go too.
    A forum reply quotes an earlier post, the repeated-text rule keeps the earlier copy
    (:mod:`unboiler.filters.repeats`), and the reply's "EuroChilli said:" stood alone over
    the reply's own words, which then read as EuroChilli's.  On the held-out run
    (``python benchmarks/default_cv.py``'s saved probabilities) it changes 18 of the 250
    pages with a quotation, all forums, by attributions and "Click to expand..."
    links; WCXB's word-bag F1 moves by 0.00001 (its gold keeps such lines on some pages
    and not on others), scrapinghub and readability not at all."""
    result = keep
    for group in groups:
        members = list(group)
        text = words[members] >= QUOTE_TEXT_WORDS
        kept = keep[members]
        if kept.any() and not (text & kept).any() and (text & ~kept).any():
            if result is keep:
                result = keep.copy()
            result[members] = False
    return result


def _on_quotations(
    document: TextDocument,
    rule: Callable[
        [npt.NDArray[np.bool_], npt.NDArray[np.float64], list[list[int]]], npt.NDArray[np.bool_]
    ],
) -> bool:
    """Apply ``rule`` (content flags, words, :func:`quotation_groups` to new flags) to
    the document's content flags; whether any changed."""
    blocks = document.blocks
    content = np.fromiter((block.is_content for block in blocks), np.bool_, len(blocks))
    if not content.any():
        return False
    groups = quotation_groups(document)
    if not groups:
        return False
    words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
    changed = np.flatnonzero(content != rule(content, words, groups))
    for index in changed.tolist():
        blocks[index].set_content(not content[index])
    return bool(len(changed))


def drop_quotation_remnants_filter(document: TextDocument) -> bool:
    """Filter: :func:`drop_quotation_remnants` on the document's content flags."""
    return _on_quotations(document, drop_quotation_remnants)


#: A quotation at least this share of whose words are kept is kept whole
#: (:func:`keep_quotations_whole`).  On the held-out run, with the copies of kept text
#: left out: scrapinghub 0.96630 to 0.96654, WCXB 0.88440 to 0.88441 (9 pages better, 4
#: worse: forums' attributions, which WCXB's gold keeps on some pages and not on others),
#: readability unchanged; bringing the copies back too (a reply quoting the opening post
#: wrote it twice) gave WCXB 0.88443; with 0.8, scrapinghub did not move.
QUOTE_KEPT_SHARE: Final = 0.5


def keep_quotations_whole(
    keep: npt.NDArray[np.bool_],
    words: npt.NDArray[np.float64],
    groups: Sequence[Sequence[int]],
    texts: Callable[[int], str],
) -> npt.NDArray[np.bool_]:
    """``keep`` with every block of a quotation most of whose words are kept
    (:data:`QUOTE_KEPT_SHARE`; ``groups``: :func:`quotation_groups`), but for a block
    whose text (``texts(index)``, white space aside) is kept elsewhere: a copy the
    repeated-text rules left out stays out (a reply quoting the opening post).  An
    embedded post is a ``<blockquote>`` of its text and a line that says whose it is
    ("— Dele (@dele_official) November 19, 2019"): the model kept the text and left the
    line out, short and linked as it is, and the post read as the reporter's words.  The
    counterpart of :func:`drop_quotation_remnants`, which drops what is left of a
    quotation whose text goes."""
    result = keep
    kept_texts: set[str] | None = None
    for group in groups:
        members = list(group)
        kept = keep[members]
        if kept.all() or not kept.any():
            continue
        total = float(words[members].sum())
        if not total or float(words[members][kept].sum()) < QUOTE_KEPT_SHARE * total:
            continue
        if kept_texts is None:
            kept_texts = {" ".join(texts(i).split()) for i in np.flatnonzero(keep).tolist()}
        if result is keep:
            result = keep.copy()
        for index in members:
            if not keep[index] and " ".join(texts(index).split()) not in kept_texts:
                result[index] = True
    return result


def keep_quotations_whole_filter(document: TextDocument) -> bool:
    """Filter: :func:`keep_quotations_whole` on the document's content flags."""
    blocks = document.blocks
    return _on_quotations(
        document,
        lambda content, words, groups: keep_quotations_whole(
            content, words, groups, lambda index: blocks[index].text
        ),
    )


#: A list whose kept items are a run of at least :data:`LIST_MIN_KEPT` of them and this
#: share of its items keeps the items at its ends too (:func:`keep_list_ends`).
LIST_KEPT_SHARE: Final = 2 / 3
LIST_MIN_KEPT: Final = 2
#: How likely an item at a kept list's end must be (its likeliest block).
LIST_END_FLOOR: Final = 0.3
#: Lists of fewer items are left to the other rules.
LIST_MIN_ITEMS: Final = 3
_LISTS: Final = frozenset({"ul", "ol"})


#: How far above a block its list item is looked for: an item's text lies in its
#: ``<li>`` or a few wrappers below it.  The walk is bounded so that a page of thousands
#: of nested items costs no more than one of nested ``<div>`` (walking each item's
#: subtree instead was quadratic in the nesting: 4,900 nested items took 2.9 s).
LIST_ITEM_LEVELS: Final = 8


def list_groups(document: TextDocument) -> list[list[list[int]]]:
    """The page's lists of :data:`LIST_MIN_ITEMS` items or more that hold blocks: each
    item's blocks (under its innermost ``<li>`` of a ``<ul>`` or ``<ol>``, at most
    :data:`LIST_ITEM_LEVELS` above the block's element), items in the page's order."""
    lists: dict[Any, dict[Any, list[int]]] = {}
    for index, block in enumerate(document.blocks):
        node = block.node
        for _ in range(LIST_ITEM_LEVELS):
            if node is None or node.tag in ("body", "html"):
                break
            if node.tag == "li":
                parent = node.parent
                if parent is not None and parent.tag in _LISTS:
                    lists.setdefault(parent, {}).setdefault(node, []).append(index)
                break
            node = node.parent
    return [list(items.values()) for items in lists.values() if len(items) >= LIST_MIN_ITEMS]


#: How likely a definition list's term or description at a kept list's end must be
#: (:func:`keep_list_ends`): at least as likely as not.  A shop's product cards hide
#: "Product Link" over each card's address in a ``<dl>`` that the block model rates
#: 0.2 to 0.3, just under a list item's floor; a course's first facts ("Código" 34512,
#: "Créditos ECTS" 6) rate 0.6.  Not fitted: at the list item's floor, one WCXB page
#: took the links in (held out, WCXB 0.886106 to 0.886080); at this one, no benchmark
#: page changes.
DEFINITION_END_FLOOR: Final = 0.5
_DEFINITION_PARTS: Final = frozenset({"dt", "dd"})


def definition_lists(document: TextDocument) -> list[list[list[int]]]:
    """The page's definition lists (``<dl>``) of :data:`LIST_MIN_ITEMS` terms or more
    that hold blocks: each term's blocks with those of the descriptions after it, one
    item (:func:`_definition_item`), items in the page's order.  A list of facts
    ("Código" 34512, "Créditos" 6, "Curso" 4.º) is read as one thing, as a list's items
    are (:func:`keep_list_ends`)."""
    tree = document.tree
    if tree is None or tree.css_first("dl") is None:  # most pages: no definition list
        return []
    lists: dict[Any, dict[int, list[int]]] = {}
    numbered: dict[int, tuple[Any, int]] = {}  # each <dl>'s parts: the list, the item
    for index, block in enumerate(document.blocks):
        node = block.node
        for _ in range(LIST_ITEM_LEVELS):
            if node is None or node.tag in ("body", "html"):
                break
            if node.tag in _DEFINITION_PARTS:
                found = _definition_item(node, numbered)
                if found is not None:
                    lists.setdefault(found[0], {}).setdefault(found[1], []).append(index)
                break
            node = node.parent
    return [list(items.values()) for items in lists.values() if len(items) >= LIST_MIN_ITEMS]


def _definition_item(node: Any, numbered: dict[int, tuple[Any, int]]) -> tuple[Any, int] | None:
    """The ``<dl>`` whose term or description ``node`` is (its parent, or a ``<div>``
    between, as HTML allows) and the number of its item there: a group of terms and the
    descriptions after them is one item (the HTML standard, §4.4.9: a name-value group
    may have several names), so a term starts the next item where a description or
    nothing came before it.  Each list's parts are numbered once, in ``numbered`` (by
    ``mem_id``)."""
    known = numbered.get(node.mem_id)
    if known is not None:
        return known
    listed = node.parent
    if listed is not None and listed.tag == "div":
        listed = listed.parent
    if listed is None or listed.tag != "dl":
        return None
    item = -1
    previous = None  # the last part's tag
    child = listed.first_child
    while child is not None:
        parts = list(child.iter(include_text=False)) if child.tag == "div" else [child]
        for part in parts:
            if part.tag not in _DEFINITION_PARTS:
                continue
            if previous is None or (part.tag == "dt" and previous == "dd"):
                item += 1
            numbered[part.mem_id] = (listed, item)
            previous = part.tag
        child = child.next
    return numbered.get(node.mem_id)


def keep_list_ends(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    lists: Sequence[Sequence[Sequence[int]]],
    floor: float = LIST_END_FLOOR,
) -> npt.NDArray[np.bool_]:
    """``keep`` with the items at the ends of a kept list kept too: in a list
    (:func:`list_groups`, :func:`definition_lists`) whose kept items are one run of at
    least :data:`LIST_MIN_KEPT` and :data:`LIST_KEPT_SHARE` of its items, each item
    before or after that run whose likeliest block is at least ``floor`` likely
    (:data:`LIST_END_FLOOR`, :data:`DEFINITION_END_FLOOR`).

    The block model weighs a block's place in the page, and the last items of a list
    that ends the content score lower than the ones before them: a recipe's nutrition
    facts lost "Protein: 36g" (0.67 against a cut of 0.75, with "Fat: 31g" at 0.81), a
    list of steps its last step.  A reader takes a list as one thing.  Measured on the
    held-out run (the saved probabilities of ``benchmarks/default_cv.py``): WCXB 0.88130
    to 0.88131, readability 0.96166 to 0.96167, scrapinghub unchanged (78 pages change,
    25 better and 28 worse, none by more than 0.08); floors of 0.4 and 0.5, or a share of
    3/4 or 1/2, moved each figure by less than 0.0001.  The share, the floor and the
    counts are not fitted: "most of the list", and a floor well below the cuts."""
    result = keep
    for items in lists:
        kept = [bool(keep[list(item)].any()) for item in items]
        count = sum(kept)
        if count == len(items) or count < max(LIST_MIN_KEPT, LIST_KEPT_SHARE * len(items)):
            continue
        first = kept.index(True)
        last = len(kept) - 1 - kept[::-1].index(True)
        if not all(kept[first : last + 1]):
            continue
        for position in (*range(first), *range(last + 1, len(items))):
            item = list(items[position])
            if probabilities[item].max() >= floor:
                if result is keep:
                    result = keep.copy()
                result[item] = True
    return result


def keep_list_heads(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    lists: Sequence[Sequence[Sequence[int]]],
    headings: npt.NDArray[np.bool_],
) -> npt.NDArray[np.bool_]:
    """``keep`` with the heading right above a list kept whole kept too, when it is at
    least :data:`LIST_END_FLOOR` likely: the list's name ("Ingredients", "Features"),
    which a reader takes with it as with its last items (:func:`keep_list_ends`).

    :func:`keep_likely_headings` keeps a heading over a kept block before the list's
    ends are mended, so a list whose first item only the ends' rule keeps lost its
    heading (newcomers' pages: a recipe's "Ingredients", a README's task list).  On the
    held-out run: WCXB 0.885884 to 0.885889 (24 pages change, 16 better), scrapinghub
    0.967209 to 0.967212, readability 0.967382 to 0.967367; at a floor of 0.1, WCXB
    0.885897 and readability 0.967365; at :data:`HEADING_FLOOR` no page changes.  The
    floor is the list's, not fitted."""
    result = keep
    for items in lists:
        if not items or not all(keep[list(item)].any() for item in items):
            continue
        above = min(items[0]) - 1
        if (
            above >= 0
            and headings[above]
            and not result[above]
            and probabilities[above] >= LIST_END_FLOOR
        ):
            if result is keep:
                result = keep.copy()
            result[above] = True
    return result


#: A table of at least this many rows is one whose rows' gaps are filled
#: (:func:`keep_table_gaps`); a table that lays out a page is none
#: (:func:`table_rows`).
TABLE_MIN_ROWS: Final = 3
#: How likely a row between kept rows must be (its likeliest block), as a list's end.
TABLE_GAP_FLOOR: Final = LIST_END_FLOOR
#: The share of a row's words in links above which it is a row of links, not filled
#: in (half: a navigation box's group of links under its label).
TABLE_GAP_MAX_LINKED: Final = 0.5


def _mostly_linked(
    indices: list[int],
    words: npt.NDArray[np.float64] | None,
    linked: npt.NDArray[np.float64] | None,
) -> bool:
    """Whether more than :data:`TABLE_GAP_MAX_LINKED` of the words of the blocks
    ``indices`` are linked (``linked``: each block's linked words); False without them."""
    if linked is None or words is None:
        return False
    total = float(words[indices].sum())
    return total > 0 and float(linked[indices].sum()) > TABLE_GAP_MAX_LINKED * total


def keep_table_gaps(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    tables: Sequence[Sequence[Sequence[int]]],
    words: npt.NDArray[np.float64] | None = None,
    linked: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.bool_]:
    """``keep`` with the rows of a table between its first and last kept rows kept too,
    each whose likeliest block is at least :data:`TABLE_GAP_FLOOR` likely, and whose
    words are not mostly links (``linked``: each block's linked words, when given; at
    most :data:`TABLE_GAP_MAX_LINKED` of the row's): a wiki's navigation box under the
    article, rows of links, had its gaps filled.

    The model weighs each row of a table alone, and the rows of one table score alike,
    near the page's cut: a shop's histogram of ratings kept "5 stelle 72%", "2 stelle"
    and "1 stella" and dropped "4 stelle" and "3 stelle" between them (0.37 and 0.38
    against a cut of 0.39; a newcomer's Italian product page), a reader's table with
    holes in it.  The floor is the list's (not fitted).  On the held-out run: WCXB
    0.885916 to 0.885884 (forum 0.8232 to 0.8230, listing 0.7583 to 0.7581), readability
    0.96705 to 0.96738, scrapinghub unchanged; without the links' bound, 0.885880 and
    0.96737 (and a Wikipedia page of the readability set kept its navigation box's rows
    in sample); floors of 0.2 and 0.4 (on a first version, at 0.885874) gave 0.885862
    and 0.885894 on WCXB, 0.96737 and 0.96738 on readability."""
    result = keep
    for rows in tables:
        if len(rows) < TABLE_MIN_ROWS:
            continue
        kept = [bool(keep[list(row)].any()) for row in rows]
        if sum(kept) < 2:
            continue
        first = kept.index(True)
        last = len(kept) - 1 - kept[::-1].index(True)
        for position in range(first + 1, last):
            if kept[position]:
                continue
            row = list(rows[position])
            if probabilities[row].max() < TABLE_GAP_FLOOR:
                continue
            if _mostly_linked(row, words, linked):
                continue
            if result is keep:
                result = keep.copy()
            result[row] = True
    return result


def drop_lone_heads(
    keep: npt.NDArray[np.bool_], tables: Sequence[Sequence[Sequence[int]]]
) -> npt.NDArray[np.bool_]:
    """``keep`` without the first row of a table of at least :data:`TABLE_MIN_ROWS` rows
    when it is the table's only kept row: a header over no rows, or a title over none of
    what it names, tells a reader nothing (a newcomer's README kept its comparison's
    header alone with ``favor="precision"``).  On the held-out run, with
    :func:`keep_list_heads`: WCXB 0.885889 to 0.885890, scrapinghub unchanged,
    readability 0.967367 to 0.967368 (it is all but never so on the three sets)."""
    result = keep
    for rows in tables:
        if len(rows) < TABLE_MIN_ROWS:
            continue
        first = list(rows[0])
        if not keep[first].any() or any(keep[list(row)].any() for row in rows[1:]):
            continue
        if result is keep:
            result = keep.copy()
        result[first] = False
    return result


#: How many wrappers around a table :func:`table_places` looks through for the element
#: it stands in: Stack Overflow's ``div.s-table-container``, Gutenberg's
#: ``figure.wp-block-table``, Bootstrap's ``div.table-responsive``.
TABLE_WRAPPER_LEVELS: Final = 3


def _wrapper(node: Any) -> Any:
    """The element around ``node`` when it holds nothing else but a caption, or None."""
    parent = node.parent
    if parent is None or parent.tag in ("body", "html"):
        return None
    child = parent.first_child
    while child is not None:  # ends at the first other element: a post's body is no wrapper
        if child.is_element_node and child.mem_id != node.mem_id and child.tag != "figcaption":
            return None
        child = child.next
    return parent


def table_places(
    document: TextDocument,
    tables: Sequence[Sequence[Sequence[int]]],
    furniture: Callable[[str], bool] | None = None,
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """For each table of ``tables`` (:func:`table_rows`) that has blocks beside it, its
    blocks and those of the elements beside it: blocks whose element is a child of the
    element the table stands in (its parent, past wrappers that hold only it and a
    caption: :data:`TABLE_WRAPPER_LEVELS`), a paragraph next to the table in a post's
    body.  The tables under one element share one tuple of the blocks beside them, so a
    page of thousands of them costs no more than its blocks.  A table whose ``class``
    or ``id``, or a wrapper's, names the page's furniture (``furniture(names)``, given
    the two joined by a space: a cookie notice, related links written as a table) is
    left out.  What :func:`keep_tables_beside_text` reads."""
    if not tables:
        return []
    blocks = document.blocks
    holders: list[tuple[tuple[int, ...], int]] = []
    for rows in tables:
        members = tuple(i for row in rows for i in row)
        table = blocks[members[0]].node
        while table is not None and table.tag != "table":
            table = table.parent
        if table is None:
            continue
        place, named = table, [table]
        for _ in range(TABLE_WRAPPER_LEVELS):
            outer = _wrapper(place)
            if outer is None:
                break
            place = outer
            named.append(outer)
        if furniture is not None and any(
            furniture(f"{e.attributes.get('class') or ''} {e.attributes.get('id') or ''}")
            for e in named
        ):
            continue
        if place.parent is not None:
            holders.append((members, place.parent.mem_id))
    if not holders:
        return []
    wanted = {holder for _, holder in holders}
    children: dict[int, list[int]] = {}
    for index, block in enumerate(blocks):
        node = block.node
        parent = node.parent if node is not None else None
        if parent is not None and parent.mem_id in wanted:
            children.setdefault(parent.mem_id, []).append(index)
    # a table's blocks lie below its cells, never right under the element it stands in
    shared = {holder: tuple(indices) for holder, indices in children.items()}
    return [(members, shared[holder]) for members, holder in holders if holder in shared]


#: A table beside kept text is kept when its likeliest block is at least this likely
#: (:func:`keep_tables_beside_text`): the default model's floor (``MIN_PROBABILITY``),
#: under which nothing is kept.
TABLE_BESIDE_FLOOR: Final = 0.1


def keep_table_ends(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    tables: Sequence[Sequence[Sequence[int]]],
    words: npt.NDArray[np.float64] | None = None,
    linked: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.bool_]:
    """``keep`` with the rows at the ends of a mostly kept table kept too, as the items
    at the ends of a list (:func:`keep_list_ends`: a run of kept rows, at least
    :data:`LIST_KEPT_SHARE` of them, and a row at least :data:`LIST_END_FLOOR` likely),
    in a table of :data:`TABLE_MIN_ROWS` rows or more, but for rows mostly of links (as
    :func:`keep_table_gaps`).

    The model weighs each row alone and the last rows of a table that closes a
    section score lower than the ones above: a newcomer's README kept two rows of its
    benchmark's three, and the output showed no sign of the third.  The list's figures,
    not fitted; held out (replayed runs, this code's rules): WCXB 0.887190 to 0.887210
    (8 pages better, 3 worse: a comparison table's header row the gold leaves out),
    readability 0.967151 to 0.967165, scrapinghub unchanged; without the links' bound,
    WCXB 0.887204, and 0.887190 at a floor of 0.4."""
    tables = [rows for rows in tables if len(rows) >= TABLE_MIN_ROWS]
    ends = keep_list_ends(keep, probabilities, tables)
    if ends is keep:
        return keep
    result = keep.copy()
    for rows in tables:
        for row in map(list, rows):
            if ends[row].any() and not keep[row].any() and not _mostly_linked(row, words, linked):
                result[row] = True
    return result


def keep_tables_beside_text(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    places: Sequence[tuple[Sequence[int], Sequence[int]]],
    words: npt.NDArray[np.float64] | None = None,
    linked: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.bool_]:
    """``keep`` with each table none of whose blocks is kept kept whole, when a block
    beside it (``places``: :func:`table_places`) is kept, its likeliest block is at least
    :data:`TABLE_BESIDE_FLOOR` likely and its words are not mostly links (``linked``:
    each block's linked words, when given; at most :data:`TABLE_GAP_MAX_LINKED`).

    The model weighs each cell alone, and a table's cells are short, so a small table
    inside a kept text scores as furniture: a Q&A page's last answer kept its paragraph
    and dropped the table of operations under it (0.17 to 0.28 against a cut of 0.64; a
    newcomer's Portuguese Stack Overflow page), an article on text encodings its table of
    byte layouts.  A reader takes a table set among the paragraphs of a text as part of
    it.  On the held-out run (``benchmarks/default_cv.py``): WCXB 0.886104 to 0.886203
    (seven pages better, two worse: these keep tables their gold leaves out, a
    calculator's assumptions, a city's weather averages), readability 0.966867 to
    0.966955, scrapinghub unchanged.  A first version, without the wrappers and the
    furniture's class words of :func:`table_places`, gave 0.886191; with a floor of 0.3
    then, 0.886174; without the links' bound, 0.886180 and seven pages worse (a table
    of links beside a post is no part of it).  It runs before
    :func:`drop_lone_heads`, which then drops a kept header over none of its rows."""
    result = keep
    kept_beside: dict[int, bool] = {}  # by the shared tuple: once per element
    for table, beside in places:
        members = list(table)
        if keep[members].any():
            continue
        if id(beside) not in kept_beside:
            kept_beside[id(beside)] = bool(keep[list(beside)].any())
        if not kept_beside[id(beside)]:
            continue
        if probabilities[members].max() < TABLE_BESIDE_FLOOR:
            continue
        if _mostly_linked(members, words, linked):
            continue
        if result is keep:
            result = keep.copy()
        result[members] = True
    return result


#: A run of sibling posts (:func:`unboiler.tags.is_post`) of at least this many is read
#: by its slots (:func:`post_slots`).
POST_MIN_ITEMS: Final = 3
#: How far above a block its post is looked for: a post's text lies a few wrappers
#: below it (``article > div.body > div.content > p``).
POST_LEVELS: Final = 8
#: A slot kept in at least this share of the posts that have it, and in two, keeps the
#: blocks of its other posts that are at least :data:`POST_SLOT_FLOOR` likely.
POST_SLOT_SHARE: Final = 0.5
POST_SLOT_FLOOR: Final = 0.2


def post_slots(document: TextDocument) -> list[list[list[int]]]:
    """The slots of each run of sibling posts (:func:`unboiler.tags.is_post`, the
    innermost at most :data:`POST_LEVELS` above a block, at least
    :data:`POST_MIN_ITEMS` of them under one parent): for each path of tags and classes
    from a post down to a block's element held by :data:`POST_MIN_ITEMS` posts or more,
    each post's blocks on that path, posts in the page's order.  A thread's template
    writes every post alike: its body on one path, its author's line on another."""
    tree = document.tree
    if tree is None:
        return []
    # the posts found once, by a selector of what may be one: the walk up from each block
    # then compares addresses, and reads tags and classes only on the way to a post
    marked: list[Any] = []
    alone: list[Any] = []
    for element in tree.css(POST_SELECTOR):
        (marked if is_post(element) else alone).append(element)
    wrapped = wrapped_posts(alone) if alone else {}
    runs_of = Counter(element.parent.mem_id for element in marked if element.parent is not None)
    siblings = runs_of + Counter(w.parent.mem_id for w in wrapped.values() if w.parent is not None)
    if not siblings or max(siblings.values()) < POST_MIN_ITEMS:  # most pages: no run
        return []
    posts = {element.mem_id for element in marked}
    runs: dict[Any, dict[tuple[tuple[str, str | None], ...], dict[Any, list[int]]]] = {}
    for index, block in enumerate(document.blocks):
        node = block.node
        below: list[Any] = []
        found_post: tuple[Any, int] | None = None
        for _ in range(POST_LEVELS):
            if node is None:
                break
            if node.mem_id in posts:
                # a post of a run, further up, goes before a wrapped one; a lone post
                # (the thread's <article> around its timeline) does not
                parent = node.parent
                if found_post is None or (
                    parent is not None and runs_of[parent.mem_id] >= POST_MIN_ITEMS
                ):
                    found_post = (node, len(below))
                break
            if found_post is None and node.mem_id in wrapped:
                found_post = (wrapped[node.mem_id], len(below))
            below.append(node)
            node = node.parent
        if found_post is not None:
            post, depth = found_post
            path = tuple((e.tag or "", e.attributes.get("class")) for e in below[:depth])
            slots = runs.setdefault(post.parent, {})
            slots.setdefault(path, {}).setdefault(post, []).append(index)
    found: list[list[list[int]]] = []
    for slots in runs.values():
        posts = {post for members in slots.values() for post in members}
        if len(posts) < POST_MIN_ITEMS:
            continue
        found.extend(
            list(members.values()) for members in slots.values() if len(members) >= POST_MIN_ITEMS
        )
    return found


def keep_post_slots(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    slots: Sequence[Sequence[Sequence[int]]],
) -> npt.NDArray[np.bool_]:
    """``keep`` with each slot of a thread's posts (:func:`post_slots`) kept in all its
    posts where it is kept in :data:`POST_SLOT_SHARE` of them and two: the blocks of
    the others at least :data:`POST_SLOT_FLOOR` likely.

    The block model weighs a block's place in the page, and a thread's last replies
    score lower than its first: a reply "Thanks both, ordered the 70-200." at 0.21 under
    three kept posts, a Q&A page's last answers, the last posts of a forum's page (a
    newcomer's report of eight threads in seven languages).  Their template is the kept
    posts' own.  Measured on the held-out run (the saved probabilities of
    ``benchmarks/default_cv.py --load``): WCXB 0.88152 to 0.88170 (forum 0.8165 to
    0.8181, listing 0.7554 to 0.7560), scrapinghub and readability unchanged.  Shares
    of 2/3 and 1/3 and floors of 0.1 and 0.3 gave 0.88159 to 0.88174 on the same run;
    every element repeated beside one of its class, not posts alone, 0.88161."""
    result = keep
    for posts in slots:
        kept = [bool(keep[list(post)].any()) for post in posts]
        count = sum(kept)
        if count == len(posts) or count < max(2, POST_SLOT_SHARE * len(posts)):
            continue
        for post, held in zip(posts, kept, strict=True):
            if held:
                continue
            for index in post:
                if probabilities[index] >= POST_SLOT_FLOOR:
                    if result is keep:
                        result = keep.copy()
                    result[index] = True
    return result


def keep_whole_preformatted(document: TextDocument) -> bool:
    """Filter: every block inside a ``<pre>`` one of whose blocks is content becomes
    content (:func:`keep_whole`)."""
    blocks = document.blocks
    if not any(block.is_content for block in blocks):
        return False
    content = np.fromiter((block.is_content for block in blocks), np.bool_, len(blocks))
    whole = keep_whole(content, preformatted_groups(document))
    added = np.flatnonzero(whole & ~content).tolist()
    for index in added:
        blocks[index].set_content(True)
    return bool(added)


__all__ = [
    "CONTENTS_LINK_LEVELS",
    "DEFINITION_END_FLOOR",
    "DEFINITION_WORK",
    "DISCLOSURE_CONTROL_LEVELS",
    "DISCLOSURE_PANEL_LEVELS",
    "ENCLOSED_FLOOR",
    "ENCLOSED_MAX_BLOCKS",
    "HEADING_FLOOR",
    "LIST_END_FLOOR",
    "LIST_ITEM_LEVELS",
    "LIST_KEPT_SHARE",
    "LIST_MIN_ITEMS",
    "LIST_MIN_KEPT",
    "NOTE_MAX_BLOCKS",
    "PAIR_LABEL_MAX_WORDS",
    "PAIR_VALUE_MAX_WORDS",
    "POST_LEVELS",
    "POST_MIN_ITEMS",
    "POST_SLOT_FLOOR",
    "POST_SLOT_SHARE",
    "PRE_FLOOR",
    "QUOTE_KEPT_SHARE",
    "QUOTE_TEXT_WORDS",
    "ROW_LEVELS",
    "ROW_MAX_CELL_BLOCKS",
    "ROW_MAX_WORDS",
    "TABLE_BESIDE_FLOOR",
    "TABLE_GAP_FLOOR",
    "TABLE_GAP_MAX_LINKED",
    "TABLE_MIN_ROWS",
    "TABLE_WRAPPER_LEVELS",
    "WORDLESS_ITEM_TAGS",
    "contents_entries",
    "decision_units",
    "definition_groups",
    "definition_lists",
    "disclosure_groups",
    "drop_lone_heads",
    "drop_quotation_remnants",
    "drop_quotation_remnants_filter",
    "footnote_groups",
    "keep_enclosed",
    "keep_heads",
    "keep_likely_headings",
    "keep_likely_preformatted",
    "keep_list_ends",
    "keep_list_heads",
    "keep_post_slots",
    "keep_quotations_whole",
    "keep_quotations_whole_filter",
    "keep_table_ends",
    "keep_table_gaps",
    "keep_tables_beside_text",
    "keep_whole",
    "keep_whole_preformatted",
    "list_groups",
    "pair_groups",
    "paragraph_groups",
    "pool",
    "post_slots",
    "preformatted_blocks",
    "preformatted_groups",
    "quotation_groups",
    "row_groups",
    "table_places",
    "table_rows",
    "wordless_lines",
]
