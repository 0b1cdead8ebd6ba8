"""A forum poster's profile fields: short "Label: value" lines whose labels come back on
one tag path, three labels or more, left out on forum pages only."""

from __future__ import annotations

import pytest
from tests.conftest import page

import unboiler
from unboiler.filters.profiles import drop_profile_fields, field_label, profile_fields
from unboiler.parse import parse


def _thread(profiles: list[list[str]]) -> str:
    """A phpBB-like thread: one post per profile, each profile's lines in a ``<dd>`` of
    the poster's box beside the post's text."""
    posts = []
    for number, lines in enumerate(profiles):
        fields = "".join(f"<dd>{line}</dd>" for line in lines)
        posts.append(
            f"<div class='post'><dl class='postprofile'><dt>poster{number}</dt>{fields}</dl>"
            f"<div class='content'><p>Reply number {number} says what the poster found "
            "when the amplifier was opened and the capacitors were checked.</p></div></div>"
        )
    return "<html><body>" + "".join(posts) + "</body></html>"


PROFILES = [
    ["Posts: 27", "Joined: 03 Mar 2006", "Location: Leeds"],
    ["Posts: 3841", "Joined: 14 Nov 2002", "Location: Bristol"],
    ["Posts: 612", "Joined: 21 Jul 2004", "Location: Surrey"],
]


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ("Joined: 03 Mar 2006", "joined"),
        ("Posts: 27", "posts"),
        ("Date d'inscription: mars 2006", "date d'inscription"),
        ("  VBox  Version: OSE other", "vbox version"),
        ("积分：1234", "积分"),  # a full-width colon needs no space after it
        ("Contact:", "contact"),  # the value may be an icon, no text
        ("Joined: Mon Mar 03, 2006 9:15 pm", "joined"),  # phpBB 3's default date
    ],
)
def test_a_profile_field_gives_its_label(line: str, label: str) -> None:
    assert field_label(line) == label


@pytest.mark.parametrize(
    "line",
    [
        "12:30 pm",  # a time: the label must start with a letter
        "https://example.org/profile",  # no space after the colon
        "Number of reviews:196",
        "Message from the team: welcome",  # a label of four words
        "Note: this line is far too long to be a field of a poster's box",
        "No colon at all",
        "我觉得：" + "这台功放的左声道有嗡嗡声" * 8,  # a paragraph: no spaces, many characters
    ],
)
def test_other_lines_give_no_label(line: str) -> None:
    assert field_label(line) is None


def test_a_thread_s_profile_fields_are_found() -> None:
    document = parse(_thread(PROFILES))
    found = sorted(document.blocks[index].text for index in profile_fields(document))
    assert found == sorted(line for lines in PROFILES for line in lines)


#: Fields a forum may add to its profiles under labels of its own, which no list of
#: forum software's labels holds.
CUSTOM_PROFILES = [
    ["Turntable: Rega P3", "Amplifier: NAD 3020", "Speakers: Spendor"],
    ["Turntable: Thorens", "Amplifier: Quad 405", "Speakers: LS3/5a"],
    ["Turntable: Linn LP12", "Amplifier: Naim", "Speakers: Kef"],
]


def test_two_labels_or_two_posts_make_no_profile() -> None:
    # XenForo writes "Last edited:" and "Reactions:" under posts: two labels, the posts'
    # own lines
    two_labels = [lines[:2] for lines in CUSTOM_PROFILES]
    assert profile_fields(parse(_thread(two_labels))) == frozenset()
    assert profile_fields(parse(_thread(CUSTOM_PROFILES[:2]))) == frozenset()


def test_a_box_of_forum_softwares_labels_is_a_profile_even_once() -> None:
    # a thread of one post, no reply yet (phpBB's prosilver in Polish): its poster's
    # post count, join date and place, which forum software labels so in every language
    box = ["Posty: 7", "Rejestracja: 12 sty 2024, o 18:40", "Lokalizacja: Łódź"]
    document = parse(_thread([box]))
    assert sorted(document.blocks[i].text for i in profile_fields(document)) == sorted(box)
    assert len(profile_fields(parse(_thread(PROFILES[:2])))) == 6
    # one such label is a post's line ("Location: Leeds"); a box that holds the post's
    # text is the post's, its labelled lines the post's list
    assert profile_fields(parse(_thread([["Location: Leeds", "Turntable: Rega"]]))) == frozenset()
    post = (
        f"<html><body><div><p>{POST_TEXT}</p><p>Posts: 7</p><p>Joined: 2006</p></div></body></html>"
    )
    assert profile_fields(parse(post)) == frozenset()
    # a post's own list of such lines, or lines in a box that names no poster's
    listed = (
        f"<html><body><div class='post'><p>{POST_TEXT}</p><ul><li>Location: Roundhay Park"
        "</li><li>Registered: 14 riders so far</li><li>Pace: 25 km/h</li></ul></div>"
        "<div class='content'><div>Posts: 7</div><div>Joined: 2006</div></div></body></html>"
    )
    assert profile_fields(parse(listed)) == frozenset()
    # SMF 2 lists its fields in the poster's box
    smf = (
        "<html><body><div class='poster'><h4>jane</h4><ul class='reset smalltext'>"
        f"<li>Posts: 7</li><li>Joined: 2006</li></ul></div><div class='post'>{POST_TEXT}"
        "</div></body></html>"
    )
    assert _found(smf) == ["Joined: 2006", "Posts: 7"]


def test_labels_on_other_paths_are_not_counted_together() -> None:
    # each post's lines on a path of its own (a different tag each time): no label
    # comes back on one path
    html = "<html><body>" + "".join(
        f"<{tag}>Turntable: {n}</{tag}><{tag}>Amplifier: NAD</{tag}><{tag}>Speakers: B&W</{tag}>"
        for n, tag in enumerate(("p", "li", "dd"))
    )
    assert profile_fields(parse(html + "</body></html>")) == frozenset()


def _found(html: str) -> list[str]:
    document = parse(html)
    return sorted(document.blocks[index].text for index in profile_fields(document))


POST_TEXT = "Swapping the cartridge made no difference, the hum stays on the left channel."


def test_label_lines_of_a_post_s_own_text_are_not_fields() -> None:
    # each reply ends with the poster's system, in the element of the reply's text
    specs = "".join(
        f"<div class='post'><dl><dt>poster{n}</dt><dd>Posts: {n}</dd><dd>Joined: 200{n}</dd>"
        f"<dd>Location: Leeds</dd></dl><div class='content'>{POST_TEXT}<br>OS: Windows 11"
        f"<br>Version: 121.0.{n}<br>GPU: Intel UHD 620</div></div>"
        for n in range(3)
    )
    found = _found(f"<html><body>{specs}</body></html>")
    assert found == sorted(
        line for n in range(3) for line in (f"Posts: {n}", f"Joined: 200{n}", "Location: Leeds")
    )


@pytest.mark.parametrize("line", ["{}<br>", "<p>{}</p>"])
def test_a_chat_log_in_a_post_is_no_profile(line: str) -> None:
    # one post quotes a game's chat: three speakers, three times each, in one element or
    # under one parent, on one path
    said = ["Ann: pull in five", "Bob: wait, healer is afk", "Cy: back, go"] * 3
    chat = "".join(line.format(text) for text in said)
    html = f"<html><body><div class='post'><div class='content'>{chat}</div></div></body></html>"
    assert _found(html) == []


def test_a_table_row_s_profile_cell_and_post_cell() -> None:
    # boards of the early web: the poster's cell and the post's cell in one row, on one
    # path; the post's own "EDIT:" line is its text
    rows = "".join(
        f"<tr><td>Joined: 200{n}<br>Posts: {n}<br>Location: Leeds</td>"
        f"<td>{POST_TEXT}<br>EDIT: solved, thanks all</td></tr>"
        for n in range(3)
    )
    found = _found(f"<html><body><table>{rows}</table></body></html>")
    assert "EDIT: solved, thanks all" not in found
    assert len(found) == 9


def test_a_label_alone_takes_its_value_along() -> None:
    # XenForo 1: <dt>Joined:</dt> <dd>Mar 3, 2006</dd>; the values alone would be left
    boxes = "".join(
        f"<div class='post'><dl class='pairs'><dt>Joined:</dt><dd>Mar {n}, 2006</dd>"
        f"<dt>Messages:</dt><dd>1,23{n}</dd><dt>Likes Received:</dt><dd>5{n}</dd></dl>"
        f"<blockquote>{POST_TEXT}</blockquote></div>"
        for n in range(3)
    )
    found = _found(f"<html><body>{boxes}</body></html>")
    for n in range(3):
        assert {f"Mar {n}, 2006", f"1,23{n}", f"5{n}", "Joined:"} <= set(found)
    assert POST_TEXT not in found


def test_the_terms_of_a_definition_list_are_labels() -> None:
    # Discuz!'s poster box: <dt> labels with no colon, each value in its <dd>
    boxes = "".join(
        f"<div class='post'><dl class='pil cl'><dt>威望</dt><dd>{n}</dd><dt>金钱</dt>"
        f"<dd>138{n} 元</dd><dt>来自</dt><dd>浙江 杭州</dd></dl>"
        f"<div class='t_f'>{POST_TEXT}</div></div>"
        for n in range(3)
    )
    found = _found(f"<html><body>{boxes}</body></html>")
    assert found == sorted(
        text
        for n in range(3)
        for text in ("威望", str(n), "金钱", f"138{n} 元", "来自", "浙江 杭州")
    )


@pytest.mark.parametrize(("page_type", "dropped"), [("forum", True), ("listing", False)])
def test_fields_are_dropped_on_forum_pages_only(page_type: str, dropped: bool) -> None:
    # a listing's cards repeat their labels as a thread's profiles do ("Bedrooms: 3"),
    # and there they are the content
    document = parse(_thread(PROFILES))
    document.page_type = page_type
    for block in document.blocks:
        block.set_content(True)
    assert drop_profile_fields(document) is dropped
    kept = [block.text for block in document.blocks if block.is_content]
    assert ("Joined: 14 Nov 2002" in kept) is not dropped
    assert "poster1" in kept
    assert any(text.startswith("Reply number 2") for text in kept)


def test_a_vbulletin_thread_comes_out_without_its_posters_profiles() -> None:
    """A vBulletin 3 thread in French (tests/pages/forum-vbulletin-fr.html, written here
    as such boards wrote their pages: tables, the poster's box in the post's row) is
    taken for a forum, and its five posters' "Date d'inscription:", "Localisation:" and
    "Messages:" lines come out no more; the posts stay.  (Its footer of the board's
    permissions, "Vous ne pouvez pas créer de discussions", still does: noticed, not
    this rule's.)"""
    text = unboiler.extract(page("forum-vbulletin-fr.html"))
    for field in ("Date d'inscription", "Localisation: Nantes", "Messages: 4 512"):
        assert field not in text
    for said in (
        "Depuis trois jours l'eau devient toute blanche",
        "ressemble à une explosion bactérienne classique",
        "ne mets pas de produit « anti-eau trouble »",
        "Les nitrites sont à 0 depuis hier",
    ):
        assert said in text
