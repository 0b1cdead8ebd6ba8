"""The visual page: its annotations are the library's explanation, written on the
elements the parser made the blocks from, in a copy with nothing that runs or loads."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator

import pytest
from selectolax.lexbor import LexborHTMLParser
from starlette.testclient import TestClient
from tests.conftest import PAGES

import unboiler
from unboiler.explain import explain_extraction
from unboiler.server import create_app

BLOG = (PAGES / "blog.html").read_text()
HOSTILE = (
    "<html><head><style>body{background:url(http://tracker.example/x)}</style>"
    '<link rel="stylesheet" href="http://evil.example/a.css"></head><body>'
    '<p onclick="steal()">A long enough paragraph of article text that says something '
    "about rivers, bridges and the people who keep them standing through winter.</p>"
    '<script>alert(1)</script><img src="http://tracker.example/pixel.gif">'
    '<a href="javascript:alert(2)">a link</a><iframe src="http://evil.example/"></iframe>'
    "</body></html>"
)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def test_index_page_sandboxes_the_iframe_without_scripts(client: TestClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = LexborHTMLParser(response.text)
    frame = page.css_first("iframe#page")
    assert frame is not None and "sandbox" in frame.attributes
    assert "allow-scripts" not in (frame.attributes["sandbox"] or "")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    for asset in ("/static/app.js", "/static/app.css"):
        assert client.get(asset).status_code == 200


def test_explain_blocks_are_the_librarys(client: TestClient) -> None:
    body = client.post(
        "/explain",
        json={"html": BLOG, "extractor": "boilerpipe-article", "compare": {"extractor": "default"}},
    ).json()
    document = unboiler.parse(BLOG)
    for side, name in ((body, "boilerpipe-article"), (body["compare"], "default")):
        expected = explain_extraction(document, name).to_dict()
        assert side["extractor"] == name
        assert side["blocks"] == expected["blocks"]
        assert side["text"] == unboiler.extract(BLOG, extractor=name)
        assert side["markdown"] == unboiler.extract(BLOG, extractor=name, output="markdown")


def test_annotated_page_marks_each_blocks_own_element(client: TestClient) -> None:
    body = client.post(
        "/explain",
        json={"html": BLOG, "extractor": "boilerpipe-article", "compare": {"extractor": "default"}},
    ).json()
    blocks, other = body["blocks"], body["compare"]["blocks"]
    tree = LexborHTMLParser(body["page"])
    seen: set[int] = set()
    for element in tree.css("[data-ub]"):
        indices = [int(i) for i in (element.attributes["data-ub"] or "").split()]
        seen.update(indices)
        for index in indices:
            # the element is the block's node: the last tag of its tag path
            # (<body> itself is shown as a <div>)
            tag = blocks[index]["tag_path"].rsplit("/", 1)[-1]
            assert element.tag == ("div" if tag == "body" else tag)
            words = re.findall(r"\w+", blocks[index]["text"])[:3]
            assert " ".join(words) in " ".join(re.findall(r"\w+", element.text(deep=True)))
        for side, explained in (("data-ub-a", blocks), ("data-ub-b", other)):
            kept = {explained[i]["kept"] for i in indices}
            expected = "mixed" if len(kept) == 2 else "content" if kept == {True} else "boilerplate"
            assert element.attributes[side] == expected
    assert seen == {b["index"] for b in blocks if not b["added"]}
    article = next(b for b in blocks if b["text"].startswith("We spent three weeks"))
    assert article["kept"]
    element = tree.css_first(f'[data-ub~="{article["index"]}"]')
    assert element is not None and element.attributes["data-ub-a"] == "content"
    menu = next(b for b in blocks if b["text"].startswith("Flour & Field"))
    element = tree.css_first(f'[data-ub~="{menu["index"]}"]')
    assert element is not None and element.attributes["data-ub-a"] == "boilerplate"
    title = tree.css_first('[data-ub-labels~="title"]')
    assert title is not None and "sourdough" in title.text()


def test_annotated_page_holds_nothing_that_runs_or_loads(client: TestClient) -> None:
    body = client.post("/explain", json={"html": HOSTILE, "extractor": "boilerpipe-default"})
    assert body.status_code == 200
    page = body.json()["page"]
    lowered = page.lower()
    for needle in ("<script", "onclick", "javascript:", "<img", "<iframe", "<link", "http://"):
        assert needle not in lowered, needle
    assert "default-src 'none'" in page
    assert "A long enough paragraph" in page


def test_explain_errors(client: TestClient) -> None:
    assert client.post("/explain", json={"html": BLOG, "extractor": "x"}).status_code == 422
    bad_compare = client.post("/explain", json={"html": BLOG, "compare": "justext"})
    assert bad_compare.status_code == 422
    assert client.post("/explain", content=b"{not json", headers=JSON_TYPE).status_code == 400
    assert client.post("/explain?colour=red", content=BLOG.encode()).status_code == 422


JSON_TYPE = {"Content-Type": "application/json"}
#: A page in windows-1252 with no declaration: read as UTF-8 its accents would be lost.
CP1252_PAGE = (
    "<html><body><nav><a href='/'>Accueil</a> <a href='/a'>Archives</a></nav><article>"
    + "".join(
        f"<p>Le café du marché ouvre à six heures, et déjà la file d'attente s'étire "
        f"jusqu'à la fontaine ; paragraphe numéro {n} de cet article très détaillé.</p>"
        for n in range(6)
    )
    + "</article></body></html>"
).encode("cp1252")


def test_explain_takes_a_file_as_it_is(client: TestClient) -> None:
    """The visual page's upload: the bytes (here gzip of windows-1252) in the body, the
    parameters in the query, decoded by the library as any page is."""
    response = client.post(
        "/explain",
        content=gzip.compress(CP1252_PAGE),
        params={"extractor": "boilerpipe-article", "compare": "justext"},
        headers={"Content-Type": "text/html"},
    )
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["extractor"] == "boilerpipe-article"
    assert data["compare"]["extractor"] == "justext"
    assert "Le café du marché ouvre à six heures" in data["text"]
    assert "Le café du marché" in data["page"]
    unknown = client.post("/explain", content=CP1252_PAGE, params={"compare": "nope"})
    assert unknown.status_code == 422 and "nope" in unknown.json()["error"]["message"]
