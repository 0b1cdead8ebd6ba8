"""The default extractor's decision stage: features, page type, block probabilities,
content flags.

Kept apart from the model file's format (:mod:`unboiler.classify.default_model`) and from
training (:mod:`unboiler.classify.train_default`) so that extraction needs numpy and the
model file only.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from unboiler.classify.context import BIT, word_flags
from unboiler.classify.default_model import (
    FAVOR_MODES,
    PAGE_TYPES,
    Decision,
    DefaultModel,
    choose_blocks,
    favor_beta,
)
from unboiler.classify.page_hints import SCHEMA_GROUPS
from unboiler.classify.signals import (
    PageSignals,
    block_feature_names,
    page_signals,
    with_address,
)
from unboiler.document import TextDocument
from unboiler.errors import ExtractorOptionError
from unboiler.filters.adverts import ad_labels
from unboiler.filters.concealed import concealed_blocks, drop_concealed
from unboiler.filters.controls import control_labels
from unboiler.filters.navigation import breadcrumb_blocks, drop_navigation
from unboiler.filters.read_also import read_also_links
from unboiler.filters.repeats import heading_copies, hidden_copies, layout_copies, layout_hidden
from unboiler.filters.units import (
    DEFINITION_END_FLOOR,
    contents_entries,
    decision_units,
    definition_groups,
    definition_lists,
    disclosure_groups,
    drop_lone_heads,
    keep_enclosed,
    keep_heads,
    keep_likely_headings,
    keep_likely_preformatted,
    keep_list_ends,
    keep_list_heads,
    keep_post_slots,
    keep_table_ends,
    keep_table_gaps,
    keep_table_headers,
    keep_tables_beside_text,
    keep_whole,
    list_groups,
    pool,
    post_slots,
    table_headers,
    table_places,
    table_rows,
    wordless_lines,
)
from unboiler.jsonld import page_objects, types_of

#: The block features' column that holds a block's heading level (0: no heading).
HEADING_COLUMN: Final = block_feature_names().index("heading_level")
#: The block features' columns that say a block lies in the page's navigation: a
#: ``<nav>``, ``<header>`` or ``<footer>`` (or its ARIA role) encloses it.
CHROME_COLUMNS: Final = tuple(
    block_feature_names().index(name) for name in ("any_nav", "any_header", "any_footer")
)
#: The column of whether a ``<nav>`` (or an element of role navigation or menu)
#: encloses a block.
NAV_COLUMN: Final = block_feature_names().index("any_nav")
#: The block features' column that says an enclosing element is hidden.
HIDDEN_COLUMN: Final = block_feature_names().index("any_hidden")
#: The block features' columns that say a block is a table's cell or a ``<pre>``'s text
#: (its element or one of the two above): never a copy of a heading, nor an
#: advertisement's label (a country code "AD").
CELL_COLUMNS: Final = tuple(
    block_feature_names().index(name) for name in ("near_table", "near_pre")
)
#: The column of whether a block is a list item's (its element or one of the two above).
LIST_ITEM_COLUMN: Final = block_feature_names().index("near_list_item")
#: The column of whether any element enclosing a block is a list item: every block of a
#: list of :func:`~unboiler.filters.units.list_groups` has it.
ANY_LIST_ITEM_COLUMN: Final = block_feature_names().index("any_list_item")
#: The column of whether any element enclosing a block is a definition list's term or
#: description: every block of a list of :func:`~unboiler.filters.units.
#: definition_lists` has it.
ANY_DEFINITION_COLUMN: Final = block_feature_names().index("any_definition")


def marked(blocks: npt.NDArray[np.float32], columns: Sequence[int]) -> npt.NDArray[np.bool_]:
    """Each block's flag: one of ``columns`` of its features is set."""
    if not len(blocks):
        return np.zeros(0, dtype=np.bool_)
    return np.asarray((blocks[:, list(columns)] > 0).any(axis=1), dtype=np.bool_)


#: The columns of the block features that say a block lies in an element whose class or
#: id names a page's furniture around the content: a newsletter's box, related links,
#: sharing buttons, an advertisement, comments, tags, pages, an account's or a search's
#: box, a dialog.
FURNITURE_COLUMNS: Final = tuple(
    block_feature_names().index(f"near_w_{word}")
    for word in (
        "newsletter", "related", "share", "ad", "comment", "tags", "pagination", "account",
        "search", "modal",
    )
)  # fmt: skip
LINK_DENSITY_COLUMN: Final = block_feature_names().index("link_density")
#: The content's element holds at least this share of the kept words (the deepest that
#: does), and what it holds after the last kept block is its tail (:func:`keep_tail`).
TAIL_SHARE: Final = 0.8
#: How likely a block of the tail must be, and the link density it must stay under.
TAIL_FLOOR: Final = 0.4
TAIL_MAX_LINK_DENSITY: Final = 0.34


def keep_tail(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    blocks: npt.NDArray[np.float32],
    words: npt.NDArray[np.float64],
    tree: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], Sequence[npt.NDArray[np.int64]]],
    rows: Sequence[Sequence[int]] = (),
) -> npt.NDArray[np.bool_]:
    """``keep`` with the tail of the content's element kept: the deepest element that
    holds :data:`TAIL_SHARE` of the kept words, and in it, after its last kept block,
    each block at least :data:`TAIL_FLOOR` likely that is no heading, no link (its link
    density under :data:`TAIL_MAX_LINK_DENSITY`), and in no navigation
    (:data:`CHROME_COLUMNS`) or furniture (:data:`FURNITURE_COLUMNS`).  ``tree``: each
    block's element, each element's parent, the elements by depth, deepest first
    (:class:`~unboiler.classify.signals.PageSignals`).

    A table row is decided whole (``rows``: the blocks of each table row of more than
    one, from :func:`~unboiler.filters.units.table_rows`): the rule keeps a row's
    blocks only when it keeps, or the cut kept, every one of them with words.  A wiki's
    navigation box kept each group's label, which has no link, and not its list of
    links beside it ("École du Chat |  |", a newcomer's Fandom page).  On the held-out
    run, against the rule without rows: WCXB and scrapinghub unchanged, readability
    0.96741 to 0.96737 (one page).  (The rows of every decision unit, first tried, also
    held a paragraph's lines: a correction lost to the link on the line after it.)

    The block model weighs a block's place in the page, and the last blocks of the
    content score lower than those before them: a documentation page's last method and
    its "Added in version 2.1", an article's last paragraph, its correction, a caption
    at its end, all near the cut of 0.5 to 0.6 (newcomers' reports of Sphinx, MkDocs and
    news pages).  Measured on the held-out run (the saved probabilities of
    ``benchmarks/default_cv.py --load``), with :func:`~unboiler.filters.units.
    keep_post_slots`: WCXB 0.88170 to 0.88208, readability 0.96169 to 0.96258,
    scrapinghub 0.96602 to 0.96608.  Without the heading, link and furniture tests the
    news sets' promotions came along ("Subscribe to our newsletter", "Popular on ...":
    scrapinghub 0.96549 at the same floor).  Floors of 0.3 to 0.6 and shares of 0.7 to
    0.9 were compared on the same run; choosing among them by five-fold cross-validation
    nested in the run's folds gave WCXB 0.88176, readability 0.96253 and scrapinghub
    0.96551 (the folds chose different variants), so the figures above are those of the
    variant shipped, not a held-out figure for the choice.

    A link between two blocks the rule keeps is kept too: a product's question, a link
    to its page, was left out between its votes and its answer, which the rule kept (a
    newcomer's Amazon page).  Held out (replayed runs): WCXB 0.887260 to 0.887261 (3
    pages better, 1 worse), readability 0.967165 to 0.967845 (a folk-tale site's links
    to the day's tales, which its gold keeps), scrapinghub unchanged; keeping only the
    tail's first run of likely blocks instead moved WCXB to 0.887286 and scrapinghub to
    0.96796 but readability to 0.96693."""
    owner, parent, levels = tree
    kept_words = np.where(keep, words, 0.0)
    total = float(kept_words.sum())
    if total <= 0 or not len(owner):
        return keep
    # the tests of a block alone first: on most pages no block after the first kept one
    # passes them, and the element's sums are not needed
    likely = (
        ~keep
        & (probabilities >= TAIL_FLOOR)
        & (blocks[:, LINK_DENSITY_COLUMN] < TAIL_MAX_LINK_DENSITY)
        & (blocks[:, HEADING_COLUMN] <= 0)
    )
    likely[: int(np.argmax(keep)) + 1] = False
    if not likely.any():
        return keep
    sums = np.zeros(len(parent))
    np.add.at(sums, owner, kept_words)
    root = len(parent) - 1
    box = root
    for level in levels:  # deepest first: each level's sums are complete when carried
        holding = level[sums[level] >= TAIL_SHARE * total]
        if len(holding) and box == root:
            box = int(holding[0])
        np.add.at(sums, parent[level], sums[level])
    inside = np.zeros(len(parent), dtype=np.bool_)
    inside[box] = True
    if box != root:
        for level in reversed(levels):  # top down: an element is inside when its parent is
            inside[level] |= inside[parent[level]]
    else:
        inside[:] = True
    members = inside[owner]
    kept_inside = np.flatnonzero(members & keep)
    if not len(kept_inside):
        return keep
    after = np.zeros(len(keep), dtype=np.bool_)
    after[kept_inside[-1] + 1 :] = True
    candidates = after & members & likely
    if not candidates.any():
        return keep
    placed = ~marked(blocks, CHROME_COLUMNS) & ~marked(blocks, FURNITURE_COLUMNS)
    candidates &= placed
    if not candidates.any():
        return keep
    added = np.flatnonzero(candidates)
    if len(added) > 1:
        # a link between two blocks of the tail is the tail's too: a question that links
        # to its page, between its votes and its answer
        between = np.zeros(len(keep), dtype=np.bool_)
        between[added[0] + 1 : added[-1]] = True
        candidates |= (
            between
            & ~keep
            & (words > 0)
            & (probabilities >= TAIL_FLOOR)
            & (blocks[:, HEADING_COLUMN] <= 0)
            & placed
        )
    tail = keep | candidates
    for row in rows:
        if candidates[list(row)].any() and not all(tail[i] or words[i] <= 0 for i in row):
            tail[list(row)] = keep[list(row)]
    return tail


def whole_units_added(
    before: npt.NDArray[np.bool_], after: npt.NDArray[np.bool_], units: Sequence[Sequence[int]]
) -> npt.NDArray[np.bool_]:
    """``after`` with each of ``units`` (the decision units,
    :func:`~unboiler.filters.units.decision_units`) that a rule added a block of kept
    whole: the tail's rule kept a contact box's first line ("Kursansvarig: Karin
    Lindqvist") and its telephone, not the mail address between them (a link), lines of
    one paragraph (a newcomer's course page), where the cut decides such lines together.
    On the held-out run: WCXB 0.887177 to 0.887169, scrapinghub 0.967488 to 0.967471,
    readability unchanged (a line with a link comes with a kept one)."""
    added = after & ~before
    if not units or not added.any():
        return after
    result = after
    for unit in units:
        members = list(unit)
        if added[members].any() and not after[members].all():
            if result is after:
                result = after.copy()
            result[members] = True
    return result


def after_the_cut(
    keep: npt.NDArray[np.bool_],
    probabilities: npt.NDArray[np.float64],
    blocks: npt.NDArray[np.float32],
    texts: Callable[[int], str],
    words: npt.NDArray[np.float64],
    code: Collection[int],
    lists: Sequence[Sequence[Sequence[int]]]
    | Callable[[npt.NDArray[np.bool_]], Sequence[Sequence[Sequence[int]]]],
    posts: Sequence[Sequence[Sequence[int]]] = (),
    tree: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], Sequence[npt.NDArray[np.int64]]]
    | None = None,
    layout: Callable[[Collection[int]], Mapping[int, int]] | Mapping[int, int] | None = None,
    concealed: Callable[[Collection[int]], Collection[int]] | Collection[int] = (),
    all_lists: Callable[[], Sequence[Sequence[Sequence[int]]]] | None = None,
    trace: Trace | None = None,
    tables: Sequence[Sequence[Sequence[int]]] = (),
    page_type: str | None = None,
    definition_lists: Sequence[Sequence[Sequence[int]]]
    | Callable[[npt.NDArray[np.bool_]], Sequence[Sequence[Sequence[int]]]] = (),
    places: Sequence[tuple[Sequence[int], Sequence[int]]] = (),
    described: Collection[int] = (),
    breadcrumbs: Collection[int] = (),
    units: Sequence[Sequence[int]] = (),
    disclosures: Sequence[tuple[Sequence[int], Sequence[int]]] = (),
) -> npt.NDArray[np.bool_]:
    """The rules on the kept blocks right after the cut, in the extractor's order (the
    held-out runs of :mod:`unboiler.classify.train_default` call it too): the slots of a
    thread's posts (:func:`~unboiler.filters.units.keep_post_slots`) and the tail of the
    content's element (:func:`keep_tail`, when the element ``tree`` is given), then a
    kept list's ends (:func:`~unboiler.filters.units.keep_list_ends`) and its heading
    (:func:`~unboiler.filters.units.keep_list_heads`), and the same for a kept
    definition list's terms at :data:`~unboiler.filters.units.DEFINITION_END_FLOOR`
    (``definition_lists``: their items, or what gives them for the kept blocks), so that
    no rule's drop is undone; then the copies of kept text that the page hides in some
    layout (:func:`~unboiler.filters.repeats.layout_copies`; ``layout``: the blocks
    inside an element hidden so, or what gives them of some blocks), hidden copies of
    kept text, short copies of a kept heading above it, advertisements' labels, on a page
    of ``page_type`` "article" links to other stories (:mod:`unboiler.filters.repeats`,
    :mod:`unboiler.filters.adverts`, :mod:`unboiler.filters.read_also`), and last the
    text the page hides until a script shows it and no reader's click opens
    (:func:`~unboiler.filters.concealed.drop_concealed`; ``concealed``: those blocks, or
    what gives those of some blocks, asked for the kept ones), and the page's navigation
    (:func:`~unboiler.filters.navigation.drop_navigation`: its ``<nav>`` and menus, and
    the ``breadcrumbs``' blocks), and then a disclosure's question or heading over its
    panel left kept (``disclosures``: :func:`~unboiler.filters.units.keep_heads`).
    ``blocks``: the block features; ``texts(index)``: a block's text, read only where
    a rule needs it; ``lists``: the page's lists, or what gives them for the blocks
    kept when their rule runs (:func:`split_lists`); ``tables``: the blocks of each row
    of each table (:func:`~unboiler.filters.units.table_rows`), whose rows the tail's
    rule keeps whole or not at all, and whose gaps between kept rows are filled
    (:func:`~unboiler.filters.units.keep_table_gaps`) after the list's ends, then its
    ends as a list's (:func:`~unboiler.filters.units.keep_table_ends`), and whose
    first row kept alone is dropped (:func:`~unboiler.filters.units.drop_lone_heads`);
    ``places``: each table's blocks and the blocks beside it
    (:func:`~unboiler.filters.units.table_places`), a table dropped whole beside kept
    text being kept then (:func:`~unboiler.filters.units.keep_tables_beside_text`);
    ``described``: the blocks of a definition list's descriptions
    (:func:`described_blocks`), a field's value and no copy of a heading below it;
    ``units``: the decision units, each kept whole where the tail's rule keeps a block of
    it (:func:`whole_units_added`)."""
    keep = keep_post_slots(keep, probabilities, posts)
    _traced(trace, RULE_POST_SLOTS, keep)
    if tree is not None:
        rows = [row for table in tables for row in table if len(row) > 1]
        tail = keep_tail(keep, probabilities, blocks, words, tree, rows)
        keep = whole_units_added(keep, tail, units)
        _traced(trace, RULE_TAIL, keep)
    found_lists = lists(keep) if callable(lists) else lists
    keep = keep_list_ends(keep, probabilities, found_lists)
    _traced(trace, RULE_LIST_ENDS, keep)
    keep = keep_list_heads(keep, probabilities, found_lists, blocks[:, HEADING_COLUMN] > 0)
    _traced(trace, RULE_LIST_HEAD, keep)
    found_lists = definition_lists(keep) if callable(definition_lists) else definition_lists
    if found_lists:
        keep = keep_list_ends(keep, probabilities, found_lists, DEFINITION_END_FLOOR)
        _traced(trace, RULE_LIST_ENDS, keep)
        keep = keep_list_heads(keep, probabilities, found_lists, blocks[:, HEADING_COLUMN] > 0)
        _traced(trace, RULE_LIST_HEAD, keep)
    keep = keep_table_gaps(
        keep, probabilities, tables, words, words * blocks[:, LINK_DENSITY_COLUMN]
    )
    _traced(trace, RULE_TABLE_GAPS, keep)
    keep = keep_table_ends(
        keep, probabilities, tables, words, words * blocks[:, LINK_DENSITY_COLUMN]
    )
    _traced(trace, RULE_TABLE_ENDS, keep)
    keep = keep_tables_beside_text(
        keep, probabilities, places, words, words * blocks[:, LINK_DENSITY_COLUMN]
    )
    _traced(trace, RULE_TABLE_BESIDE, keep)
    keep = drop_lone_heads(keep, tables)
    _traced(trace, RULE_LONE_HEAD, keep)
    if layout is not None:
        keep = layout_copies(texts, words, keep, layout, code)
        _traced(trace, RULE_LAYOUT_COPY, keep)
    hidden = blocks[:, HIDDEN_COLUMN] > 0
    if (keep & hidden).any():  # the texts are read only when something hidden is kept
        keep = hidden_copies([texts(i) for i in range(len(keep))], words, keep, hidden, code)
        _traced(trace, RULE_HIDDEN_COPY, keep)
    headings = blocks[:, HEADING_COLUMN] > 0
    cells = marked(blocks, CELL_COLUMNS)
    keep = heading_copies(
        texts,
        words,
        keep,
        headings,
        lambda i: i in code or bool(cells[i]) or i in described,
        all_lists,
    )
    _traced(trace, RULE_HEADING_COPY, keep)
    boxed = headings | cells | marked(blocks, (LIST_ITEM_COLUMN,))
    keep = ad_labels(texts, words, keep, boxed)
    _traced(trace, RULE_AD_LABEL, keep)
    if page_type == "article":  # a question's or a manual's "Related:" is its own
        keep = read_also_links(texts, words, words * blocks[:, LINK_DENSITY_COLUMN], keep)
        _traced(trace, RULE_READ_ALSO, keep)
    if callable(concealed):
        concealed = concealed(np.flatnonzero(keep).tolist()) if keep.any() else ()
    keep = drop_concealed(keep, words, concealed)
    _traced(trace, RULE_CONCEALED, keep)
    navigation = blocks[:, NAV_COLUMN] > 0
    if breadcrumbs:
        navigation = navigation.copy()
        navigation[list(breadcrumbs)] = True
    keep = drop_navigation(keep, words, navigation)
    _traced(trace, RULE_NAVIGATION, keep)
    if disclosures:
        keep = keep_heads(keep, disclosures)
        _traced(trace, RULE_DISCLOSURE, keep)
    return keep


#: The column of whether a block is in a ``<blockquote>`` (its element or the two above),
#: as :func:`unboiler.filters.repeats.in_quotation` reads it from the page.
QUOTE_COLUMN: Final = block_feature_names().index("near_quote")


#: The class words (:data:`unboiler.classify.context.WORD_PIECES`) that make a table
#: the page's furniture, which is not kept for standing beside kept text
#: (:func:`furniture_table`).
FURNITURE_TABLE_WORDS: Final = (
    "w_cookie", "w_related", "w_share", "w_newsletter", "w_ad", "w_sidebar", "w_nav",
    "w_footer", "w_modal", "w_pagination", "w_account", "w_search", "w_tags",
)  # fmt: skip
_FURNITURE_TABLE_BITS: Final = sum(BIT[word] for word in FURNITURE_TABLE_WORDS)


def furniture_table(names: str) -> bool:
    """Whether a table's (or its wrapper's) ``class`` and ``id``, joined by a space,
    name the page's furniture (:data:`FURNITURE_TABLE_WORDS`): a cookie notice or
    related links laid out as a table, beside a post's kept paragraphs, are no part of
    it (review)."""
    return bool(word_flags(names) & _FURNITURE_TABLE_BITS)


def deciding_signals(document: TextDocument, *, spare: int = 0) -> PageSignals:
    """The features the default extractor decides ``document`` with
    (:func:`~unboiler.classify.signals.page_signals`, :func:`addressed`)."""
    return addressed(document, page_signals(document, spare=spare))


def addressed(document: TextDocument, signals: PageSignals) -> PageSignals:
    """``signals`` of ``document`` as the extractor decides with them: a page whose URL
    the caller did not give reads the address it declares in its place
    (:func:`~unboiler.classify.signals.with_address`); the same object otherwise."""
    if document.url is not None:
        return signals
    from unboiler.metadata.sources import declared_address

    return with_address(signals, declared_address(document.tree))


def check_favor(favor: str) -> None:
    """Refuse a ``favor`` mode the default extractor does not have."""
    if favor not in FAVOR_MODES:
        known = ", ".join(FAVOR_MODES)
        raise ExtractorOptionError(f"unknown favor mode {favor!r}; known: {known}")


@dataclass(frozen=True, eq=False, kw_only=True)
class DecideBlocks:
    """Filter: predict the page's type (:attr:`TextDocument.page_type`), then flag as
    content the blocks that maximise the page's expected F-beta of the ``favor`` mode
    and the page type (:func:`~unboiler.classify.default_model.favor_beta`,
    :func:`~unboiler.classify.default_model.choose_blocks`: none on a page where no
    block is likely content; the lines of one ``<pre>`` and the cells of one table row
    together, see :mod:`unboiler.filters.units`), then the rules right after the cut
    (:func:`after_the_cut`: a thread's posts' slots, the content's tail, a kept list's
    ends, layout copies, hidden copies, heading copies, ad labels, concealed text); each
    block keeps its own probability in :attr:`TextBlock.score`."""

    model: DefaultModel
    favor: str = "balanced"

    def __post_init__(self) -> None:
        check_favor(self.favor)

    def __call__(self, document: TextDocument) -> bool:
        if not document.blocks:  # no text: no type to tell (an empty page is no article)
            document.page_type = None
            return False
        page_type, probabilities, keep = self.decide(document)
        document.page_type = page_type
        changed = False
        for block, probability, content in zip(
            document.blocks, probabilities.tolist(), keep.tolist(), strict=True
        ):
            block.score = probability
            changed = block.set_content(content) | changed
        return changed

    def decide(
        self,
        document: TextDocument,
        trace: Trace | None = None,
        *,
        made: tuple[PageSignals, Decision] | None = None,
    ) -> tuple[str, npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """The page's type, its blocks' probabilities, and the blocks to keep, the
        document left as it is; ``trace``, when given, gets each step of the choice and
        what it kept (:func:`deciding_rules` reads it for an explanation).  ``made``: the
        page's features and the model's decision on them, when the caller has them (an
        explanation, which reads the model's rows too), so the model runs once."""
        if made is None:
            signals = deciding_signals(document, spare=self.model.spare_columns)
            decision = self.model.decide(signals)
        else:
            signals, decision = made
        probabilities = decision.probabilities
        page_type = declared_type(document, PAGE_TYPES[decision.page_type])
        blocks = document.blocks
        words = np.fromiter((block.num_words for block in blocks), np.float64, len(blocks))
        code, rows = decision_units(document)
        headings = signals.blocks[:, HEADING_COLUMN] > 0
        beta = favor_beta(self.favor, page_type)
        definitions = definition_groups(document)
        keep = choose_units(
            probabilities,
            words,
            beta,
            code,
            rows,
            headings=headings,
            wordless=wordless_lines(document),
            definitions=definitions,
            contents=contents_entries(document),
            chrome=chrome_words(signals.blocks, words),
            siblings=signals.parent[signals.owner],
            controls=lambda: control_labels(document),
            trace=trace,
        )
        tables = table_rows(document)
        keep = after_the_cut(
            keep,
            probabilities,
            signals.blocks,
            lambda index: blocks[index].text,
            words,
            {i for lines in code for i in lines},
            lambda kept: split_lists(document, kept, signals.blocks),
            post_slots(document),
            (signals.owner, signals.parent, signals.levels),
            lambda among: layout_hidden(blocks, among),
            lambda kept: concealed_blocks(document, kept),
            lambda: list_groups(document),
            trace,
            tables=tables,
            page_type=page_type,
            definition_lists=lambda kept: split_lists(
                document, kept, signals.blocks, definitions=True
            ),
            places=table_places(document, tables, furniture_table),
            described=described_blocks(definitions),
            breadcrumbs=breadcrumb_blocks(blocks, document.tree),
            units=rows,
            disclosures=disclosure_groups(document),
        )
        keep = keep_table_headers(keep, table_headers(document))
        _traced(trace, RULE_TABLE_HEADER, keep)
        return page_type, probabilities, keep


#: The schema.org types by which a page says it is a thread of posts: a question and its
#: answers (``QAPage``), a forum's discussion (``DiscussionForumPosting``).
THREAD_TYPES: Final = frozenset({"qapage", "discussionforumposting"})
#: The schema.org types of an article (:data:`~unboiler.classify.page_hints.SCHEMA_GROUPS`).
ARTICLE_TYPES: Final = frozenset(SCHEMA_GROUPS["article"])


def declared_thread(document: TextDocument) -> bool:
    """Whether the page's own JSON-LD (:func:`~unboiler.jsonld.page_objects`: not an
    object nested in another, an article's comments) says it is a thread
    (:data:`THREAD_TYPES`), and not an article too (a news page that lists its comment
    section's discussion beside its ``NewsArticle``)."""
    # a page whose scripts name no thread (most of the model's articles) is parsed no
    # further; one that does is read whole, its article in another script too
    named = page_objects(document, THREAD_TYPES)
    if not any(types_of(item) & THREAD_TYPES for item in named):
        return False
    kinds = {kind for item in page_objects(document) for kind in types_of(item)}
    return not kinds & ARTICLE_TYPES


def declared_type(document: TextDocument, predicted: str) -> str:
    """The page's type for the rules after the model: the ``predicted`` one, but a forum
    where the model says article and the page says it is a thread
    (:func:`declared_thread`).

    The page-type model reads the declaration among its features and weighs it against
    the page's look, and a thread whose opening post reads as an article came out as one:
    the rules then cut it as an article (F-beta 0.6, readers' comments left out) and
    dropped its answers (a newcomer's Japanese Q&A page kept 2 of its 4).  On the
    held-out run (``benchmarks/default_cv.py --load``): WCXB 0.886240 to 0.886703
    (forum 0.8181 to 0.8238: two forums of two domains, typed article, 0.475 to 0.958
    and 0.367 to 0.511; no other page changes), scrapinghub and readability unchanged.
    The features the model decided the blocks with are left as they were."""
    if predicted == "article" and declared_thread(document):
        return "forum"
    return predicted


def described_blocks(definitions: Sequence[Sequence[int]]) -> frozenset[int]:
    """The blocks of the descriptions of a definition list's terms (``definitions``:
    :func:`~unboiler.filters.units.definition_groups`, each term's blocks first): each
    group's blocks after its first (a term of two blocks, rare, has its second among
    them).

    A description is a field's value ("Module manager" / "Dr Karim Djemame"), which the
    heading-copies rule (:func:`~unboiler.filters.repeats.heading_copies`) took for the
    page's navigation when a heading below says the same: a newcomer's course page lost
    its module manager's name to the staff card's heading.  The terms stay under the
    rule (an accordion's headers in a ``<dl>`` copy the sections below it).  On the
    held-out run (``benchmarks/default_cv.py --load``): WCXB 0.886240 unchanged (one
    page moved by 0.0001), scrapinghub and readability unchanged; exempting the terms
    too gave 0.886233 (a service page's accordion headers, kept now beside the sections
    they copy)."""
    return frozenset(index for group in definitions for index in list(group)[1:])


def split_lists(
    document: TextDocument,
    keep: npt.NDArray[np.bool_],
    blocks: npt.NDArray[np.float32],
    *,
    definitions: bool = False,
) -> list[list[list[int]]]:
    """The page's lists (:func:`~unboiler.filters.units.list_groups`, or with
    ``definitions`` its definition lists, :func:`~unboiler.filters.units.
    definition_lists`) when some list item's block is kept and some is not, else none:
    only such a page has a list for :func:`~unboiler.filters.units.keep_list_ends` to
    mend, and walking every block's ancestors for its list cost about 2% of the
    extractor's time on WCXB pages, where most pages keep all or none of their list
    items.  The test reads the ``any_list_item`` (``any_definition``) feature, which
    every block of such a list has."""
    column = ANY_DEFINITION_COLUMN if definitions else ANY_LIST_ITEM_COLUMN
    items = marked(blocks, (column,))
    if (keep & items).any() and (~keep & items).any():
        return definition_lists(document) if definitions else list_groups(document)
    return []


def chrome_words(
    blocks: npt.NDArray[np.float32], words: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Each block's words when it lies in the page's navigation (:data:`CHROME_COLUMNS`
    of its ``blocks`` features), else 0."""
    if not len(words):
        return np.zeros(0)
    return np.where(marked(blocks, CHROME_COLUMNS), words, 0.0)


def model_choice(
    probabilities: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64],
    beta: float,
    code: Sequence[Sequence[int]] = (),
    rows: Sequence[Sequence[int]] = (),
    chrome: npt.NDArray[np.float64] | None = None,
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64]]:
    """The blocks the model's choice keeps, before any rule
    (:func:`~unboiler.classify.default_model.choose_blocks` of the probabilities with the
    lines of one ``<pre>`` and the cells of one table row pooled at the likeliest one's,
    :func:`~unboiler.filters.units.pool`), and those pooled probabilities: the page's cut
    is the least of them among the blocks kept (:func:`choose_units`, and what
    :func:`unboiler.explain.explain_extraction` shows)."""
    groups = [list(group) for group in code if len(group) > 1]
    groups += [list(group) for group in rows]
    pooled = pool(probabilities, groups)
    return choose_blocks(pooled, words, beta, chrome), pooled


def choose_units(
    probabilities: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64],
    beta: float,
    code: Sequence[Sequence[int]] = (),
    rows: Sequence[Sequence[int]] = (),
    *,
    headings: npt.NDArray[np.bool_] | None = None,
    wordless: Collection[int] = (),
    definitions: Sequence[Sequence[int]] = (),
    contents: Collection[int] = (),
    chrome: npt.NDArray[np.float64] | None = None,
    siblings: npt.NDArray[np.int64] | None = None,
    controls: Callable[[], Collection[int]] | Collection[int] = (),
    trace: Trace | None = None,
) -> npt.NDArray[np.bool_]:
    """The blocks to keep (:func:`~unboiler.classify.default_model.choose_blocks`), the
    lines of one ``<pre>`` (``code``) and the cells of one table row (``rows``) decided
    together at the likeliest one's probability, a likely ``<pre>`` kept, a likely
    heading kept with the content it opens, and what lies between kept blocks kept when
    it is likely, code, or lines without words of a paragraph (``wordless``), and a
    definition list's term with its descriptions when any of them is kept
    (``definitions``); the entries of the page's own table of contents left out
    (``contents``) (:mod:`unboiler.filters.units`); ``chrome``: each block's words
    when it lies in the page's navigation (:func:`chrome_words`); ``siblings``: each
    block's element's parent, and ``controls``: the page's button labels, or what gives
    them (:func:`~unboiler.filters.units.keep_enclosed`)."""
    keep, _ = model_choice(probabilities, words, beta, code, rows, chrome)
    _traced(trace, RULE_MODEL, keep)
    keep = keep_likely_preformatted(keep, probabilities, [list(group) for group in code])
    _traced(trace, RULE_PRE, keep)
    if headings is not None:
        keep = keep_likely_headings(keep, probabilities, headings)
        _traced(trace, RULE_HEADING, keep)
    code_lines = {index for group in code for index in group}
    keep = keep_enclosed(keep, probabilities, code_lines, wordless, siblings, controls)
    _traced(trace, RULE_ENCLOSED, keep)
    if definitions:
        keep = keep_whole(keep, definitions)
        _traced(trace, RULE_DEFINITION, keep)
    if contents:
        keep = keep.copy()
        keep[list(contents)] = False
        _traced(trace, RULE_CONTENTS, keep)
    return keep


#: The steps of a decision, each with the blocks it keeps (:func:`deciding_rules`).
Trace = list[tuple[str, npt.NDArray[np.bool_]]]
#: The name of the model's own choice in a :data:`Trace`, and of each rule after it, as
#: an explanation names the rule that kept or dropped a block.
RULE_MODEL: Final = "the model"
RULE_PRE: Final = "a likely <pre>, kept whole"
RULE_HEADING: Final = "a likely heading over kept text"
RULE_ENCLOSED: Final = "lines between kept ones"
RULE_DEFINITION: Final = "a definition's term with its descriptions"
RULE_DISCLOSURE: Final = "a disclosure's question or heading over its kept panel"
RULE_CONTENTS: Final = "an entry of the page's table of contents"
RULE_POST_SLOTS: Final = "a slot of a thread's posts, kept in the others"
RULE_TAIL: Final = "the tail of the content's element"
RULE_LIST_ENDS: Final = "the ends of a list mostly kept"
RULE_LIST_HEAD: Final = "the heading above a kept list"
RULE_TABLE_GAPS: Final = "a table's row between kept rows"
RULE_TABLE_ENDS: Final = "a row at the end of a mostly kept table"
RULE_LONE_HEAD: Final = "a table's first row, kept alone"
RULE_TABLE_BESIDE: Final = "a table beside kept text"
RULE_LAYOUT_COPY: Final = "a copy the page shows at another width"
RULE_HIDDEN_COPY: Final = "a hidden copy of kept text"
RULE_HEADING_COPY: Final = "a short copy of a heading below"
RULE_AD_LABEL: Final = "an advertisement's label"
RULE_READ_ALSO: Final = "a link to another story between the paragraphs"
RULE_CONCEALED: Final = "text hidden until a script shows it"
RULE_NAVIGATION: Final = (
    "in the page's navigation (<nav>, role navigation or menu, a breadcrumb trail)"
)
RULE_TABLE_HEADER: Final = "a table's header over kept rows"


def _traced(trace: Trace | None, rule: str, keep: npt.NDArray[np.bool_]) -> None:
    """Note in ``trace``, when one is kept, what ``rule`` left the blocks kept as."""
    if trace is not None:
        trace.append((rule, keep))


def deciding_rules(trace: Trace) -> list[str | None]:
    """For each block, the last step of a :data:`Trace` that changed whether it is kept
    (None where the model's choice stands): what an explanation names for a block kept
    below the page's cut or dropped above it."""
    if not trace:
        return []
    rules: list[str | None] = [None] * len(trace[0][1])
    before = trace[0][1]
    for rule, keep in trace[1:]:
        if keep is before:
            continue
        for index in np.flatnonzero(keep != before).tolist():
            rules[index] = rule
        before = keep
    return rules


def explain(
    document: TextDocument, model: DefaultModel, top: int = 3
) -> list[list[tuple[str, float]]]:
    """For each block of a document the default extractor has run on, the features that
    moved its score most (see :meth:`DefaultModel.explain`)."""
    return model.explain(model.decide_with_rows(deciding_signals(document))[1], top)


__all__ = [
    "ANY_DEFINITION_COLUMN",
    "ANY_LIST_ITEM_COLUMN",
    "ARTICLE_TYPES",
    "CELL_COLUMNS",
    "CHROME_COLUMNS",
    "FURNITURE_COLUMNS",
    "FURNITURE_TABLE_WORDS",
    "HEADING_COLUMN",
    "HIDDEN_COLUMN",
    "LINK_DENSITY_COLUMN",
    "LIST_ITEM_COLUMN",
    "NAV_COLUMN",
    "RULE_MODEL",
    "TAIL_FLOOR",
    "TAIL_MAX_LINK_DENSITY",
    "TAIL_SHARE",
    "THREAD_TYPES",
    "DecideBlocks",
    "Trace",
    "addressed",
    "after_the_cut",
    "check_favor",
    "choose_units",
    "chrome_words",
    "deciding_rules",
    "deciding_signals",
    "declared_thread",
    "declared_type",
    "described_blocks",
    "explain",
    "furniture_table",
    "keep_tail",
    "marked",
    "model_choice",
    "split_lists",
]
