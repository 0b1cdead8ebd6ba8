"""The report of `unboiler eval`: table order and content, and the lines shown as missed
or added for the worst pages."""

from __future__ import annotations

from unboiler.evaluate.report import CrossValidated, Report, markdown, table, unmatched_lines
from unboiler.evaluate.scoring import Figure, SystemResult


def result(name: str, f1: float, kind: str = "unboiler", speed: float = 10.0) -> SystemResult:
    quality = {key: Figure(f1, 0.01) for key in ("f1", "precision", "recall", "exact", "char_f1")}
    return SystemResult(name, kind, "v", 3, 0, quality, speed, 1.0, 2.0, 50.0, 20.0)


def test_table_ranks_by_f1_and_bolds_our_extractors() -> None:
    report = Report("set", 3, "cmd", 1, [result("slow", 0.5), result("peer", 0.9, "peer")])
    lines = table(report).splitlines()
    assert lines[0].startswith("| system | F1 | P | R | exact | char F1 | pages/s")
    assert lines[2].startswith("| peer | 0.900 ±0.010")
    assert lines[3].startswith("| **slow** | 0.500 ±0.010")


def test_markdown_has_command_notes_and_cross_validation() -> None:
    report = Report(
        "set",
        3,
        "unboiler eval set",
        1,
        [result("density", 0.8)],
        notes=["goose3: skipped"],
        cross_validated=[CrossValidated("density", "site", 5, 0.9, 0.8, 0.847, [0.8, 0.9])],
    )
    text = markdown(report, plot="plot.png")
    assert "Command: `unboiler eval set`" in text
    assert "- goose3: skipped" in text
    assert "| **density** | by site | 5 | 0.847 | 0.900 | 0.800 | 0.800 0.900 |" in text
    assert text.rstrip().endswith("(plot.png)")


def test_unmatched_lines_are_judged_by_shingles() -> None:
    gold = "The river was cleaned by hundreds of volunteers.\nThey plan to return in spring."
    prediction = (
        "The river was cleaned by hundreds of volunteers!\nSubscribe to our newsletter today"
    )
    assert unmatched_lines(gold, prediction) == ["They plan to return in spring."]
    assert unmatched_lines(prediction, gold) == ["Subscribe to our newsletter today"]


def test_short_lines_are_judged_by_words_and_case_is_ignored() -> None:
    assert unmatched_lines("Open daily\nClosed Sundays", "open DAILY") == ["Closed Sundays"]
    assert unmatched_lines("", "anything") == []
    assert unmatched_lines("a line\n\n", "") == ["a line"]
