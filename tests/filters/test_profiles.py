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
    ],
)
def test_other_lines_give_no_label(line: str) -> None:
    assert field_label(line) is None


def test_a_thread_s_profile_fields_are_found() -> None:
    document = parse(_thread(PROFILES))
    found = sorted(document.blocks[index].text for index in profile_fields(document))
    assert found == sorted(line for lines in PROFILES for line in lines)


def test_two_labels_or_two_posts_make_no_profile() -> None:
    # XenForo writes "Last edited:" and "Reactions:" under posts: two labels, the posts'
    # own lines
    two_labels = [lines[:2] for lines in PROFILES]
    assert profile_fields(parse(_thread(two_labels))) == frozenset()
    assert profile_fields(parse(_thread(PROFILES[:2]))) == frozenset()


def test_labels_on_other_paths_are_not_counted_together() -> None:
    # each post's lines on a path of its own (a different tag each time): no label
    # comes back on one path
    html = "<html><body>" + "".join(
        f"<{tag}>Posts: {n}</{tag}><{tag}>Joined: 2006</{tag}><{tag}>Location: Leeds</{tag}>"
        for n, tag in enumerate(("p", "li", "dd"))
    )
    assert profile_fields(parse(html + "</body></html>")) == frozenset()


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
