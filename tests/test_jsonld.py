"""Reading a page's JSON-LD objects, and the product description and the recipe taken
from them."""

from __future__ import annotations

from unboiler.jsonld import (
    json_ld_objects,
    plain_lines,
    plain_text,
    product_description,
    product_description_lines,
    recipe_lines,
    types_of,
)
from unboiler.metadata import extract_metadata
from unboiler.parse import parse

DESCRIPTION = (
    "A kettle of brushed steel that boils a litre of water in three minutes, keeps it "
    "warm for an hour and switches itself off when the pot is lifted from its base plate."
)


def page(*scripts: str) -> str:
    tags = "".join(f'<script type="application/ld+json">{s}</script>' for s in scripts)
    return f"<html><head>{tags}</head><body><h1>Kettle</h1></body></html>"


def test_objects_nested_and_in_graphs() -> None:
    document = parse(
        page(
            '{"@context": "https://schema.org", "@graph": [{"@type": "WebPage", "name": "x"},'
            ' {"@type": ["Product"], "offers": {"@type": "Offer", "price": "10"}}]}',
            '[{"@type": "BreadcrumbList"}]',
        )
    )
    kinds = [types_of(item) for item in json_ld_objects(document)]
    assert {"webpage"} in kinds and {"product"} in kinds and {"offer"} in kinds
    assert {"breadcrumblist"} in kinds


def test_broken_json_is_skipped() -> None:
    document = parse(page('{"@type": "Product", "description": ', '{"@type": "Article"}'))
    assert [types_of(item) for item in json_ld_objects(document)] == [{"article"}]


def test_types_without_vocabulary_prefix() -> None:
    assert types_of({"@type": "schema:Product"}) == {"product"}
    assert types_of({"@type": "http://schema.org/Product"}) == {"product"}
    assert types_of({"@type": 3}) == set()


def test_product_description_as_plain_text() -> None:
    escaped = DESCRIPTION.replace("steel", "<b>steel</b>").replace("three", "&#116;hree")
    document = parse(page(f'{{"@type": "Product", "description": "{escaped}"}}'))
    assert product_description(document) == DESCRIPTION


def test_a_percent_encoded_description_is_decoded() -> None:
    from urllib.parse import quote

    encoded = quote(DESCRIPTION)
    assert "%20" in encoded
    document = parse(page(f'{{"@type": "Product", "description": "{encoded}"}}'))
    assert product_description(document) == DESCRIPTION
    meta = extract_metadata(document)
    assert meta.description == DESCRIPTION
    # text with its spaces, or an address, is left as it is
    assert plain_text("50%20off today") == "50%20off today"
    assert plain_text("https://example.org/a%20b") == "https://example.org/a%20b"


def test_no_product_no_description() -> None:
    assert product_description(parse(page('{"@type": "Article", "description": "x y"}'))) is None
    assert product_description(parse("<p>no scripts</p>")) is None


def test_plain_text() -> None:
    assert plain_text("<p>one&nbsp;two</p>\n<p>three &amp; four</p>") == "one two three & four"


def test_wrapped_scripts_and_raw_line_breaks_are_read() -> None:
    wrapped = [
        '<![CDATA[{"@type": "Article"}]]>',
        '//<![CDATA[\n{"@type": "Article"}\n//]]>',
        '<!-- {"@type": "Article"} -->',
        '{"@type": "Article", "headline": "two\nlines"}',
    ]
    for script in wrapped:
        kinds = [types_of(item) for item in json_ld_objects(parse(page(script)))]
        assert kinds == [{"article"}], script


def test_escaped_markup_is_read_as_markup() -> None:
    # An applicant-tracking system's or a shop's JSON-LD writes its HTML escaped: the
    # tags came out as text ("<p>The grinder...").
    value = "&lt;p&gt;&lt;strong&gt;About us&lt;/strong&gt;&lt;br&gt;We make grinders.&lt;/p&gt;"
    assert plain_text(value) == "About us We make grinders."
    assert plain_lines(value) == ["About us", "We make grinders."]
    # and text that only looks like markup stays text
    assert plain_text("5 &lt; 6 and 7 &gt; 3") == "5 < 6 and 7 > 3"
    assert plain_text("Fish &amp;amp; chips <!-- a note -->") == "Fish &amp; chips"


def test_a_descriptions_paragraphs_and_items_are_its_lines() -> None:
    escaped = (
        "&lt;p&gt;A flat burr grinder for espresso and pour-over.&lt;/p&gt;&lt;ul&gt;"
        "&lt;li&gt;64 mm burrs&lt;/li&gt;&lt;li&gt;Stepless adjustment&lt;/li&gt;&lt;/ul&gt;"
    )
    document = parse(page(f'{{"@type": "Product", "description": "{escaped}"}}'))
    assert product_description_lines(document) == [
        "A flat burr grinder for espresso and pour-over.",
        "64 mm burrs",
        "Stepless adjustment",
    ]
    assert product_description(document) == (
        "A flat burr grinder for espresso and pour-over. 64 mm burrs Stepless adjustment"
    )


def test_escaped_text_that_only_looks_like_markup_stays_text() -> None:
    # no closing tag nor line break: comparisons, a connector, a type
    assert plain_text("if a&lt;b and c&gt;d then") == "if a<b and c>d then"
    assert plain_text("Cable &lt;USB-C&gt; 2m") == "Cable <USB-C> 2m"
    assert plain_text("Vector&lt;int&gt;") == "Vector<int>"
    # markup, with an escaped tag in its text: the tags go, the text's tag stays
    assert plain_lines("<p>Use the &lt;br&gt; element.</p><p>Or a new paragraph.</p>") == [
        "Use the <br> element.",
        "Or a new paragraph.",
    ]


def test_an_unclosed_comment_costs_one_pass() -> None:
    # a lazy pattern scanned to the end again for each unclosed "<!--": quadratic; the
    # text after an unclosed comment is the comment's, as in HTML
    assert plain_text("kept <!-- " + "<!--x" * 50_000) == "kept"
    assert plain_text("a <!-- one --> b <!-- two --> c") == "a b c"


def test_a_recipes_ingredients_and_steps_in_each_form_schema_org_allows() -> None:
    import json

    recipe = {
        "@type": ["Recipe"],
        "recipeIngredient": ["3 ripe bananas", "1 <b>large</b> egg", 7],
        "recipeInstructions": [
            {"@type": "HowToStep", "text": "Heat the oven to 175 C."},
            {
                "@type": "HowToSection",
                "name": "For the batter",
                "itemListElement": [
                    {"@type": "HowToStep", "name": "Mash", "text": "Mash the bananas."},
                    {"@type": "HowToStep", "name": "Whisk in the egg."},
                    "Fold in the flour.",
                ],
            },
        ],
    }
    graph = {"@graph": [{"@type": "Article", "headline": "Bread"}, recipe]}
    ingredients, steps = recipe_lines(parse(page(json.dumps(graph))))
    assert ingredients == ["3 ripe bananas", "1 large egg"]
    assert steps == [
        "Heat the oven to 175 C.",
        "For the batter",
        "Mash the bananas.",
        "Whisk in the egg.",
        "Fold in the flour.",
    ]
    # instructions in one text, ingredients under their older name
    older = {
        "@type": "Recipe",
        "ingredients": "2 eggs",
        "recipeInstructions": "<p>Beat.</p><p>Fry.</p>",
    }
    assert recipe_lines(parse(page(json.dumps(older)))) == (["2 eggs"], ["Beat.", "Fry."])
    assert recipe_lines(parse(page('{"@type": "Article", "headline": "x"}'))) == ([], [])


def test_a_recipes_sections_nested_without_end_are_read_to_a_bound() -> None:
    import json

    nested: dict[str, object] = {"@type": "HowToStep", "text": "innermost"}
    for level in range(200):
        nested = {"@type": "HowToSection", "name": f"part {level}", "itemListElement": [nested]}
    recipe = {"@type": "Recipe", "recipeIngredient": ["salt"], "recipeInstructions": nested}
    ingredients, steps = recipe_lines(parse(page(json.dumps(recipe))))
    assert ingredients == ["salt"] and "innermost" not in steps and len(steps) < 20
