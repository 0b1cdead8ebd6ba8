"""The shared tag tables: every walk of the page reads the same ones, and the parser does
what the tables say."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser

import unboiler
from unboiler import tags
from unboiler.filters import density
from unboiler.filters.justext import paragraphs
from unboiler.output import dom as output_dom

VOID = {"img", "wbr", "source", "track"}  # no content to hold text


def test_every_walk_reads_the_shared_tables() -> None:
    assert density.INLINE_TAGS is tags.INLINE_TAGS
    assert paragraphs.INLINE_TAGS is tags.INLINE_TAGS
    assert output_dom.BLOCK_INLINE_TAGS is tags.INLINE_TAGS
    assert output_dom.IGNORED_TAGS is tags.IGNORED_TAGS
    assert {"picture", "source", "track", "rb", "rp", "rt", "rtc", "ruby"} <= tags.INLINE_TAGS
    assert not tags.INLINE_TAGS & tags.IGNORED_TAGS


@pytest.mark.parametrize("tag", sorted(tags.INLINE_TAGS - VOID))
def test_an_inline_element_does_not_cut_the_block(tag: str) -> None:
    document = unboiler.parse(f"<p>one <{tag}>two</{tag}> three</p>")
    assert [block.text.split() for block in document.blocks] == [["one", "two", "three"]]


@pytest.mark.parametrize("tag", sorted(tags.IGNORED_TAGS - {"noscript", "embed", "link"}))
def test_an_ignored_element_shows_no_text(tag: str) -> None:
    document = unboiler.parse(f"<div>before</div><{tag}>hidden</{tag}><div>after</div>")
    assert "hidden" not in " ".join(block.text for block in document.blocks)


def test_a_block_element_cuts_the_block() -> None:
    document = unboiler.parse("<p>one <div>two</div> three</p>")
    assert [block.text for block in document.blocks] == ["one", "two", "three"]


def test_lexbor_tag_ids_tell_elements_apart() -> None:
    ids, text_id, comment_id = tags.lexbor_tag_ids(["p", "td", "option", "custom-thing"])
    assert len({ids["p"], ids["td"], ids["option"], text_id, comment_id}) == 5
    document = unboiler.parse("<p>x</p>")
    assert document.tree is not None
    paragraph = document.tree.css_first("p")
    assert paragraph is not None and paragraph.tag_id == ids["p"]


def test_in_heading_looks_a_given_number_of_levels_up() -> None:
    from selectolax.lexbor import LexborHTMLParser

    from unboiler.tags import in_heading

    tree = LexborHTMLParser(
        "<h3><span><em><button>Q</button></em></span></h3><p><button>P</button></p>"
    )
    deep, shallow = tree.css("button")
    assert in_heading(deep, 3) and not in_heading(deep, 2)
    assert not in_heading(shallow, 5)


def test_same_node_tells_handles_of_one_node_apart_from_others() -> None:
    from selectolax.lexbor import LexborHTMLParser

    from unboiler.tags import same_node

    tree = LexborHTMLParser("<article><p>a</p><p>a</p></article>")
    first, second = tree.css("p")
    assert same_node(first, tree.css_first("p"))  # two handles, one node
    assert not same_node(first, second)  # same HTML, two nodes
    assert same_node(None, None) and not same_node(first, None)


@pytest.mark.parametrize(
    "element",
    [
        '<div class="d-none d-md-block">',  # Bootstrap 4-5: shown from the md width on
        '<div class="d-lg-none">',  # Bootstrap 4-5: hidden from the lg width on
        '<div class="md:hidden">',  # Tailwind: hidden from the md width on
        '<div class="max-lg:hidden">',
        '<div aria-hidden=" TRUE ">',
        '<div class="hidden-xs">',  # Bootstrap 3
        '<div class="ssr-variant hidden-12t0irv">',  # Framer: one layout's copy
        '<div class="layout__gated w-condition-invisible">',  # Webflow's CMS condition
        '<main class="post-main Hide">',
        '<div class="is-hidden-mobile">',  # Bulma
        "<div hidden>",
        '<div aria-hidden="true">',
        '<div style="DISPLAY: None">',
        '<div style="visibility:hidden">',
        "<dialog>",  # closed: no box until a script opens it
    ],
)
def test_an_element_hidden_in_some_layout_is_told(element: str) -> None:
    tag = element[1:].split(" ")[0].split(">")[0]
    tree = LexborHTMLParser(f"<body>{element}<p>Text</p></{tag}></body>")
    assert tags.hides_in_some_layout(tree.css_first("p").parent)


@pytest.mark.parametrize(
    "element",
    [
        '<div class="card">',
        "<dialog open>",
        '<div class="overflow-hidden">',  # clips its content, hides nothing
        '<div class="hidden-print">',  # Bootstrap 3: hidden on paper only
        '<div class="print:hidden">',  # Tailwind's, the same
        '<div class="group-hover:hidden">',  # hidden while a pointer is over it
        '<div class="d-print-none">',
        '<div class="no-none">',
        '<div style="display: block">',
        '<div aria-hidden="false">',
        # a tab's panel is hidden until its tab is picked: its text is the tab's own,
        # never a copy (the same note under each language's tab)
        '<div role="tabpanel" hidden>',
    ],
)
def test_an_element_shown_in_every_layout_is_told(element: str) -> None:
    tag = element[1:].split(" ")[0].split(">")[0]
    tree = LexborHTMLParser(f"<body>{element}<p>Text</p></{tag}></body>")
    assert not tags.hides_in_some_layout(tree.css_first("p").parent)


@pytest.mark.parametrize(
    ("classes", "clone"),
    [
        ("slick-slide slick-cloned", True),
        ("swiper-slide swiper-slide-duplicate", True),
        ("splide__slide splide__slide--clone", True),
        ("owl-item cloned", True),
        ("cloned", False),  # not Owl's: a word of the page's own
        ("slick-slide slick-active", False),
        ("clone-army-review", False),
    ],
)
def test_a_carousels_copy_of_a_slide_is_told(classes: str, clone: bool) -> None:
    tree = LexborHTMLParser(f'<body><div class="{classes}"><p>Text</p></div></body>')
    assert tags.is_carousel_clone(tree.css_first("p").parent) is clone


@pytest.mark.parametrize(
    ("classes", "widths"),
    [
        ("d-none d-md-inline", (False, False, True, True, True, True)),
        ("d-lg-none", (True, True, True, False, False, False)),
        # Tailwind's variants in any order: the narrower applies first
        ("md:hidden sm:inline hidden", (False, True, False, False, False, False)),
        ("hidden-xs hidden-sm", (False, False, False, True, True, True)),  # Bootstrap 3
        ("d-inline font-bold", None),  # shown at every width
        ("print:hidden", None),  # no width of the screen
        # a site's own classes for phones and for wider screens
        ("price onlySmall", (True, True, False, False, False, False)),
        ("mobile_only", (True, True, False, False, False, False)),
        ("desktop-only", (False, False, True, True, True, True)),
        ("visible-lg", (False, False, False, False, True, True)),  # Bootstrap 3
        ("visible-xs-block visible-sm-block", (True, True, True, False, False, False)),
        ("btn-only-icon", None),  # "only" in a name that says no width
    ],
)
def test_the_widths_a_layout_class_shows_an_element_at(
    classes: str, widths: tuple[bool, ...] | None
) -> None:
    assert tags.layout_widths(classes) == widths


def test_layout_alternatives_are_the_siblings_a_wider_one_replaces() -> None:
    root = LexborHTMLParser(
        "<h1><span class='d-md-none'>Trams are back</span>"
        "<span class='d-none d-md-inline'>The quiet comeback of the tram</span></h1>"
        "<p>Free<span class='d-none d-md-inline'> shipping</span>"
        "<span class='d-none d-lg-inline'> today</span></p>"
    )
    replaced = tags.layout_alternatives(root)
    assert [element.text() for element in replaced] == ["Trams are back"]


@pytest.mark.parametrize(
    ("html", "block"),
    [
        ("<p>Run <code>ls -l</code> here</p>", False),  # a sentence's code
        ("<div><code>a = 1<br>b = 2</code>After.</div>", True),  # SMF's code
        ("<p><code><span>a = 1</span><br>b = 2</code></p>", True),
        ("<pre><code>a = 1<br>b = 2</code></pre>", False),  # the <pre>'s own
        ("<pre><span><code>a = 1<br>b = 2</code></span></pre>", False),
        ("<p>See <a href='/d'><code>one<br>two</code></a>.</p>", False),  # a link's words
        ("<p>Run <code>pip install x<br></code> now</p>", False),  # one line
        ("<p><code><br>a = 1<br><br></code></p>", False),
    ],
)
def test_a_code_element_of_lines_outside_pre_is_a_block(html: str, block: bool) -> None:
    code = LexborHTMLParser(html).css_first("code")
    assert tags.is_code_block(code) is block


def test_a_post_numbered_by_its_id_has_a_sibling_numbered_alike() -> None:
    tree = LexborHTMLParser(
        '<div id="a"><div id="post_5012345"></div><div id="post_5012346"></div>'
        '<div id="post_5012346_ad"></div></div>'
        '<ul id="b"><li id="li-comment-7"></li><li id="li-comment-8"></li></ul>'
        '<ul id="c"><li id="menu-item-7"></li><li id="menu-item-8"></li></ul>'
        '<ul id="d"><li id="post_1"></li><li id="step_2"></li><p id="post_2"></p></ul>'
    )
    numbered = {
        element.attributes["id"] for element in tree.css("[id]") if tags.numbered_post(element)
    }
    assert numbered == {"post_5012345", "post_5012346", "li-comment-7", "li-comment-8"}


def test_a_post_is_named_by_a_class_or_by_its_last_part() -> None:
    # phpBB's "post"; Bugzilla's "bz_comment", a forum's "topic-post": each beside
    # another of its tag and class; a class that only begins with the word ("post-body"),
    # or a post's class alone, names none
    tree = LexborHTMLParser(
        '<div id="a"><div class="post bg1"></div><div class="post bg2"></div></div>'
        '<div id="b"><div class="bz_comment"></div><div class="bz_comment"></div></div>'
        '<div id="c"><div class="topic-post"></div><div class="topic-post"></div></div>'
        '<div id="d"><div class="post-body"></div><div class="post-body"></div></div>'
        '<div id="e"><div class="forum-reply"></div><p class="forum-reply"></p></div>'
    )
    found = {
        (element.parent.attributes["id"], element.attributes["class"])
        for element in tree.css(tags.POST_SELECTOR)
        if tags.is_post(element)
    }
    assert found == {
        ("a", "post bg1"),
        ("a", "post bg2"),
        ("b", "bz_comment"),
        ("c", "topic-post"),
    }


def test_a_comment_a_few_wrappers_deep_stands_for_its_wrapper() -> None:
    # a timeline's items are the siblings, each comment three wrappers down; an event
    # without a comment is an item too; two items are no run, nor are wrappers of
    # another class, nor a comment deeper than the levels looked through, nor cards
    # whose class names a post in a BEM modifier only, nor boxes of two comments each
    # (sections of comments, not posts)
    def item(n: int, depth: int = 3, cls: str = "item") -> str:
        inner = f'<div class="timeline-comment" id="c{n}"><p>Comment {n}.</p></div>'
        for _ in range(depth - 1):
            inner = f"<div><span>{n}</span>{inner}</div>"
        return f'<div class="{cls}">{inner}</div>'

    events = '<div class="item"><p>added a label</p></div>'
    tree = LexborHTMLParser(
        f'<main id="a">{item(1)}{events}{item(2)}{item(3)}</main>'
        f'<main id="b">{item(4)}{item(5)}</main>'
        f'<main id="c">{item(6)}{item(7, cls="other")}{item(8, cls="odd")}</main>'
        + "<main id='d'>"
        + "".join(item(n, depth=tags.WRAPPED_POST_LEVELS + 1) for n in (9, 10, 11))
        + "</main>"
        + "<main id='e'>"
        + "".join(
            f"<div class='card'><img src='{n}.jpg'><div class='price price--with-message' "
            f"id='p{n}'>$9</div></div>"
            for n in range(3)
        )
        + "</main>"
        + "<main id='f'>"
        + "".join(
            f"<div class='box'><div class='timeline-comment' id='s{n}a'><p>One.</p></div>"
            f"<span>and</span><div class='timeline-comment' id='s{n}b'><p>Two.</p></div></div>"
            for n in range(3)
        )
        + "</main>"
    )
    comments = tree.css(".timeline-comment, .price")
    assert not any(tags.is_post(element) for element in comments)
    wrapped = tags.wrapped_posts(comments)
    found = {
        element.attributes["id"]: wrapped[element.mem_id]
        for element in comments
        if element.mem_id in wrapped
    }
    assert sorted(found) == ["c1", "c2", "c3"]
    for wrapper in found.values():
        assert wrapper.attributes.get("class") == "item"
        assert wrapper.parent.attributes["id"] == "a"


def test_a_post_in_a_wrapper_of_its_own_is_one_of_a_run() -> None:
    # Telegram's channel page: each message alone in its wrapper, the wrappers alike; a
    # wrapper that holds more, or a lone message, makes none
    tree = LexborHTMLParser(
        '<section id="a"><div class="wrap"><div class="tg_message" id="m1"></div></div>'
        '<div class="wrap"> <div class="tg_message" id="m2"></div> </div></section>'
        '<section id="b"><div class="wrap"><div class="tg_message" id="m3"></div>'
        '<span>views</span></div><div class="wrap"><div class="tg_message" id="m4"></div>'
        "</div></section>"
        '<section id="c"><div class="wrap"><div class="tg_message" id="m5"></div></div>'
        '<div class="wrap"><p class="tg_message" id="m6"></p></div></section>'
    )
    found = {
        element.attributes["id"] for element in tree.css(".tg_message") if tags.is_post(element)
    }
    assert found == {"m1", "m2"}
