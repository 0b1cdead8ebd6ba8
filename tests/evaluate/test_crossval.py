"""Cross-validation: folds by page and by site, and a model never scored on its own
training pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from unboiler.errors import UnboilerError
from unboiler.evaluate.crossval import (
    CrossValidation,
    cross_validate,
    format_result,
    main,
    make_folds,
    site_of,
)
from unboiler.evaluate.datasets import Page, load_dataset


def pages(count: int, sites: int | None = None) -> list[Page]:
    return [
        Page(
            f"p{i:02d}",
            b"",
            url=f"https://www.site{i % sites}.example/{i}" if sites else None,
            gold="x",
        )
        for i in range(count)
    ]


def test_site_is_the_host_without_www() -> None:
    assert site_of(Page("a", b"", url="https://www.News.example:8080/x")) == "news.example"
    assert site_of(Page("a", b"", url="http://blog.example/")) == "blog.example"
    assert site_of(Page("a", b"")) == "page:a"


def test_page_folds_cover_every_page_once_and_are_balanced() -> None:
    folds = make_folds(pages(23), 5)
    ids = sorted(i for fold in folds for i in fold)
    assert ids == [f"p{i:02d}" for i in range(23)]
    assert sorted(map(len, folds)) == [4, 4, 5, 5, 5]


def test_folds_are_deterministic_and_seeded() -> None:
    assert make_folds(pages(20), 4, seed=3) == make_folds(list(reversed(pages(20))), 4, seed=3)
    assert make_folds(pages(20), 4, seed=3) != make_folds(pages(20), 4, seed=4)


def test_site_folds_never_split_a_site() -> None:
    data = pages(30, sites=7)
    site = {page.id: site_of(page) for page in data}
    folds = make_folds(data, 3, split="site")
    for fold in folds:
        others = {site[i] for other in folds if other is not fold for i in other}
        assert not {site[i] for i in fold} & others
    assert sorted(i for fold in folds for i in fold) == sorted(site)


def test_page_folds_do_split_sites() -> None:
    folds = make_folds(pages(30, sites=2), 3, split="page")
    assert all(len({int(i[1:]) % 2 for i in fold}) == 2 for fold in folds)


def test_pages_without_url_are_their_own_site() -> None:
    folds = make_folds(pages(10), 5, split="site")
    assert sorted(map(len, folds)) == [2, 2, 2, 2, 2]


def test_too_few_pages_or_folds_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        make_folds(pages(5), 1)
    with pytest.raises(ValueError, match="cannot be split"):
        make_folds(pages(3), 5)


def test_untrained_extractor_is_refused(tmp_path: Path) -> None:
    from tests.classify.toy import write_dataset

    dataset = load_dataset(write_dataset(tmp_path / "toy", pages=4))
    with pytest.raises(UnboilerError, match="not trained"):
        cross_validate(dataset, "boilerpipe-article")


def test_cross_validation_scores_every_page_once_with_models_that_never_saw_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("sklearn")
    from tests.classify.toy import write_dataset

    import unboiler.classify.train as training

    dataset = load_dataset(write_dataset(tmp_path / "toy", pages=12))
    seen: list[set[str]] = []
    real_train = training.train

    def spy(examples, **kwargs):  # type: ignore[no-untyped-def]
        seen.append({example.page_id for example in examples})
        return real_train(examples, **kwargs)

    monkeypatch.setattr(training, "train", spy)
    messages: list[str] = []
    result = cross_validate(
        dataset, "density-blocks", folds=3, split="site", progress=messages.append
    )
    assert sorted(result.counts) == sorted(page.id for page in dataset)
    folds = make_folds(list(dataset), 3, split="site")
    assert len(seen) == 3
    for trained_on, held_out in zip(seen, folds, strict=True):
        assert not trained_on & set(held_out)
        assert len(trained_on) + len(held_out) == 12
    assert result.scores.f1 > 0.9
    assert len(messages) == 3 and "fold 1/3" in messages[0]
    assert "3-fold by site" in format_result(result)


def test_command_line_reports_an_unknown_dataset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["/nonexistent/dataset", "--split", "page"]) == 1
    assert "no dataset" in capsys.readouterr().err


def test_empty_result_scores_zero() -> None:
    assert CrossValidation("density", "x", "page", 5).scores.f1 == 0.0
