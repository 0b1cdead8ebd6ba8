"""Decoding pages in the legacy encodings of the web, declared and undeclared.

Each sample is a sentence or two of running text in a language the encoding serves,
written here; a page is decoded right when the sentence comes back whole.
"""

from __future__ import annotations

import pytest

import unboiler
from unboiler.charset import decode, default_encoding

SAMPLES = {
    "latin-1": (
        "de",
        "Überschrift: Der Zug läuft über die Brücke, und die Kühe grasen auf der Weide. "
        "Größere Städte liegen weiter südlich, wo es wärmer ist.",
    ),
    "windows-1252": (
        "fr",
        "Ça coûte très cher — « l’été » est déjà là, et les élèves préfèrent rêver à la "
        "plage où ils étaient l’année dernière.",
    ),
    "windows-1250": (
        "cs",
        "Příliš žluťoučký kůň úpěl ďábelské ódy. Ve městě se konala schůze, na které se "
        "řešily otázky dopravy a životního prostředí.",
    ),
    "iso-8859-2": (
        "pl",
        "Zażółć gęślą jaźń. W mieście odbyło się spotkanie, na którym rozmawiano o "
        "transporcie i środowisku naturalnym.",
    ),
    "iso-8859-9": (
        "tr",
        "İstanbul Boğazı üzerinde inşa edilen yeni köprü bugün düzenlenen törenle hizmete "
        "açıldı. Şoförler ağır trafikten kurtulacak.",
    ),
    "windows-1251": (
        "ru",
        "Съешь же ещё этих мягких французских булок, да выпей чаю. В городе прошло "
        "собрание, на котором обсуждали транспорт.",
    ),
    "koi8-r": (
        "ru",
        "Вчера в городе прошло собрание жителей, на котором обсуждали новый мост через "
        "реку и расписание автобусов.",
    ),
    "shift_jis": (
        "ja",
        "日本語の文章です。東京では今日、雨が降りました。子どもたちは学校から帰って、"
        "家で宿題をしています。",
    ),
    "euc-jp": (
        "ja",
        "昨日は大阪で会議がありました。参加者は新しい駅の計画について話し合い、"
        "来年の予算を決めました。",
    ),
    "gbk": (
        "zh-CN",
        "这是一段中文文字。北京今天下雨了，孩子们放学回家以后在家里做作业，父母在厨房里准备晚饭。",
    ),
    "gb18030": (
        "zh-CN",
        "上海的图书馆昨天举办了一场展览，很多学生和老人都来参观，大家都觉得很有意思。",
    ),
    "big5": (
        "zh-TW",
        "這是一段中文文字。臺北今天下雨了，孩子們放學回家以後在家裡做作業，父母在廚房裡準備晚飯。",
    ),
    "euc-kr": (
        "ko",
        "이것은 한국어 문장입니다. 서울에는 오늘 비가 내렸습니다. 아이들은 학교에서 "
        "돌아와 집에서 숙제를 하고 있습니다.",
    ),
}


def _page(encoding: str, *, declared: bool, lang: str | None) -> bytes:
    meta = f'<meta charset="{encoding}">' if declared else ""
    language, text = SAMPLES[encoding]
    opening = f'<html lang="{lang or language}">' if lang != "" else "<html>"
    return (
        f"{opening}<head>{meta}<title>Seite</title></head>"
        f"<body><h1>Titel</h1><p>{text}</p></body></html>"
    ).encode(encoding)


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "undeclared"])
@pytest.mark.parametrize("encoding", sorted(SAMPLES))
def test_every_legacy_encoding_is_decoded(encoding: str, declared: bool) -> None:
    text = SAMPLES[encoding][1]
    data = _page(encoding, declared=declared, lang=None)
    assert text in decode(data)
    assert text in unboiler.extract(data)
    # what an HTTP header says wins over a missing or wrong declaration
    assert text in decode(_page(encoding, declared=False, lang=None), encoding=encoding)


@pytest.mark.parametrize(
    "encoding",
    ["latin-1", "windows-1252", "windows-1250", "koi8-r", "iso-8859-2", "iso-8859-9"],
)
def test_undeclared_pages_without_a_language_are_decoded_too(encoding: str) -> None:
    # Polish Latin-2 came out as Celtic Latin-8 ("dzi¶ nowḟ"), Turkish Latin-5 as
    # windows-1252 ("Ýstanbul"): the language the text reads as now chooses
    assert SAMPLES[encoding][1] in decode(_page(encoding, declared=False, lang=""))


def test_an_undeclared_latin1_page_is_not_read_as_mac_roman() -> None:
    """The failure the issue reported: "‹berschrift … ¸ber … l‰uft"."""
    data = "<p>Überschrift: der Zug läuft über die Brücke.</p>".encode("latin-1")
    text = decode(data)
    assert "Überschrift" in text and "läuft" in text and "‰" not in text


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        (b"<p>no language</p>", "cp1252"),
        (b'<html lang="de-AT">', "cp1252"),
        (b'<html lang="pl">', "iso8859_2"),
        (b"<HTML class=x LANG='ru_RU'>", "cp1251"),
        (b'<html lang="zh-Hant">', "big5"),
        (b'<html lang="zh-TW">', "big5"),
        (b'<html lang="zh">', "gb18030"),
        (b'<html lang="ja">', "shift_jis"),
        (b'<html xml:lang="x" lang="cs">', "cp1250"),
    ],
)
def test_the_browser_default_follows_the_page_language(html: bytes, expected: str) -> None:
    assert default_encoding(html) == expected


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n(Hello world) Tj\n%%EOF", "PDF"),
        (b"%!PS-Adobe-3.0\n/Times findfont 12 scalefont setfont (Hello) show", "PostScript"),
        (b"GIF89a" + b"A" * 200, "GIF"),
        (b"\x89PNG\r\n\x1a\n" + b"IHDR" * 50, "PNG"),
    ],
)
def test_files_of_other_formats_are_refused_even_when_ascii(data: bytes, kind: str) -> None:
    with pytest.raises(unboiler.ExtractionError, match=f"input is a {kind} .*, not HTML"):
        unboiler.extract(data)


def test_a_page_that_mentions_a_pdf_is_still_a_page() -> None:
    assert "%PDF-1.4" in unboiler.extract(b"<p>The file starts with %PDF-1.4 and more.</p>")


def _double_encoded(text: str) -> bytes:
    """``text`` as a page that went through a double UTF-8 encoding stores it: its UTF-8
    read as Latin-1, then encoded to UTF-8 again."""
    return text.encode("utf-8").decode("latin-1").encode("utf-8")


_SENTENCE = "The computer’s memory – as “Grandma’s” café – costs 5 €; señor Müller said “ça va”."


def test_a_double_encoded_page_is_read_as_its_author_wrote_it() -> None:
    page = b"<html><body><article><p>" + _double_encoded(_SENTENCE) + b"</p></article></body>"
    assert unboiler.extract(page, extractor="boilerpipe-everything") == _SENTENCE
    # the same text handed over as a string (a page decoded by the caller)
    text = page.decode("utf-8")
    assert unboiler.extract(text, extractor="boilerpipe-everything") == _SENTENCE


def test_a_stray_double_encoded_quotation_is_mended_alone() -> None:
    # one broken curly quote (it holds a C1 control, never real text) is mended; "Ã©" on
    # a page with no more evidence than that may be what the page means, and stays
    page = "<p>Grandma’s dish, and the brand Ã© stays.</p>".replace(
        "’", _double_encoded("’").decode("utf-8")
    )
    assert unboiler.extract(page, extractor="boilerpipe-everything") == (
        "Grandma’s dish, and the brand Ã© stays."
    )


@pytest.mark.parametrize(
    "text",
    [
        "Plain ASCII text, nothing to mend.",
        "Déjà vu: Ã© and Â© are letters here, with no control characters around.",
        "Ğüşıöç, 東京, Привет, עברית — real UTF-8 text of many scripts.",
    ],
)
def test_text_that_was_encoded_once_is_left_alone(text: str) -> None:
    page = f"<p>{text}</p>".encode()
    assert unboiler.extract(page, extractor="boilerpipe-everything") == text


# --------------------------------------------------------------------------- nearly UTF-8

_GERMAN = "Von Jürgen Müller, 15. März 2024. Über die Brücke läuft der Zug, grüß dich."
_JAPANESE = "日本語の文章です。東京では今日、雨が降りました。子どもたちは学校から帰って"


def _utf8_page(text: str, *, declared: bool) -> bytes:
    meta = '<meta charset="utf-8">' if declared else ""
    return f"<html><head>{meta}</head><body><p>{text}</p><p>Schö".encode()


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "undeclared"])
@pytest.mark.parametrize("text", [_GERMAN, _JAPANESE], ids=["german", "japanese"])
def test_a_page_cut_inside_a_character_is_read_as_utf8(text: str, declared: bool) -> None:
    # a crawl cuts a page at a size limit, here inside the last character's bytes
    page = _utf8_page(text, declared=declared)[:-1]
    decoded = decode(page)
    assert text in decoded
    assert decoded.endswith("<p>Sch")


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "undeclared"])
@pytest.mark.parametrize("text", [_GERMAN, _JAPANESE], ids=["german", "japanese"])
def test_a_stray_byte_in_a_utf8_page_is_replaced_alone(text: str, declared: bool) -> None:
    page = _utf8_page(text, declared=declared).replace(b"<p>", b"<p>\xff", 1)
    decoded = decode(page)
    assert "\ufffd" + text in decoded
    assert decoded.count("\ufffd") == 1


def test_an_encoded_surrogate_is_one_bad_sequence() -> None:
    # CESU-8 or a careless encoder writes a lone surrogate as three bytes, which the
    # decoder replaces one by one: counted as three bad sequences, an undeclared page of
    # a few accented words went to the detector, which read it in a Mac code page
    text = "Café, crème brûlée"
    page = _utf8_page(text, declared=False).replace(b"<p>", b"<p>\xed\xa0\x80", 1)
    decoded = decode(page)
    assert text in decoded
    assert "\ufffd" in decoded
    # ... and its replacement characters are no valid characters either: bad bytes
    # alone are no UTF-8
    from unboiler.charset import _nearly_utf8

    assert _nearly_utf8(b"<p>x \xed\xa0\x80 \xed\xa0\x80 \xff</p>", 1) is None


def test_a_given_utf8_charset_reads_a_cut_page() -> None:
    page = _utf8_page(_JAPANESE, declared=False)[:-1]
    assert _JAPANESE in unboiler.extract(page, encoding="utf-8", extractor="boilerpipe-everything")


def test_a_single_byte_page_labelled_utf8_is_still_read_in_its_charset() -> None:
    # every accented letter of a windows-1252 page is a bad UTF-8 sequence, and none is
    # a valid one: the label is a lie, and the detector reads the page
    _, text = SAMPLES["windows-1252"]
    page = f'<html lang="fr"><head><meta charset="utf-8"></head><body><p>{text}</p></body></html>'
    assert text in decode(page.encode("windows-1252"))


PAGE_TEXT = "Café au lait, s'il vous plaît: a page of a few words."


def test_a_declared_utf16_is_read_as_utf8() -> None:
    # A declaration found in ASCII bytes cannot be right about UTF-16 (HTML Standard,
    # the prescan): read as UTF-16, the whole page was CJK-looking nonsense.
    page = f'<html><head><meta charset="utf-16"></head><body><p>{PAGE_TEXT}</p>'
    assert PAGE_TEXT in decode(page.encode("utf-8"))
    assert PAGE_TEXT in decode(page.replace("utf-16", "UTF-32BE").encode("utf-8"))


def test_a_declared_utf7_is_ignored() -> None:
    # Browsers do not know UTF-7; honoured, "+ADw-b+AD4-" became markup.
    page = b'<html><head><meta charset="utf-7"></head><body><p>+ADw-b+AD4-bold</p>'
    assert "+ADw-b+AD4-bold" in decode(page)
    assert "<b>bold" not in decode(page)


@pytest.mark.parametrize("label", ["utf-16", "utf-16-le", "utf-32"])
def test_a_given_utf16_label_for_bytes_without_zeros_is_wrong(label: str) -> None:
    page = f"<p>{PAGE_TEXT}</p>"
    assert PAGE_TEXT in decode(page.encode("utf-8"), encoding=label)
    assert PAGE_TEXT in decode(page.encode("cp1252"), encoding=label)
    # and right for bytes that are UTF-16 without a byte-order mark
    if label != "utf-32":
        assert PAGE_TEXT in decode(page.encode("utf-16-le"), encoding=label)


def test_a_given_utf16_label_is_wrong_with_a_stray_zero_byte_too() -> None:
    assert decode(b"<html><body>Hello\x00 world!</body></html>", encoding="utf-16") == (
        "<html><body>Hello world!</body></html>"
    )


def test_an_unclosed_style_is_read_to_the_end_at_once() -> None:
    # The language check strips markup from each decoding it reads.  A <style> never
    # closed was searched to the end from every opening (13 s for 180 kB of them): the
    # first one now takes the rest of the page, as the HTML parser reads it.
    from unboiler.charset import _MARKUP

    text = "<p>Metin</p><style>x " * 3
    match = _MARKUP.search(text, text.index("<style>"))
    assert match is not None and match.end() == len(text)
    closed = "<style>a{}</style><p>Metin</p>"
    assert _MARKUP.sub(" ", closed).split() == ["Metin"]
    page = f"<html><body><p>{SAMPLES['iso-8859-9'][1]}</p>".encode("iso-8859-9")
    assert SAMPLES["iso-8859-9"][1] in decode(page + b"<style>x " * 2000)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_a_given_wide_label_reads_a_page_without_a_byte_order_mark(codec: str) -> None:
    # mostly Chinese, so that few of its bytes are zero: the label is judged by whether
    # the page reads as markup under it, and UTF-32 was taken for binary data
    text = SAMPLES["gbk"][1]
    page = f"<html><body><p>{text}</p></body></html>".encode(codec)
    assert text in decode(page, encoding=codec)


@pytest.mark.parametrize("label", ["undefined", "punycode", "unicode_escape", "base64", "utf-7"])
def test_a_page_cannot_name_a_codec_that_is_no_text_encoding(label: str) -> None:
    # Python knows these by name; "undefined" refuses every byte, and unicode_escape
    # read "C:\new" as a line break
    page = f'<meta charset="{label}"><p>Path C:\\new\\tools, caf\u00e9.</p>'.encode()
    text = decode(page)
    assert "C:\\new\\tools, caf\u00e9." in text
    with pytest.raises(unboiler.UnknownEncodingError):
        unboiler.extract(b"<p>x</p>", encoding=label)


@pytest.mark.parametrize(
    "label",
    ["ISO8859-9", "l5", "csisolatin5", "cp950", "utf-8-sig", "windows-874", "x-mac-cyrillic",
     "ks_c_5601-1989", "iso88592", "koi8-ru", "x-cp1251", "windows-31j", "ucs-2"],
)  # fmt: skip
def test_the_encoding_standards_labels_name_an_encoding(label: str) -> None:
    # labels of the WHATWG Encoding Standard, some of which Python's registry lacks; a
    # WARC's header gives them to the batch as the caller's encoding
    assert unboiler.extract(b"<p>Some words of a page here.</p>", encoding=label) == (
        "Some words of a page here."
    )


# A page's label is wrong more often than its bytes: a Windows code page declared as the
# ISO one of its script (Polish windows-1250 as ISO-8859-2, whose places of "ś", "ź" and
# the dashes are control characters), or a label of another script altogether (a Russian
# windows-1251 page left with a template's windows-1252).
_POLISH = (
    "Kocioł włącza się i wyłącza co 4–5 minut. Wcześniej pracował spokojnie po 30–40 "
    "minut. Źródło problemu leży gdzieś w sterowniku, ściągnąłem już nową wersję."
)
_RUSSIAN = SAMPLES["windows-1251"][1]
_TURKISH = SAMPLES["iso-8859-9"][1]


def labelled(text: str, encoding: str, label: str, lang: str) -> bytes:
    return (
        f'<html lang="{lang}"><head><meta charset="{label}"><title>Strona</title></head>'
        f"<body><h1>Forum</h1><p>{text}</p></body></html>"
    ).encode(encoding)


#: Pages labelled wrong: their text, the encoding of their bytes, their label, their
#: ``<html lang>`` (``benchmarks/encodings.py`` reads them too).
MISLABELLED = (
    (_POLISH, "windows-1250", "iso-8859-2", "pl"),
    (_POLISH, "windows-1250", "iso-8859-2", ""),
    (_POLISH, "windows-1250", "iso-8859-1", "pl"),
    (_POLISH, "windows-1250", "windows-1252", "pl"),
    (_RUSSIAN, "windows-1251", "windows-1252", "ru"),
    (_RUSSIAN, "windows-1251", "iso-8859-1", "ru"),
    (_RUSSIAN, "windows-1251", "iso-8859-2", ""),
    (SAMPLES["koi8-r"][1], "koi8-r", "windows-1252", "ru"),
    (SAMPLES["shift_jis"][1], "shift_jis", "iso-8859-1", "ja"),
)


@pytest.mark.parametrize(("text", "encoding", "label", "lang"), MISLABELLED)
def test_a_wrong_single_byte_label_loses_to_the_bytes(
    text: str, encoding: str, label: str, lang: str
) -> None:
    data = labelled(text, encoding, label, lang)
    assert text in decode(data)
    assert text in unboiler.extract(data)


@pytest.mark.parametrize("encoding", ["iso-8859-2", "iso-8859-9", "latin-1", "windows-1250"])
def test_a_right_single_byte_label_is_kept(encoding: str) -> None:
    language, text = SAMPLES[encoding]
    assert text in decode(labelled(text, encoding, encoding, language))


def test_a_stray_windows_dash_in_a_latin2_page_leaves_its_letters_alone() -> None:
    # one dash pasted from a Windows program (0x96) into a real ISO-8859-2 page: read as
    # windows-1250, its "ą" and "ś" (0xB1, 0xB6) would be "±" and "¶"
    text = SAMPLES["iso-8859-2"][1]
    data = labelled(text, "iso-8859-2", "iso-8859-2", "pl").replace(b". ", b" \x96 ", 1)
    assert text.split(".")[1].strip() in decode(data)
    assert "Zażółć gęślą jaźń" in decode(data)


@pytest.mark.parametrize(
    ("encoding", "text"),
    [
        ("iso-8859-5", SAMPLES["koi8-r"][1]),
        ("iso-8859-6", "أعلنت وزارة النقل اليوم عن افتتاح خط جديد للحافلات بين المدينتين."),
        ("iso-8859-7", "Η κυβέρνηση ανακοίνωσε σ’ εμάς σήμερα νέα μέτρα για τις συγκοινωνίες."),
        ("iso-8859-2", SAMPLES["iso-8859-2"][1]),
        ("iso-8859-2", "Na poště mají žluté obálky, je to jasné a Příliš žluťoučký kůň úpěl."),
        ("iso-8859-15", "Le café coûte 5 € pour un œuf, ça va bien pour tout le monde."),
    ],
)
def test_a_right_iso_label_with_a_pasted_quotation_stays(encoding: str, text: str) -> None:
    # a pair of Windows quotation marks (0x93, 0x94) pasted into a page of a right ISO
    # label: the letters stay the label's (ISO-8859-5 read as windows-1251 was nonsense)
    words = text.split(" ")
    quoted = " ".join(words[:3]).encode(encoding) + b" \x93" + words[3].encode(encoding)
    data = (
        f'<html><head><meta charset="{encoding}"></head><body><p>'.encode()
        + quoted
        + b"\x94 "
        + " ".join(words[4:]).encode(encoding)
        + b"</p></body></html>"
    )
    decoded = decode(data)
    assert " ".join(words[:3]) in decoded and " ".join(words[4:]) in decoded
    # and the marks are the quotation marks the page's author pasted, not C1 controls
    assert f"\u201c{words[3]}\u201d" in decoded
