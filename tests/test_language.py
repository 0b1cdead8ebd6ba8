"""Language tags, detection, the page's declared language, and stop lists."""

from __future__ import annotations

import pytest

import unboiler
from unboiler.document import TextBlock, TextDocument
from unboiler.language import (
    SetLanguage,
    declared_language,
    detect,
    document_language,
    find_language,
    language_code,
    stop_words,
)

ENGLISH = (
    "The council voted on Tuesday to turn the old ferry into a floating library, and the "
    "first readers are expected to come aboard in the spring when the harbour reopens."
)
GERMAN = (
    "Der Gemeinderat hat am Dienstag beschlossen, die alte Fähre in eine schwimmende "
    "Bibliothek umzubauen, und die ersten Leser werden im Frühjahr an Bord erwartet."
)
RUSSIAN = (
    "Городской совет во вторник решил превратить старый паром в плавучую библиотеку, "
    "и первые читатели поднимутся на борт весной, когда откроется гавань."
)
# Chinese technology news full of English product names: CLD2 does not call it reliable,
# but most of the text is Chinese.
MIXED_CHINESE = (
    "北京时间周三凌晨，Apple 在加州 Cupertino 举行秋季发布会，正式推出 iPhone 17 系列。"
    "新机搭载 A20 芯片，采用 2nm 工艺，官方称 CPU 性能提升 20%，GPU 性能提升 35%。"
)


@pytest.mark.parametrize(
    ("tag", "code"),
    [("en", "en"), ("DE", "de"), ("pt-BR", "pt"), ("zh_Hant_TW", "zh"), (" fr ", "fr"),
     ("iw", "he"), ("nb", "no"), ("in", "id"), ("eng", "en"), ("GER", "de"),
     ("deu-CH", "de"), ("nob", "no"), ("yue", "yue")],
)  # fmt: skip
def test_language_code(tag: str, code: str) -> None:
    assert language_code(tag) == code


@pytest.mark.parametrize("tag", ["German", "", "e", "en-", "12"])
def test_language_code_refuses_what_is_not_a_tag(tag: str) -> None:
    with pytest.raises(ValueError, match="not a language tag"):
        language_code(tag)


@pytest.mark.parametrize(("text", "code"), [(ENGLISH, "en"), (GERMAN, "de"), (RUSSIAN, "ru")])
def test_detect(text: str, code: str) -> None:
    assert detect(text) == code


def test_detect_mostly_one_language() -> None:
    assert detect(MIXED_CHINESE) == "zh"


@pytest.mark.parametrize("text", ["", "   ", "12 34 56", "x"])
def test_detect_finds_nothing_in_too_little_text(text: str) -> None:
    assert detect(text) is None


def test_detect_survives_characters_cld2_refuses() -> None:
    assert detect("\x85\x9f\ud800\ufffe\x00 " + ENGLISH) == "en"


def test_declared_language() -> None:
    assert declared_language(unboiler.parse('<html lang="de-AT"><p>x</p></html>')) == "de"
    assert declared_language(unboiler.parse('<html lang="bogus!"><p>x</p></html>')) is None
    assert declared_language(unboiler.parse("<p>x</p>")) is None
    assert declared_language(TextDocument([])) is None


def test_document_language_prefers_the_text_to_the_declaration() -> None:
    page = f'<html lang="en"><body><p>{GERMAN}</p><p>Home</p></body></html>'
    assert document_language(unboiler.parse(page)) == "de"


def test_document_language_falls_back_to_the_declaration() -> None:
    page = '<html lang="fr"><body><p>OK</p></body></html>'
    assert document_language(unboiler.parse(page)) == "fr"


SERBIAN_LATIN = (
    "Danas je u Beogradu održan sastanak predstavnika lokalne vlasti sa stanovnicima opštine"
    " o popravci puteva i mostova u gradu."
)


def test_document_language_takes_a_declared_close_relative_of_the_detected() -> None:
    page = f'<html lang="{{}}"><body><p>{SERBIAN_LATIN}</p></body></html>'
    detected = document_language(unboiler.parse(page.format("")))
    assert detected in {"bs", "hr", "sr"}  # CLD2 tells them apart by a few words
    for declared in ("sr-Latn", "hr", "bs"):
        assert document_language(unboiler.parse(page.format(declared))) == declared[:2]
    assert document_language(unboiler.parse(page.format("en"))) == detected


def test_document_language_samples_running_text_first() -> None:
    # Many short English menu entries around one German paragraph.
    menu = "".join(f"<li>Menu item {i}</li>" for i in range(40))
    page = f"<ul>{menu}</ul><p>{GERMAN}</p><ul>{menu}</ul>"
    assert document_language(unboiler.parse(page)) == "de"


def test_unknown_language_stays_unknown() -> None:
    document = unboiler.parse("<p>12345</p>")
    assert not find_language(document)
    assert document.language is None


def test_find_language_keeps_a_known_language() -> None:
    document = TextDocument([TextBlock.from_text(ENGLISH)], language="de")
    assert not find_language(document)
    assert document.language == "de"


def test_find_language_sets_the_detected_language() -> None:
    document = TextDocument([TextBlock.from_text(RUSSIAN)])
    assert find_language(document)
    assert document.language == "ru"


def test_set_language_normalises_and_wins() -> None:
    setter = SetLanguage(language="pt-BR")
    assert setter.language == "pt"
    document = TextDocument([TextBlock.from_text(ENGLISH)], language="en")
    assert setter(document)
    assert document.language == "pt"
    assert not setter(document)


def test_set_language_refuses_a_language_name() -> None:
    with pytest.raises(ValueError, match="not a language tag"):
        SetLanguage(language="German")


def test_stop_words() -> None:
    english = stop_words("en")
    assert english is not None
    assert isinstance(english, frozenset)
    assert {"the", "of", "and"} <= english
    assert all(word == word.lower() for word in english)
    german = stop_words("de")
    assert german is not None and {"der", "die", "und"} <= german
    assert stop_words("EN-gb") == english
    assert stop_words("en") is english  # cached


def test_no_stop_list() -> None:
    assert stop_words("zz") is None


def test_same_language_joins_the_languages_a_detector_confuses() -> None:
    from unboiler.language import same_language

    assert same_language("hr", "bs") and same_language("id", "ms") and same_language("de", "de")
    assert not same_language("hr", "sl") and not same_language("en", "de")


def test_document_language_leaves_code_out() -> None:
    # a French wiki page's nginx configuration is no English text
    config = "\n".join(
        [
            "server {",
            "    listen 443 ssl http2;",
            "    server_name git.example.fr;",
            "    location / {",
            "        proxy_pass http://10.20.1.15:3000;",
            "        proxy_set_header Host $host;",
            "        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
            "        client_max_body_size 512M;",
            "    }",
            "}",
        ]
    )
    page = (
        '<html lang="fr"><body><h1>Configuration d\'un reverse proxy Nginx</h1>'
        "<p>Créer le fichier suivant puis recharger le service :</p>"
        f"<pre>{config}</pre></body></html>"
    )
    assert document_language(unboiler.parse(page)) == "fr"
    # the same code as running text is read as it always was
    assert document_language(unboiler.parse(page.replace("pre>", "p>"))) != "fr"
