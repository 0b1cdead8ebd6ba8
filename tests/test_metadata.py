"""The metadata stage: each field from each of its sources, the order of trust between
JSON-LD, meta elements and the visible page, and pages that break every rule."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.conftest import page

import unboiler
from unboiler.datasets import GoldMeta, load_dataset
from unboiler.metadata import Metadata, clean_title, extract_metadata, parse_date, url_date
from unboiler.parse import parse

COURIER = "https://courier.example.org/news/2024/05/17/ferry-library?ref=home"


def meta_of(name: str, url: str | None = None) -> Metadata:
    return extract_metadata(parse(page(f"metadata/{name}.html"), url=url))


def meta_html(
    head: str = "", body: str = "", *, url: str | None = None, lang: str = ""
) -> Metadata:
    attribute = f' lang="{lang}"' if lang else ""
    html = f"<!DOCTYPE html><html{attribute}><head>{head}</head><body>{body}</body></html>"
    return extract_metadata(parse(html, url=url))


def ld(data: object) -> str:
    return f'<script type="application/ld+json">{json.dumps(data)}</script>'


# --------------------------------------------------------------------------- JSON-LD wins


def test_json_ld_wins_over_meta_and_page() -> None:
    """Every field of the JSON-LD article disagrees with a meta element and the page."""
    meta = meta_of("jsonld-article", COURIER)
    assert meta.title == "Harbour ferry becomes a floating library"
    assert meta.author == "Mira Holm, Jonas Berg"  # an @id reference followed
    assert meta.date == "2024-05-17T09:30:00+02:00"
    assert meta.sitename == "The Coastal Courier"
    assert meta.description == "Volunteers turned a retired ferry into a library."
    assert meta.image == "https://courier.example.org/images/ferry.jpg"
    assert meta.categories == ("Local", "Culture")
    assert meta.tags == ("libraries", "ferries", "volunteers")


def test_canonical_link_is_made_absolute() -> None:
    meta = meta_of("jsonld-article", COURIER)
    assert meta.url == "https://courier.example.org/news/2024/05/17/ferry-library"


def test_html_lang_wins_over_json_ld_language() -> None:
    assert meta_of("jsonld-article").language == "en"


def test_json_ld_language_when_the_page_declares_none() -> None:
    head = ld({"@type": "Article", "headline": "Ein Titel", "inLanguage": "de-AT"})
    assert meta_html(head).language == "de"


def test_json_ld_headline_wins_over_og_title() -> None:
    head = '<meta property="og:title" content="Meta headline">' + ld(
        {"@type": "BlogPosting", "headline": "Structured headline"}
    )
    assert meta_html(head).title == "Structured headline"


def test_json_ld_name_of_the_page_is_a_title_but_not_the_organisations() -> None:
    head = ld(
        [{"@type": "Organization", "name": "Acme Ltd"}, {"@type": "WebPage", "name": "Pricing"}]
    )
    assert meta_html(head).title == "Pricing"


def test_the_items_a_page_lists_in_json_ld_are_not_what_it_is_about() -> None:
    events = [
        {"@type": "Event", "name": "Toddler Storytime", "description": "Songs and rhymes."},
        {"@type": "Event", "name": "Author Talk", "description": "A novelist reads."},
    ]
    head = (
        "<title>Events for May 2024 - Riverside Library</title>"
        '<meta name="description" content="Storytimes and talks in May 2024.">' + ld(events)
    )
    metadata = meta_html(head, "<p>What is on at the library this month.</p>")
    assert metadata.title == "Events for May 2024"
    assert metadata.description == "Storytimes and talks in May 2024."
    # one event, or one written twice, is the page's
    for listed in (events[:1], [events[0], events[0]]):
        head = "<title>Events - Riverside Library</title>" + ld(listed)
        metadata = meta_html(head, "<p>Come along.</p>")
        assert metadata.description == "Songs and rhymes."


def test_authors_of_reviews_are_not_the_pages() -> None:
    head = ld(
        {
            "@type": "Product",
            "name": "Kettle",
            "review": [{"@type": "Review", "author": {"@type": "Person", "name": "Buyer"}}],
        }
    )
    assert meta_html(head).author is None


def test_an_organisation_as_author_yields_to_a_person_on_the_page() -> None:
    head = ld({"@type": "Article", "author": {"@type": "Organization", "name": "Acme News"}})
    body = "<h1>A headline for the test</h1><p>By Jane Doe</p>"
    assert meta_html(head, body).author == "Jane Doe"
    assert meta_html(head, "<h1>A headline for the test</h1>").author == "Acme News"


def test_the_sites_name_beside_people_is_dropped() -> None:
    head = '<meta property="og:site_name" content="The Daily Planet">' + ld(
        {"@type": "NewsArticle", "author": [{"name": "Lois Lane"}, {"name": "The Daily Planet"}]}
    )
    assert meta_html(head).author == "Lois Lane"


def test_publisher_and_website_give_the_site_name() -> None:
    assert meta_html(ld({"@type": "WebSite", "name": "Field Notes"})).sitename == "Field Notes"
    publisher = {
        "@type": "NewsArticle",
        "publisher": {"@type": "Organization", "name": "Vox Media"},
    }
    assert meta_html(ld(publisher)).sitename == "Vox Media"


def test_the_sites_own_name_wins_over_its_publishers() -> None:
    # The Verge's pages name Vox Media, its company, as the publisher
    publisher = {
        "@type": "NewsArticle",
        "publisher": {"@type": "Organization", "name": "Vox Media"},
    }
    head = '<meta property="og:site_name" content="The Verge">' + ld(publisher)
    assert meta_html(head).sitename == "The Verge"
    website = ld({"@type": "WebSite", "name": "The Verge"})
    assert meta_html(ld(publisher) + website).sitename == "The Verge"
    # a web app's short name is read after the publisher
    short = '<meta name="apple-mobile-web-app-title" content="Verge">' + ld(publisher)
    assert meta_html(short).sitename == "Vox Media"


HOUSECALL = "Housecall Pro - The #1 solution for your business"


@pytest.mark.parametrize(
    ("stated", "url", "site"),
    [
        # the publisher's name run together is written as the publisher writes it
        ("usatoday", None, "USA TODAY"),
        ("USATODAY", None, "USA TODAY"),
        ("9to5Mac", None, "9to5Mac"),
        # an address or a slug is no name: the publisher's is read
        ("https://www.example-news.in", None, "USA TODAY"),
        ("cultivating-health", None, "USA TODAY"),
        # a tagline beside the name is left out, the part the address names kept
        (HOUSECALL, "https://www.housecallpro.com/x", "Housecall Pro"),
        ("Onboarding and UX | Userpilot Blog", "https://userpilot.com/blog/x", "Userpilot Blog"),
        ("MS Society UK | Forum", "https://forum.mssociety.org.uk/t/1", "MS Society UK"),
        ("Mindesigns -", None, "Mindesigns"),
        # the part that holds the address's label, else the longest it holds
        ("Home - Homes.com", "https://www.homes.com/x", "Homes.com"),
        ("Weather - The Weather Network", "https://theweathernetwork.com/", "The Weather Network"),
        ("Blog | Acme", "https://blog.acme.com/post", "Acme"),
        # without an address, the name stays whole
        (HOUSECALL, None, HOUSECALL),
    ],
)  # fmt: skip
def test_a_stated_site_name_is_read_as_a_name(stated: str, url: str | None, site: str) -> None:
    publisher = {
        "@type": "NewsArticle",
        "publisher": {"@type": "Organization", "name": "USA TODAY"},
    }
    head = f'<meta property="og:site_name" content="{stated}">' + ld(publisher)
    assert meta_html(head, url=url).sitename == site


def test_a_site_name_beside_a_headline_or_alone_on_a_home_page_is_the_name() -> None:
    niehs = "National Institute of Environmental Health Sciences"
    hhs = {"@type": "WebPage", "publisher": {"@type": "Organization", "name": "HHS"}}
    head = f'<title>Research | {niehs}</title><meta property="og:site_name" content="{niehs}">'
    assert meta_html(head + ld(hhs)).sitename == niehs
    # a home page whose title is its site's long name
    home = f"<title>{niehs}</title>" + ld({"@type": "WebSite", "name": niehs})
    assert meta_html(home, url="https://www.niehs.nih.gov/").sitename == niehs
    # a short handle is no publisher's name run together
    short = '<meta property="og:site_name" content="ft">'
    microsoft = {
        "@type": "NewsArticle",
        "publisher": {"@type": "Organization", "name": "Microsoft Corporation"},
    }
    assert meta_html(short + ld(microsoft)).sitename == "ft"


def test_a_stated_site_name_that_is_the_headline_is_none() -> None:
    headline = "39 Best Electrician Tools for Your Tool Belt and Your Business"
    head = f'<meta property="og:site_name" content="{headline}">'
    head += f'<meta property="og:title" content="{headline}">'
    head += ld({"@type": "WebPage", "publisher": {"@type": "Organization", "name": "ServiceTitan"}})
    assert meta_html(head).sitename == "ServiceTitan"
    # a home page's short title is its site's name
    short = '<meta property="og:site_name" content="Field Notes"><title>Field Notes</title>'
    assert meta_html(short).sitename == "Field Notes"


def test_direction_marks_around_a_field_are_dropped() -> None:
    # Google Scholar wraps its name in an embedding: a field alone needs none
    head = '<meta property="og:site_name" content="\u202aGoogle Наука\u202c">'
    head += '<meta name="author" content="\u200fجمال\u200f">'
    meta = meta_html(head)
    assert meta.sitename == "Google Наука"
    assert meta.author == "جمال"


def test_a_sites_name_is_read_from_the_title_when_nothing_else_gives_it() -> None:
    body = "<h1>Kyoto's canals</h1><p>The canals of Kyoto carry water from the lake.</p>"
    assert meta_html("<title>Kyoto's canals - Wikipedia</title>", body).sitename == "Wikipedia"
    chinese = "<title>国产大飞机首飞_新华网</title>"
    assert meta_html(chinese, "<h1>国产大飞机首飞</h1>").sitename == "新华网"
    # the headline last, the site first
    blog = "<title>Blog | How we built search</title>"
    assert meta_html(blog, "<h1>How we built search</h1>").sitename == "Blog"
    # with an address, a word of the name must be in its host: a tagline is no name
    head = "<title>Best EVs of 2026 - Car Talk</title>"
    assert meta_html(head, url="https://www.cartalk.com/evs").sitename == "Car Talk"
    head = "<title>Postman: The API Platform | Sign Up for Free</title>"
    assert meta_html(head, url="https://www.postman.com/").sitename is None
    # a title of one part names no site; a stated name wins
    assert meta_html("<title>Just a headline</title>").sitename is None
    stated = '<meta property="og:site_name" content="Field Notes"><title>A - B</title>'
    assert meta_html(stated).sitename == "Field Notes"


WIKIMEDIA = {"@type": "Article", "publisher": {"@type": "Organization", "name": "Wikimedia"}}


@pytest.mark.parametrize(
    ("head", "url", "site"),
    [
        # the publisher names no word of the host, the title's name does
        (ld(WIKIMEDIA), "https://en.wikipedia.org/wiki/Kyoto", "Wikipedia"),
        # a section stated as the site's name; diacritics are no letters of a host
        ('<meta property="og:site_name" content="Culture">', "https://next.liberation.fr/a",
         "Libération"),
        # without an address, or when the stated name is in the host, it stays
        (ld(WIKIMEDIA), None, "Wikimedia"),
        ('<meta property="og:site_name" content="Wikipedia FR">',
         "https://fr.wikipedia.org/wiki/Kyoto", "Wikipedia FR"),
        # a name no host could hold is kept (a Chinese blog on its platform)
        ('<meta property="og:site_name" content="史蒂文的家">', "https://libe.pixnet.net/blog/1",
         "史蒂文的家"),
        # the title's name abbreviates the stated one: one name, spelled out
        ('<meta property="og:site_name" content="Libre Information Bureau Etc">',
         "https://www.libe.org/a", "Libre Information Bureau Etc"),
    ],
)  # fmt: skip
def test_a_stated_site_name_out_of_the_host_yields_to_the_titles(
    head: str, url: str | None, site: str
) -> None:
    titled = {"Culture": "Libération", "Libre Information Bureau Etc": "LIBE"}
    name = next((v for k, v in titled.items() if k in head), "Wikipedia")
    head += f"<title>Kyoto's canals - {name}</title>"
    body = "<h1>Kyoto's canals</h1><p>The canals of Kyoto carry water from the lake.</p>"
    assert meta_html(head, body, url=url).sitename == site


def test_a_titles_byline_names_no_site() -> None:
    # Substack ends a post's title with its writer, whose name its host holds
    head = "<title>Process knowledge, part IV - by Jessica Talisman</title>"
    body = "<h1>Process knowledge, part IV</h1>"
    url = "https://jessicatalisman.substack.com/p/process"
    assert meta_html(head, body, url=url).sitename is None
    # a site named "By ..." whose host holds all of it is named so
    head = "<title>Byways of Britain | By The Sea</title>"
    body = "<h1>Byways of Britain</h1>"
    assert meta_html(head, body, url="https://bythesea.com/x").sitename == "By The Sea"
    # an address in Unicode is read without its diacritics, as the name is
    head = "<title>Ein gutes Buch - Bücherhaus</title>"
    body = "<h1>Ein gutes Buch</h1>"
    assert meta_html(head, body, url="https://www.bücherhaus.de/x").sitename == "Bücherhaus"


@pytest.mark.parametrize(
    ("title", "site"),
    [
        ("Boiler noise - DIYnot Forums - Powered by vBulletin", "DIYnot Forums"),
        ("求助 - 数码之家 - Powered by Discuz!", "数码之家"),
        ("My first post | Proudly powered by WordPress", None),
        # a headline that starts so is the headline
        ("Powered by Plants: The Vegan Athlete | Runner's World", "Runner's World"),
    ],
)
def test_a_titles_credit_of_the_sites_software_names_no_site(title: str, site: str | None) -> None:
    headline = re.split(r" [-|] ", title)[0]
    assert meta_html(f"<title>{title}</title>", f"<h1>{headline}</h1>").sitename == site


def test_a_person_who_publishes_a_blog_is_not_its_name() -> None:
    # Yoast's graph: the writer is the publisher, named untyped as the article's author
    # first and typed as a Person further on; the site has a name of its own
    person = "https://slowpour.blog/#/schema/person/7c1e"
    graph = {
        "@graph": [
            {"@type": "Article", "author": {"name": "Ruth Okafor", "@id": person},
             "publisher": {"@id": person}},
            {"@type": "WebSite", "name": "The Slow Pour", "publisher": {"@id": person}},
            {"@type": ["Person", "Organization"], "@id": person, "name": "Ruth Okafor"},
        ]
    }  # fmt: skip
    meta = meta_html(ld(graph))
    assert meta.sitename == "The Slow Pour" and meta.author == "Ruth Okafor"
    # with no other name, the person's stands
    alone = {"@type": "Article", "publisher": {"@type": "Person", "name": "Ruth Okafor"}}
    assert meta_html(ld(alone)).sitename == "Ruth Okafor"


def test_a_publisher_given_by_its_id_alone_is_looked_up() -> None:
    organization = {
        "@type": "Organization",
        "@id": "https://forum.example.org/#org",
        "name": "Boards",
    }
    posting = {"@type": "DiscussionForumPosting", "publisher": "https://forum.example.org/#org"}
    assert meta_html(ld(posting) + ld(organization)).sitename == "Boards"
    # an address that names no object on the page is no name either
    unknown = {"@type": "DiscussionForumPosting", "publisher": "https://forum.example.org/#x"}
    assert meta_html(ld(unknown)).sitename is None
    relative = {"@type": "NewsArticle", "author": "//news.example.org/staff/ann"}
    assert meta_html(ld(relative)).author is None


# --------------------------------------------------------------------------- meta elements


def test_open_graph_fields() -> None:
    meta = meta_of("opengraph", "https://rail.example.com/night-trains?utm=1")
    assert meta.title == "Night trains return to the coast"
    assert meta.author == "Ana Ruiz"  # article:author is a profile URL: skipped
    assert meta.date == "2024-06-03T21:15:00"  # no zone given: none invented
    assert meta.sitename == "Rail Weekly"
    assert meta.description == "Two sleeper services resume this summer."
    assert meta.image == "https://rail.example.com/img/sleeper.jpg"  # relative og:image
    assert meta.url == "https://rail.example.com/night-trains"
    assert meta.language == "fr"  # og:locale fr_FR
    assert meta.categories == ("Travel",)
    assert meta.tags == ("trains", "sleepers")


def test_hashtag_links_give_their_tag() -> None:
    html = (
        "<html><body><article><h1>Brown Butter Banana Bread</h1><p>Brown the butter.</p>"
        '<footer><a href="/tag/bananas/" rel="tag"><span class="tag-hash">#</span>bananas</a>'
        '<a href="/tag/quick-bread/" rel="tag">#quick bread</a></footer></article></body></html>'
    )
    assert extract_metadata(parse(html)).tags == ("bananas", "quick bread")


def test_a_tag_link_to_a_category_is_a_category() -> None:
    # WooCommerce marks its product's categories and its tags alike, rel="tag"
    html = (
        "<html><body><main><h1>Moka Express</h1><p>La caffettiera italiana.</p>"
        '<span class="posted_in">Categoria: <a href="/categoria-prodotto/caffettiere/" '
        'rel="tag">Caffettiere</a></span> <span class="tagged_as">Tag: <a href="/tag-prod'
        'otto/moka/" rel="tag">moka</a>, <a href="/tags/categorical/x" rel="tag">dati</a>'
        "</span></main></body></html>"
    )
    found = extract_metadata(parse(html))
    assert found.categories == ("Caffettiere",)
    assert found.tags == ("moka", "dati")


@pytest.mark.parametrize(
    ("href", "category"),
    [
        ("/category/news/", True),
        ("https://shop.example/product-category/moka/", True),
        ("/categor%C3%ADa/libros/", True),
        ("/blog/category/news/", True),
        ("/tag/category-theory/", False),
        ("/tag/categories/", False),
        ("/tags/kategorie/", False),
        ("/category/", False),
        ("/shop/?category=moka", False),
        ("http://[x", False),
    ],
)
def test_a_category_address_names_a_category_before_its_slug(href: str, category: bool) -> None:
    html = (
        "<html><body><main><h1>Moka Express</h1><p>La caffettiera italiana.</p>"
        f'<a href="{href}" rel="tag">Caffettiere</a></main></body></html>'
    )
    found = extract_metadata(parse(html))
    assert (found.categories, found.tags) == (
        (("Caffettiere",), ()) if category else ((), ("Caffettiere",))
    )


def test_meta_wins_over_the_visible_byline_and_date() -> None:
    """The byline shows another date, but the page also shows the stated one (in its
    footer): the stated date is kept (tests/metadata/test_dates.py has the case where
    the page never shows it)."""
    meta = meta_of("opengraph")
    assert meta.author == "Ana Ruiz"
    assert meta.date is not None and meta.date.startswith("2024-06-03")


def test_dublin_core_fields() -> None:
    meta = meta_of("dublin-core")
    assert meta.title == "Water levels of the inner lakes, 1990 to 2020"
    assert meta.author == "Institute for Lake Studies"
    assert meta.date == "2021-03-09"  # dc.date.issued before the vaguer dc.date
    assert meta.description == "Thirty years of measurements."
    assert meta.tags == ("lakes", "water levels", "hydrology")  # HTML keywords
    assert meta.language == "nl"  # <html lang> before DC.language


@pytest.mark.parametrize(
    "keywords",
    ["アプリ、セキュリティ、Wi-Fi", "アプリ;セキュリティ;Wi-Fi", "アプリ，セキュリティ；Wi-Fi"],
)
def test_keywords_parted_as_chinese_and_japanese_pages_part_them(keywords: str) -> None:
    head = f'<title>x</title><meta name="keywords" content="{keywords}">'
    meta = extract_metadata(unboiler.parse(f"<html><head>{head}</head><body></body></html>"))
    assert meta.tags == ("アプリ", "セキュリティ", "Wi-Fi")


@pytest.mark.parametrize(
    ("keywords", "tags"),
    [
        ("宇航员 太空 国际空间站 1975年", ("宇航员", "太空", "国际空间站", "1975年")),
        ("東京 観光　グルメ", ("東京", "観光", "グルメ")),  # an ideographic space too
        # a separator says how the list is parted; Latin words keep their spaces
        ("宇航员 太空,国际空间站", ("宇航员 太空", "国际空间站")),
        ("water levels hydrology", ("water levels hydrology",)),
        ("Wi-Fi 設定 guide manual", ("Wi-Fi 設定 guide manual",)),
        # Korean parts its words with spaces: a phrase is one keyword
        ("서울 맛집 추천", ("서울 맛집 추천",)),
    ],
)
def test_keywords_of_ideographs_parted_by_spaces(keywords: str, tags: tuple[str, ...]) -> None:
    head = f'<title>x</title><meta name="keywords" content="{keywords}">'
    meta = extract_metadata(unboiler.parse(f"<html><head>{head}</head><body></body></html>"))
    assert meta.tags == tags


def test_listed_keywords_and_sections_keep_their_spaces() -> None:
    data = (
        '{"@context": "https://schema.org", "@type": "NewsArticle", "headline": "x",'
        ' "keywords": ["人工 智能", "机器 学习"], "articleSection": "国际 新闻"}'
    )
    head = f'<title>x</title><script type="application/ld+json">{data}</script>'
    meta = extract_metadata(unboiler.parse(f"<html><head>{head}</head><body></body></html>"))
    assert meta.tags == ("人工 智能", "机器 学习")
    assert meta.categories == ("国际 新闻",)


def test_parsely_sailthru_and_twitter_fields() -> None:
    meta = meta_of("vendor-tags")
    assert meta.title == "City council approves the new harbour plan"
    assert meta.author == "Lena Park"
    assert meta.date == "2023-11-20T14:05:00+00:00"  # parsely-pub-date before sailthru.date
    assert meta.categories == ("Politics",)
    assert meta.tags == ("harbour", "council")
    assert meta.image == "https://img.example.net/harbour.png"


def test_twitter_label_written_by() -> None:
    assert meta_of("yoast-labels").author == "Tyler Brown"


def test_citation_author_in_reading_order() -> None:
    head = '<meta name="citation_author" content="Roy, Aniruddha">'
    assert meta_html(head).author == "Aniruddha Roy"


def test_every_citation_author_of_a_paper() -> None:
    """A paper names each author in a tag of its own: all are its authors, in order."""
    head = "".join(
        f'<meta name="citation_author" content="{name}">'
        for name in ("Roy, Aniruddha", "Patel, Jyoti", "Das, Amitava", "Patel, Jyoti")
    )
    assert meta_html(head).author == "Aniruddha Roy, Jyoti Patel, Amitava Das"


def test_space_separated_properties_name_several_keys() -> None:
    head = '<meta property="og:title twitter:title" content="Two keys at once">'
    assert meta_html(head).title == "Two keys at once"


def test_generic_publish_keys() -> None:
    assert meta_html('<meta name="w-published-date" content="2025-05-27">').date == "2025-05-27"
    assert meta_html('<meta name="published" content="July 17, 2025">').date == "2025-07-17"


def test_content_language_and_canonical_og_url() -> None:
    head = (
        '<meta http-equiv="Content-Language" content="pt-BR">'
        '<meta property="og:url" content="https://example.pt/a">'
    )
    meta = meta_html(head)
    assert meta.language == "pt"
    assert meta.url == "https://example.pt/a"


def test_microdata() -> None:
    meta = meta_of("microdata")
    assert meta.title == "How to bake rye bread at home"
    assert meta.author == "Karin Olsen"
    assert meta.date == "2022-10-05"


# --------------------------------------------------------------------------- visible page


def test_visible_page_only() -> None:
    meta = meta_of("visible-only")
    assert meta.title == "A walk along the old canal"  # the <h1>, not "... | Walking Notes"
    assert meta.author == "Tom Becker"
    assert meta.date == "2024-04-12T07:45:00-04:00"  # <time datetime> behind "3 days ago"
    assert meta.tags == ("canals", "walks")
    assert meta.categories == ("Outdoors",)


def test_a_job_postings_date_is_when_it_was_posted() -> None:
    posting = {
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "title": "Senior Backend Engineer",
        "datePosted": "2024-10-01",
        "validThrough": "2024-11-30T23:59",
    }
    body = "<h1>Senior Backend Engineer</h1><p>Join the payments team in Oslo or remotely.</p>"
    assert meta_html(ld(posting), body).date == "2024-10-01"


def test_url_date_before_the_page_text() -> None:
    body = "<h1>Canal walk</h1><p>Published on 2 March 2023</p>"
    assert meta_html(body=body, url="https://x.org/2024/05/17/canal").date == "2024-05-17"
    assert meta_html(body=body, url="https://x.org/canal").date == "2023-03-02"


def test_byline_element_skips_authority_roles_and_comments() -> None:
    meta = meta_of("byline-class")
    assert meta.author == "Sam Lee"
    assert meta.date == "2025-11-13"  # "Last updated:" trusted anywhere


def test_credits_that_are_not_bylines() -> None:
    body = "<h1>Sunset over the bay</h1><p>Photo by Ansel Adams</p><p>Powered by WordPress</p>"
    assert meta_html(body=body).author is None


def test_byline_label_with_the_name_in_the_next_block() -> None:
    body = "<h1>Sunset over the bay</h1><p>Written by</p><p>Ada Lovelace</p>"
    assert meta_html(body=body).author == "Ada Lovelace"


def test_outlet_after_a_visible_byline_is_dropped() -> None:
    head = '<meta property="og:site_name" content="USA TODAY">'
    body = "<h1>Movies to stream this week</h1><p>By Brian Truitt USA TODAY</p>"
    assert meta_html(head, body).author == "Brian Truitt"


def test_forum_username_in_its_own_element() -> None:
    body = (
        "<h1>Backup of the whole system</h1>"
        '<p class="author">Post by <a class="username" href="/u/1">galitsyn</a> » 11. Sep 2024</p>'
    )
    assert meta_html(body=body).author == "galitsyn"


def test_function_words_end_a_byline_only_in_lower_case() -> None:
    body = "<h1>Best headphones of the year</h1><p>By Audiophile On</p><p>By Jane Doe on May 5</p>"
    assert meta_html(body=body).author == "Audiophile On"
    assert meta_html(body="<h1>Best headphones</h1><p>By Jane Doe on May 5</p>").author == (
        "Jane Doe"
    )


def test_language_detected_when_undeclared() -> None:
    text = (
        "Der Stadtrat hat am Dienstag beschlossen, die alte Fähre in eine Bibliothek "
        "umzubauen, und die Freiwilligen haben schon am Wochenende mit der Arbeit begonnen."
    )
    assert meta_html(body=f"<p>{text}</p>").language == "de"


def test_nothing_found_is_none() -> None:
    meta = meta_html()
    assert meta == Metadata(language=None)


def test_a_hand_built_document_has_no_tree() -> None:
    document = unboiler.TextDocument([], title="Plain title | Site", url="https://site.org/")
    meta = extract_metadata(document)
    assert meta.title == "Plain title"


# --------------------------------------------------------------------------- titles


@pytest.mark.parametrize(
    ("title", "sites", "expected"),
    [
        ("Headline of the story | The Site", ["The Site"], "Headline of the story"),
        ("The Site - Headline of the story", ["The Site"], "Headline of the story"),
        ("Headline of the story – The Tagline | Site", [], "Headline of the story"),
        # a part that opens with an article goes on with the headline's sentence; a
        # lower-case section's name or tagline does not, nor does the headline's own word
        (
            "Show HN: Driftwood – a stateless SQL database | Hacker News",
            ["Hacker News"],
            "Show HN: Driftwood – a stateless SQL database",
        ),
        (
            "Getting started with rust and go – rust | Dev Blog",
            ["Dev Blog"],
            ("Getting started with rust and go"),
        ),
        ("My garden in winter – thoughts on gardening", [], "My garden in winter"),
        ("News | Example", [], "News | Example"),  # "News" alone is no headline
        ("Review: the new phone", [], "Review: the new phone"),  # a colon is no separator
        ("Guide to SEO - moz.com", [], "Guide to SEO"),  # a domain is the site
        # a numbered part belongs to the headline; a date or a tagline does not
        ("Building a shed - Part 2 | Site", ["Site"], "Building a shed - Part 2"),
        ("Die Geschichte der Stadt – Teil IV", [], "Die Geschichte der Stadt – Teil IV"),
        ("Headline of the story - March 3 | Site", ["Site"], "Headline of the story"),
        ("Headline of the story - Top 10 | Site", ["Site"], "Headline of the story - Top 10"),
        (
            "港城旧渡轮改建为水上图书馆_新闻中心_海岸日报",
            ["海岸日报"],
            "港城旧渡轮改建为水上图书馆",
        ),
        # the full-width bar, and a name in brackets at either end, part the site's name
        ("新しい地図アプリ｜ITニュース", ["ITニュース"], "新しい地図アプリ"),
        ("新しい地図アプリ ｜ 週刊IT", [], "新しい地図アプリ"),
        ("【ITニュース】新しい地図アプリ", [], "新しい地図アプリ"),
        ("欲張りなイヌ　＜福娘童話集　きょうの童話＞", [], "欲張りなイヌ"),
        # a work's name in its brackets, or brackets inside the title, stay
        ("《流浪地球》影评", [], "《流浪地球》影评"),
        ("新しい【地図】アプリ", [], "新しい【地図】アプリ"),
    ],
)
def test_clean_title(title: str, sites: list[str], expected: str) -> None:
    assert clean_title(title, sites) == expected


def test_heading_matching_a_part_of_the_title_is_the_title() -> None:
    head = "<title>News | National Tutoring Network</title>"
    body = "<h1><a href='/'>National Tutoring Network</a></h1><h1>News</h1>"
    assert meta_html(head, body).title == "News"


def test_reworded_heading_is_the_title_the_page_shows() -> None:
    head = '<meta property="og:title" content="7 Mental Health Trends to Watch in 2024">'
    body = "<h1>7 Mental Health Trends to Watch in 2025</h1>"
    assert meta_html(head, body).title == "7 Mental Health Trends to Watch in 2025"


def test_a_file_name_is_the_title_only_when_the_page_has_no_heading() -> None:
    # Jupyter's nbconvert writes the notebook's file name as the <title>
    text = "<p>We fit a line to the points and read its slope.</p>"
    body = f"<h1>Linear regression</h1>{text}"
    assert meta_html("<title>Untitled1.ipynb</title>", body).title == "Linear regression"
    assert meta_html("<title>README.md</title>", body).title == "Linear regression"
    assert meta_html("<title>regression.ipynb</title>", text).title == "regression.ipynb"
    # a headline that ends as a file's name would is not one
    head = "<title>What is new in Node.js</title>"
    assert meta_html(head, f"<h1>Other heading</h1>{text}").title == "What is new in Node.js"


def test_logo_heading_is_not_the_title() -> None:
    head = (
        '<meta property="og:site_name" content="Yoga Pathways">'
        "<title>Breathe | Yoga Pathways</title>"
    )
    body = "<h1>Yoga Pathways</h1><h2>Other</h2>"
    assert meta_html(head, body).title == "Breathe"


def test_heading_split_in_two_elements_is_joined() -> None:
    head = "<title>News Product Management Certification — News Product Alliance</title>"
    body = "<h1><div>News Product</div><div>Management Certification</div></h1>"
    assert meta_html(head, body).title == "News Product Management Certification"


# --------------------------------------------------------------------------- dates


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-05-17", "2024-05-17"),
        ("2024-05-17T09:30:00Z", "2024-05-17T09:30:00+00:00"),
        ("2024-05-17T09:30:00.123+0200", "2024-05-17T09:30:00+02:00"),
        ("2024-05-17 09:30:00 -05:00", "2024-05-17T09:30:00-05:00"),
        ("2024-05-17T09:30", "2024-05-17T09:30:00"),  # no zone: none invented
        ("2024/05/17", "2024-05-17"),
        ("20240517", "2024-05-17"),
        ("Published May 17th, 2024 at 9:30", "2024-05-17"),
        ("17 May 2024", "2024-05-17"),
        ("17. Mai 2024", "2024-05-17"),
        ("17 de mayo de 2024", "2024-05-17"),
        ("le 17 mai 2024", "2024-05-17"),
        ("17.05.2024", "2024-05-17"),
        ("05/17/2024", "2024-05-17"),
        ("17/05/2024", "2024-05-17"),
        ("2024年5月17日", "2024-05-17"),
        ("2018. 9. 28.", "2018-09-28"),  # Korean and Hungarian: spaced full stops
        ("2018. 09. 28. 오후 5:32", "2018-09-28"),
        ("v1.2. 3. 4", None),
        ("Thu, 09/25/2025 - 11:38", "2025-09-25"),
        ("2024-02-30", None),  # no such day
        ("1970-01-01", None),  # before the Web
        ("2999-01-01", None),  # the future
        ("3 days ago", None),
        ("", None),
        ("2024-05-17T25:61:00+99:00", "2024-05-17"),  # a broken time is dropped, not the day
    ],
)
def test_parse_date(text: str, expected: str | None) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.org/2024/05/17/story", "2024-05-17"),
        ("https://example.org/news/2024-05-17-story", "2024-05-17"),
        ("https://example.org/20240517.html", "2024-05-17"),
        ("https://example.org/2024/05/story", None),
        ("https://example.org/products/12345678", None),
        ("http://[broken", None),
    ],
)
def test_url_date(url: str, expected: str | None) -> None:
    assert url_date(url) == expected


# --------------------------------------------------------------------------- bad input


def test_broken_json_ld_and_odd_values_never_raise() -> None:
    meta = meta_of("broken-jsonld")
    assert meta.title == "Broken structured data"
    assert meta.author == "Nested"
    # A datePublished that is an object, a date that does not parse, 30 February and a
    # 13th month are all skipped; the broken time of dc.date is dropped, its day kept.
    assert meta.date == "2024-03-05"
    assert meta.image == "pictures/cover.png"  # no address to make it absolute against
    assert meta.sitename is None


def test_relative_image_with_base_element() -> None:
    head = '<base href="https://cdn.example.org/assets/"><meta property="og:image" content="a.png">'
    assert meta_html(head, url="https://example.org/page").image == (
        "https://cdn.example.org/assets/a.png"
    )


def test_protocol_relative_image() -> None:
    head = '<meta property="og:image" content="//img.example.org/a.png">'
    assert meta_html(head, url="https://example.org/page").image == "https://img.example.org/a.png"


def test_protocol_relative_canonical_without_the_pages_address_is_https() -> None:
    head = (
        '<link rel="canonical" href="//shop.example.org/item/7.html">'
        '<meta property="og:image" content="/img/7.jpg">'
    )
    meta = meta_html(head)
    assert meta.url == "https://shop.example.org/item/7.html"
    assert meta.image == "https://shop.example.org/img/7.jpg"
    # the page's own address gives the scheme when it is known
    assert meta_html(head, url="http://shop.example.org/item/7.html").url == (
        "http://shop.example.org/item/7.html"
    )


_TAGS = st.sampled_from(["p", "h1", "h2", "time", "meta", "a", "div", "script", "title"])
_ATTRIBUTES = st.sampled_from(
    [
        'property="og:title"',
        'name="author"',
        'itemprop="datePublished"',
        'class="byline"',
        'rel="author"',
        'rel="canonical"',
        'type="application/ld+json"',
        'datetime="2024-13-45T99:99"',
        'content="By 2024-02-30"',
        'href="http://["',
    ]
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(_TAGS, _ATTRIBUTES, st.text(max_size=40)),
        max_size=12,
    ),
    st.one_of(
        st.none(),
        # any path (a URL that is no absolute address is refused: PageURLError)
        st.builds("https://example.org/{}".format, st.text(max_size=30)),
        st.just("https://example.org/2024/02/30/x"),
    ),
)
def test_no_page_makes_it_raise(parts: list[tuple[str, str, str]], url: str | None) -> None:
    html = "".join(f"<{tag} {attribute}>{text}</{tag}>" for tag, attribute, text in parts)
    meta = extract_metadata(parse(html, url=url))
    assert isinstance(meta, Metadata)


# --------------------------------------------------------------------------- JSON output


def test_json_output_has_every_field() -> None:
    record = json.loads(
        unboiler.extract(page("metadata/jsonld-article.html"), url=COURIER, output="json")
    )
    assert record["url"] == COURIER
    assert record["canonical_url"] == "https://courier.example.org/news/2024/05/17/ferry-library"
    assert record["title"] == "Harbour ferry becomes a floating library"
    assert record["author"] == "Mira Holm, Jonas Berg"
    assert record["date"] == "2024-05-17T09:30:00+02:00"
    assert record["sitename"] == "The Coastal Courier"
    assert record["image"] == "https://courier.example.org/images/ferry.jpg"
    assert record["categories"] == ["Local", "Culture"]
    assert record["tags"] == ["libraries", "ferries", "volunteers"]
    assert record["description"].startswith("Volunteers")
    assert record["version"] == unboiler.__version__
    assert record["extractor"] == "default"
    assert record["page_type"]
    assert record["language"] == "en"
    assert "For forty years" in record["text"]


def test_json_output_keeps_what_an_extractor_found() -> None:
    record = json.loads(
        unboiler.extract(page("weighted-news-zh.html"), extractor="weighted-blocks", output="json")
    )
    assert record["date"] == "2026-03-14"
    assert record["title"] == "港城旧渡轮改建为水上图书馆"


# --------------------------------------------------------------------------- gold metadata


def test_pairs_dataset_reads_expected_metadata(tmp_path: Path) -> None:
    folder = tmp_path / "pairs"
    for name, metadata in (
        ("a", {"title": "T", "byline": "B", "publishedTime": None}),
        ("b", None),
    ):
        (folder / name).mkdir(parents=True)
        (folder / name / "source.html").write_text("<p>x</p>")
        (folder / name / "expected.html").write_text("<p>x</p>")
        if metadata is not None:
            (folder / name / "expected-metadata.json").write_text(json.dumps(metadata))
    dataset = load_dataset(folder)
    assert [p.gold_meta for p in dataset] == [GoldMeta("T", "B", None), None]


def test_an_items_whole_text_in_json_ld_is_no_description() -> None:
    meta = '<meta name="description" content="Senior Python developer in Hamburg. Apply now.">'
    # a job posting's description is its ad, in HTML
    posting = {"@type": "JobPosting", "title": "Developer", "description": "<p>We build it.</p>"}
    assert (
        meta_html(meta + ld(posting)).description
        == "Senior Python developer in Hamburg. Apply now."
    )
    # a product's whole text, of more words than a summary has
    long = " ".join(["Handmade from stoneware and glazed by hand."] * 12)
    product = {"@type": "Product", "name": "Mug", "description": long}
    assert (
        meta_html(meta + ld(product)).description
        == "Senior Python developer in Hamburg. Apply now."
    )
    # without a meta description it is all there is; a short one is the summary
    assert meta_html(ld(product)).description == long
    short = {"@type": "Product", "name": "Mug", "description": "A stoneware mug."}
    assert meta_html(meta + ld(short)).description == "A stoneware mug."
    # a summary of two sentences in Japanese: a hundred characters, each a word
    japanese = (
        "東京都は来月から都内の全ての公立小中学校で、児童と生徒を対象にした新しい検査を"
        "始めると発表しました。対象はおよそ六十万人で、費用は都が負担します。"
    )
    article = {"@type": "NewsArticle", "headline": "検査", "description": japanese}
    assert meta_html(meta + ld(article)).description == japanese


def test_a_meta_description_is_text_and_markup_left_in_it_goes() -> None:
    about_html = '<meta name="description" content="How to use the &lt;table&gt; element.">'
    meta = extract_metadata(parse(f"<html><head>{about_html}</head><body></body></html>"))
    assert meta.description == "How to use the <table> element."
    left = (
        '<meta name="description" content="&lt;p&gt;Two &lt;b&gt;new&lt;/b&gt; lines.&lt;/p&gt;">'
    )
    meta = extract_metadata(parse(f"<html><head>{left}</head><body></body></html>"))
    assert meta.description == "Two new lines."


def test_a_meta_content_escaped_twice_is_decoded() -> None:
    head = (
        '<meta property="og:title" content="It&amp;#8217;s here: Tom &amp;amp; Jerry">'
        '<meta name="author" content="Jos&amp;eacute; Garc&amp;iacute;a">'
    )
    meta = extract_metadata(parse(f"<html><head>{head}</head><body></body></html>"))
    assert meta.title == "It’s here: Tom & Jerry" and meta.author == "José García"


def test_fields_hold_no_invisible_characters() -> None:
    """The text outputs never hold a byte-order mark, zero-width space or soft hyphen;
    the title and other fields taken from <title> and meta tags held them."""
    page = (
        "<html><head><title>\ufeffBreaking\u200b news: the har\u00adbour reopens</title>"
        '<meta name="author" content="\u200bJane Doe">'
        '<meta name="keywords" content="harbour,\u200b, ferries">'
        '<meta name="description" content="The har\u00adbour is open.\u2060">'
        "</head><body><article><h1>Breaking news: the harbour reopens</h1><p>"
        + "The ferries run again from the harbour after a month of repairs. " * 4
        + "</p></article></body></html>"
    )
    meta = extract_metadata(parse(page))
    assert meta.title == "Breaking news: the harbour reopens"
    assert meta.author == "Jane Doe"
    assert meta.description == "The harbour is open."
    assert "" not in meta.tags and all("\u200b" not in tag for tag in meta.tags)


def test_a_headline_written_for_each_width_is_the_wide_one() -> None:
    body = (
        "<h1><span class='d-none d-md-inline'>The quiet comeback of the tram</span>"
        "<span class='d-md-none'>Trams are back</span></h1>"
        "<p>When Paris reopened its first modern tram line in 2006, critics called it a"
        " nostalgic toy; today the city runs thirteen lines every day of the year.</p>"
    )
    head = "<title>The quiet comeback of the tram | Metro Weekly</title>"
    assert meta_html(head, body).title == ("The quiet comeback of the tram")


def test_a_wikis_categories_are_its_category_boxs_links() -> None:
    page = (
        "<html><head><title>Hańcza – Wikipedia</title></head><body><h1>Hańcza</h1>"
        "<p>Hańcza is the deepest lake of the Central European Plain.</p>"
        '<div id="catlinks" class="catlinks"><div id="mw-normal-catlinks"><a href="/wiki/'
        'Kategorie">Kategorie</a>: <ul><li><a href="/wiki/K:J">Jeziora w powiecie suwalskim</a>'
        '</li><li><a href="/wiki/K:S">Suwalski Park Krajobrazowy</a></li></ul></div>'
        '<div id="mw-hidden-catlinks" class="mw-hidden-catlinks"><ul><li><a href="/wiki/K:H">'
        "Artykuły z identyfikatorem</a></li></ul></div></div></body></html>"
    )
    meta = extract_metadata(parse(page))
    assert meta.categories == ("Jeziora w powiecie suwalskim", "Suwalski Park Krajobrazowy")


def test_a_page_without_its_address_is_dated_by_its_canonical_one_last() -> None:
    page = (
        '<html><head><link rel="canonical" href="https://news.example.com/world/2015/03/18/'
        'attack-stokes-fears/"><title>Attack stokes fears</title></head><body><h1>Attack'
        " stokes fears</h1><p>Gunmen stormed the museum on Wednesday morning.</p></body></html>"
    )
    assert extract_metadata(parse(page)).date == "2015-03-18"
    # the address given is the page's own, and writes no day
    assert extract_metadata(parse(page, url="https://news.example.com/a/123")).date is None
    # a date the page states comes first
    stated = page.replace(
        "</head>", '<meta property="article:published_time" content="2015-03-17T22:10:00Z"></head>'
    )
    assert extract_metadata(parse(stated)).date == "2015-03-17T22:10:00+00:00"


def test_a_topics_quotation_marks_are_no_part_of_its_name() -> None:
    page = (
        '<html><head><meta property="article:section" content="\'국내여행\'">'
        '<meta property="article:tag" content="\'경주\'"><meta property="article:tag"'
        " content=\"'Rock 'n' roll'\"><title>경주 여행</title></head><body><h1>경주 여행</h1>"
        "<p>대릉원 돌담길을 걸었어요.</p></body></html>"
    )
    meta = extract_metadata(parse(page))
    assert meta.categories == ("국내여행",)
    assert meta.tags == ("경주", "'Rock 'n' roll'")  # marks inside: no pair around it
