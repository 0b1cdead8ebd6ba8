"""Which date is the publication date when a page gives several: the stated date
against the dateline under the title, revisions, people's dates, time zones, dates in
URLs and in microdata of replies.  Each page is written here, one rule each."""

from __future__ import annotations

import json
from datetime import date

import pytest

from unboiler.metadata import extract_metadata
from unboiler.metadata.dates import parse_date, same_moment, solar_hijri_date, url_date
from unboiler.parse import parse

RUNNING_TEXT = (
    "<p>The new timetable adds two evening departures on weekdays and moves the first "
    "morning crossing half an hour earlier, so that commuters reach the mainland before "
    "the offices open and the schools start.</p>"
)


def date_of(head: str = "", body: str = "", url: str | None = None) -> str | None:
    html = f"<html><head>{head}</head><body>{body}</body></html>"
    return extract_metadata(parse(html, url=url)).date


STATED = '<meta property="article:published_time" content="2025-06-24T10:00:00+00:00">'


@pytest.mark.parametrize(
    ("language", "expected"),
    [("fr", "2024-03-05"), ("en-GB", "2024-03-05"), ("en-US", "2024-05-03")],
)
def test_a_stated_date_with_slashes_is_read_in_the_pages_order(
    language: str, expected: str
) -> None:
    # the meta element's "05/03/2024" on a French page is the fifth of March
    html = (
        f'<html lang="{language}"><head><meta property="article:published_time" '
        f'content="05/03/2024"></head><body><h1>Le conseil vote</h1>{RUNNING_TEXT}</body></html>'
    )
    assert extract_metadata(parse(html)).date == expected


def test_dateline_wins_when_the_stated_date_is_shown_nowhere() -> None:
    body = f"<h1>Ferry timetable changes</h1><p>August 25, 2024</p>{RUNNING_TEXT}"
    assert date_of(STATED, body) == "2024-08-25"


def test_stated_date_kept_when_the_page_shows_it() -> None:
    body = (
        f"<h1>Ferry timetable changes</h1><p>August 25, 2024</p>{RUNNING_TEXT}"
        "<footer><p>First published June 24, 2025</p></footer>"
    )
    assert date_of(STATED, body) == "2025-06-24T10:00:00+00:00"


def test_stated_date_kept_when_the_url_repeats_it() -> None:
    body = f"<h1>Ferry timetable changes</h1><p>August 25, 2024</p>{RUNNING_TEXT}"
    url = "https://news.example.org/2025/06/24/ferry"
    assert date_of(STATED, body, url) == "2025-06-24T10:00:00+00:00"


def test_revision_dateline_does_not_replace_the_stated_date() -> None:
    body = f"<h1>Ferry timetable changes</h1><p>Updated October 8, 2025</p>{RUNNING_TEXT}"
    assert date_of(STATED, body) == "2025-06-24T10:00:00+00:00"
    glued = "<h1>Ferry timetable changes</h1><p>By Jo Lee UpdatedOctober 8, 2025</p>"
    assert date_of(STATED, glued + RUNNING_TEXT) == "2025-06-24T10:00:00+00:00"


def test_same_instant_in_the_readers_zone_keeps_the_stated_date() -> None:
    late = '<meta property="article:published_time" content="2018-06-12T23:00:00Z">'
    body = f"<h1>Ferry timetable changes</h1><p>6/13/2018</p>{RUNNING_TEXT}"
    assert date_of(late, body) == "2018-06-12T23:00:00+00:00"


def test_people_dates_are_not_the_page_date() -> None:
    body = (
        "<h1>Which ferry pass is best?</h1><p>Joined: Mon Jul 24, 2017 9:28 am</p>"
        f"<p>Post by sailor » Sat Feb 24, 2024 12:41 pm</p>{RUNNING_TEXT}"
    )
    assert date_of(body=body) == "2024-02-24"


@pytest.mark.parametrize(
    "period",
    [
        "2. periodi (28.10.–13.12.2024)",
        "1/27/2026 - 3/24/2026",
        "2024-10-28 – 2024-12-13",
        "3–5 March 2024",
        "March 3 – 5, 2024",
        "3 March – 5 April 2024",
    ],
)
def test_a_period_is_not_the_page_date(period: str) -> None:
    # a course's term, an event's days: the page's own date is its update's line
    body = f"<h1>Data structures and algorithms</h1><p>{period}</p>{RUNNING_TEXT}"
    assert date_of(body=body) is None
    assert date_of(body=f"{body}<p>Page updated 12.8.2024</p>") == "2024-08-12"


@pytest.mark.parametrize(
    "dateline",
    [
        "Updated March 5, 2024 - 12:30 pm",
        "5.3.2024 - 10.30 Uhr",
        "Updated: 09:45 — 5 March 2024",
        "Version 2.1 - 05.03.2024",
        "Issue 4 – 5 March 2024",
        "COVID-19 - 5 March 2024",
        "By Jane Doe | 14:05 - 5 March 2024",
    ],
)
def test_a_date_and_a_time_after_a_dash_are_a_dateline(dateline: str) -> None:
    body = f"<h1>Data structures and algorithms</h1><p>{dateline}</p>{RUNNING_TEXT}"
    found = date_of(body=body)
    assert found is not None and found.startswith("2024-03-05")


@pytest.mark.parametrize(
    "attribution",
    [
        "On Tue, 12 Mar 2024 at 22:08, Daniel Okafor &lt;d.okafor@example.org&gt; wrote:",
        "Am Di., 12. März 2024 um 22:08 Uhr schrieb Daniel Okafor:",
        "Le mar. 12 mars 2024 à 22:08, Daniel Okafor a écrit :",
    ],
)
def test_a_quoted_messages_date_is_not_the_page_date(attribution: str) -> None:
    # a mailing list's reply: the line that introduces the quoted message dates that
    # message; the reply's own date is written for wide screens and for phones
    header = (
        "<div class='email-date'><span class='date d-none d-sm-inline'>Wed, Mar 13, 2024"
        "</span><span class='date d-sm-none'>13 Mar '24</span></div>"
    )
    body = f"<h1>Re: Deprecating the old format</h1><div>{attribution}</div>{RUNNING_TEXT}"
    assert date_of(body=body) is None
    body = f"<h1>Re: Deprecating the old format</h1>{header}<div>{attribution}</div>"
    assert date_of(body=body + RUNNING_TEXT) == "2024-03-13"
    # only the block's own text is read without its copies: not the sentences of the
    # blocks inside its element, which no dateline is
    body = (
        "<h1>Council passes the new budget</h1><div class='meta'>By Jane Doe, 3 days ago"
        "<div><p>The council met on 5 March 2021 to discuss the plan, which was first "
        "proposed years ago by the mayor's office.</p><p>Residents <span class='d-none "
        "d-md-inline'>across the whole city</span><span class='d-md-none'>citywide</span> "
        f"reacted with mixed feelings.</p></div></div>{RUNNING_TEXT}"
    )
    assert date_of(body=body) is None


def test_a_date_the_headline_names_comes_after_the_pages_own() -> None:
    # a forum's thread about a firmware of a given day: its first post's <time>, below
    # the thread's toolbar, dates it; an update whose headline is its day, and nothing
    # else dated, keeps that day
    title = "Pi 5 won't boot from NVMe after EEPROM update (2024-02-29)"
    toolbar = "".join(f"<div><a href='#'>Tool {n}</a></div>" for n in range(14))
    body = (
        f"<h1>{title}</h1>{toolbar}<div class='post'><p class='author'>by <a>mgreaves</a> » "
        "<time datetime='2024-03-09T20:12:00+00:00'>Sat Mar 09, 2024 8:12 pm</time></p>"
        f"{RUNNING_TEXT}</div>"
    )
    assert date_of(f"<title>{title}</title>", body) == "2024-03-09T20:12:00+00:00"
    title = "Lemmy Development Update 2024-10-04"
    body = f"<h1>{title}</h1>{RUNNING_TEXT}"
    assert date_of(f"<title>{title}</title>", body) == "2024-10-04"
    # read as the page writes its dates: day first in French
    title = "Compte rendu du conseil du 05/03/2024"
    html = f"<html lang='fr'><head><title>{title}</title></head><body><h1>{title}</h1>"
    html += "<p>Le conseil municipal s'est réuni pour examiner le budget et les travaux de "
    html += "voirie prévus cette année dans les quartiers du centre.</p></body></html>"
    assert extract_metadata(parse(html)).date == "2024-03-05"


def test_an_events_time_is_not_the_page_date() -> None:
    listing = (
        "<h1>What's on at the harbour</h1>"
        "<div class='tribe-events-calendar-list__event'><h3>Lantern walk</h3>"
        "<time datetime='2025-06-12'>December 12</time></div>"
        "<div class='event-card'><h3>Choir night</h3>"
        "<time datetime='2025-06-19'>December 19</time></div>"
    )
    assert date_of(body=f"<main>{listing}{RUNNING_TEXT}</main>") is None
    item = (
        "<h1>Lantern walk</h1><div itemscope itemtype='https://schema.org/Event'>"
        "<p>Starts <time itemprop='startDate' datetime='2025-06-12T18:00'>at six</time>"
        " by the pier.</p></div>"
    )
    assert date_of(body=f"<main>{item}{RUNNING_TEXT}</main>") is None
    # the post's own time is the page's, events beside it or not
    post = "<p class='byline'>By Jo <time datetime='2025-05-02'>two weeks ago</time></p>"
    assert date_of(body=f"<main>{post}{listing}{RUNNING_TEXT}</main>") == "2025-05-02"


def test_a_date_in_a_code_sample_is_not_the_page_date() -> None:
    # a manual's example output, in a line of its own under the title
    for sample in (
        "<pre>2019-03-04 12:00:01 INFO worker started</pre>",
        "<div class='highlight'><pre><span>$ date</span>\nMon Mar  4 12:00:01 UTC 2019</pre></div>",
        "<pre><code>Released: March 4, 2019</code></pre>",
    ):
        body = f"<h1>Logging</h1><p>Start the worker:</p>{sample}{RUNNING_TEXT}"
        assert date_of(body=body) is None, sample
    body = f"<h1>Logging</h1><p>Updated March 4, 2019</p><pre>x = 1</pre>{RUNNING_TEXT}"
    assert date_of(body=body) == "2019-03-04"


@pytest.mark.parametrize(
    "label",
    [
        "Зарегистрирован:",
        "Регистрация:",
        "Lid sinds",
        "Kayıt tarihi:",
        "注册时间:",
        "註冊時間：",
        "Mitglied seit",
        "Membre depuis",
        "Iscritto:",
        "Dołączył:",
        "Inscription :",
        "Registado:",
        "Registrován:",
        "Medlem sedan:",
        "Liittynyt:",
        "Rejestracja:",
        "Registrovaný:",
        "Regisztrált:",
        "Înregistrat:",
        "Εγγραφή:",
        "가입일:",
        "تاريخ التسجيل:",
        "Rekisteröitynyt:",
        "Bergabung:",
    ],
)
def test_a_members_registration_in_other_languages_is_not_the_page_date(label: str) -> None:
    body = (
        f"<h1>Which ferry pass is best?</h1><p>{label} Mon Jul 24, 2017 9:28 am</p>"
        f"<p>sailor » Sat Feb 24, 2024 12:41 pm</p>{RUNNING_TEXT}"
    )
    assert date_of(body=body) == "2024-02-24"


def test_revision_label_far_from_the_title_is_not_a_publication_date() -> None:
    filler = "".join(f"<p>Section {n}</p>{RUNNING_TEXT}" for n in range(8))
    body = f"<h1>Ferry guide</h1>{filler}<footer><p>Last updated on Mar 05, 2026</p></footer>"
    assert date_of(body=body) is None
    published = body.replace("Last updated on", "Published on")
    assert date_of(body=published) == "2026-03-05"


def test_month_name_in_the_url() -> None:
    url = "https://wine.example.org/blog/2023/october/03/how-many-types"
    assert url_date(url) == "2023-10-03"


def test_microdata_dates_of_replies_are_skipped() -> None:
    body = (
        '<div itemscope itemtype="https://schema.org/Question">'
        "<h1 itemprop='name'>How to back up a whole system?</h1>"
        '<div itemscope itemtype="https://schema.org/Comment">'
        '<span itemprop="datePublished" content="2016-03-17T13:23:29Z">Mar 17, 2016</span>'
        "<p>Did you try rsync?</p></div>"
        '<time itemprop="dateCreated" datetime="2012-06-29T10:51:01Z">13 years ago</time>'
        f"{RUNNING_TEXT}</div>"
    )
    assert date_of(body=body) == "2012-06-29T10:51:01+00:00"


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("2024-05-17", "2024-05-17T09:00:00", True),
        ("2024-05-17T23:30:00+00:00", "2024-05-18T01:30:00+02:00", True),
        ("2024-05-17T23:30:00+00:00", "2024-05-18T09:30:00+02:00", False),
        ("2018-06-12T23:00:00+00:00", "2018-06-13", True),  # UTC+1 and east
        ("2025-12-19T22:02:58+00:00", "2025-12-18", False),  # no zone is 34 hours behind
        ("2025-11-13", "2025-11-12", False),  # two days, no instant
    ],
)
def test_same_moment(a: str, b: str, expected: bool) -> None:
    assert same_moment(a, b) is expected
    assert same_moment(b, a) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("By: FlowGuard EMEA on 04-ago-2021 5:11:10", "2021-08-04"),  # Spanish, dashes
        ("12-dic-2019", "2019-12-12"),
        ("07 set 2020", "2020-09-07"),  # Italian and Portuguese September
        ("Mo Mär 11 10:02:47 CET 2024", "2024-03-11"),  # German, as Mailman writes it
        ("3 days ago 2021", None),
    ],
)
def test_month_abbreviations_and_dashes(text: str, expected: str | None) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # calendar versioning (year, month, release) is no date; a date after it is
        ("Affects Version/s: 2024.02.3", None),
        ("Fixed in 2024.02.3, released 2024.03.10", "2024-03-10"),
        # padded alike, or not at all, it is one
        ("2024.02.03", "2024-02-03"),
        ("2024.2.3", "2024-02-03"),
        ("2024-11-05", "2024-11-05"),
        # with dashes or slashes, or a time, the day unpadded is a date still (PHP's Y-m-j)
        ("2024-01-5", "2024-01-05"),
        ("2023/09/7", "2023-09-07"),
        ("2024.01.5 10:00", "2024-01-05T10:00:00"),
    ],
)
def test_a_calendar_version_is_no_date(text: str, expected: str | None) -> None:
    assert parse_date(text) == expected


def test_url_day_is_the_local_day_of_the_stated_instant() -> None:
    utc = '<meta property="article:published_time" content="2025-12-19T02:41:41+00:00">'
    url = "https://blog.example.org/2025/12/18/comfort-watches"
    body = f"<h1>Comfort watches</h1>{RUNNING_TEXT}"
    assert date_of(utc, body, url) == "2025-12-18"
    far = "https://blog.example.org/2025/12/10/comfort-watches"  # not the same moment
    assert date_of(utc, body, far) == "2025-12-19T02:41:41+00:00"


def test_an_embedded_videos_upload_date_is_read_after_the_articles_date() -> None:
    video = {"@type": "VideoObject", "uploadDate": "2024-12-07T01:36:42Z", "name": "Clip"}
    article = {"@type": "NewsArticle", "datePublished": "2024-12-06T22:00:40Z"}
    scripts = "".join(
        f'<script type="application/ld+json">{json.dumps(item)}</script>'
        for item in (video, article)
    )
    body = f"<h1>President apologises</h1>{RUNNING_TEXT}"
    assert date_of(scripts, body) == "2024-12-06T22:00:40+00:00"
    assert date_of(scripts.split("</script>")[0] + "</script>", body) == "2024-12-07T01:36:42+00:00"


def test_baidus_cambrian_publication_date_is_read() -> None:
    # CSDN and many Chinese sites state the date in Baidu's Cambrian JSON-LD; the page
    # also shows a newer date, its recommended articles' latest
    cambrian = {
        "@context": "https://ziyuan.baidu.com/contexts/cambrian.jsonld",
        "pubDate": "2023-08-15T10:23:45",
        "upDate": "2023-08-16T09:01:12",
    }
    script = f'<script type="application/ld+json">{json.dumps(cambrian)}</script>'
    body = (
        "<h1>GIL 到底影响了什么？</h1><div>最新推荐文章于 2024-05-20 16:12:08 发布</div>"
        f"<div>于 2023-08-15 10:23:45 发布</div>{RUNNING_TEXT}"
    )
    assert date_of(script, body) == "2023-08-15T10:23:45"


def test_json_ld_dates_of_reviews_are_not_the_pages() -> None:
    product = {
        "@type": "Product",
        "name": "Stoneware mug",
        "review": [
            {"@type": "Review", "datePublished": "2025-09-03", "author": "Kim"},
            {"@type": "Review", "datePublished": "2022-10-22", "author": "Lou"},
        ],
    }
    script = f'<script type="application/ld+json">{json.dumps(product)}</script>'
    body = f"<h1>Stoneware mug</h1>{RUNNING_TEXT}"
    assert date_of(script, body) is None
    product["datePublished"] = "2021-04-01"
    script = f'<script type="application/ld+json">{json.dumps(product)}</script>'
    assert date_of(script, body) == "2021-04-01"


def test_a_customers_review_shown_on_the_page_dates_nothing() -> None:
    # a shop's product page: the first review's <time> and its dateline were the date
    review = (
        '<div class="block review-list" id="customer-reviews"><ol class="items review-items">'
        '<li class="item review-item"><div class="review-content">Strong and light.</div>'
        '<p class="review-date">Written on <time datetime="2023-10-04">04.10.23</time></p>'
        "<p class='review-date'>October 5, 2023</p></li></ol></div>"
    )
    assert date_of(body=f"<main><h1>Cordless drill</h1>{RUNNING_TEXT}{review}</main>") is None
    # the same time outside a review is the page's
    plain = review.replace("review", "post")
    assert date_of(body=f"<main><h1>Cordless drill</h1>{RUNNING_TEXT}{plain}</main>") == (
        "2023-10-04"
    )


def test_a_date_in_a_sentence_under_the_title_is_no_dateline() -> None:
    sentence = (
        "<p>The winter timetable for most island routes starts on November 3, 2025. If you "
        "travel before that date, the summer crossings and their fares still apply.</p>"
    )
    body = f"<h1>Ferry timetable changes</h1>{sentence}{RUNNING_TEXT}"
    assert date_of(body=body) is None
    short = "<p>Ferry desk · November 3, 2025</p>"
    assert date_of(body=f"<h1>Ferry timetable changes</h1>{short}{RUNNING_TEXT}") == "2025-11-03"


def test_a_time_element_far_below_the_title_dates_the_page() -> None:
    toolbar = "".join(f"<p>Tool {n}</p>" for n in range(14))
    post = '<div class="post"><time datetime="2024-02-24T18:41:02Z">Sat 12:41 pm</time>'
    body = f"<h1>Which ferry pass is best?</h1>{toolbar}{post}{RUNNING_TEXT}</div>"
    assert date_of(body=body) == "2024-02-24T18:41:02+00:00"
    in_comments = body.replace('class="post"', 'class="comment-list"')
    assert date_of(body=in_comments) is None
    in_footer = f"<h1>Ferry guide</h1>{toolbar}{RUNNING_TEXT}<footer>{post}</div></footer>"
    assert date_of(body=in_footer) is None


def test_githubs_relative_time_element_dates_the_page() -> None:
    # a release's "jdoe released this <relative-time>": the element shows the date its
    # datetime holds, as <time> does
    line = (
        '<div><a href="/jdoe">jdoe</a> released this <relative-time '
        'datetime="2024-05-14T16:02:11Z">14 May</relative-time></div>'
    )
    body = f"<h1>v2.4.0</h1>{line}{RUNNING_TEXT}"
    assert date_of(body=body) == "2024-05-14T16:02:11+00:00"


def lang_date(lang: str, body: str) -> str | None:
    html = f'<html lang="{lang}"><head></head><body>{body}</body></html>'
    return extract_metadata(parse(html)).date


def test_slash_dates_follow_the_pages_language() -> None:
    body = f"<h1>Horaires du bac</h1><p>Publié le 05/10/2024</p>{RUNNING_TEXT}"
    assert lang_date("fr", body) == "2024-10-05"
    assert lang_date("en-GB", body) == "2024-10-05"
    assert lang_date("en-US", body) == "2024-05-10"
    assert lang_date("en", body) == "2024-05-10"  # no region: as before, month first


def test_slash_dates_follow_the_pages_other_dates() -> None:
    body = (
        f"<h1>Which ferry pass is best?</h1><p>01/12/2025 at 6:49 pm</p>{RUNNING_TEXT}"
        "<p>Reply · 28/11/2025 at 7:07 pm</p>"
    )
    assert lang_date("en", body) == "2025-12-01"
    us = body.replace("28/11/2025", "11/28/2025")
    assert lang_date("en", us) == "2025-01-12"


def test_a_date_label_alone_labels_the_next_blocks_date() -> None:
    filler = "".join(f"<p>Section {n}</p>{RUNNING_TEXT}" for n in range(8))
    dateline = '<div class="dateline"><p>Published</p><p class="date">Feb 2, 2023</p></div>'
    assert date_of(body=f"<h1>Ferry guide</h1>{filler}{dateline}") == "2023-02-02"
    unlabelled = dateline.replace("<p>Published</p>", "<p>Share</p>")
    assert date_of(body=f"<h1>Ferry guide</h1>{filler}{unlabelled}") is None


def test_a_list_of_datelines_newest_first_is_an_index_of_other_pages() -> None:
    items = "".join(
        f"<h2>Ferry news {n}</h2><p>December {day}, 2025</p>" for n, day in enumerate((9, 4, 1))
    )
    assert date_of(body=f"<h1>Harbour news</h1>{items}{RUNNING_TEXT}") is None
    posts = "".join(
        f"<p>Post by sailor{n}</p><p>December {day}, 2025</p>" for n, day in enumerate((1, 4, 9))
    )
    assert date_of(body=f"<h1>Which ferry pass?</h1>{posts}{RUNNING_TEXT}") == "2025-12-01"


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Опубликовано 5 марта 2024 г.", "2024-03-05"),  # Russian, genitive
        ("1 июня 2024 года", "2024-06-01"),
        ("5 лютого 2024", "2024-02-05"),  # Ukrainian
        ("نشر في 5 مارس 2024", "2024-03-05"),  # Arabic
        ("opublikowano 3 lipca 2022", "2022-07-03"),  # Polish
        ("5. března 2024", "2024-03-05"),  # Czech
        ("12 Ağustos 2023", "2023-08-12"),  # Turkish
        ("5 MAYIS 2024", "2024-05-05"),  # capitals lower-case to "mayis"
        ("5 NİSAN 2024", "2024-04-05"),  # and "ni̇san", with a combining dot
        ("Diterbitkan 17 Agustus 2021", "2021-08-17"),  # Indonesian
        ("3 Μαρτίου 2024", "2024-03-03"),  # Greek, genitive
        ("18 Σεπ 2023", "2023-09-18"),  # ... abbreviated
        ("3 mrt. 2024", "2024-03-03"),  # Dutch's abbreviation of maart
        ("3 במרץ 2024", "2024-03-03"),  # Hebrew, "in March"
        ("3 मार्च 2024", "2024-03-03"),  # Hindi
        ("3 آذار 2024", "2024-03-03"),  # Levantine Arabic
        ("3 كانون الثاني 2024", "2024-01-03"),  # ... a name of two words
        ("3 جانفي 2024", "2024-01-03"),  # Maghreb Arabic
        ("3 de marzo del 2024", "2024-03-03"),  # Spanish "del"
        ("3 มีนาคม 2567", "2024-03-03"),  # Thai, Buddhist era
        ("3 มีนาคม พ.ศ. 2567", "2024-03-03"),
        ("15 ก.ย. 2567 18:42 น.", "2024-09-15"),  # Thai news's abbreviated month
        ("1 ธ.ค. 2566", "2023-12-01"),
        ("Ngày 3 tháng 3 năm 2024", "2024-03-03"),  # Vietnamese
        ("令和6年3月3日", "2024-03-03"),  # Japanese era
        ("令和元年5月1日", "2019-05-01"),  # its first year
        ("平成31年4月30日", "2019-04-30"),
        ("中華民國113年6月3日", "2024-06-03"),  # Taiwan's Minguo calendar
        ("民國 99 年 12 月 1 日", "2010-12-01"),
        ("發布日期：113年6月3日", "2024-06-03"),  # its years of three digits
        ("發布日期：113-06-03", "2024-06-03"),  # in numbers, beside Chinese
        ("更新日期 113/6/3", "2024-06-03"),
    ],
)
def test_month_names_of_more_languages(text: str, day: str) -> None:
    assert parse_date(text) == day


def test_a_page_without_a_language_tag_writes_dates_as_its_language_does() -> None:
    # a Vietnamese forum without a lang attribute: day first, as its text's language
    text = (
        "<p>Em đang dùng con Honda City 2017 bản 1.5 TOP, đi được 68.000 km. Dạo gần đây "
        "khi đề nổ buổi sáng thì máy rung khá mạnh, đèn check engine thỉnh thoảng sáng.</p>"
    )
    body = f"<h1>Honda City 2017 rung máy</h1><p>Ngày đăng: 10/04/2024</p>{text}"
    assert date_of(body=body) == "2024-04-10"
    # an English page without one reads month first, as before
    english = (
        "<h1>Council meeting</h1><p>Posted 10/04/2024</p><p>The council met to review the "
        "budget and the road works planned in the central districts this year.</p>"
    )
    assert date_of(body=english) == "2024-10-04"


def test_a_month_name_of_two_languages_with_two_meanings_is_left_out() -> None:
    assert parse_date("5. listopada 2024.") is None  # Polish November, Croatian October
    assert parse_date("5. listopadu 2024") == "2024-11-05"  # Czech November


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("١٥ مارس ٢٠٢٤", "2024-03-15"),  # Arabic-Indic digits
        ("۱۵ مارس ۲۰۲۴", "2024-03-15"),  # Eastern Arabic-Indic (Persian, Urdu)
        ("２０２４年３月１５日", "2024-03-15"),  # full-width digits
        ("٢٠٢٤-٠٣-١٥", "2024-03-15"),
    ],
)
def test_digits_of_other_scripts_are_read(written: str, day: str) -> None:
    assert parse_date(written) == day
    assert date_of(body=f'<h1>Timetable</h1><p class="date">{written}</p>{RUNNING_TEXT}') == day


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("۱۴ آبان ۱۴۰۳", "2024-11-04"),
        ("چهارشنبه ۲۸ اسفند ۱۳۹۸ - ۱۲:۳۰", "2020-03-18"),
        ("30 اسفند 1403", "2025-03-20"),  # the last day of a leap year
        ("1 فروردین 1404", "2025-03-21"),  # Nowruz, the day after
        ("۱۷ دي ماه ۱۳۹۵", "2017-01-06"),  # Arabic ي for Persian ی, and "month"
        ("۱۵ حمل ۱۴۰۰", "2021-04-04"),  # Dari (Afghanistan) names the months after the zodiac
    ],
)
def test_persian_dates_of_the_solar_hijri_calendar(written: str, day: str) -> None:
    assert parse_date(written) == day
    assert date_of(body=f'<h1>گزارش</h1><p class="date">{written}</p>{RUNNING_TEXT}') == day


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("Wed Feb 21 09:14:52 CET 2024", "2024-02-21"),  # a Pipermail archive's message
        ("Tue Mar  5 10:00:00 +0100 2024", "2024-03-05"),
        ("Fri May 17 9:30 2024", "2024-05-17"),
    ],
)
def test_the_unix_date_form(written: str, day: str) -> None:
    assert parse_date(written) == day
    body = f"<h1>Re: Reprojecting a GeoTIFF</h1><b>Ingrid</b><br><i>{written}</i>{RUNNING_TEXT}"
    assert date_of(body=body) == day


@pytest.mark.parametrize(
    "written",
    [
        "Updated May 5 12:00 and 2024 plans",  # a word where the zone goes
        "Wed Feb 21 25:14:52 CET 2024",  # no such hour
        "Wed Feb 31 09:14:52 CET 2024",  # no such day
    ],
)
def test_what_only_looks_like_the_unix_date_form_is_not_read(written: str) -> None:
    assert parse_date(written) is None


def test_the_solar_hijri_new_year_falls_on_the_equinox_day() -> None:
    # Iran's new year is the day of the March equinox (the next day when it comes after
    # noon in Tehran): 20 March in 1996, 2000 ... 2024, 21 March in every other year
    # from 1991 to 2026 (1992's equinox came after noon in Tehran).
    for year in range(1370, 1406):
        common = year + 621
        expected = date(common, 3, 20 if common % 4 == 0 and common >= 1996 else 21)
        assert solar_hijri_date(year, 1, 1) == expected, year


@pytest.mark.parametrize(
    "written",
    [
        "30 اسفند 1402",  # not a leap year: Esfand has 29 days
        "31 مهر 1403",  # the seventh month has 30
        "14 آبان 1360",  # 1981: before the Web
        "مهر 1403",  # no day
    ],
)
def test_what_is_no_solar_hijri_day_is_not_read(written: str) -> None:
    assert parse_date(written) is None


def test_a_link_aggregators_story_title_is_found_before_its_tags() -> None:
    # Lobsters: the story's title block also holds its tags and the linked domain, and
    # the comments below carry their own times; the extractor keeps a comment
    page = (
        "<html><head><title>Rust Project goals for 2024</title></head><body>"
        "<ol><li><a href='https://blog.rust-lang.org/goals'>Rust Project goals for 2024</a> "
        "<a href='/t/rust'>rust</a> <a href='/d/blog.rust-lang.org'>blog.rust-lang.org</a>"
        "<div>via ann <time datetime='2024-08-12 10:00:23'>1 year ago</time></div></li></ol>"
        + "".join(
            f"<div><div>user{n} <time datetime='2024-08-13 0{n}:57:33'>1 year ago</time>"
            f"</div><p>Short reply {n}.</p></div>"
            for n in range(1, 6)
        )
        + f"<div><div>bob <time datetime='2024-08-13 09:57:33'>1 year ago</time></div>"
        f"{RUNNING_TEXT}</div></body></html>"
    )
    document = parse(page)
    for block in document.blocks:
        block.set_content(block.num_words > 20)
    metadata = extract_metadata(document)
    assert metadata.title == "Rust Project goals for 2024"
    assert metadata.date == "2024-08-12T10:00:23"


def test_a_related_headline_that_starts_with_the_title_is_not_its_block() -> None:
    from unboiler.metadata import _title_then_tags

    # a related story's link ends with no domain; the title's case does not count
    assert not _title_then_tags("How to cook rice in a microwave", "How to cook rice")
    assert _title_then_tags(
        "Rust Project Goals for 2024 rust blog.rust-lang.org", "Rust project goals for 2024"
    )
    assert _title_then_tags("Show HN: A tiny editor (example.com)", "Show HN: A tiny editor")


@pytest.mark.parametrize(
    ("updated", "published"),
    [
        ("Updated: March 5, 2024", "Published: March 3, 2024"),
        ("Aktualisiert: 5. März 2024", "Veröffentlicht: 3. März 2024"),
        ("Обновлено: 5 марта 2024", "Опубликовано: 3 марта 2024"),
        ("Aktualizacja: 5 marca 2024", "Opublikowano: 3 marca 2024"),
        ("수정 2024.03.05", "입력 2024.03.03"),  # Korean news: "modified", "entered"
        ("अपडेटेड: 5 मार्च 2024", "प्रकाशित: 3 मार्च 2024"),  # Hindi
    ],
)
def test_the_publication_date_wins_over_a_revision_written_above_it(
    updated: str, published: str
) -> None:
    # the first date under the title was taken, the revision's
    body = f"<h1>Council approves bike lane</h1><p>{updated}</p><p>{published}</p>{RUNNING_TEXT}"
    assert date_of(body=body) == "2024-03-03"
    # a revision alone still dates the page
    body = f"<h1>Council approves bike lane</h1><p>{updated}</p>{RUNNING_TEXT}"
    assert date_of(body=body) == "2024-03-05"


def test_dates_of_calendars_that_do_not_exist_are_none() -> None:
    assert parse_date("令和0年1月1日") is None  # an era's years count from 1
    assert parse_date("3 May 2560") is None  # a Buddhist-era year with a month of English


def test_a_minguo_year_in_numbers_alone_needs_a_word_for_a_date_before_it() -> None:
    assert parse_date("113-06-03") is None  # a part number, as likely as a date
    assert parse_date("版本 1.113-06-03") is None  # a version
    assert parse_date("版本 112.3.1 更新") is None
    assert parse_date("電話 110-12-25") is None  # a phone number
    assert parse_date("112年13月1日") is None  # no thirteenth month
    # an impossible date in words does not hide a possible one in numbers
    assert parse_date("民國113年2月30日，發布日期：113-06-03") == "2024-06-03"


def test_the_javadoc_tools_creation_date_is_read() -> None:
    # JDK 9's javadoc writes <meta name="dc.created"> on every page, and no other date
    head = '<meta name="dc.created" content="2024-01-16"><meta name="generator" content="javadoc">'
    assert date_of(head, "<main><h1>Class RateLimiter</h1>" + RUNNING_TEXT + "</main>") == (
        "2024-01-16"
    )
