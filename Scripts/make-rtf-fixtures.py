#!/usr/bin/env python3
"""Writes the RTF documents in TestDocuments/rtf that the RTF tests assert
exact Markdown for: Office Math as Word writes it (\\mmath zones holding
OMML one control word per element, inline and display, with run
properties, Unicode escapes and property values), next to a dollar sign
that is not math. Run from anywhere; the output is committed."""
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "rtf")


def math(body, display=False):
    """A math zone: {\\mmath{\\*\\moMath ...}}, in a math paragraph when display."""
    equation = r"{\*\moMath " + body + "}"
    if display:
        equation = r"{\*\moMathPara " + equation + "}"
    return r"{\mmath" + equation + "}"


def run(text, italic=True):
    # Word marks each run's script and style; the reader keeps only the text.
    return r"{\mr\mscr0\msty" + ("2" if italic else "0") + " " + text + "}"


def sub(base, index):
    return (r"{\msSub{\msSubPr{\mctrlPr\i\f34 }}{\me " + run(base) + r"}{\msub " + run(index, italic=False) + "}}")


def equations():
    quadratic = (run("x") + run("=", italic=False)
                 + r"{\mf{\mfPr{\mctrlPr\i\f34 }}{\mnum " + run(r"\u8722?b\u177?", italic=False)
                 + r"{\mrad{\mradPr{\mdegHide on}{\mctrlPr\i\f34 }}{\mdeg }{\me "
                 + r"{\msSup{\me " + run("b") + r"}{\msup " + run("2", italic=False) + "}}"
                 + run(r"\u8722?4ac") + "}}}"
                 + r"{\mden " + run("2a") + "}}")
    brackets = r"{\md{\mdPr{\mbegChr [}{\mendChr ]}{\mctrlPr\i\f34 }}{\me " + run("a,b") + "}}"
    return "\n".join([
        r"{\rtf1\ansi\ansicpg1252\deff0\uc1{\fonttbl{\f0\fswiss Calibri;}{\f34\froman Cambria Math;}}",
        r"{\mmathPr\mmathFont34\mbrkBin0\mbrkBinSub0\msmallFrac0\mdispDef1\mlMargin0\mrMargin0\mdefJc1\mwrapIndent1440\mintLim0\mnaryLim1}",
        r"\pard\plain\f0 The roots are " + math(sub("x", "1")) + " and " + math(sub("x", "2")) + r" for any a, at a cost of $5.\par",
        r"\pard\plain\f0 " + math(quadratic, display=True) + r"\par",
        r"\pard\plain\f0 Closed interval " + math(brackets) + r".\par",
        r"\pard\plain\f0 A price of $5 is not math.\par",
        "}",
    ])


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "equations.rtf"), "w", newline="\n") as f:
        f.write(equations() + "\n")
