"""The default extractor's rules right after the cut, in their order."""

from __future__ import annotations

import numpy as np

from unboiler.classify.decide import HEADING_COLUMN, LIST_ITEM_COLUMN, after_the_cut
from unboiler.classify.signals import block_feature_names


def test_a_kept_lists_ends_do_not_undo_a_later_rule() -> None:
    # a breadcrumb kept as a list (Home / Docs / Deploying), then the headline it copies:
    # the list rule would keep its last item, the heading rule leaves it out after it
    texts = ["Home", "Docs", "Deploying", "Deploying", "A paragraph " * 10]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    blocks = np.zeros((len(texts), len(block_feature_names())), dtype=np.float32)
    blocks[3, HEADING_COLUMN] = 1
    blocks[:3, LIST_ITEM_COLUMN] = 1
    probabilities = np.asarray([0.9, 0.9, 0.5, 0.9, 0.99])
    keep = np.asarray([True, True, False, True, True])
    lists = [[[0], [1], [2]]]
    kept = after_the_cut(keep, probabilities, blocks, texts.__getitem__, words, set(), lists)
    assert kept.tolist() == [True, True, False, True, True]


def test_a_definitions_value_is_no_copy_of_a_heading_below() -> None:
    # a course page's summary, "Module manager" / "Dr Karim Djemame", over the staff
    # cards whose heading is the same name: the value stays; a breadcrumb's copy goes
    from unboiler.classify.decide import described_blocks
    from unboiler.filters.units import definition_groups
    from unboiler.parse import parse

    doc = parse(
        "<p>Home</p><p>Distributed Systems</p>"
        "<dl><dt>Module manager</dt><dd>Dr Karim Djemame</dd></dl>"
        "<p>This module introduces the principles of systems whose parts coordinate "
        "only by passing messages, with a lab each week.</p>"
        "<h2>Distributed Systems</h2><h3>Dr Karim Djemame</h3><p>Office hours on Monday.</p>"
    )
    texts = [block.text for block in doc.blocks]
    words = np.asarray([len(text.split()) for text in texts], dtype=np.float64)
    blocks = np.zeros((len(texts), len(block_feature_names())), dtype=np.float32)
    for heading in ("Dr Karim Djemame", "Distributed Systems"):
        blocks[len(texts) - 1 - texts[::-1].index(heading), HEADING_COLUMN] = 1
    keep = np.ones(len(texts), dtype=bool)
    probabilities = np.full(len(texts), 0.9)
    described = described_blocks(definition_groups(doc))
    assert [texts[i] for i in described] == ["Dr Karim Djemame"]
    kept = after_the_cut(
        keep, probabilities, blocks, texts.__getitem__, words, set(), [], described=described
    )
    assert [text for text, on in zip(texts, kept, strict=True) if not on] == ["Distributed Systems"]
    kept = after_the_cut(keep, probabilities, blocks, texts.__getitem__, words, set(), [])
    assert [text for text, on in zip(texts, kept, strict=True) if not on] == [
        "Distributed Systems",
        "Dr Karim Djemame",
    ]


def test_a_pages_lists_are_walked_only_when_one_is_split() -> None:
    from unboiler.classify.decide import split_lists
    from unboiler.classify.signals import page_signals
    from unboiler.filters.units import list_groups
    from unboiler.parse import parse

    doc = parse(
        "<p>An opening paragraph of the page, long enough to be one.</p>"
        "<ul><li>Flour</li><li>Sugar</li><li><span><b>Salt</b></span></li></ul>"
        "<p>A closing paragraph.</p>"
    )
    blocks = page_signals(doc).blocks
    texts = [block.text for block in doc.blocks]
    items = [texts.index(text) for text in ("Flour", "Sugar", "Salt")]
    assert list_groups(doc) == [[[i] for i in items]]
    keep = np.ones(len(texts), dtype=np.bool_)
    assert split_lists(doc, keep, blocks) == []  # every item kept: nothing to mend
    assert split_lists(doc, ~keep, blocks) == []  # none kept
    keep[items[-1]] = False
    # one item dropped: the lists, every one of whose blocks the feature marks
    assert split_lists(doc, keep, blocks) == list_groups(doc)
    keep = np.zeros(len(texts), dtype=np.bool_)
    keep[items[0]] = True
    assert split_lists(doc, keep, blocks) == list_groups(doc)


def test_a_pages_definition_lists_are_walked_only_when_one_is_split() -> None:
    from unboiler.classify.decide import split_lists
    from unboiler.classify.signals import page_signals
    from unboiler.filters.units import definition_lists
    from unboiler.parse import parse

    doc = parse(
        "<p>An opening paragraph of the page, long enough to be one.</p>"
        "<dl><dt>Código</dt><dd>34512</dd><dt>Créditos</dt><dd>6</dd><dt>Curso</dt>"
        "<dd>Cuarto</dd></dl><ul><li>Flour</li><li>Sugar</li><li>Salt</li></ul>"
    )
    blocks = page_signals(doc).blocks
    texts = [block.text for block in doc.blocks]
    keep = np.ones(len(texts), dtype=np.bool_)
    keep[texts.index("Flour")] = False  # a list split, the definition list whole
    assert split_lists(doc, keep, blocks, definitions=True) == []
    keep[texts.index("34512")] = False
    found = split_lists(doc, keep, blocks, definitions=True)
    assert found == definition_lists(doc) and len(found[0]) == 3


def test_the_tail_of_the_contents_element_is_kept() -> None:
    from unboiler.classify.decide import TAIL_FLOOR, keep_tail
    from unboiler.classify.signals import page_signals
    from unboiler.parse import parse

    prose = "The council met on Tuesday and agreed to fund the new library. " * 3
    doc = parse(
        "<nav><a href='/'>Home</a></nav><main><article>"
        f"<p>{prose}</p><p>{prose}</p><p>{prose}</p><p>A correction was added on Monday.</p>"
        "<h3>Popular now</h3><p><a href='/x'>Another story entirely</a></p>"
        "<div class='newsletter-box'><p>Sign up for our daily newsletter today.</p></div>"
        "</article></main><p>A paragraph outside the article, after it.</p>"
    )
    signals = page_signals(doc)
    texts = [block.text for block in doc.blocks]
    words = np.asarray([block.num_words for block in doc.blocks], dtype=np.float64)
    tree = (signals.owner, signals.parent, signals.levels)
    keep = np.asarray([text.startswith("The council") for text in texts])
    probabilities = np.full(len(texts), TAIL_FLOOR + 0.05)
    kept = keep_tail(keep, probabilities, signals.blocks, words, tree)
    added = [text for text, was, now in zip(texts, keep, kept, strict=True) if now and not was]
    # the correction; not the heading, the link, the newsletter box or what lies outside
    assert added == ["A correction was added on Monday."]
    # not likely enough: nothing added
    low = np.full(len(texts), TAIL_FLOOR - 0.05)
    assert keep_tail(keep, low, signals.blocks, words, tree).tolist() == keep.tolist()


def test_a_link_between_two_blocks_of_the_tail_is_kept() -> None:
    # a product's questions: the second question, a link to its page, between its votes
    # and its answer, which the tail keeps; a link after the tail's last block is not
    from unboiler.classify.decide import TAIL_FLOOR, keep_tail
    from unboiler.classify.signals import page_signals
    from unboiler.parse import parse

    prose = "The grinder has a conical burr of hardened steel and thirty-one settings. " * 3
    doc = parse(
        f"<main><article><p>{prose}</p><p>{prose}</p><p>{prose}</p>"
        "<div><p>6 votes</p><p><a href='/ask/q2'>How loud is the grinder?</a></p>"
        "<p>About as loud as a hair dryer, but it only runs for fifteen seconds.</p>"
        "<p><a href='/ask'>See more answered questions</a></p></div></article></main>"
    )
    signals = page_signals(doc)
    texts = [block.text for block in doc.blocks]
    words = np.asarray([block.num_words for block in doc.blocks], dtype=np.float64)
    tree = (signals.owner, signals.parent, signals.levels)
    keep = np.asarray([text.startswith("The grinder") for text in texts])
    probabilities = np.full(len(texts), TAIL_FLOOR + 0.05)
    kept = keep_tail(keep, probabilities, signals.blocks, words, tree)
    added = [text for text, was, now in zip(texts, keep, kept, strict=True) if now and not was]
    assert added == [
        "6 votes",
        "How loud is the grinder?",
        "About as loud as a hair dryer, but it only runs for fifteen seconds.",
    ]


def test_the_tail_keeps_a_table_row_whole_or_not_at_all() -> None:
    # a wiki's navigation box under the article: each group's label has no link and
    # passes the tail's tests, its list of links beside it does not; a row of a table
    # of figures after the text, all of whose cells pass, is kept
    from unboiler.classify.decide import TAIL_FLOOR, keep_tail
    from unboiler.classify.signals import page_signals
    from unboiler.filters.units import table_rows
    from unboiler.parse import parse

    prose = "The witcher school trained its pupils in the old keep for many years. " * 3
    links = " • ".join(f"<a href='/wiki/{name}'>{name}</a>" for name in ("Geralt", "Vesemir"))
    doc = parse(
        f"<main><article><p>{prose}</p><p>{prose}</p><p>{prose}</p><table>"
        "<tr><td>Founded in the year</td><td>1050 by the first masters</td></tr>"
        f"<tr><th>School of the Wolf</th><td>{links}</td></tr>"
        "</table></article></main>"
    )
    signals = page_signals(doc)
    texts = [block.text for block in doc.blocks]
    words = np.asarray([block.num_words for block in doc.blocks], dtype=np.float64)
    tree = (signals.owner, signals.parent, signals.levels)
    keep = np.asarray([text.startswith("The witcher") for text in texts])
    probabilities = np.full(len(texts), TAIL_FLOOR + 0.05)
    rows = [row for table in table_rows(doc) for row in table if len(row) > 1]
    assert len(rows) == 2, "the table's rows"
    kept = keep_tail(keep, probabilities, signals.blocks, words, tree, rows)
    added = [text for text, was, now in zip(texts, keep, kept, strict=True) if now and not was]
    assert added == ["Founded in the year", "1050 by the first masters"]
    # without the rows, the label alone came along
    alone = keep_tail(keep, probabilities, signals.blocks, words, tree)
    assert "School of the Wolf" in [t for t, k in zip(texts, alone, strict=True) if k]


def test_the_tail_keeps_a_lines_correction_though_its_link_line_stays_out() -> None:
    # only a table's rows are kept whole or not at all by the tail's rule: a correction
    # and the link to the policy on the line after it (one <p>, a decision unit of its
    # lines) keeps the correction (and, given the units, its paragraph's other lines)
    from unboiler.classify.decide import TAIL_FLOOR
    from unboiler.classify.signals import page_signals
    from unboiler.filters.units import table_rows
    from unboiler.parse import parse

    prose = "The council met on Tuesday and agreed to fund the new library. " * 3
    doc = parse(
        f"<main><article><p>{prose}</p><p>{prose}</p><p>{prose}</p><p>Correction: the"
        " vote was on Tuesday, not Monday.<br><a href='/corrections'>Read our corrections"
        " policy</a></p></article></main>"
    )
    signals = page_signals(doc)
    texts = [block.text for block in doc.blocks]
    words = np.asarray([block.num_words for block in doc.blocks], dtype=np.float64)
    keep = np.asarray([text.startswith("The council") for text in texts])
    probabilities = np.full(len(texts), TAIL_FLOOR + 0.05)
    kept = after_the_cut(
        keep, probabilities, signals.blocks, texts.__getitem__, words, set(), [], (),
        (signals.owner, signals.parent, signals.levels), tables=table_rows(doc),
    )  # fmt: skip
    added = [text for text, was, now in zip(texts, keep, kept, strict=True) if now and not was]
    assert added == ["Correction: the vote was on Tuesday, not Monday."]


def test_a_unit_the_tail_keeps_a_block_of_is_kept_whole() -> None:
    # a course page's contact box, three lines of one <p>: the tail's rule kept the
    # first and not the address and telephone on the lines after it
    from unboiler.classify.decide import TAIL_FLOOR, whole_units_added
    from unboiler.classify.signals import page_signals
    from unboiler.filters.units import decision_units, table_rows
    from unboiler.parse import parse

    prose = "The course gives a grounding in relational databases and their design. " * 3
    doc = parse(
        f"<main><div><p>{prose}</p><p>{prose}</p><p>{prose}</p><p><b>Teacher:</b> Karin"
        " Lindqvist, lecturer<br>Phone: 018-471 00 00<br>Mail: <a href='mailto:k@uu.se'>"
        "k@uu.se</a></p></div></main>"
    )
    signals = page_signals(doc)
    texts = [block.text for block in doc.blocks]
    words = np.asarray([block.num_words for block in doc.blocks], dtype=np.float64)
    keep = np.asarray([text.startswith("The course") for text in texts])
    probabilities = np.full(len(texts), TAIL_FLOOR + 0.05)
    _, units = decision_units(doc)

    def added(**kwargs: object) -> list[str]:
        kept = after_the_cut(
            keep, probabilities, signals.blocks, texts.__getitem__, words, set(), [], (),
            (signals.owner, signals.parent, signals.levels), tables=table_rows(doc),
            **kwargs,  # type: ignore[arg-type]
        )  # fmt: skip
        return [text for text, was, now in zip(texts, keep, kept, strict=True) if now and not was]

    assert added(units=units) == [
        "Teacher: Karin Lindqvist, lecturer", "Phone: 018-471 00 00", "Mail: k@uu.se",
    ]  # fmt: skip
    # without them, the line with the address's link, the box's last, was left out
    # (between two of the tail's lines it is kept: a link inside the tail)
    assert added() == ["Teacher: Karin Lindqvist, lecturer", "Phone: 018-471 00 00"]
    # nothing added, nothing changed
    assert whole_units_added(keep, keep, units) is keep


def test_the_lists_are_split_as_the_rules_before_them_leave_them() -> None:
    # the tail rule keeps three items of a list nothing of which was kept at the cut:
    # the extractor, which walks lists only when one is split, must then mend it as the
    # held-out scoring does with every list
    from unboiler.classify.decide import split_lists
    from unboiler.classify.signals import page_signals
    from unboiler.filters.units import list_groups
    from unboiler.parse import parse

    prose = "The council met on Tuesday and agreed to fund the new library. " * 3
    doc = parse(
        f"<main><article><p>{prose}</p><p>{prose}</p><p>{prose}</p><ul>"
        "<li>First step of the plan is here</li><li>Second step of the plan is here</li>"
        "<li>Third step of the plan is here</li><li><a href='/x'>Fourth step link</a></li>"
        "</ul></article></main>"
    )
    signals = page_signals(doc)
    texts = [block.text for block in doc.blocks]
    words = np.asarray([block.num_words for block in doc.blocks], dtype=np.float64)
    keep = np.asarray([text.startswith("The council") for text in texts])
    likely = {True: 0.9, False: 0.35}
    probabilities = np.asarray(
        [
            0.45 if "step of" in text else likely[bool(kept)]
            for kept, text in zip(keep, texts, strict=True)
        ]
    )
    tree = (signals.owner, signals.parent, signals.levels)
    lazily = after_the_cut(
        keep, probabilities, signals.blocks, texts.__getitem__, words, set(),
        lambda kept: split_lists(doc, kept, signals.blocks), (), tree,
    )  # fmt: skip
    every = after_the_cut(
        keep, probabilities, signals.blocks, texts.__getitem__, words, set(),
        list_groups(doc), (), tree,
    )  # fmt: skip
    assert lazily.tolist() == every.tolist()
    assert "Fourth step link" in [text for text, kept in zip(texts, every, strict=True) if kept]


def test_a_page_that_says_it_is_a_thread_is_no_article() -> None:
    # a Q&A page's QAPage, a forum's DiscussionForumPosting in an @graph: the rules read
    # a forum where the model said article; an article's comments marked up as
    # discussions, nested in it, say nothing of the page; other types stay as predicted
    from unboiler.classify.decide import declared_type
    from unboiler.parse import parse

    def page(data: str) -> str:
        return (
            f"<html><head><script type='application/ld+json'>{data}</script></head>"
            "<body><p>The opening post of the page, with words enough.</p></body></html>"
        )

    qa = page('{"@context": "https://schema.org", "@type": "QAPage", "mainEntity": {}}')
    graph = page('{"@graph": [{"@type": "WebSite"}, {"@type": "DiscussionForumPosting"}]}')
    listed = page('[{"@type": "BreadcrumbList"}, {"@type": ["DiscussionForumPosting"]}]')
    nested = page('{"@type": "NewsArticle", "comment": [{"@type": "DiscussionForumPosting"}]}')
    for html in (qa, graph, listed):
        assert declared_type(parse(html), "article") == "forum", html
        assert declared_type(parse(html), "product") == "product"
    assert declared_type(parse(nested), "article") == "article"
    # an article declared in a script of its own vetoes the thread all the same
    two = page('{"@type": "NewsArticle"}').replace(
        "</head>", '<script type=\'application/ld+json\'>{"@type": "QAPage"}</script></head>'
    )
    assert two.count("ld+json") == 2
    assert declared_type(parse(two), "article") == "article"
    assert declared_type(parse(page("{not json")), "article") == "article"
