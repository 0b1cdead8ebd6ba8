"""Cross-validation: folds by page, by site and by domain, a model never scored on its own
training pages, and scores in the dataset's metric."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from unboiler.datasets import Dataset, Page, domain_of, load_dataset, site_of
from unboiler.errors import UnboilerError
from unboiler.evaluate.crossval import (
    CrossValidation,
    cross_validate,
    default_splits,
    format_result,
    main,
    make_folds,
)
from unboiler.evaluate.report import markdown


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


# --------------------------------------------------------------------------- by domain


def domain_pages() -> list[Page]:
    """Twelve pages of four domains; each domain's pages are on two hosts (www. and a
    sub-domain), so that a split by URL host would put one domain on both sides."""
    return [
        Page(
            f"d{i:02d}",
            b"",
            url=f"https://{'www' if i % 2 else f'shop{i}'}.domain{i % 4}.example/{i}",
            gold="x",
            site=f"domain{i % 4}.example",
        )
        for i in range(12)
    ]


def test_domain_folds_never_split_a_domain() -> None:
    data = domain_pages()
    domain = {page.id: page.site for page in data}
    folds = make_folds(data, 2, split="domain")
    for fold in folds:
        others = {domain[i] for other in folds if other is not fold for i in other}
        assert not {domain[i] for i in fold} & others
    assert sorted(i for fold in folds for i in fold) == sorted(domain)
    # Split by URL host, the sub-domains are groups of their own and a domain is cut in two.
    by_host = make_folds(data, 2, split="site")
    assert {domain[i] for i in by_host[0]} & {domain[i] for i in by_host[1]}


def test_domain_falls_back_to_the_site() -> None:
    assert domain_of(Page("a", b"", url="https://www.host.example/x")) == "host.example"
    assert domain_of(Page("a", b"", url="https://www.host.example/x", site="other.example")) == (
        "other.example"
    )
    assert domain_of(Page("a", b"")) == "page:a"


def test_datasets_with_domains_are_split_by_domain() -> None:
    assert default_splits(Dataset("d", tuple(domain_pages()))) == ("page", "domain")
    assert default_splits(Dataset("s", tuple(pages(4, sites=2)))) == ("page", "site")


def test_cross_validation_scores_with_the_datasets_metric(monkeypatch: pytest.MonkeyPatch) -> None:
    import unboiler.classify.train as training
    import unboiler.evaluate.crossval as crossval

    @dataclass
    class Examples:
        page_id: str

    @dataclass
    class Model:
        threshold: float = 0.5

    monkeypatch.setattr(
        training, "collect_examples", lambda pages, *a, **k: [Examples(p.id) for p in pages]
    )
    monkeypatch.setattr(training, "train", lambda examples, **kwargs: Model())
    monkeypatch.setattr(crossval, "held_out_text", lambda page, extractor, model: "a b")
    data = tuple(Page(f"p{i}", b"", gold="a b c d", site=f"s{i % 2}.example") for i in range(4))
    wordbag = cross_validate(Dataset("w", data, metric="wordbag"), folds=2, split="domain")
    # Every page: P 2/2, R 2/4, F1 2/3; WCXB's figures are the means of those.
    assert wordbag.scores == pytest.approx((1.0, 0.5, 2 / 3))
    assert sorted(wordbag.page_scores) == ["p0", "p1", "p2", "p3"] and not wordbag.counts
    assert [fold.f1 for fold in wordbag.fold_scores] == pytest.approx([2 / 3, 2 / 3])
    # The shingle metric finds no 4-gram of "a b c d" in "a b".
    shingle = cross_validate(Dataset("s", data), folds=2, split="domain")
    assert shingle.scores.f1 == 0.0 and sorted(shingle.counts) == ["p0", "p1", "p2", "p3"]


def test_eval_cross_validates_a_dataset_with_domains_by_page_and_domain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import unboiler.evaluate.session as session

    asked: list[str] = []

    def fake(dataset: Dataset, extractor: str, *, folds: int, split: str) -> CrossValidation:
        asked.append(split)
        return CrossValidation(extractor, dataset.name, split, folds)  # type: ignore[arg-type]

    monkeypatch.setattr(session, "cross_validate", fake)
    dataset = Dataset("d", tuple(domain_pages()), metric="wordbag")
    evaluation = session.evaluate(dataset, ["density"], cv=2, progress=False, isolate=False)
    assert asked == ["page", "domain"]
    text = markdown(evaluation.report)
    assert "by domain: no domain on both sides" in text and "by site" not in text
