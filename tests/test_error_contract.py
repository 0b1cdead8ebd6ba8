"""The error contract: every error raised on purpose is a named subclass of
UnboilerError, exported from the package, and each caller mistake gets its own."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

import pytest

import unboiler
from unboiler import errors

OPTION = unboiler.ExtractorOptionError
PACKAGE = Path(__file__).resolve().parent.parent / "src" / "unboiler"


def test_no_bare_unboiler_error_is_raised() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                function = node.exc.func
                if isinstance(function, ast.Name) and function.id == "UnboilerError":
                    offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not offenders, f"raise a named subclass of UnboilerError: {offenders}"


def test_no_builtin_exception_is_raised_on_purpose() -> None:
    """``raise ValueError(...)`` and kin: the caller could not tell it from a bug."""
    builtin = {name for name, value in vars(builtins).items() if isinstance(value, type)}
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(raised, ast.Name) and raised.id in builtin:
                    offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {raised.id}")
    assert not offenders, f"raise a named subclass of UnboilerError: {offenders}"


def test_every_error_class_is_exported_and_in_the_tree() -> None:
    classes = [
        value
        for value in vars(errors).values()
        if isinstance(value, type) and issubclass(value, Exception)
    ]
    for error in classes:
        assert issubclass(error, unboiler.UnboilerError)
        assert getattr(unboiler, error.__name__) is error
        assert error.__name__ in (errors.__doc__ or "")


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: unboiler.extract("<p>x</p>", output="pdf"), unboiler.OutputError),
        (
            lambda: unboiler.extract("<p>x</p>", output="html", with_metadata=True),
            unboiler.OutputError,
        ),
        (
            lambda: unboiler.get_extractor("justext", language="English"),
            unboiler.ExtractorOptionError,
        ),
        (lambda: unboiler.get_extractor("boilerpipe-tree", depth=9), unboiler.ExtractorOptionError),
        (lambda: unboiler.get_extractor("justext", langauge="de"), unboiler.ExtractorOptionError),
        (lambda: unboiler.get_extractor("nope"), unboiler.UnknownExtractorError),
        (lambda: unboiler.extract(b"<p>x</p>", encoding="bogus"), unboiler.UnknownEncodingError),
        (lambda: unboiler.extract(bytes(3000)), unboiler.ExtractionError),
        (lambda: unboiler.extract(b"<p>x</p>", encoding=5), unboiler.InputTypeError),
        (lambda: unboiler.extract(b"<p>x</p>", encoding="utf\x008"), unboiler.UnknownEncodingError),
        (lambda: unboiler.extract("<p>x</p>", with_metadata="no"), unboiler.InputTypeError),
        (lambda: unboiler.extract_result("<p>x</p>", images=1), unboiler.InputTypeError),
        # a page's URL that is no absolute http(s) address: links were dropped in silence
        (lambda: unboiler.extract("<p>x</p>", url="foo/bar"), unboiler.PageURLError),
        (lambda: unboiler.extract("<p>x</p>", url="javascript:alert(1)"), unboiler.PageURLError),
        (lambda: unboiler.parse("<p>x</p>", url="example.org/a"), unboiler.PageURLError),
        (
            lambda: unboiler.extract(unboiler.parse("<p>x</p>"), url="/a/b"),
            unboiler.PageURLError,
        ),
        # a charset given with a parsed page is checked as with bytes (it was ignored)
        (
            lambda: unboiler.extract(unboiler.parse("<p>x</p>"), encoding="klingon"),
            unboiler.UnknownEncodingError,
        ),
        # an extractor runs on a parsed page, not on HTML
        (lambda: unboiler.get_extractor("default")("<p>x</p>"), unboiler.InputTypeError),
        (lambda: unboiler.get_extractor("default")(None), unboiler.InputTypeError),
    ],
)
def test_each_mistake_has_its_error(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        (
            lambda: unboiler.extract("<p>x</p>", with_metdata=True),
            "did you mean extract()'s 'with_metadata'?",
        ),
        (
            lambda: unboiler.extract_result("<p>x</p>", output="json"),
            "'output' is an argument of extract(), not of extract_result()",
        ),
    ],
)
def test_a_misspelt_argument_of_extract_is_named(call: object, hint: str) -> None:
    """An unknown keyword goes to the extractor as an option; the error says which of
    extract()'s own arguments it was likely meant to be."""
    with pytest.raises(OPTION) as raised:
        call()  # type: ignore[operator]
    assert hint in str(raised.value)
    with pytest.raises(OPTION) as raised:  # an extractor's own option: no such hint
        unboiler.extract("<p>x</p>", extractor="boilerpipe-tree", depht=3)
    assert "extract()" not in str(raised.value)


@pytest.mark.parametrize("call", ["extract", "extract_result"])
@pytest.mark.parametrize("extractor", ["default", "justext"])
def test_a_wrong_favor_gets_no_hint_about_extract_result(call: str, extractor: str) -> None:
    # favor is an argument of both: a bad value (or an extractor without modes) was
    # told "'favor' is an argument of extract(), not of extract_result()"
    with pytest.raises(OPTION) as raised:
        getattr(unboiler, call)("<p>x</p>", extractor=extractor, favor="both")
    assert "extract_result()" not in str(raised.value)
    assert "favor" in str(raised.value)
