"""Links to other stories between an article's paragraphs are left out."""

from __future__ import annotations

import numpy as np
import pytest

import unboiler
from unboiler.filters.read_also import is_read_also, read_also_links


@pytest.mark.parametrize(
    ("text", "words", "linked", "found"),
    [
        ("Baca juga: Beras Impor dari Thailand Tiba di Tanjung Priok", 10, 8, True),
        ("Lire aussi : La réforme des retraites adoptée", 9, 6, True),
        ("LEIA TAMBÉM: Governo anuncia novo programa", 6, 4, True),
        ("Читайте также: Новая станция метро откроется в мае", 8, 6, True),
        ("اقرأ أيضا: مصر تستورد 20 شحنة غاز مسال لتلبية الطلب", 10, 8, True),
        ("延伸阅读：新能源汽车销量连续三个月增长", 12, 10, True),
        # the tanwin typed before the alif; labels in brackets or after a pointer; Hindi's
        # "ढ़" precomposed (U+095D) as pages write it
        ("اقرأ أيضًا: مصر تستورد 20 شحنة غاز مسال", 8, 6, True),
        ("【関連記事】東京で新しい美術館が開館", 12, 10, True),
        ("[관련기사] 서울시 새 버스 노선 발표", 6, 5, True),
        ("▶ 관련기사: 서울시 새 버스 노선 발표", 6, 5, True),
        ("ये भी \u092a\u095d\u0947\u0902: दिल्ली में भारी बारिश", 7, 5, True),
        # a reference in brackets is no label
        ("[1] Smith, J. Related work on tables (2020)", 8, 8, False),
        # a label alone, a label whose line is not mostly a link, a long paragraph
        ("Baca juga:", 2, 0, False),
        ("Read more: the council said the work would take the summer", 11, 2, False),
        ("Related " + "word " * 40, 41, 41, False),
        # a wiki's "See also" names the article's own topics; a label inside a sentence
        ("See also: History of Jakarta", 5, 3, False),
        ("We read also the papers of the year", 8, 8, False),
        # a hyphen without spaces makes a word of the label ("Related-party")
        ("Related-party transactions", 2, 2, False),
        ("Related - Party funding rules change", 5, 4, True),
    ],
)
def test_what_sends_the_reader_to_another_story(
    text: str, words: int, linked: int, found: bool
) -> None:
    assert is_read_also(text, words, linked) is found


def test_only_kept_blocks_are_dropped_and_the_same_array_comes_back_without_any() -> None:
    texts = ["Baca juga: Harga beras naik lagi", "Paragraf pertama berita.", "Baca juga: lagi"]
    words = np.asarray([6.0, 3.0, 3.0])
    linked = np.asarray([4.0, 0.0, 1.0])
    keep = np.asarray([True, True, False])
    assert read_also_links(texts.__getitem__, words, linked, keep).tolist() == [
        False,
        True,
        False,
    ]
    keep = np.asarray([False, True, True])
    assert read_also_links(texts.__getitem__, words, linked, keep) is keep


def test_extract_leaves_out_the_read_also_links_of_a_news_story() -> None:
    paragraphs = [
        "Harga beras medium di pasar tradisional Jakarta naik rata-rata tiga persen dalam"
        " sepekan terakhir, menurut data dinas perdagangan yang dirilis pada Senin pagi.",
        "Pedagang di Pasar Induk Cipinang mengatakan pasokan dari daerah sentra produksi"
        " berkurang karena panen raya yang mundur akibat musim hujan yang datang terlambat.",
        "Pemerintah berencana menyalurkan cadangan beras melalui operasi pasar mulai pekan"
        " depan di dua puluh titik, terutama di wilayah dengan kenaikan harga tertinggi.",
        "Warga diminta tidak membeli beras secara berlebihan karena stok nasional dinilai"
        " masih cukup hingga akhir tahun, kata kepala badan pangan dalam jumpa pers.",
    ]
    body = (
        f"<p>{paragraphs[0]}</p><p>{paragraphs[1]}</p>"
        "<p><strong>Baca juga:</strong> <a href='/berita/1'>Beras Impor dari Thailand Tiba"
        " di Tanjung Priok</a></p>"
        f"<p>{paragraphs[2]}</p>"
        "<table class='linksisip'><tr><td>Baca juga: <a href='/berita/2'>Bulog Pastikan"
        " Stok Beras Aman Jelang Ramadan</a></td></tr></table>"
        f"<p>{paragraphs[3]}</p>"
    )
    page = (
        "<html lang='id'><head><title>Harga beras naik</title></head><body><nav>"
        "<a href='/'>Beranda</a> <a href='/ekonomi'>Ekonomi</a></nav><main><article>"
        f"<h1>Harga beras naik tiga persen</h1>{body}</article></main>"
        "<footer>© 2024 Kabar Kota</footer></body></html>"
    )
    text = unboiler.extract(page)
    for paragraph in paragraphs:
        assert paragraph in text
    assert "Baca juga" not in text and "Tanjung Priok" not in text and "Ramadan" not in text
