"""MathML formulas as plain text and as TeX (unboiler.output.formula)."""

from __future__ import annotations

import pytest
from selectolax.lexbor import LexborHTMLParser, LexborNode

from unboiler.output.formula import (
    MAX_MATH_DEPTH,
    MAX_MATH_NODES,
    formula_parts,
    formula_tex,
    formula_text,
    is_display,
    page_tex,
)


def _math(markup: str) -> LexborNode:
    math = LexborHTMLParser(f"<p>{markup}</p>").css_first("math")
    assert math is not None
    return math


QUADRATIC = (
    "<math><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><msup>"
    "<mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow>"
    "<mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>"
)


@pytest.mark.parametrize(
    ("markup", "text", "tex"),
    [
        # a fraction's parts are grouped where the slash would otherwise bind to less
        (QUADRATIC, "x=(−b±√(b²−4ac))/(2a)", r"x=\frac{−b±\sqrt{b^{2}−4ac}}{2a}"),
        ("<math><mfrac><mn>1</mn><mn>2.5</mn></mfrac></math>", "1/2.5", r"\frac{1}{2.5}"),
        # scripts: Unicode's raised and lowered forms where every character has one
        ("<math><msub><mi>x</mi><mn>12</mn></msub></math>", "x₁₂", "x_{12}"),
        ("<math><msub><mi>x</mi><mi>i</mi></msub></math>", "x_i", "x_{i}"),
        (
            "<math><msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup></math>",
            "e^(iπ)",
            "e^{iπ}",
        ),
        (
            "<math><msubsup><mi>x</mi><mn>1</mn><mn>2</mn></msubsup></math>",
            "x₁²",
            "x_{1}^{2}",
        ),
        # a large operator's limits are its scripts
        (
            "<math><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi>"
            "</munderover><msub><mi>a</mi><mi>i</mi></msub></math>",
            "∑_(i=1)ⁿ a_i",
            "∑_{i=1}^{n}a_{i}",
        ),
        # an accent over one letter, a root with its index
        ("<math><mover><mi>x</mi><mo>¯</mo></mover></math>", "x̄", r"\bar{x}"),
        (
            "<math><msub><mover><mi>H</mi><mo>¯</mo></mover><mi>j</mi></msub></math>",
            "H̄_j",
            r"{\bar{H}}_{j}",
        ),
        ("<math><mroot><mi>y</mi><mn>3</mn></mroot></math>", "³√y", r"\sqrt[3]{y}"),
        # function application is a space before a name, nothing before a bracket
        (
            "<math><mi>sin</mi><mo>&#x2061;</mo><mi>x</mi><mo>+</mo><mi>f</mi><mo>&#x2061;</mo>"
            "<mo>(</mo><mi>x</mi><mo>)</mo></math>",
            "sin x+f(x)",
            r"\sin x+f(x)",
        ),
        ("<math><mi>rank</mi><mi>A</mi></math>", "rankA", r"\operatorname{rank}A"),
        # MathJax writes lim, max and min as operators; a name is a base without brackets
        (
            "<math><munder><mo>lim</mo><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder>"
            "<mi>f</mi><mo>+</mo><msub><mi>log</mi><mn>2</mn></msub><mi>n</mi></math>",
            "lim_(x→0) f+log₂n",
            r"\lim_{x→0}f+\log_{2}n",
        ),
        # an integral's limits end before its operand; primes stay beside their letter
        (
            "<math><msubsup><mo>∫</mo><mi>a</mi><mi>b</mi></msubsup><msup><mi>f</mi><mo>′</mo>"
            "</msup><mo>(</mo><mi>x</mi><mo>)</mo></math>",
            "∫ₐ^b f′(x)",
            r"∫_{a}^{b}f^{\prime}(x)",
        ),
        # the accent's character is read before it is escaped
        (
            '<math><mover accent="true"><mi>x</mi><mo>^</mo></mover><mover accent="true">'
            "<mi>n</mi><mo>~</mo></mover><mover><mi>v</mi><mo>ˉ</mo></mover></math>",
            "x\u0302\u00f1v\u0304",  # composed where Unicode has the letter (NFC)
            r"\hat{x}\tilde{n}\bar{v}",
        ),
        # a binomial's brackets are the page's; a script standing on nothing has a base
        (
            '<math><mo>(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo>'
            "<msup><mi>x</mi><mn>2</mn></msup><msup><mrow/><mn>3</mn></msup></math>",
            "(n choose k)x²³",
            r"({n \atop k})x^{2}{}^{3}",
        ),
        # prescripts and postscripts, a double-struck letter
        (
            "<math><mmultiscripts><mi>C</mi><mprescripts/><mn>6</mn><mn>14</mn>"
            '</mmultiscripts><mo>∈</mo><mi mathvariant="double-struck">R</mi></math>',
            "¹⁴₆C∈ℝ",
            r"{}_{6}^{14}C∈\mathbb{R}",
        ),
        (
            "<math><mmultiscripts><mi>R</mi><mi>i</mi><none/><none/><mi>j</mi></mmultiscripts>"
            "</math>",
            "R_i^j",
            "R_{i}^{j}",
        ),
        # a matrix: rows apart by semicolons, cells by spaces; brackets are the page's
        (
            "<math><mfenced><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr>"
            "<mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable></mfenced></math>",
            "(1 0; 0 1)",
            r"(\begin{matrix} 1 & 0 \\ 0 & 1 \end{matrix})",
        ),
        (
            '<math><mfenced open="[" close="]" separators=";"><mi>a</mi><mi>b</mi><mi>c</mi>'
            "</mfenced></math>",
            "[a;b;c]",
            "[a;b;c]",
        ),
        # TeX's own characters are escaped, in a text with text mode's commands
        (
            "<math><mo>{</mo><mi>x</mi><mo>|</mo><mi>x</mi><mo>&gt;</mo><mn>0</mn><mo>}</mo>"
            "<mtext>50% of #1 a\\b~c</mtext></math>",
            "{x|x>0} 50% of #1 a\\b~c",
            r"\{x|x>0\}\text{ 50\% of \#1 a\textbackslash{}b\textasciitilde{}c }",
        ),
        # annotations and invisible boxes show nothing
        (
            "<math><semantics><mi>y</mi><annotation encoding='text/plain'>why</annotation>"
            "</semantics><mphantom><mi>z</mi></mphantom></math>",
            "y",
            "y",
        ),
        # broken markup: a script without its script is a row
        ("<math><msup><mi>b</mi></msup><mn>1</mn></math>", "b1", "b1"),
    ],
)
def test_formula_layouts(markup: str, text: str, tex: str) -> None:
    math = _math(markup)
    assert formula_text(math) == text
    assert formula_tex(math) == tex


def test_the_pages_own_tex_comes_first_without_mediawikis_style_switch() -> None:
    math = _math(
        '<math alttext="{\\displaystyle a^{2}+b^{2}=c^{2}}"><semantics><mrow><msup><mi>a</mi>'
        "<mn>2</mn></msup></mrow><annotation encoding='application/x-tex'>{\\displaystyle "
        "a^{2}+b^{2}=c^{2}}</annotation></semantics></math>"
    )
    assert page_tex(math) == "a^{2}+b^{2}=c^{2}"
    assert formula_tex(math) == "a^{2}+b^{2}=c^{2}"
    assert formula_text(math) == "a²"  # the text is what the MathML shows


def test_alttext_stands_in_for_a_missing_annotation() -> None:
    assert formula_tex(_math('<math alttext="\\alpha"><mi>α</mi></math>')) == r"\alpha"
    assert page_tex(_math("<math><mi>α</mi></math>")) is None


def test_the_pages_tex_is_one_line_without_comments() -> None:
    math = _math(
        "<math><semantics><mi>x</mi><annotation encoding='application/x-tex'>\\left| x\n"
        "% the absolute value\n\\right| + \\|v\\|</annotation></semantics></math>"
    )
    assert formula_tex(math) == r"\left| x \right| + \|v\|"


@pytest.mark.parametrize(
    ("tex", "expected"),
    [
        (r"{\displaystyle a^{2}}", "a^{2}"),
        (r"{\textstyle \frac{1}{2}}", r"\frac{1}{2}"),
        # the switch's brace closes before the end: not a wrapper of the whole
        (r"{\displaystyle a}^{2}", r"{\displaystyle a}^{2}"),
        (r"{\displaystyle \{x\}}", r"\{x\}"),
    ],
)
def test_a_style_switch_around_the_whole_formula_is_left_out(tex: str, expected: str) -> None:
    math = _math(f'<math alttext="{tex}"><mi>a</mi></math>')
    assert formula_tex(math) == expected


@pytest.mark.parametrize(
    ("alt", "tex"),
    [
        # the page's own delimiters, a control space or a line break at the end: "$x\\$"
        # would escape the closing dollar
        ("$x^2$", "x^2"),
        ("$$x^2$$", "x^2"),
        ("\\(x\\)", "x"),
        ("x\\ ", "x"),
        ("a \\\\", "a"),
    ],
)
def test_the_pages_tex_loses_what_would_break_its_dollars(alt: str, tex: str) -> None:
    assert formula_tex(_math(f'<math alttext="{alt}"><mi>x</mi></math>')) == tex


def test_a_tex_script_is_read_only_beside_mathjax_rendering() -> None:
    # a script right after a formula of the page's own is not that formula's TeX
    page = '<p>First <math><mi>x</mi></math><script type="math/tex">y</script> end.</p>'
    math = LexborHTMLParser(page).css_first("math")
    assert math is not None and formula_tex(math) == "x"
    script = LexborHTMLParser(page).css_first("script")
    assert script is not None and formula_parts(script) == ("y", "y")
    commented = LexborHTMLParser('<script type="math/tex">a % c\n+ b</script>').css_first("script")
    assert commented is not None and formula_parts(commented) == ("a + b", "a + b")


def test_mathjax_2_keeps_the_tex_in_a_script_beside_its_rendering() -> None:
    page = (
        '<p>So <span class="MathJax"><nobr aria-hidden="true">…</nobr>'
        '<span class="MJX_Assistive_MathML"><math><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn>'
        "</msubsup><msup><mi>x</mi><mn>2</mn></msup></math></span></span>"
        '<script type="math/tex; mode=display">\\int_0^1 x^2\\,dx</script>.</p>'
    )
    math = LexborHTMLParser(page).css_first("math")
    assert math is not None
    assert formula_tex(math) == r"\int_0^1 x^2\,dx"


@pytest.mark.parametrize(
    ("attributes", "expected"),
    [('display="block"', True), ('mode="display"', True), ('display="inline"', False), ("", False)],
)
def test_display(attributes: str, expected: bool) -> None:
    assert is_display(_math(f"<math {attributes}><mi>x</mi></math>")) is expected


def test_a_formula_too_large_is_not_written() -> None:
    large = _math("<math>" + "<mi>x</mi>" * MAX_MATH_NODES + "</math>")
    assert formula_text(large) == "" and formula_tex(large) == ""
    assert formula_parts(large) == ("", "")


@pytest.mark.parametrize("element", ["mrow", "mfrac", "msqrt", "msup"])
def test_a_formula_too_deep_is_not_written(element: str) -> None:
    # not a truncated formula either: nothing
    nested = f"<{element}><mi>x</mi>" * (MAX_MATH_DEPTH + 5)
    deep = _math(f"<math>{nested}<mn>2</mn></math>")
    assert formula_text(deep) == "" and formula_tex(deep) == ""
    shallow = _math("<math>" + "<mrow>" * (MAX_MATH_DEPTH - 5) + "<mi>x</mi></math>")
    assert formula_text(shallow) == "x"
