"""The product description added from JSON-LD when the page's text lacks it, and a
hidden box of the page's own microdata left out."""

from __future__ import annotations

import pytest

import unboiler
from unboiler.filters.structured import (
    add_product_description,
    add_recipe,
    drop_hidden_metadata,
    hidden_metadata,
    keep_shown_recipe,
)
from unboiler.parse import parse

DESCRIPTION = (
    "A kettle of brushed steel that boils a litre of water in three minutes, keeps it "
    "warm for an hour and switches itself off when the pot is lifted from its base plate."
)


def product_page(body: str, description: str = DESCRIPTION) -> str:
    script = f'{{"@type": "Product", "name": "Kettle", "description": "{description}"}}'
    return (
        f'<html><head><script type="application/ld+json">{script}</script></head>'
        f"<body>{body}</body></html>"
    )


def decided(html: str, page_type: str = "product"):  # type: ignore[no-untyped-def]
    document = parse(html)
    document.page_type = page_type
    for block in document.blocks:
        block.set_content(block.text == "Kettle")
    return document


def test_added_after_the_first_content_block() -> None:
    document = decided(product_page("<nav>Home Shop</nav><h1>Kettle</h1><p>Add to cart</p>"))
    assert add_product_description(document)
    assert [b.text for b in document.content_blocks] == ["Kettle", DESCRIPTION]
    assert document.blocks[2].text == DESCRIPTION


def test_added_after_the_products_name_in_its_paragraphs() -> None:
    # a brand line above the name: the description goes under the name, not between
    first, second = DESCRIPTION.split(", keeps ")
    paragraphs = f"&lt;p&gt;{first}.&lt;/p&gt;&lt;p&gt;It keeps {second}&lt;/p&gt;"
    html = product_page("<nav>Home Shop</nav><p>Brewco</p><h1>Kettle</h1><p>$49.00</p>", paragraphs)
    document = parse(html)
    document.page_type = "product"
    for block in document.blocks:
        block.set_content(block.text in ("Brewco", "Kettle", "$49.00"))
    assert add_product_description(document)
    assert [b.text for b in document.content_blocks] == [
        "Brewco",
        "Kettle",
        f"{first}.",
        f"It keeps {second}",
        "$49.00",
    ]


def test_not_added_when_the_page_shows_it() -> None:
    document = decided(product_page(f"<h1>Kettle</h1><div class=tab><p>{DESCRIPTION}</p></div>"))
    assert not add_product_description(document)
    assert DESCRIPTION not in document.content  # the model's decision stands


def test_only_on_product_pages() -> None:
    assert not add_product_description(decided(product_page("<h1>Kettle</h1>"), "article"))


def test_a_tagline_is_not_a_description() -> None:
    short = "Brushed steel, one litre, three minutes."
    assert not add_product_description(decided(product_page("<h1>Kettle</h1>", short)))


ARTICLE = (
    "<p>The bridge over the Rhine opened on Monday after four years of building, and the "
    "first trams crossed it at six in the morning to the cheers of a small crowd.</p>"
)
MICRODATA = (
    '<h1 itemprop="headline">New bridge opens</h1>'
    '<div itemprop="author" itemscope itemtype="https://schema.org/Person">'
    '<div itemprop="name">Anna Schmidt</div></div>'
    '<div itemprop="keywords">Cologne,Bridge,Traffic</div>'
    '<div itemprop="datePublished">2024-03-04T06:00:00+01:00</div>'
)


def texts(document, indices):  # type: ignore[no-untyped-def]
    return {document.blocks[index].text for index in indices}


@pytest.mark.parametrize(
    "box",
    [
        '<div style="display:none" itemscope itemtype="http://schema.org/NewsArticle">{}</div>',
        '<div hidden><span itemscope itemtype="https://schema.org/WebPage/">{}</span></div>',
        '<div hidden="hidden" itemscope itemtype="https://schema.org/BlogPosting">{}</div>',
        '<div style="color:red; DISPLAY: none" itemscope itemtype="https://schema.org/Article">'
        "{}</div>",
    ],
)
def test_a_hidden_item_of_the_page_is_metadata(box: str) -> None:
    document = parse(f"<html><body><article>{ARTICLE}</article>{box.format(MICRODATA)}</body>")
    (item,) = hidden_metadata(document)
    assert texts(document, item) == {
        "New bridge opens",
        "Anna Schmidt",
        "Cologne,Bridge,Traffic",
        "2024-03-04T06:00:00+01:00",
    }


@pytest.mark.parametrize(
    "box",
    [
        # shown: the page's own byline and date, marked up
        '<div itemscope itemtype="http://schema.org/NewsArticle">{}</div>',
        # hidden, but a FAQ's collapsed answer that the reader opens
        '<div style="display:none" itemscope itemtype="https://schema.org/Answer">{}</div>',
        # hidden, but no microdata item
        '<div style="display:none">{}</div>',
        # hidden from screen readers only, or until the browser's find opens it
        '<div aria-hidden="true" itemscope itemtype="https://schema.org/Article">{}</div>',
        '<div hidden="until-found" itemscope itemtype="https://schema.org/Article">{}</div>',
    ],
)
def test_other_items_and_hidden_boxes_are_left_to_the_model(box: str) -> None:
    document = parse(f"<html><body><article>{ARTICLE}</article>{box.format(MICRODATA)}</body>")
    assert hidden_metadata(document) == []


def _decided(html: str):  # type: ignore[no-untyped-def]
    document = parse(html)
    for block in document.blocks:
        block.set_content(True)
        block.score = 0.9 if "bridge over the Rhine" in block.text else 0.6
    return document


def test_the_filter_leaves_the_metadata_out() -> None:
    box = '<div style="display:none" itemscope itemtype="http://schema.org/NewsArticle">{}</div>'
    document = _decided(f"<html><body><article>{ARTICLE}</article>{box.format(MICRODATA)}</body>")
    assert drop_hidden_metadata(document)
    assert [block.text for block in document.blocks if block.is_content] == [
        unboiler.parse(ARTICLE).blocks[0].text
    ]
    assert not drop_hidden_metadata(document)  # nothing left to drop


def test_an_article_hidden_until_its_script_runs_is_kept() -> None:
    # the whole app hidden, the article's own item inside: it holds the likeliest
    # block, and leaving it out gave an empty page
    page = (
        '<html><body><div id="app" style="display:none"><article itemscope '
        f'itemtype="https://schema.org/NewsArticle">{MICRODATA}{ARTICLE}</article></div>'
        "</body></html>"
    )
    document = _decided(page)
    assert len(hidden_metadata(document)) == 1
    assert not drop_hidden_metadata(document)
    assert all(block.is_content for block in document.blocks)


def test_hidden_items_go_only_when_something_outside_them_is_kept() -> None:
    import numpy as np

    from unboiler.filters.structured import drop_hidden_items

    words = np.array([12.0, 3.0, 0.0, 4.0])
    keep = np.array([True, True, True, True])
    # the visible article (block 0) is kept: the hidden box (1, 2) goes, whatever the
    # model thought of its articleBody copy
    assert drop_hidden_items(keep, words, [(1, 2)]).tolist() == [True, False, False, True]
    # nothing with words kept outside the box: the page's content is in it
    keep = np.array([False, True, True, False])
    assert drop_hidden_items(keep, words, [(1, 2)]).tolist() == [False, True, True, False]
    assert drop_hidden_items(keep, words, []) is keep


RECIPE = {
    "@type": "Recipe",
    "name": "Brown butter banana bread",
    "recipeIngredient": [
        "115 g unsalted butter",
        "3 very ripe bananas",
        "150 g light brown sugar",
        "1 large egg",
        "190 g all-purpose flour",
    ],
    "recipeInstructions": [
        {"@type": "HowToStep", "text": "Melt the butter and cook it until it turns golden brown."},
        {"@type": "HowToStep", "text": "Mash the bananas into the butter, then whisk in the egg."},
        {"@type": "HowToStep", "text": "Fold in the flour and bake for an hour in a loaf pan."},
    ],
}
TEASER = (
    "<p>Browning the butter takes five extra minutes and makes this the most requested thing"
    " I bake, a one-bowl loaf with a crackly crust that needs no mixer at all.</p>"
)


def recipe_page(body: str) -> str:
    import json

    script = json.dumps({"@graph": [{"@type": "Article", "headline": "Banana bread"}, RECIPE]})
    return (
        f'<html><head><script type="application/ld+json">{script}</script></head>'
        f"<body><nav><a href='/'>Home</a></nav><main><h1>Banana bread</h1>{TEASER}{body}"
        "</main><footer>© Flour Pot</footer></body></html>"
    )


def test_a_recipe_the_page_gates_is_added_after_the_kept_text() -> None:
    gate = "<div class='gate'><h2>Get the full recipe</h2><form><input type='email'></form></div>"
    text = unboiler.extract(recipe_page(gate))
    assert "Browning the butter" in text
    assert "3 very ripe bananas" in text and "Fold in the flour and bake" in text
    assert text.index("Browning the butter") < text.index("115 g unsalted butter")
    assert text.index("115 g unsalted butter") < text.index("Melt the butter")


def test_a_recipe_is_found_in_the_spellings_of_its_type() -> None:
    # the JSON-LD reader takes the type in any case
    gate = "<div class='gate'><h2>Members only</h2><form><input type='email'></form></div>"
    for spelling in ("Recipe", "recipe", "RECIPE"):
        page = recipe_page(gate).replace('"Recipe"', f'"{spelling}"')
        text = unboiler.extract(page)
        assert "3 very ripe bananas" in text and "Fold in the flour and bake" in text
    assert "3 very ripe bananas" not in unboiler.extract(
        recipe_page(gate).replace('"Recipe"', '"HowTo"')
    )


def test_a_page_is_read_for_a_recipe_only_when_it_names_one() -> None:
    # the search before the JSON-LD is read: the type's and its properties' spellings
    from unboiler.filters.structured import _may_hold_recipe

    for source in ('"@type": "Recipe"', '"@type":"RECIPE"', '"recipeIngredient": []'):
        assert _may_hold_recipe(f"<script>{source}</script>")
    assert not _may_hold_recipe('<script>{"@type": "Rezept", "zutaten": []}</script>')


def test_a_recipe_the_page_shows_is_not_added_again() -> None:
    card = "<ul>" + "".join(f"<li>{item}</li>" for item in RECIPE["recipeIngredient"]) + "</ul>"
    card += (
        "<ol>"
        + "".join(
            f"<li>{step['text']}</li>"  # type: ignore[index]
            for step in RECIPE["recipeInstructions"]  # type: ignore[attr-defined]
        )
        + "</ol>"
    )
    document = parse(recipe_page(card))
    for block in document.blocks:
        block.set_content(True)
    assert not add_recipe(document)
    text = unboiler.extract(recipe_page(card))
    assert text.count("3 very ripe bananas") == 1


def test_the_lines_of_a_recipe_the_page_shows_are_kept_where_it_shows_them() -> None:
    # the page writes each quantity and name in spans without a space between them, and a
    # checkbox glyph before each; the model dropped most of them: every block showing a
    # line of the JSON-LD recipe becomes content, with the heading above the list, but
    # no other block
    items = "".join(
        f"<li>▢ <span>{item.split(' ', 1)[0]}</span><span>{item.split(' ', 1)[1]}</span></li>"
        for item in RECIPE["recipeIngredient"]  # type: ignore[attr-defined]
    )
    steps = "".join(
        f"<p>{step['text']}</p>"  # type: ignore[index]
        for step in RECIPE["recipeInstructions"]  # type: ignore[attr-defined]
    )
    card = f"<h2>Ingredients</h2><p>Serves 8</p><ul>{items}</ul><h2>Method</h2>{steps}"
    card += "<p>Share this recipe</p>"
    document = parse(recipe_page(card))
    texts = [block.text for block in document.blocks]
    assert "▢ 3very ripe bananas" in texts  # as the page writes it
    for block in document.blocks:
        block.set_content(block.text.startswith("Browning"))
    assert add_recipe(document)
    kept = [block.text for block in document.blocks if block.is_content]
    first = texts.index("Ingredients")
    assert texts[first + 1] == "Serves 8" and texts[first + 7] == "Method"
    assert texts[first + 11] == "Share this recipe"
    assert (
        kept
        == [
            texts[first - 1],  # the teaser, kept before
            "Ingredients",
            *texts[first + 2 : first + 7],  # the five ingredients, not "Serves 8"
            "Method",
            *texts[first + 8 : first + 11],  # the three steps
        ]
    )
    # one line shown alone is no part shown: nothing is kept for it
    single = parse(recipe_page("<h2>Ingredients</h2><ul><li>3 very ripe bananas</li></ul>"))
    assert not keep_shown_recipe(single, [RECIPE["recipeIngredient"]])  # type: ignore[list-item]
    assert not any(block.is_content for block in single.blocks)


def test_a_recipes_lines_the_page_shows_name_first_are_kept() -> None:
    # an Italian blog writes each ingredient's name before its quantity ("unsalted
    # butter 115 g") where the JSON-LD writes the quantity first; a line of other words
    # ("large eggs 2") is no ingredient
    shown = [
        "unsalted butter 115 g",
        "very ripe bananas 3",
        "light brown sugar 150 g",
        "large eggs 2",
        "all-purpose flour 190 g",
    ]
    rows = "".join(f"<li>{line}</li>" for line in shown)
    document = parse(recipe_page(f"<h2>Ingredients</h2><ul>{rows}</ul>"))
    for block in document.blocks:
        block.set_content(block.text.startswith("Browning"))
    assert keep_shown_recipe(document, [RECIPE["recipeIngredient"]])  # type: ignore[list-item]
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept[1:] == ["Ingredients", *shown[:3], shown[4]]


def test_a_recipes_lines_are_kept_once_in_its_card_and_nowhere_else() -> None:
    # a sidebar's list of ingredients, a hidden print copy of the card and a reader's
    # comment that quotes the steps match the recipe's lines too: only the card's are
    # kept, each line once
    items = "".join(f"<li>{item}</li>" for item in RECIPE["recipeIngredient"])  # type: ignore[attr-defined]
    card = f"<div class='card'><h2>Ingredients</h2><ul>{items}</ul></div>"
    sidebar = (
        "<aside><h3>Browse by ingredient</h3><ul><li>1 large egg</li>"
        "<li>3 very ripe bananas</li></ul></aside>"
    )
    printed = f"<div style='display:none'><ul>{items}</ul></div>"
    comment = "<div class='comment'><p>3 very ripe bananas</p><p>1 large egg</p></div>"
    document = parse(recipe_page(sidebar + card + printed + comment))
    for block in document.blocks:
        block.set_content(block.text.startswith("Browning"))
    keep_shown_recipe(document, [RECIPE["recipeIngredient"]])  # type: ignore[list-item]
    kept = [block.text for block in document.blocks if block.is_content]
    assert kept[1:] == ["Ingredients", *RECIPE["recipeIngredient"]]  # type: ignore[misc]
    first = [i for i, b in enumerate(document.blocks) if b.text == "3 very ripe bananas"]
    assert [document.blocks[i].is_content for i in first] == [False, True, False, False]
    # a line the kept text shows already is not shown again
    again = parse(recipe_page(card))
    for block in again.blocks:
        block.set_content(block.text in ("1 large egg", "115 g unsalted butter"))
    keep_shown_recipe(again, [RECIPE["recipeIngredient"]])  # type: ignore[list-item]
    assert sum(b.is_content for b in again.blocks) == 5


def test_a_recipe_part_of_lines_without_words_changes_nothing() -> None:
    # a part whose lines have no words ("—") matched no block and then failed
    script = '{"@type":"Recipe","recipeIngredient":["—"],"recipeInstructions":["Mix well."]}'
    page = (
        f'<html><head><script type="application/ld+json">{script}</script></head>'
        "<body><h1>My recipe</h1><p>Mix well.</p></body></html>"
    )
    assert unboiler.extract(page).endswith("Mix well.")
    document = parse(page)
    assert not keep_shown_recipe(document, [["—"], []])


def test_only_the_part_of_a_recipe_the_page_lacks_is_added() -> None:
    # the ingredients shown, the steps behind the form: the steps alone are added
    items = "".join(f"<li>{item}</li>" for item in RECIPE["recipeIngredient"])  # type: ignore[attr-defined]
    gate = "<div class='gate'><h2>Get the method</h2><form><input type='email'></form></div>"
    steps = [
        "Melt the butter in a light saucepan and keep cooking it, swirling, until the solids"
        " turn a deep golden brown and smell of toasted nuts.",
        "Mash the bananas into the warm butter with a fork, then whisk in the sugar, the egg"
        " and a spoonful of vanilla until the batter is smooth.",
    ]
    recipe = dict(RECIPE, recipeInstructions=steps)
    import json

    script = json.dumps(recipe)
    page = (
        f'<html><head><script type="application/ld+json">{script}</script></head><body><main>'
        f"<h1>Banana bread</h1>{TEASER}<h2>Ingredients</h2><ul>{items}</ul>{gate}</main>"
        "</body></html>"
    )
    text = unboiler.extract(page)
    assert text.count("3 very ripe bananas") == 1
    assert "Mash the bananas into the warm butter" in text
    # the steps are paragraphs of their own, not lines of the last ingredient's item
    markdown = unboiler.extract(page, output="markdown")
    assert "\n\nMash the bananas into the warm butter" in markdown, markdown
    assert "- 190 g all-purpose flour\n\n" in markdown or markdown.endswith(
        "- 190 g all-purpose flour"
    ), markdown


GERMAN_TEASER = (
    "<p>Braune Butter braucht nur fünf Minuten mehr und macht dieses Bananenbrot zu dem,"
    " was meine Familie am häufigsten bei mir bestellt: ein Teig aus einer Schüssel, der"
    " ohne Mixer auskommt und eine knusprige Kruste bekommt.</p>"
    "<p>Die Bananen sollten sehr reif sein, fast schwarz, dann ist das Brot am saftigsten"
    " und braucht kaum Zucker. Wer mag, streut vor dem Backen gehackte Walnüsse darüber.</p>"
)


def test_a_recipe_in_another_language_than_the_page_is_not_added() -> None:
    # a translation plugin shows the page in German and leaves its JSON-LD in English
    gate = "<div class='gate'><h2>Zum Rezept</h2><form><input type='email'></form></div>"
    page = recipe_page(gate).replace(TEASER, GERMAN_TEASER).replace("<html>", '<html lang="de">')
    text = unboiler.extract(page)
    assert "Braune Butter braucht nur" in text
    assert "3 very ripe bananas" not in text and "Melt the butter" not in text
    # the same recipe in the page's language is added
    german = dict(
        RECIPE,
        recipeIngredient=["115 g Butter", "3 sehr reife Bananen", "150 g brauner Zucker"],
        recipeInstructions=[
            "Die Butter schmelzen und so lange weiter erhitzen, bis sie goldbraun ist.",
            "Die Bananen in der Butter zerdrücken und danach das Ei unterrühren.",
            "Das Mehl unterheben und das Brot eine Stunde in einer Kastenform backen.",
        ],
    )
    import json

    script = json.dumps(german)
    page_de = (
        f'<html lang="de"><head><script type="application/ld+json">{script}</script></head>'
        f"<body><main><h1>Bananenbrot</h1>{GERMAN_TEASER}{gate}</main></body></html>"
    )
    assert "Das Mehl unterheben" in unboiler.extract(page_de)


def test_a_product_description_in_another_language_than_the_page_is_not_added() -> None:
    shown = (
        "<h1>Wasserkocher</h1><p>Unser Wasserkocher aus gebürstetem Edelstahl ist in drei"
        " Minuten fertig und hält das Wasser eine Stunde lang warm, bevor er sich von selbst"
        " abschaltet, sobald die Kanne vom Sockel genommen wird.</p>"
    )
    document = decided(product_page(shown).replace("<html>", '<html lang="de">'))
    assert not add_product_description(document)
    assert add_product_description(decided(product_page("<h1>Kettle</h1>")))


def test_a_description_in_the_declared_language_is_added_whatever_the_menu_reads_as() -> None:
    # review: a German shop's English menu is all the detector reads of the page; the
    # German description is in the language its <html lang> declares
    description = (
        "Unser Wasserkocher aus gebürstetem Edelstahl bringt einen Liter Wasser in drei"
        " Minuten zum Kochen, hält es eine Stunde warm und schaltet sich ab, sobald die"
        " Kanne vom Sockel genommen wird."
    )
    menu = "<nav><a>Home</a> <a>Shop</a> <a>Sale</a> <a>New In</a> <a>Login</a></nav>"
    html = product_page(menu + "<h1>Kettle</h1><p>49,00 €</p>", description)
    assert add_product_description(decided(html.replace("<html>", '<html lang="de">')))


def test_a_recipes_language_is_read_from_the_whole_recipe() -> None:
    # review: the gated ingredients alone ("mozzarella di bufala", "passata di pomodoro")
    # read as Italian on a Dutch page whose steps it shows
    import json

    ingredients = [
        "1 pizzabodem",
        "125 g mozzarella di bufala",
        "100 g passata di pomodoro",
        "4 plakjes prosciutto di parma",
        "verse basilicum",
        "olijfolie extra vergine",
        "50 g parmigiano reggiano",
    ]
    steps = [
        "Verwarm de oven zo heet als hij kan, met de pizzasteen erin, minstens een half uur.",
        "Smeer de passata dun over de bodem en verdeel de gescheurde mozzarella erover.",
        "Bak de pizza zeven minuten en leg de ham en de basilicum er pas na het bakken op.",
    ]
    script = json.dumps(dict(RECIPE, recipeIngredient=ingredients, recipeInstructions=steps))
    shown = "".join(f"<li>{step}</li>" for step in steps)
    html = (
        f'<html lang="nl"><head><script type="application/ld+json">{script}</script></head>'
        "<body><main><h1>Pizza met parmaham</h1><p>Een goede pizza thuis bakken lukt het"
        " best met een pizzasteen en een oven die zo heet mogelijk wordt, en weinig beleg.</p>"
        "<div class='gate'><h2>Ingrediënten</h2><form><input type='email'></form></div>"
        f"<h2>Bereiding</h2><ol>{shown}</ol></main></body></html>"
    )
    assert "125 g mozzarella di bufala" in unboiler.extract(html)
