"""One ``unboiler eval`` run: every system over the dataset, one after the other, scored;
then, with ``cv``, the trained extractors again by cross-validation.

Systems run one at a time (each in its own processes, :mod:`unboiler.evaluate.runner`) so
that they never compete for the cores and their speed figures are comparable within the
run.  A system that cannot start is reported in the notes and left out of the table; a
page that raises counts as an empty extraction and in the system's error column.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from unboiler.datasets import Dataset
from unboiler.errors import ConfigurationError
from unboiler.evaluate.crossval import TRAINABLE, Split, cross_validate, default_splits
from unboiler.evaluate.report import CrossValidated, Report
from unboiler.evaluate.runner import SystemRun, resolve, run_system
from unboiler.evaluate.scoring import SystemResult, score


@dataclass
class Evaluation:
    """The report, and each system's raw run (for ``--show-worst``)."""

    report: Report
    runs: dict[str, SystemRun] = field(default_factory=dict)


def _trained_on(extractor: str, model: str | None) -> list[str]:
    """The datasets a trained extractor's model learned from, as its model file says."""
    try:
        if extractor == "default":
            from unboiler.classify.default_model import load_default_model

            return list(load_default_model(model).trained_on.get("datasets", {}))
        from unboiler.classify.model import load_model

        return [str(load_model(model, extractor=extractor).trained_on.get("dataset"))]
    except Exception:  # the run itself reported a model that cannot be read
        return []


def evaluate(
    dataset: Dataset,
    extractors: Sequence[str],
    peers: Sequence[str] = (),
    *,
    command: str = "",
    workers: int = 1,
    cv: int | None = None,
    splits: Sequence[Split] | None = None,
    progress: bool = True,
    isolate: bool = True,
    model: str | None = None,
) -> Evaluation:
    """Run and score ``extractors`` (ours) and ``peers`` on ``dataset``.

    ``cv`` folds cross-validate every trained extractor among ``extractors`` (their table
    row uses ``model``, or the packaged model; the cross-validated figures are reported
    beside it), under each of ``splits``: by default by page and by site, or by page and
    by domain for a dataset that states its pages' domains (WCXB).
    Raises :class:`ValueError` for an unknown extractor or peer name.
    """
    from tqdm import tqdm

    systems, notes = resolve(extractors, peers, model=model)
    if not dataset.pages:
        raise ConfigurationError(f"dataset {dataset.name!r} has no pages")
    pages = list(dataset.pages)
    results: list[SystemResult] = []
    types = Counter(page.page_type for page in pages if page.page_type is not None)
    report = Report(
        dataset.name,
        len(pages),
        command,
        workers,
        results,
        notes,
        metric=dataset.metric,
        page_types=dict(sorted(types.items(), key=lambda item: (-item[1], item[0]))),
    )
    evaluation = Evaluation(report)
    with tqdm(
        total=len(pages) * len(systems), unit="page", disable=not progress or None, leave=False
    ) as bar:
        for spec in systems:
            bar.set_description(spec.name)
            run = run_system(spec, pages, workers=workers, progress=bar.update, isolate=isolate)
            if run.failure is not None:
                notes.append(f"{spec.name}: could not run ({run.failure})")
                bar.update(len(pages) - len(run.pages))
                continue
            evaluation.runs[spec.name] = run
            results.append(score(run, dataset))
            if spec.name in TRAINABLE and dataset.name in _trained_on(spec.name, spec.model):
                notes.append(
                    f"{spec.name}: its model was trained on {dataset.name!r} itself, so its row "
                    "is not a held-out figure (use --cv for one)"
                )
            elif spec.name == "default" and dataset.name in _trained_on(spec.name, spec.model):
                notes.append(
                    f"default: its model was trained on {dataset.name!r} among others, so its "
                    "row is not a held-out figure; benchmarks/default_cv.py gives the "
                    "cross-validated one (by domain or site)"
                )
    if cv:
        trained = [name for name in dict.fromkeys(extractors) if name in TRAINABLE]
        if "all" in extractors:
            trained = list(TRAINABLE)
        if not trained:
            notes.append(f"--cv {cv}: none of the extractors is trained ({', '.join(TRAINABLE)})")
        for name in trained:
            for split in splits or default_splits(dataset):
                result = cross_validate(dataset, name, folds=cv, split=split)
                precision, recall, f1 = result.scores
                evaluation.report.cross_validated.append(
                    CrossValidated(
                        name,
                        split,
                        cv,
                        precision,
                        recall,
                        f1,
                        [scores.f1 for scores in result.fold_scores],
                    )
                )
    return evaluation


__all__ = ["Evaluation", "evaluate"]
