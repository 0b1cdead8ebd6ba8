"""Who wrote the page when forum software, search forms, roles and tag links surround
the name; JSON-LD ``creator`` against the byline; usernames.  Pages written here."""

from __future__ import annotations

import json

import pytest

from unboiler.metadata import extract_metadata
from unboiler.metadata.author import byline_name, clean_author
from unboiler.parse import parse

RUNNING_TEXT = (
    "<p>I have had a twitch in my left hand for three weeks now and my grip feels weaker "
    "when I open jars, so I wonder whether anyone here noticed the same thing before "
    "their diagnosis and what the doctors said.</p>"
)


def author_of(head: str = "", body: str = "") -> str | None:
    html = f"<html><head>{head}</head><body>{body}</body></html>"
    return extract_metadata(parse(html)).author


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


def test_usernames_keep_their_digits_but_numbers_are_no_names() -> None:
    assert clean_author("lulug30") == "lulug30"
    assert clean_author("user3080392") == "user3080392"
    assert clean_author("March 5 2024") is None
    posting = ld(
        {"@type": "DiscussionForumPosting", "author": {"@type": "Person", "name": "lulug30"}}
    )
    assert author_of(posting, f"<h1>Early symptoms</h1>{RUNNING_TEXT}") == "lulug30"


def test_byline_wins_over_a_json_ld_creator() -> None:
    creator = ld({"@type": "NewsArticle", "creator": "CC7567"})
    body = f"<h1>The new trailer</h1><p>By James Akinaka</p>{RUNNING_TEXT}"
    assert author_of(creator, body) == "James Akinaka"
    assert author_of(creator, f"<h1>The new trailer</h1>{RUNNING_TEXT}") == "CC7567"


def test_thread_starter_names_a_username() -> None:
    body = "<h1>Early symptoms</h1><p>Thread starter sean_g</p><p>Start date Feb 25, 2024</p>"
    assert author_of(body=body + RUNNING_TEXT) == "sean_g"
    split = "<h1>Early symptoms</h1><p>Thread starter</p><p>ridwan123</p>"
    assert author_of(body=split + RUNNING_TEXT) == "ridwan123"


def test_search_form_label_is_no_byline() -> None:
    body = (
        "<h1>Early symptoms</h1>"
        "<form action='/search'><p>By:</p><p>Search</p></form>"
        f"<p>Thread starter SamuelMIz</p>{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "SamuelMIz"


def test_label_followed_by_a_label_is_no_name() -> None:
    body = f"<h1>Early symptoms</h1><p>By:</p><p>Words:</p>{RUNNING_TEXT}"
    assert author_of(body=body) is None


@pytest.mark.parametrize(
    "heading",
    [
        "Author Topic: Tomatoes crack after rain (Read 1843 times)",
        "Автор Тема: Томаты трескаются после дождя (Прочитано 1843 раз)",
    ],
)
def test_a_thread_s_column_headings_are_no_byline(heading: str) -> None:
    # SMF writes "Author" and "Topic" as the heads of a thread's two columns, then the
    # topic: "Topic" (Russian "Тема") was taken for the author's name
    body = f"<h1>Tomatoes</h1><p>{heading}</p>{RUNNING_TEXT}"
    assert author_of(body=body) is None


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("By Jane Doe: a review", "Jane Doe"),
        ("Von Max Mustermann: Kommentar", "Max Mustermann"),
        ("Par Jean Dupont : analyse", "Jean Dupont"),
        ("By Jane Doe Updated: May 5, 2024", "Jane Doe"),
        ("记者 张三：北京报道", "张三"),
    ],
)
def test_a_colon_after_a_bylines_name_keeps_the_name(line: str, name: str) -> None:
    # the column headings' rule is for "Author" and one word before the colon: a first
    # version took every byline followed by a colon for a label
    assert byline_name(line) == name


def test_forum_username_element_is_read_last() -> None:
    body = (
        "<h1>Turning off all LEDs</h1>"
        '<p class="author"><a href="./viewtopic.php?p=1">Sun Dec 17, 2023 11:23 am</a></p>'
        f'<dl><dt><a class="username" href="./memberlist.php?u=4">b.scherer</a></dt></dl>'
        f"{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "b.scherer"


def test_a_thread_starters_lower_case_username_is_the_author() -> None:
    # phpBB's prosilver: each post's "Post autor: name » date" line; the first post's
    # member wrote their name in lower case, a reply's in upper case, and the reply's
    # was taken
    def post(name: str, text: str) -> str:
        return (
            '<div class="post"><p class="author"><a href="./viewtopic.php?p=1">'
            '<span class="sr-only">Post</span></a> <span>autor: <strong>'
            f'<a href="./memberlist.php?u=8" class="username">{name}</a></strong> » </span>'
            f'<time datetime="2024-01-22T19:14:05">22 sty 2024</time></p>{text}</div>'
        )

    body = (
        "<h1>Kocioł gazowy taktuje</h1>"
        + post("tomek_z_lodzi", RUNNING_TEXT)
        + post("Marek_instalator", RUNNING_TEXT.replace("twitch", "tremor"))
    )
    assert author_of(body=body) == "tomek_z_lodzi"


def test_an_affiliations_mark_is_no_part_of_the_name() -> None:
    body = (
        f'<h1>Caffeine and sleep</h1><div class="author">Jane Doe<sup>1</sup></div>{RUNNING_TEXT}'
    )
    assert author_of(body=body) == "Jane Doe"


def test_name_element_bounds_a_name_run_into_its_role() -> None:
    body = (
        "<h1>How we keep pests out of the garden</h1>"
        '<div class="author-line">Written By: <a href="/author/celeste-longacre">'
        "Celeste Longacre</a> Gardener &amp; Astrologer</div>"
        f"{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "Celeste Longacre"


def test_a_link_to_one_author_in_a_line_of_several_names_them_all() -> None:
    """The byline links its first author's page and names a co-author beside it: the
    names are the line's, in the block's byline and in the marked element alike."""
    body = (
        "<h1>Neues Gesetz beschlossen</h1>"
        '<div class="meta">Von <a rel="author" href="/autor/anna">Anna Schmidt</a> und '
        "Peter Meier | Veröffentlicht am 12.03.2024</div>"
        f"{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "Anna Schmidt und Peter Meier"
    from unboiler.metadata.author import marked_author
    from unboiler.parse import parse

    tree = parse(
        "<p>Words.</p><span>By <a rel='author' href='/a/mo'>Man Yue Mo</a> &amp; Peter "
        "Stöckli</span>"
    ).tree
    assert marked_author(tree) == "Man Yue Mo & Peter Stöckli"


def test_tag_links_between_by_and_the_name_are_skipped() -> None:
    body = (
        "<h1>Your wedding checklist</h1><p>By</p>"
        '<p><a rel="category tag" href="/c/1">Wedding Checklists</a> '
        '<a rel="category tag" href="/c/2">Just Engaged</a></p>'
        f"<p>Naoise McNally</p>{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "Naoise McNally"


def test_authored_by_is_a_byline() -> None:
    body = f"<h1>Office chairs</h1><p>Authored by: Dr. Ehsan Jazini</p>{RUNNING_TEXT}"
    assert author_of(body=body) == "Dr. Ehsan Jazini"


def test_marked_elements_inside_forms_are_no_bylines() -> None:
    body = (
        '<form action="/search"><label class="author-filter">Filter Posts</label></form>'
        f"<h1>Early symptoms</h1>{RUNNING_TEXT}"
        '<footer><span class="post-author">Ana Ruiz</span></footer>'
    )
    assert author_of(body=body) == "Ana Ruiz"


def test_a_microformat_cards_name_is_read_before_the_account_beside_it() -> None:
    # Mastodon: the display name and the account, in one element of a "name" class,
    # written without a space between them
    body = (
        "<h1>A thread</h1><a class='detailed-status__display-name p-author h-card'"
        " href='https://hachyderm.io/@dana'><span class='display-name'><bdi><strong"
        " class='display-name__html p-name'>Dana Okafor</strong></bdi><span"
        " class='display-name__account'>@dana@hachyderm.io</span></span></a>"
        f"{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "Dana Okafor"


def test_a_contact_after_the_name_is_left_out() -> None:
    assert clean_author("Vinay Sajip <vinay_sajip at red-dove dot com>") == "Vinay Sajip"
    assert clean_author("Jane Doe (jane@example.org)") == "Jane Doe"
    assert clean_author("Jane Doe (Reuters)") == "Jane Doe (Reuters)"
    assert clean_author("John Smith at Large") == "John Smith at Large"
    assert clean_author("Jane Doe <jane(at)example.org>") == "Jane Doe"
    assert clean_author("Jane Doe (jane[at]example[dot]org)") == "Jane Doe"
    shown = (
        "<dl><dt>Author:</dt>"
        "<dd><p>Vinay Sajip &lt;vinay_sajip at red-dove dot com&gt;</p></dd></dl>"
    )
    assert author_of(body=f"<h1>Logging HOWTO</h1>{shown}{RUNNING_TEXT}") == "Vinay Sajip"


def test_a_dateline_before_the_by_leaves_the_name_after_it() -> None:
    title = "<h1>Sharpening a plane iron</h1>"
    # a time after a dash is the date's
    line = '<p class="byline">Posted on 12 March 2024 - 10:32 by Jane Doe</p>'
    assert author_of(body=f"{title}{line}{RUNNING_TEXT}") == "Jane Doe"
    line = '<p class="byline">Posted on March 3, 2023 by Sam Carter in Tools</p>'
    assert author_of(body=f"{title}{line}{RUNNING_TEXT}") == "Sam Carter"
    line = '<p class="byline">Published on 2023-03-03 by Jane Doe</p>'
    assert author_of(body=f"{title}{line}{RUNNING_TEXT}") == "Jane Doe"
    # words before the "by" that are no date: no byline, and "Posted" is no name
    line = '<p class="byline">Posted on the beach by the sea</p>'
    assert author_of(body=f"{title}{line}{RUNNING_TEXT}") is None


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("12.04.2023, 14:05 | Автор: Алексей Прохоров | Просмотров: 3 418", "Алексей Прохоров"),
        ("12.04.2023 | By Alex Prokhorov | 3 min read", "Alex Prokhorov"),
        ("March 7, 2024 · by Helen Ashcroft", "Helen Ashcroft"),
        ("Politics | By Jane Doe", "Jane Doe"),
        # in an element that is no byline's, a dateline before the "by" as well
        ("Posted on March 3, 2023 by Sam Carter in Tools", "Sam Carter"),
        # a separated part that reads as no byline names no one
        ("Home | Blog | Sort by date", None),
        ("March 7, 2024 | Photo by Helen Ashcroft", None),
        # a breadcrumb's or a section's words that open with another language's "by"
        ("Startseite » Reisen » Von Berlin nach Hamburg", None),
        ("12.04.2023 | Da Roma a Milano in treno", None),
        ("Film | Door Het Vuur", None),
        ("March 7, 2024 - Photo by Helen Ashcroft", None),
        ("Tech • Post by Jane Doe", "Jane Doe"),
    ],
)
def test_a_byline_after_a_separator_of_a_line_of_facts(line: str, name: str | None) -> None:
    # the line in an element whose class says nothing ("meta"), below the headline
    body = f"<h1>Sharpening a plane iron</h1><div class='meta'>{line}</div>{RUNNING_TEXT}"
    assert author_of(body=body) == name
    if name is not None:  # (byline_name reads a line it is given as a byline's)
        assert byline_name(line) == name


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Politik | Von Max Mustermann", "Max Mustermann"),
        ("Culture | Par Jean Dupont", "Jean Dupont"),
        ("Politics · Authored by Jane Doe", "Jane Doe"),
    ],
)
def test_a_byline_elements_parts_open_with_any_languages_by(line: str, name: str) -> None:
    body = f"<h1>Sharpening a plane iron</h1><div class='byline'>{line}</div>{RUNNING_TEXT}"
    assert author_of(body=body) == name


def test_author_labels_of_other_languages() -> None:
    title = "<h1>自制酱油的第一次尝试</h1>"
    assert author_of(body=f"{title}<p>作者：李明</p>{RUNNING_TEXT}") == "李明"
    assert author_of(body=f"<h1>醤油を作る</h1><p>著者：山田太郎</p>{RUNNING_TEXT}") == "山田太郎"
    ru = "<h1>Новая станция метро</h1><p>Автор: Иван Петров</p>"
    assert author_of(body=f"{ru}{RUNNING_TEXT}") == "Иван Петров"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("作者：王小明　發表於 2023年11月20日", "王小明"),  # the date's label stops the name
        ("文：山田太郎（ライター）", "山田太郎"),  # Japanese "text:", the role after it
        ("文／王小明　圖／李大華", "王小明"),  # the photographer's credit is no author
        ("记者 张伟", "张伟"),
        ("بقلم أحمد محمود", "أحمد محمود"),  # Arabic "by the pen of"
        ("责任编辑：张三", None),  # the editor in charge
        ("作者：张三来源：新华社", "张三"),  # the source's label, no space before it
        ("文：张三摄影：李四", "张三"),
        ("文/图：张三", "张三"),  # words and pictures by one person
        ("图／文：张三", "张三"),
        ("作者：王宏图", "王宏图"),  # names end in such characters too
        ("作者：张更新", "张更新"),
        ("作者：王小明发表于2023年11月20日", "王小明"),  # a date's label before its digits
    ],
)
def test_byline_labels_of_chinese_japanese_and_arabic(line: str, expected: str | None) -> None:
    # the labels stayed in the name ("王小明 發表於", "文：山田太郎（ライター）")
    body = f'<h1>城市新闻</h1><p class="byline">{line}</p>{RUNNING_TEXT}'
    assert author_of(body=body) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # names whose letters carry combining marks were cut at the first mark ("र")
        ("By राहुल शर्मा", "राहुल शर्मा"),
        ("By கார்த்திக் ராஜா", "கார்த்திக் ராஜா"),  # Tamil
        ("بقلم: مُحَمَّد عَلِي", "مُحَمَّد عَلِي"),  # Arabic with its vowel points
        ("By สมชาย ใจดี", "สมชาย ใจดี"),  # Thai's vowels above and below
        ("Par He\u0301le\u0300ne Dupre\u0301", "Hélène Dupré"),  # decomposed: composed
        # labels of other languages, before the name and after it
        ("Γράφει ο Γιώργος Παπαδόπουλος", "Γιώργος Παπαδόπουλος"),
        ("מאת דנה כהן", "דנה כהן"),
        ("लेखक: राहुल शर्मा", "राहुल शर्मा"),
        ("โดย สมชาย ใจดี", "สมชาย ใจดี"),
        ("김민수 기자", "김민수"),  # Korean "reporter" after the name
        ("山田太郎 記者", "山田太郎"),
    ],
)
def test_names_and_labels_of_scripts_with_combining_marks(line: str, expected: str) -> None:
    body = f'<h1>Headline</h1><p class="byline">{line}</p>{RUNNING_TEXT}'
    assert author_of(body=body) == expected


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("Publié le 3 mars 2024", "Jean Dupont"),
        ("Mis à jour le 3 mars 2024", "Jean Dupont"),
        ("Publicado el 3 de marzo de 2024", "Jean Dupont"),
        ("Opublikowano 3 marca 2024", "Jean Dupont"),
        ("Veröffentlicht am 3. März 2024", "Jean Dupont"),
        ("Опубликовано 3 марта 2024", "Jean Dupont"),
        ("نُشر في 3 مارس 2024", "Jean Dupont"),
        ("अपडेटेड: 3 मार्च 2024", "Jean Dupont"),  # Hindi "updated"
    ],
)
def test_a_dates_label_in_other_languages_ends_the_name(date: str, expected: str) -> None:
    # the date's label stayed in the name: "Jean Dupont Publié"
    line = f'<span class="author">Jean Dupont</span> <span class="date">{date}</span>'
    assert author_of(body=f"<h1>Headline</h1><div>{line}</div>{RUNNING_TEXT}") == expected


def test_a_line_break_in_a_byline_element_ends_the_name() -> None:
    # "Иван Сообщений" ("Ivan Posts"): the post count under the name ran into it
    body = (
        '<h1>Настройка роутера</h1><div class="post"><div class="postauthor">'
        '<a href="/u/1">Иван</a><br>Сообщений: 3</div>'
        f'<div class="content">{RUNNING_TEXT}</div></div>'
    )
    assert author_of(body=body) == "Иван"
    line = '<p class="byline">By <b>Jane</b> Doe<br>May 5, 2024</p>'
    assert author_of(body=f"<h1>Plane irons</h1>{line}{RUNNING_TEXT}") == "Jane Doe"
    line = '<p class="byline">By <b>Jane Doe<br>Staff writer</b></p>'  # a break inside
    assert author_of(body=f"<h1>Plane irons</h1>{line}{RUNNING_TEXT}") == "Jane Doe"
    line = '<div class="byline"><span>Jane</span><span>Doe</span><br>Staff writer</div>'
    assert author_of(body=f"<h1>Plane irons</h1>{line}{RUNNING_TEXT}") == "Jane Doe"


def test_a_name_whose_parts_are_links_stays_whole() -> None:
    # a block's text spaces every link's edge ("Par Jean - Marie Dupont"), which the
    # byline read as a name and a separator
    line = '<p class="byline">Par <a href="/a/j">Jean</a>-<a href="/a/m">Marie</a> Dupont</p>'
    assert author_of(body=f"<h1>Un article</h1>{line}{RUNNING_TEXT}") == "Jean-Marie Dupont"
    line = '<p>By <a href="/p/1">Mary</a> O\'<a href="/p/2">Brien</a></p>'  # a byline's line
    assert author_of(body=f"<h1>Plane irons</h1>{line}{RUNNING_TEXT}") == "Mary O'Brien"
    # a real separator beside a linked name still ends it
    line = '<p class="byline">By <a href="/a/jd">Jane Doe</a> - May 5, 2024</p>'
    assert author_of(body=f"<h1>Plane irons</h1>{line}{RUNNING_TEXT}") == "Jane Doe"
    # two names in elements that touch stay two words
    line = '<div class="byline">By <span>Jane</span><span>Doe</span></div>'
    assert author_of(body=f"<h1>Plane irons</h1>{line}{RUNNING_TEXT}") == "Jane Doe"


def test_a_link_to_the_members_page_bounds_a_forum_posters_name() -> None:
    body = (
        "<h1>Laptop lost its Wi-Fi after a driver update</h1>"
        '<div class="post-author"><a href="/user/alexey_k">alexey_k</a>'
        '<span class="rank">Новичок</span><span class="posts">Сообщений: 4</span></div>'
        f"{RUNNING_TEXT}"
    )
    assert author_of(body=body) == "alexey_k"


def test_an_author_column_of_a_table_is_no_byline() -> None:
    body = (
        "<h1>Carburettor ice on a C152</h1>"
        "<table><tr><th>Author</th><th>Message</th></tr>"
        f"<tr><td>pilot_pete</td><td>{RUNNING_TEXT}</td></tr></table>"
    )
    assert author_of(body=body) != "Message"
    # a byline's label in a data cell still names the cell after it
    row = "<h1>Carburettor ice</h1><table><tr><td>Author:</td><td>Ann Lee</td></tr></table>"
    assert author_of(body=row + RUNNING_TEXT) == "Ann Lee"


def test_the_headline_is_no_byline() -> None:
    # a headline that starts with "By" or "Author" names no one ...
    for headline in ("By Popular Demand", "Author Spotlight"):
        head = f"<title>{headline}</title>"
        assert author_of(head, f"<h1>{headline}</h1>{RUNNING_TEXT}") is None
        # ... in an <h1> or as the title shown in another element
        assert author_of(head, f"<div>{headline}</div>{RUNNING_TEXT}") is None
    # the byline under it still does
    body = f"<h1>By Popular Demand</h1><p>By Ann Lee</p>{RUNNING_TEXT}"
    assert author_of("<title>By Popular Demand</title>", body) == "Ann Lee"


def test_a_link_named_like_a_byline_is_no_byline() -> None:
    # a sidebar's link to another page: "Author Talk", "Author Interviews"
    menu = (
        "<aside><ul><li><a href='/event/storytime/'>Toddler Storytime</a></li>"
        "<li><a href='/event/author-talk/'>Author Talk</a></li></ul></aside>"
    )
    assert author_of(body=f"<main><h1>Events for May</h1>{RUNNING_TEXT}</main>{menu}") is None
    # a byline whose link holds its label still names its author, and so does a label
    # outside the link
    for byline in (
        "<p><a href='/author/ann-lee/'>By Ann Lee</a></p>",
        "<p><a href='/author/ann-lee/'>Author: Ann Lee</a></p>",
        "<p>Author <a href='/author/ann-lee/'>Ann Lee</a></p>",
    ):
        body = f"<main><h1>Carburettor ice</h1>{byline}{RUNNING_TEXT}</main>"
        assert author_of(body=body) == "Ann Lee", byline


def test_a_profile_address_is_no_author() -> None:
    for address in ("https://www.facebook.com/janedoe", "//lobste.rs/~jdoe", "www.x.com/jd"):
        assert clean_author(address) is None
        head = f'<meta property="article:author" content="{address}">'
        assert author_of(head, f"<h1>Rain</h1>{RUNNING_TEXT}") is None
    # a name beside it is still read
    head = '<meta property="article:author" content="https://www.facebook.com/janedoe">'
    head += '<meta name="author" content="Jane Doe">'
    assert author_of(head, f"<h1>Rain</h1>{RUNNING_TEXT}") == "Jane Doe"


def test_a_headings_anchor_id_is_no_byline_mark() -> None:
    # Cargo's manual: the section on the manifest's "authors" field, id made of its words
    body = (
        f"<h1>The Manifest Format</h1>{RUNNING_TEXT}"
        '<h3 id="the-authors-field">The <code>authors</code> field</h3>'
        f"{RUNNING_TEXT}"
    )
    assert author_of(body=body) is None
    # a heading the page marks by its class still is one
    marked = f'<h1>Rain</h1><h4 class="post-author">Ann Lee</h4>{RUNNING_TEXT}'
    assert author_of(body=marked) == "Ann Lee"


def test_a_sentence_after_an_author_label_is_no_name() -> None:
    # npm's manual lists package.json's fields: "author: Take some credit."
    body = (
        f"<h1>Developer Guide</h1>{RUNNING_TEXT}<ul><li><p>author: Take some credit.</p></li></ul>"
    )
    assert author_of(body=body) is None
    # names with particles in lower case are names
    for name in ("Ludwig van Beethoven", "Gabriel García y Márquez", "Jean d'Alembert"):
        assert author_of(body=f"<h1>Rain</h1><p>By {name}</p>{RUNNING_TEXT}") == name


def test_an_author_label_in_the_plural() -> None:
    # gtk-doc writes "Author(s):" before the names
    body = f"<h1>attributes</h1><p>Author(s): Daniel Veillard</p>{RUNNING_TEXT}"
    assert author_of(body=body) == "Daniel Veillard"
    body = f"<h1>Rain</h1><p>Authors: Ann Lee and Bo Chen</p>{RUNNING_TEXT}"
    assert author_of(body=body) == "Ann Lee and Bo Chen"


def test_a_notice_that_opens_with_by_is_no_byline() -> None:
    notice = (
        "<p class='terms'>By using VS Code, you agree to its license and privacy statement.</p>"
    )
    assert author_of(body=f"<h1>Editor 2.0 released</h1>{notice}{RUNNING_TEXT}") is None
    # a name may open with a particle, or be a team's
    assert author_of(body=f"<h1>Symphonies</h1><p>By van Beethoven</p>{RUNNING_TEXT}") == (
        "van Beethoven"
    )
    team = f"<h1>Coffee at home</h1><p>By the Lavazza Team</p>{RUNNING_TEXT}"
    assert author_of(body=team) == "the Lavazza Team"


def test_a_menus_author_entry_and_a_no_byline_mark_name_no_one() -> None:
    menu = "<nav><ul><li><a href='/blog/'>Author in Residence</a></li></ul></nav>"
    assert author_of(body=f"{menu}<h1>Editor 2.0 released</h1>{RUNNING_TEXT}") is None
    linked = "<nav><a href='/authors/jane-doe/'>Jane Doe</a></nav>"
    assert author_of(body=f"{linked}<h1>Editor 2.0 released</h1>{RUNNING_TEXT}") is None
    crumbs = "<div class='post-meta-detail no-byline'><a href='/'>Home</a> » News</div>"
    assert author_of(body=f"<h1>Editor 2.0 released</h1>{crumbs}{RUNNING_TEXT}") is None


def test_another_works_author_names_no_writer_of_the_page() -> None:
    # a death notice's verse, credited to its poet; a photograph's credit
    verse = (
        "<p class='notice-verse'><em>Was man tief in seinem Herzen besitzt</em><br>"
        "<span class='verse-author'>Johann Wolfgang von Goethe</span></p>"
    )
    assert author_of(body=f"<h1>Hildegard Wenzel</h1>{verse}{RUNNING_TEXT}") is None
    photo = "<figure><img src='a.jpg'><span class='photo-author'>Ann Lee</span></figure>"
    assert author_of(body=f"<h1>Harbour</h1>{photo}{RUNNING_TEXT}") is None
    # a writer's byline beside them is read
    byline = "<p class='post-author'>Marta Kovacs</p>"
    assert author_of(body=f"<h1>Harbour</h1>{photo}{byline}{RUNNING_TEXT}") == "Marta Kovacs"


def test_a_microformat_card_in_a_byline_is_its_name() -> None:
    # Lobsters: "authored by <a class='u-author h-card'>mkosinski</a> 14 hours ago"
    byline = (
        "<div class='byline'><span> authored by </span><a class='u-author h-card'"
        " href='/~mkosinski'>mkosinski</a> <time>14 hours ago</time> | 31 comments</div>"
    )
    assert author_of(body=f"<h1>Job queues</h1>{byline}{RUNNING_TEXT}") == "mkosinski"
    # a card's own p-name is read first (Mastodon's, beside the handle)
    card = (
        "<div class='byline'><span class='h-card'><strong class='p-name'>Dana Okafor</strong>"
        "<span>@dana@hachyderm.io</span></span></div>"
    )
    assert author_of(body=f"<h1>Job queues</h1>{card}{RUNNING_TEXT}") == "Dana Okafor"


def test_an_authors_box_gives_its_first_line() -> None:
    box = (
        "<div class='author-box'><p>Juliette Carreiro</p><p>Tech Writer</p>"
        "<a href='/authors/juliette'>Articles by Juliette</a></div>"
    )
    assert author_of(body=f"<h1>Editor 2.0 released</h1>{box}{RUNNING_TEXT}") == (
        "Juliette Carreiro"
    )
    more = "<p><a href='/authors/jane-doe'>More by Jane</a></p>"  # her other work
    assert author_of(body=f"<h1>Editor 2.0 released</h1>{more}{RUNNING_TEXT}") is None


def test_an_answers_writer_is_not_the_question_pages_author() -> None:
    # a Q&A page: the byline sits in the answer's microdata item (and holds a badge)
    answer = (
        '<div itemprop="suggestedAnswer" itemscope itemtype="http://schema.org/Answer">'
        '<div class="AuthorInfo" itemprop="author" itemscope itemtype="http://schema.org/Person">'
        '<meta itemprop="name" content="林一舟"><div class="AuthorInfo-head">'
        '<a class="UserLink-link" href="/people/lin">林一舟</a></div>'
        '<div class="AuthorInfo-badgeText">CPython 贡献者</div></div>'
        "<p>先说结论：GIL 不是没人想移除，而是移除的代价一直比收益大。</p></div>"
    )
    question = (
        '<main><div itemscope itemtype="http://schema.org/Question">'
        "<h1>为什么 Python 的 GIL 一直没有被移除？</h1><p>为什么一直没有被去掉？</p>"
    )
    assert author_of(body=f"{question}{answer}</div></main>") is None
    # the same byline outside the answer's item is the page's; so is one in a forum's
    # opening post, which vBulletin marks as a Comment like every post
    plain = answer.replace('itemtype="http://schema.org/Answer"', "")
    assert author_of(body=f"{question}{plain}</div></main>") == "林一舟"
    post = answer.replace("schema.org/Answer", "schema.org/Comment")
    assert author_of(body=f"{question}{post}</div></main>") == "林一舟"
    # a critic's review that is the page's own item is no reply: its byline is the page's
    review = (
        '<article itemscope itemtype="https://schema.org/Review"><h1>The new Leica, tested'
        '</h1><div class="meta"><span class="author">Jane Critic</span></div>'
        "<p>We shot with it for a month in three countries.</p></article>"
    )
    assert author_of(body=review) == "Jane Critic"


def test_a_call_to_action_marked_as_a_byline_names_no_author() -> None:
    # a marketplace's brand link in an element named as the byline
    body = (
        '<h1>Kestrel Audio KA-300 Turntable</h1><div id="bylineInfo_feature_div">'
        '<a id="bylineInfo" href="/stores/Kestrel">Visit the Kestrel Audio Store</a></div>'
        "<p>A fully manual belt-drive turntable with a switchable phono preamp.</p>"
    )
    assert author_of(body=body) is None
    shouted = body.replace("Visit the Kestrel Audio Store", "VISIT THE STORE")
    assert author_of(body=shouted) is None
    # a name in the same place is the author
    assert author_of(body=body.replace("Visit the Kestrel Audio Store", "Jane Doe")) == "Jane Doe"


def test_a_customers_review_or_testimonial_names_no_author() -> None:
    """Shops and service pages mark their customers' names as bylines; those people did
    not write the page."""
    product = (
        "<h1>Relax gummies</h1><p>Thirty gummies a jar, in two flavours.</p>"
        '<section class="product-reviews"><div class="review-card">'
        '<span class="review-card__author">Laura B.</span><p>Tasty.</p></div></section>'
        '<div class="testimonial"><p class="author">Tom K.</p><p>Great service.</p></div>'
    )
    assert author_of(body=product) is None
    article = (
        '<h1>Six headphones tested</h1><p class="byline">By Ana Ruiz</p>'
        "<p>We listened for a month.</p>"
        '<div class="reviews"><span class="author-name">QuietOwl</span><p>Agreed.</p></div>'
    )
    assert author_of(body=article) == "Ana Ruiz"


def test_a_critics_review_page_keeps_its_author() -> None:
    """The page's own article may be called a review; a word inside another ("preview")
    is no review either."""
    critic = (
        '<main class="review-page"><article class="review"><h1>A quiet triumph</h1>'
        '<p class="byline">By Peter Bradshaw</p><p>The film is a delight.</p></article></main>'
    )
    assert author_of(body=critic) == "Peter Bradshaw"
    preview = (
        '<h1>Spring lineup</h1><div class="post-preview"><span class="author">Ana Ruiz</span>'
        "</div><p>Eight new shows arrive in March.</p>"
    )
    assert author_of(body=preview) == "Ana Ruiz"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("By Jane Doe, John Roe and Max Mustermann", "Jane Doe, John Roe and Max Mustermann"),
        ("By Jane Doe, John Roe, and Max Mustermann", "Jane Doe, John Roe, and Max Mustermann"),
        ("Von Anna Müller, Jörg Weiß und Eva Klein", "Anna Müller, Jörg Weiß und Eva Klein"),
        # a comma alone parts a name from a role or an outlet, not from another name
        ("By Jane Doe, Reuters", "Jane Doe"),
        ("By Jane Doe, Senior Editor and Columnist", "Jane Doe"),
        ("By Jane Doe, staff and wire reports", "Jane Doe"),
        ("By Jane Doe, Photos by John Roe and Ann Lee", "Jane Doe"),  # another credit
        ("By Jane Doe, Tuesday and Wednesday", "Jane Doe"),
    ],
)
def test_a_list_of_authors_is_read_whole(line: str, expected: str) -> None:
    # only the first name was kept: "Jane Doe"
    body = f'<h1>New study on sleep</h1><p class="byline">{line}</p>{RUNNING_TEXT}'
    assert author_of(body=body) == expected


@pytest.mark.parametrize(
    ("generator", "author", "expected"),
    [
        # Discuz! credits itself in every thread's meta author
        ("Discuz! X3.5", "Discuz! Team and Comsenz UI Team", None),
        ("Discuz! X3.5", "Discuz!", None),
        # a person who shares a word with the software is still the author
        ("Hugo 0.120.0", "Hugo Smith", "Hugo Smith"),
        ("Discuz! X3.5", "Ann Lee", "Ann Lee"),
    ],
)
def test_a_meta_author_that_credits_the_software_is_no_author(
    generator: str, author: str, expected: str | None
) -> None:
    page = (
        f'<html><head><meta name="generator" content="{generator}">'
        f'<meta name="author" content="{author}"><title>Battery runs hot</title></head>'
        "<body><h1>Battery runs hot</h1><p>My phone gets hot when it charges.</p></body></html>"
    )
    assert extract_metadata(parse(page)).author == expected


def test_a_latexml_papers_authors_are_read_under_its_title() -> None:
    # arXiv's HTML: the names on the first line, marked with their affiliations' numbers,
    # then the affiliations and the addresses; or each author in a creator of their own
    one = (
        "<html><head><title>Calibrated Early Exiting</title></head><body><article>"
        "<h1 class='ltx_title'>Calibrated Early Exiting</h1><div class='ltx_authors'>"
        "<span class='ltx_creator ltx_role_author'><span class='ltx_personname'>Ingrid"
        " Solberg<sup class='ltx_sup'>1</sup>, Daniel Okafor<sup class='ltx_sup'>1</sup>"
        " and Mei-Ling Chou<sup class='ltx_sup'>2</sup><br class='ltx_break'><sup>1</sup>"
        "University of Bergen, Norway<br class='ltx_break'><span>{ingrid}@uib.no</span>"
        "</span></span></div><p>Early-exit architectures let a streaming recognizer stop"
        " at an intermediate layer when it is confident enough.</p></article></body></html>"
    )
    assert extract_metadata(parse(one)).author == "Ingrid Solberg, Daniel Okafor, Mei-Ling Chou"
    each = one.replace(
        "Ingrid Solberg<sup class='ltx_sup'>1</sup>, Daniel Okafor<sup class='ltx_sup'>1</sup>"
        " and Mei-Ling Chou<sup class='ltx_sup'>2</sup>",
        "Ingrid Solberg</span></span><span class='ltx_creator ltx_role_author'>"
        "<span class='ltx_personname'>Daniel Okafor",
    )
    assert extract_metadata(parse(each)).author == "Ingrid Solberg, Daniel Okafor"


def test_an_author_boxs_figures_and_heading_are_no_name() -> None:
    # Zhihu's sidebar card: its class names an author, its parts hold the heading
    # "关于作者" (about the author) and the writer's figures, labelled "回答" (answers)
    card = (
        '<div class="Card AnswerAuthor"><div class="Card-headerText">{about}</div>'
        '<div class="AnswerAuthor-counts"><a class="NumberBoard-item" href="/p/answers">'
        '<div class="NumberBoard-itemName">{label}</div><strong>312</strong></a></div></div>'
    )
    for about, label in (("关于作者", "回答"), ("About the author", "Answers")):
        body = f"<h1>Why tests?</h1>{RUNNING_TEXT}{card.format(about=about, label=label)}"
        assert author_of(body=body) is None
    # the box's name, in a part of its own, is still read
    named = card.format(about="关于作者", label="回答").replace(
        '<div class="AnswerAuthor-counts">',
        '<span class="AuthorInfo-name">陈皓然</span><div class="AnswerAuthor-counts">',
    )
    assert author_of(body=f"<h1>Why tests?</h1>{RUNNING_TEXT}{named}") == "陈皓然"


def test_a_login_written_like_a_host_yields_to_the_byline() -> None:
    # WordPress states the account ("andrew.keaveney") where the byline shows the writer
    stated = ld({"@type": "Article", "author": {"@type": "Person", "name": "andrew.keaveney"}})
    body = f"<h1>A guide to meditation</h1><p>By Denise Everheart</p>{RUNNING_TEXT}"
    assert author_of(stated, body) == "Denise Everheart"
    assert author_of(stated, f"<h1>A guide to meditation</h1>{RUNNING_TEXT}") == "andrew.keaveney"


@pytest.mark.parametrize(
    "marks",
    [
        "class='article-author with-avatar'",
        "class='byline has-avatar'",
        "class='author' id='author-bio'",
        "class='c-byline c-byline--avatar'",
    ],
)
def test_a_box_word_in_another_class_name_leaves_the_byline(marks: str) -> None:
    # only a word after the byline word in the same class name makes it a box's part
    assert author_of(body=f"<h1>Twitch</h1><div {marks}>Jane Doe</div>{RUNNING_TEXT}") == (
        "Jane Doe"
    )
    assert (
        author_of(body=f"<h1>Twitch</h1><div class='author-bio'>Jane Doe</div>{RUNNING_TEXT}")
        is None
    )
