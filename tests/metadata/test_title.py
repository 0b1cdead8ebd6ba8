"""Which heading is the page's title: counts of comments inside the headline's element,
a site's logo in an ``<h1>``, and blog templates whose ``<h1>`` is only the blog's
name.  Each page is written here, one rule each."""

from __future__ import annotations

import json

import pytest

import unboiler
from unboiler import metadata
from unboiler.metadata import extract_metadata
from unboiler.parse import parse

RUNNING_TEXT = (
    "<p>The new timetable adds two evening departures on weekdays and moves the first "
    "morning crossing half an hour earlier, so that commuters reach the mainland before "
    "the offices open and the schools start.</p>"
)


def title_of(head: str = "", body: str = "") -> str | None:
    html = f"<html><head>{head}</head><body>{body}</body></html>"
    return extract_metadata(parse(html)).title


def test_a_comment_count_in_the_heading_is_not_part_of_the_title() -> None:
    head = "<title>Islanders Vote To Keep The Night Ferry - Harbour Gazette</title>"
    body = (
        '<h1><span><a href="/story/night-ferry">Islanders Vote To Keep The Night Ferry</a>'
        '</span> <span class="comment-bubble"><a href="/story/night-ferry#comments">139</a>'
        f"</span></h1>{RUNNING_TEXT}"
    )
    assert title_of(head, body) == "Islanders Vote To Keep The Night Ferry"


def test_a_count_of_items_in_the_heading_is_not_part_of_the_title() -> None:
    # a shop's category: the count in an element whose class names it a count
    head = "<title>Czajniki elektryczne – sklep internetowy | DomAGD.pl</title>"
    body = (
        '<h1 class="category__title">Czajniki elektryczne <span class="category__count">'
        f"(71 produktów)</span></h1>{RUNNING_TEXT}"
    )
    assert title_of(head, body) == "Czajniki elektryczne"
    # a class that only holds the letters ("country", "account") is no count
    body = f'<h1>Holidays in <span class="country-name">Portugal</span></h1>{RUNNING_TEXT}'
    assert title_of("<title>Holidays in Portugal</title>", body) == "Holidays in Portugal"


def test_a_ratings_stars_after_the_heading_are_not_part_of_the_title() -> None:
    # a travel site's hotel: the stars rate the place; a star inside a name stays
    head = "<title>Hotel Casa de los Azulejos, Sevilla – Precios 2025 | Destinia</title>"
    body = (
        '<h1 class="hotel-name">Hotel Casa de los Azulejos <span class="stars" '
        f'title="3 estrellas">★★★</span></h1>{RUNNING_TEXT}'
    )
    assert title_of(head, body) == "Hotel Casa de los Azulejos"
    body = f"<h1>The ★ Bar of Main Street Reopens</h1>{RUNNING_TEXT}"
    head = "<title>The ★ Bar of Main Street Reopens</title>"
    assert title_of(head, body) == "The ★ Bar of Main Street Reopens"
    # stars alone are no title to strip; a long run not at the end is left whole
    assert metadata._without_stars("★★★") == "★★★"
    assert metadata._without_stars("★" * 5000 + " Bar") == "★" * 5000 + " Bar"


def test_formatting_inside_a_word_of_the_heading_parts_no_word() -> None:
    # a subscript, a superscript and an emphasised ending are set against their word, as
    # the page shows them (the title read "Why H 2 O boils", "12 e journée")
    for heading, expected in [
        ("Why H<sub>2</sub>O boils at 100 °C", "Why H2O boils at 100 °C"),
        ("Top 14 – 12<sup>e</sup> journée : les résultats", "Top 14 – 12e journée : les résultats"),
        ("Les Lyon<em>nais</em> gagnent à Lyon", "Les Lyonnais gagnent à Lyon"),
    ]:
        head = f"<title>{expected} | Gazette</title>"
        assert title_of(head, f"<h1>{heading}</h1>{RUNNING_TEXT}") == expected
    # words in elements the page's style lays apart keep their space
    head = "<title>Breaking Night ferry saved | Gazette</title>"
    body = f"<h1><span>Breaking</span><span>Night ferry saved</span></h1>{RUNNING_TEXT}"
    assert title_of(head, body) == "Breaking Night ferry saved"
    body = f"<h1><div>Harbour</div><div>news</div></h1>{RUNNING_TEXT}"
    assert title_of("<title>Harbour news | Gazette</title>", body) == "Harbour news"
    for heading, expected in [
        ("<span>HOW I FIXED</span><span>MY BOILER</span>", "HOW I FIXED MY BOILER"),
        (
            "<span>Breaking</span><span>news from the harbour</span>",
            "Breaking news from the harbour",
        ),
        ("Top 10<span>Tips for travel</span>", "Top 10 Tips for travel"),
    ]:
        head = f"<title>{expected} | Gazette</title>"
        assert title_of(head, f"<h1>{heading}</h1>{RUNNING_TEXT}") == expected


def test_a_button_in_the_heading_is_not_part_of_the_title() -> None:
    # rustdoc's "Copy item path" after the item's name
    head = "<title>tokio - Rust</title>"
    body = f"<h1>Crate tokio<button id='copy-path'>Copy item path</button></h1>{RUNNING_TEXT}"
    assert title_of(head, body) == "Crate tokio"


def test_a_heading_inside_the_logo_is_not_the_title() -> None:
    head = "<title>Night ferry timetable :: Harbour Pages ::</title>"
    body = f'<div class="topbar__logo"><h1>Harbour Pages</h1></div>{RUNNING_TEXT}'
    assert title_of(head, body) == "Night ferry timetable"


def test_the_post_heading_when_the_only_h1_is_the_blogs_name() -> None:
    head = (
        '<meta property="og:site_name" content="Harbour Diary">'
        "<title>Harbour Diary: notes from the quay</title>"
    )
    body = (
        '<h1><a href="/">Harbour Diary</a></h1><h2>Archive</h2>'
        f"<h2>Notes from the quay at dawn</h2>{RUNNING_TEXT}"
    )
    assert title_of(head, body) == "Notes from the quay at dawn"


def test_a_date_in_the_heading_is_not_part_of_the_title() -> None:
    headline = "Preparing the winter timetable of the night ferry"
    head = f"<title>{headline} | Quay notes</title>"
    body = (
        '<h1><time datetime="2025-12-18">Dec <span>18</span> 2025</time> '
        f"{headline}</h1>{RUNNING_TEXT}"
    )
    assert title_of(head, body) == headline


def test_a_title_that_starts_with_a_separator_names_only_the_site() -> None:
    # The template wrote an empty headline before the site's name: the heading is the
    # title, where the site's name (with its bar) was.
    head = "<title> | Harbour Gazette</title>"
    body = f"<h1>Evening Departures Added</h1>{RUNNING_TEXT}"
    assert title_of(head, body) == "Evening Departures Added"
    # With no heading either, the page has no title to give.
    assert title_of(head, RUNNING_TEXT) is None
    # Nor does the result fall back on the <title> as it is.
    page = f"<html><head>{head}</head><body>{RUNNING_TEXT}</body></html>"
    assert json.loads(unboiler.extract(page, output="json"))["title"] is None
    # A bullet or a guillemet that opens a title is decoration, not an empty headline.
    bullet = "<title>• LIVE: Evening Departures Added</title>"
    assert title_of(bullet, f"<h2>Latest updates</h2>{RUNNING_TEXT}") == (
        "• LIVE: Evening Departures Added"
    )
    # A separator inside a title still separates as before.
    assert title_of("<title>Evening Departures Added | Harbour Gazette</title>", RUNNING_TEXT) == (
        "Evening Departures Added"
    )


def test_a_title_escaped_twice_is_decoded() -> None:
    # "&amp;#x26;" in the page's markup shows "&#x26;": the title is the "&" it meant.
    head = "<title>Ferries, Buses &#x26; Trains | Harbour Gazette</title>"
    body = f"<h1>Ferries, Buses &amp;#x26; Trains</h1>{RUNNING_TEXT}"
    assert title_of(head, body) == "Ferries, Buses & Trains"
    # A title that shows an ampersand plainly stays as it is, and so do the references
    # a title about HTML shows.
    assert title_of("", f"<h1>Ferries &amp; Trains</h1>{RUNNING_TEXT}") == "Ferries & Trains"
    about = "<h1>Ferries, &amp;nbsp; and &amp;#160; in timetables &amp;amp; R&amp;D</h1>"
    assert title_of("", f"{about}{RUNNING_TEXT}") == (
        "Ferries, &nbsp; and &#160; in timetables &amp; R&D"
    )


def test_a_books_name_over_every_page_is_not_the_title() -> None:
    head = "<title>Defining Shared Behavior with Traits - The Rust Programming Language</title>"
    body = (
        "<div class='menu-bar'><h1 class='menu-title'>The Rust Programming Language</h1></div>"
        f"<main><h2>Defining Shared Behavior with Traits</h2>{RUNNING_TEXT}</main>"
    )
    assert title_of(head, body) == "Defining Shared Behavior with Traits"


def test_a_forums_name_over_a_headline_with_a_dash_of_its_own_is_not_the_title() -> None:
    # the thread's title holds a dash, and the forum's <h1> shows the title's last part
    thread = "Vaillant ecoTEC plus — F.28 after a board swap"
    head = f"<title>{thread} - Home Heating Forum</title>"
    body = (
        "<header><h1>Home Heating Forum</h1></header>"
        f"<main><h2 class='topic-title'>{thread}</h2>{RUNNING_TEXT}</main>"
    )
    assert title_of(head, body) == thread
    page = f"<html><head>{head}</head><body>{body}</body></html>"
    assert unboiler.extract_result(page).to_dict()["sitename"] == "Home Heating Forum"


def test_a_wikis_page_name_in_the_title_yields_to_the_heading() -> None:
    head = "<title>config:nginx_reverse_proxy [Wiki Admin Système]</title>"
    body = f"<h1>Configuration d'un reverse proxy Nginx</h1>{RUNNING_TEXT}"
    assert title_of(head, body) == "Configuration d'un reverse proxy Nginx"
    # a title of words, or a page without a heading, keeps the <title>
    assert title_of("<title>Reverse proxy setup</title>", body) == "Reverse proxy setup"
    assert title_of(head, RUNNING_TEXT) == "config:nginx_reverse_proxy [Wiki Admin Système]"


def test_a_headline_after_the_sites_name_in_the_title_is_the_title() -> None:
    # the part after the first is longer than it: the headline, not a name
    headline = "Efficacy of a Mobile App to Reduce Stress Among College Students: A Trial"
    head = f"<title>JMIR mHealth and uHealth - {headline}</title>"
    body = f"<h1>{headline}</h1>{RUNNING_TEXT}"
    assert title_of(head, body) == headline


def test_a_heading_the_title_begins_with_is_the_title_whatever_parts_it() -> None:
    # "_" parts Chinese titles from their site's name, but here it is in the headline
    head = "<title>新竹尖石_美樹營地賞楓 (2) @ 史蒂文的家_藍天 :: 痞客邦 PIXNET ::</title>"
    body = (
        "<h1 class='topbar__logo__title'>痞客邦 PIXNET</h1>"
        "<h2><a href='/blog/post/1'>新竹尖石_美樹營地賞楓 (2)</a></h2>"
        "<p>一波波接續性低溫寒流報到，已將新竹尖石鄉後山一帶層層山巒披上嫣紅的彩衣，"
        "玉峰道路一路上雲氣山嵐滯留山頭，順路下切蜿蜒道路後不久即抵達。</p>"
    )
    assert title_of(head, body) == "新竹尖石_美樹營地賞楓 (2)"


def test_a_short_headline_after_the_sites_name_is_the_title() -> None:
    # no other heading shows the first part: the <h1> is the page's only headline
    assert title_of(
        "<title>BBC News - Brexit deal</title>", f"<h1>Brexit deal</h1>{RUNNING_TEXT}"
    ) == ("Brexit deal")
    assert (
        title_of(
            "<title>Weekly Digest - Issue 42 - My Newsletter</title>",
            f"<h1>Issue 42</h1>{RUNNING_TEXT}",
        )
        == "Issue 42"
    )


def test_a_heading_that_leads_into_its_subtitle_is_not_the_whole_title() -> None:
    # most of the title's words, so the same headline reworded, were it not a lead-in
    head = '<meta property="og:title" content="The Harbour Night Ferry Vote: Kept Running">'
    body = f"<h2>Harbour Night Ferry Vote:</h2><h3>Kept running</h3>{RUNNING_TEXT}"
    assert title_of(head, body) == "The Harbour Night Ferry Vote: Kept Running"
    # a shorter heading that ends as a headline does is the headline readers see
    short = f"<h1>Harbour Night Ferry Vote</h1>{RUNNING_TEXT}"
    assert title_of(head, short) == "Harbour Night Ferry Vote"


def test_a_manuals_longer_name_in_an_h1_over_the_chapters_h2_is_not_the_title() -> None:
    # the manual's name is longer than the chapter's: the length rule alone takes it for
    # the headline of a title that names the site first; its <h1> over the chapter's
    # <h2> says it is the masthead
    head = "<title>File system | Node.js v20.20.2 Documentation</title>"
    body = (
        "<header><h1>Node.js v20.20.2 documentation</h1></header>"
        f"<main><h2>File system</h2>{RUNNING_TEXT}</main>"
    )
    assert title_of(head, body) == "File system"


def test_a_masthead_the_extractor_left_out_is_not_the_title() -> None:
    # both are <h1>: the extractor kept the command's heading and left out the book's
    head = "<title>cargo build - The Cargo Book</title>"
    body = (
        "<div class='menu-bar'><h1 class='menu-title'>The Cargo Book</h1></div>"
        f"<main><h1>cargo build</h1>{RUNNING_TEXT}{RUNNING_TEXT}</main>"
    )
    document = parse(f"<html><head>{head}</head><body>{body}</body></html>")
    for block in document.blocks:
        block.set_content(block.text != "The Cargo Book")
    assert extract_metadata(document).title == "cargo build"


def test_a_headline_whose_words_are_links_reads_as_the_page_joins_it() -> None:
    # a block's text spaces every link's edge: "Jean - Marie wins, again!"
    heading = (
        '<h1><a href="/p/jean">Jean</a>-<a href="/p/marie">Marie</a> wins, <em>again</em>!</h1>'
    )
    head = "<title>Jean-Marie wins again - The Courier</title>"
    assert title_of(head, f"{heading}{RUNNING_TEXT}") == "Jean-Marie wins, again!"


def test_a_headline_with_a_decimal_and_no_spaces_is_no_domain() -> None:
    # a headline in a script written without spaces, with a decimal: no bare domain
    body = "<p>" + "统计局发布数据显示，一季度国内生产总值同比增长，经济运行开局良好。" * 3 + "</p>"
    head = "<title>国家统计局：GDP增长5.2% - 某某网</title>"
    assert title_of(head, f"<h1>国家统计局：GDP增长5.2%</h1>{body}") == "国家统计局：GDP增长5.2%"
    head = "<title>日経平均、終値は0.5%高 | 経済ニュース</title>"
    assert title_of(head, f"<h1>日経平均、終値は0.5%高</h1>{body}") == "日経平均、終値は0.5%高"
    # a host name is still the site's name
    head = "<title>Night ferry stays | harbour-gazette.co.uk</title>"
    assert title_of(head, f"<h1>Night ferry stays</h1>{RUNNING_TEXT}") == "Night ferry stays"


def test_a_headline_whose_path_links_to_the_root_is_no_logo() -> None:
    # rustdoc: the item's path links each part to its index, the name to the page itself;
    # the sidebar's "In ringo::buffer" was taken instead
    head = "<title>RingBuffer in ringo::buffer - Rust</title>"
    body = (
        '<nav class="sidebar"><h2 class="location"><a href="#">RingBuffer</a></h2>'
        '<h2><a href="index.html">In ringo::buffer</a></h2></nav><main><h1>Struct '
        '<a href="../index.html">ringo</a>::<wbr><a href="index.html">buffer</a>::<wbr>'
        f'<a class="struct" href="#">RingBuffer</a></h1>{RUNNING_TEXT}</main>'
    )
    assert title_of(head, body) == "Struct ringo::buffer::RingBuffer"
    # a heading that is a link to the root, whole, is still the site's logo
    body = f'<h1><a href="/">Harbour Gazette</a></h1><h2>Night ferry stays</h2>{RUNNING_TEXT}'
    assert title_of("<title>Night ferry stays</title>", body) == "Night ferry stays"


def test_a_blogs_name_and_a_colon_before_the_posts_title_is_left_out() -> None:
    # Blogger writes "Blog: Post" in <title>, the blog's name as a link home in the <h1>
    # and the post's title in an <h3>, which no rule reads as a headline
    head = "<title>Diário de Viagem: Minha viagem a Lisboa</title>"
    body = (
        '<h1 class="title"><a href="https://diario.blogspot.com/">Diário de Viagem</a></h1>'
        f'<h3 class="post-title">Minha viagem a Lisboa</h3>{RUNNING_TEXT}'
    )
    assert title_of(head, body) == "Minha viagem a Lisboa"
    # a colon after anything but the site's name parts nothing: "Review: ..." stays
    head = "<title>Review: The night ferry</title>"
    body = f'<h1><a href="/">Harbour Gazette</a></h1>{RUNNING_TEXT}'
    assert title_of(head, body) == "Review: The night ferry"


def test_a_headline_linked_to_itself_is_no_sites_name() -> None:
    # the headline's heading links to "#", "./" or "/": it was taken for the site's
    # name, and the title became the site's name
    head = "<title>Great Article Title | Example News</title>"
    for href in ("#", "./", "/"):
        body = f'<h1><a href="{href}">Great Article Title</a></h1>{RUNNING_TEXT}'
        assert title_of(head, body) == "Great Article Title"


def test_a_sphinx_api_pages_title_keeps_its_module_and_names_its_site() -> None:
    # the module's name is shaped like a domain ("os.path"), and the site's name holds
    # a version number ("3.12.1": one word of it, not three)
    page = (
        "<html><head><title>os.path — Common pathname manipulations — Python 3.12.1"
        " documentation</title></head><body><div class='body'><h1><code>os.path</code> —"
        " Common pathname manipulations<a class='headerlink' href='#module-os.path'>¶</a>"
        "</h1><p>This module implements some useful functions on pathnames.</p></div>"
        "</body></html>"
    )
    metadata = extract_metadata(parse(page, url="https://docs.python.org/3/library/os.path.html"))
    assert metadata.title == "os.path — Common pathname manipulations"
    assert metadata.sitename == "Python 3.12.1 documentation"


def test_a_heading_that_repeats_the_title_loses_a_domain_at_its_end() -> None:
    page = (
        "<html><head><title>Pricing plans - Acme.io</title></head><body><h1>Pricing plans"
        " - Acme.io</h1><p>Every plan comes with a free trial of thirty days.</p></body></html>"
    )
    metadata = extract_metadata(parse(page))
    assert metadata.title == "Pricing plans"
    assert metadata.sitename == "Acme.io"


def test_the_titles_mark_between_a_headings_kicker_and_headline_is_kept() -> None:
    # the kicker and the headline in elements of their own, set on two lines by the
    # page's style: the heading's text runs them together, the title parts them
    body = (
        "<h1><span class='topline'>Hochwasser in Süddeutschland</span> "
        f"<span class='headline'>Pegel in Passau steigt weiter</span></h1>{RUNNING_TEXT}"
    )
    title = "Hochwasser in Süddeutschland: Pegel in Passau steigt weiter"
    assert title_of(f'<meta property="og:title" content="{title}">', body) == title
    dash = "<title>Question - Want to compare these two cards</title>"
    forum = f"<h1><span>Question</span> Want to compare these two cards</h1>{RUNNING_TEXT}"
    assert title_of(dash, forum) == "Question - Want to compare these two cards"
    # a title that differs otherwise (quoted, marked up, a mark at its end) is not the
    # headline as shown: the heading is
    for other in ('"Pegel in Passau steigt weiter"', "## Pegel in Passau steigt weiter",
                  "Pegel in Passau steigt weiter:", "Pegel: in Passau steigt: weiter"):  # fmt: skip
        head = f"<meta property=\"og:title\" content='{other}'>"
        plain = f"<h1>Pegel in Passau steigt weiter</h1>{RUNNING_TEXT}"
        assert title_of(head, plain) == "Pegel in Passau steigt weiter", other


def test_a_headline_the_page_shows_without_the_sections_name_is_the_title() -> None:
    # old Reddit: og:title "r/Sourdough - Post", <title> "Post : Sourdough", the post's
    # title a paragraph with its flair and domain, after the sidebar; the bylines and
    # dates are read under the post's title, not the sidebar's heading
    headline = "Starter has grey liquid on top after two weeks in the fridge – is it dead?"
    head = (
        f"<title>{headline} : Sourdough</title>"
        f'<meta property="og:title" content="r/Sourdough - {headline}">'
    )
    body = (
        "<div class='side'><h1>MODERATORS</h1><p>created by <a>wildyeastmod</a> a "
        "community for <time datetime='2011-05-22T18:10:44+00:00'>12 years</time></p></div>"
        f"<div class='thing'><p class='title'><a class='title'>{headline}</a> <span "
        "class='linkflairlabel'>Starter help</span> <span class='domain'>(<a>self.Sourdough"
        "</a>)</span></p><p class='tagline'>submitted <time datetime='2024-03-09T09:41:06+00:00'>"
        f"10 hours ago</time> by <a class='author'>breadless</a></p>{RUNNING_TEXT}</div>"
    )
    metadata = extract_metadata(parse(f"<html><head>{head}</head><body>{body}</body></html>"))
    assert metadata.title == headline
    assert metadata.date == "2024-03-09T09:41:06+00:00"
    # a part that is a small share of the title (the site's name) is none
    body = f"<div><p>Harbour Gazette</p></div><h2>Weather</h2>{RUNNING_TEXT}"
    title = "Harbour Gazette - Islanders vote to keep the night ferry running"
    assert title_of(f"<title>{title}</title>", body) != "Harbour Gazette"


def test_a_sites_name_in_the_title_is_found_in_its_address_beside_other_scripts() -> None:
    # "CSDN博客": the Latin letters touching the Chinese are a word an address writes
    page = (
        "<html><head><title>Python多进程踩坑：fork与spawn的区别 - CSDN博客</title></head><body>"
        "<article><h1>Python多进程踩坑：fork与spawn的区别</h1><p>最近在做一个日志清洗的小工具，"
        "用 multiprocessing.Pool 把几十个 G 的日志分给 8 个进程处理。</p></article></body></html>"
    )
    metadata = extract_metadata(parse(page, url="https://blog.csdn.net/u/article/details/1"))
    assert metadata.title == "Python多进程踩坑：fork与spawn的区别"
    assert metadata.sitename == "CSDN博客"
    other = extract_metadata(parse(page, url="https://example.org/a/1"))
    assert other.sitename is None  # a name none of whose words the address holds


@pytest.mark.parametrize("label", ["Vyřešeno", "Solved", "Gelöst"])
def test_a_forums_label_before_the_threads_headline_is_not_in_the_title(label: str) -> None:
    head = "<title>Klepání 1.6 TDI za studena | AutoFórum.cz</title>"
    head += '<meta property="og:title" content="Klepání 1.6 TDI za studena">'
    body = (
        f'<h1 class="p-title-value"><span class="label">{label}</span>'
        f'<span class="label-append">&nbsp;</span>Klepání 1.6 TDI za studena</h1>{RUNNING_TEXT}'
    )
    assert title_of(head, body) == "Klepání 1.6 TDI za studena"
    # a heading of more words before the title's is the page's own headline
    long = body.replace(label, "Why my diesel engine keeps")
    assert title_of(head, long) == "Why my diesel engine keeps Klepání 1.6 TDI za studena"


FERRY = "Council approves night ferry"


@pytest.mark.parametrize(
    ("h1", "headline", "expected"),
    [
        # a label ending in a colon is no part of the headline
        (f"Watch: {FERRY}", FERRY, FERRY),
        # words the heading runs into the headline are the page's: a number, "How to",
        # a "New" in the heading's own text, a series' part
        ("10 Best Cameras of 2026", "Best Cameras of 2026", "10 Best Cameras of 2026"),
        ("How to Repot a Fig", "Repot a Fig", "How to Repot a Fig"),
        (f"New {FERRY}", FERRY, f"New {FERRY}"),
        (f"Part 3: {FERRY}", FERRY, f"Part 3: {FERRY}"),
    ],
)
def test_only_a_label_before_the_headline_leaves_the_title(
    h1: str, headline: str, expected: str
) -> None:
    head = f"<title>{headline} | Harbour Gazette</title>"
    assert title_of(head, f"<h1>{h1}</h1>{RUNNING_TEXT}") == expected


@pytest.mark.parametrize(
    "name", ["tidepool.client", "requests.Session", "numpy.ndarray", "torch.nn", "flask.app"]
)
def test_a_modules_dotted_name_is_the_headline_not_the_site(name: str) -> None:
    # Sphinx: "module — Project documentation" over an <h1> of the module's name,
    # written as a host's name is: the title's first part that a heading shows is the
    # headline, however it is written
    head = f"<title>{name} &mdash; Tidepool 2.4.1 documentation</title>"
    heading = f"<h1>{name}<a class='headerlink' href='#m'>¶</a></h1>"
    found = extract_metadata(parse(f"<html><head>{head}</head><body>{heading}{RUNNING_TEXT}"))
    assert found.title == name
    assert found.sitename == "Tidepool 2.4.1 documentation"


@pytest.mark.parametrize(
    ("head", "heading"),
    [
        ("remix.run | Night ferry stays", "<h1>Night ferry stays</h1>"),
        ("Night ferry stays - astro.build", "<h1>astro.build</h1>"),
        ("Night ferry stays | blog.google", "<h2>Other news</h2>"),
    ],
)
def test_a_bare_domain_beside_the_headline_is_the_site(head: str, heading: str) -> None:
    # a domain, at the title's end or at its start beside the headline, is the site's
    # name, and a heading that shows it at the end is its logo
    found = extract_metadata(
        parse(f"<html><head><title>{head}</title></head><body>{heading}{RUNNING_TEXT}")
    )
    assert found.title == "Night ferry stays"
    assert found.sitename in ("remix.run", "astro.build", "blog.google")
