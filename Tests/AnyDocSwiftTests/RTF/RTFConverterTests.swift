import Testing
@testable import AnyDocSwift

/// Exact Markdown for small RTF documents, one feature at a time.
@Suite struct RTFConverterTests {
    // MARK: Text and code pages

    @Test func plainParagraphs() throws {
        let rtf = #"{\rtf1\ansi\deff0{\fonttbl{\f0 Times;}}\pard First paragraph.\par Second\line line\tab tabbed.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "First paragraph.\n\nSecond\\\nline\ttabbed.\n")
    }

    @Test func ansiCodePageEscapes() throws {
        #expect(try RTFFixture.markdown(#"{\rtf1\ansi { le caf\'e9 o\'f9 on ne fume pas }}"#) == "le café où on ne fume pas\n")
        #expect(try RTFFixture.markdown(#"{\rtf1\ansi\ansicpg1250 za\'bf\'f3\'b3\'e6\par}"#) == "zażółć\n")
    }

    @Test func fontCharsetChoosesCodePage() throws {
        let rtf = #"{\rtf1\ansi\ansicpg1252{\fonttbl{\f0\fcharset0 Arial;}{\f1\fcharset204 Arial Cyr;}{\f2\fcharset161 Arial Greek;}}"#
            + #"\f0 caf\'e9 {\f1 \'cf\'f0\'e8\'e2\'e5\'f2} {\f2 \'e2}\par}"#
        #expect(try RTFFixture.markdown(rtf) == "café Привет β\n")
    }

    @Test func shiftJISPairsDecodeTogether() throws {
        // The trail byte of テ is the letter e; ス's is X.
        let rtf = #"{\rtf1\ansi\ansicpg932{\fonttbl{\f0\fcharset0 Century;}{\f1\fcharset128 MS Mincho;}}"#
            + #"\f0 Hello\par{\f1 \'82\'b1\'82\'f1\'82\'c9\'82\'bf\'82\'cd}\par{\f1 \'83e\'83X\'83g}\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Hello\n\nこんにちは\n\nテスト\n")
    }

    @Test func unicodeEscapesSkipFallbacks() throws {
        let rtf = #"{\rtf1\ansi\uc1 \'93hi\'94 \u945a\u-3913?{\uc2\u228\'e8a}{\uc0\u946 b}\par}"#
        #expect(try RTFFixture.markdown(rtf) == "\u{201C}hi\u{201D} α\u{F0B7}äβb\n")
    }

    @Test func surrogatePairsJoinAndStrayHalvesDrop() throws {
        let rtf = #"{\rtf1\ansi\uc1 \u-10240?\u-8398? lone \u-10240? high, \u-9216? low\par}"#
        #expect(try RTFFixture.markdown(rtf) == "𐌲 lone  high,  low\n")
    }

    @Test func specialCharacters() throws {
        let rtf = #"{\rtf1\ansi a\emdash b\endash c \bullet  \lquote q\rquote  \ldblquote d\rdblquote  x\~y hy\-phen non\_breaking \{\}\\\par}"#
        #expect(try RTFFixture.markdown(rtf) == "a—b–c • ‘q’ “d” x\u{A0}y hyphen non-breaking {}\\\\\n")
    }

    @Test func hiddenTextAndIgnorableDestinationsAreDropped() throws {
        let rtf = #"{\rtf1\ansi{\*\generator Writer;}{\colortbl;\red0\green0\blue0;}Shown {\v hidden }text{\*\unknown \b secret}.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Shown text.\n")
    }

    // MARK: Character formatting

    @Test func groupScopedFormatting() throws {
        let rtf = #"{\rtf1\ansi Plain {\b bold {\i both} bold} plain \i italic\i0  {\strike gone} x{\super 2} H{\sub 2}O\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Plain **bold *both* bold** plain *italic* ~~gone~~ x<sup>2</sup> H<sub>2</sub>O\n")
    }

    @Test func plainAndToggleWordsResetFormatting() throws {
        let rtf = #"{\rtf1\ansi \b bold\b0  not \b again\plain  reset \striked1 struck\striked0  \super up\nosupersub  down\par}"#
        #expect(try RTFFixture.markdown(rtf) == "**bold** not **again** reset ~~struck~~ <sup>up</sup> down\n")
    }

    // MARK: Destinations

    @Test func hyperlinkFields() throws {
        let rtf = #"{\rtf1\ansi See {\field{\*\fldinst{HYPERLINK "https://example.com/a?b=1"}}{\fldrslt{\ul the site}}} now. "#
            + #"Page {\field{\*\fldinst PAGE}{\fldrslt 7}}.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "See [the site](https://example.com/a?b=1) now. Page 7.\n")
    }

    @Test func bookmarkLinks() throws {
        let rtf = #"{\rtf1\ansi\pard{\*\bkmkstart here}Target{\*\bkmkend here}\par"#
            + #"{\field{\*\fldinst{HYPERLINK \\l "here"}}{\fldrslt{back}}}\par}"#
        #expect(try RTFFixture.markdown(rtf) == "<a id=\"here\"></a>Target\n\n[back](#here)\n")
    }

    @Test func footnotes() throws {
        let rtf = #"{\rtf1\ansi Claim.\chftn{\footnote \pard\plain {\super\chftn} Source one.}"#
            + #" More{\super\chftn}{\footnote\pard {\chftn} Source {\i two}.}.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Claim.[^1] More[^2].\n\n[^1]: Source one.\n\n[^2]: Source *two*.\n")
    }

    @Test func picturesShowOnlyTheirDescription() throws {
        let rtf = #"{\rtf1\ansi Before {\*\shppict{\pict{\*\picprop{\sp{\sn wzDescription}{\sv A duck}}}\pngblip 89504e47}}"#
            + #"{\nonshppict{\pict\wmetafile8 0100}} after {\pict\jpegblip ffd8ff}.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Before A duck after .\n")
    }

    @Test func headersAndFootersAreSkipped() throws {
        let rtf = #"{\rtf1\ansi{\header \pard Running head\par}{\footer Page\par}Body.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Body.\n")
    }

    @Test func commentsBecomeFootnotesWithTheirAuthor() throws {
        let rtf = #"{\rtf1\ansi Word{\*\atnid AL}{\*\atnauthor Ann Lee}\chatn{\*\annotation{\*\atnref 1}\pard\plain {\chatn }Check this.} end.\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Word[^1] end.\n\n[^1]: **Ann Lee:** Check this.\n")
        var options = ConversionOptions()
        options.format = .rtf
        options.includeComments = false
        #expect(try AnyDocConverter(options: options).markdown(Array(rtf.utf8)) == "Word end.\n")
    }

    @Test func unicodeHalfOfUprPairWins() throws {
        let rtf = #"{\rtf1\ansi{\upr{\'3f\'3f}{\*\ud{\uc0\u26085\u26412}}} {\caps shout}\par}"#
        #expect(try RTFFixture.markdown(rtf) == "日本 SHOUT\n")
    }

    @Test func doubleLineBreaksSplitParagraphs() throws {
        let rtf = #"{\rtf1\ansi One\line still one\line \line Two\par}"#
        #expect(try RTFFixture.markdown(rtf) == "One\\\nstill one\n\nTwo\n")
    }

    @Test func metadataFromInfo() throws {
        let rtf = #"{\rtf1\ansi\ansicpg1252{\info{\title Caf\'e9 report}{\author Ann Lee}{\subject Sales}{\keywords q1, q2}"#
            + #"{\creatim\yr2024\mo3\dy9\hr14\min5}{\revtim\yr2024\mo3\dy10}}Text.\par}"#
        let document = try RTFFixture.document(rtf)
        #expect(document.metadata.title == "Café report")
        #expect(document.metadata.authors == ["Ann Lee"])
        #expect(document.metadata.subject == "Sales")
        #expect(document.metadata.keywords == ["q1", "q2"])
        #expect(document.metadata.created == "2024-03-09T14:05:00")
        #expect(document.metadata.modified == "2024-03-10")
        #expect(document.metadata.sourceFormat == .rtf)
    }

    // MARK: Equations

    /// Word's `\mmath` zones (TestDocuments/rtf/equations.rtf, written by
    /// Scripts/make-rtf-fixtures.py) become LaTeX as its OMML does: inline
    /// in the text, a math paragraph on its own; the dollar of a paragraph
    /// holding math is escaped.
    @Test func officeMathBecomesLaTeX() throws {
        let markdown = try RTFFixture.markdown(bytes: Corpus.testDocument("rtf/equations.rtf"))
        #expect(markdown == #"""
            The roots are $x_1$ and $x_2$ for any a, at a cost of \$5.

            $$
            x=\frac{-b\pm\sqrt{b^2-4ac}}{2a}
            $$

            Closed interval $\left[a,b\right]$.

            A price of $5 is not math.

            """#)
    }

    @Test func mathZonesWithoutEquationElementsAndInTables() throws {
        // A zone with its runs straight inside, a picture fallback skipped,
        // a display equation in a table cell (a cell holds it inline).
        let rtf = #"{\rtf1\ansi Area {\mmath{\mr A=}{\*\mmathPict{\pict 0102}}{\mr \u960?r}} here.\par"#
            + #"\trowd\cellx1000\pard\intbl {\mmath{\*\moMathPara{\*\moMath{\mr y}}}}\cell\row}"#
        #expect(try RTFFixture.markdown(rtf) == #"""
            Area $A=\pi r$ here.

            | $y$ |
            | --- |

            """#)
    }

    // MARK: Headings

    @Test func headingsFromOutlineLevelsAndStyles() throws {
        let rtf = #"{\rtf1\ansi{\stylesheet{\s0 Normal;}{\s1\outlinelevel0 \b\fs32 Title One;}{\s2\sbasedon0 heading 2;}{\*\cs10 Default Paragraph Font;}}"#
            + #"{\pard\s1 \b Chapter\par}\pard\s2 Section\par\pard\s0 Body\par{\pard\outlinelevel2 \b Deep\par}}"#
        #expect(try RTFFixture.markdown(rtf) == "# Chapter\n\n## Section\n\nBody\n\n### Deep\n")
    }

    // MARK: Lists

    static let listTables = #"{\*\listtable{\list\listtemplateid1{\listlevel\levelnfc0\levelstartat1{\leveltext\'02\'00.;}{\levelnumbers\'01;}}"#
        + #"{\listlevel\levelnfc23{\leveltext\'01\u-3913 ?;}{\levelnumbers;}}\listid11}"#
        + #"{\list\listtemplateid2{\listlevel\levelnfc23{\leveltext\'01\'b7;}{\levelnumbers;}}\listid22}"#
        + #"{\list\listtemplateid3{\listlevel\levelnfc0\levelstartat5{\leveltext\'02\'00.;}{\levelnumbers\'01;}}\listid33}}"#
        + #"{\*\listoverridetable{\listoverride\listid11\listoverridecount0\ls1}{\listoverride\listid22\listoverridecount0\ls2}"#
        + #"{\listoverride\listid33\listoverridecount0\ls3}}"#

    @Test func numberedListWithNestedBullets() throws {
        let rtf = #"{\rtf1\ansi"# + Self.listTables
            + #"\pard Intro\par"#
            + #"{\listtext 1.\tab}\pard\ls1\li720\fi-360 One\par"#
            + #"{\listtext\f1 \'b7\tab}\pard\ls1\ilvl1\li1440\fi-360 Sub\par"#
            + #"{\listtext 2.\tab}\pard\ls1\li720\fi-360 Two\par"#
            + #"\pard After\par}"#
        #expect(try RTFFixture.markdown(rtf) == "Intro\n\n1. One\n   - Sub\n2. Two\n\nAfter\n")
    }

    @Test func bulletListAndStartNumberFromListTable() throws {
        let rtf = #"{\rtf1\ansi"# + Self.listTables
            + #"\pard\ls2 Apple\par Pear\par\pard Then\par"#
            + #"\pard\ls3 Fifth\par Sixth\par}"#
        #expect(try RTFFixture.markdown(rtf) == "- Apple\n- Pear\n\nThen\n\n5. Fifth\n6. Sixth\n")
    }

    @Test func listKindFromListTextWithoutTables() throws {
        let rtf = #"{\rtf1\ansi{\pntext 3.\tab}{\*\pn\pnlvlbody\pndec\pnstart3{\pntxta .}}\pard\li720\fi-360 Third\par"#
            + #"{\pntext 4.\tab}Fourth\par\pard{\pntext\f1\'b7\tab}{\*\pn\pnlvlblt{\pntxtb\'b7}}\li720\fi-360 Dot\par}"#
        #expect(try RTFFixture.markdown(rtf) == "3. Third\n4. Fourth\n\n- Dot\n")
    }

    @Test func typedMarkersUnderHangingIndent() throws {
        let rtf = #"{\rtf1\ansi{\pard\li360\fi-360 \bullet \tab First\par}{\pard\li360\fi-360 \bullet \tab Second\par}"#
            + #"{\pard\li0 Middle\par}{\pard\li360\fi-360 1.\tab One\par}{\pard\li360\fi-360 2.\tab Two\par}}"#
        #expect(try RTFFixture.markdown(rtf) == "- First\n- Second\n\nMiddle\n\n1. One\n2. Two\n")
    }

    // MARK: Tables

    @Test func simpleTable() throws {
        let rtf = #"{\rtf1\ansi\trowd\trhdr\cellx1000\cellx2000\pard\intbl {\b Name}\cell Qty\cell\row"#
            + #"\trowd\cellx1000\cellx2000\pard\intbl Apples\cell 3\cell\row\pard After\par}"#
        #expect(try RTFFixture.markdown(rtf) == "| **Name** | Qty |\n| --- | --- |\n| Apples | 3 |\n\nAfter\n")
    }

    @Test func horizontalAndVerticalMerges() throws {
        let rtf = #"{\rtf1\ansi"#
            + #"\trowd\clmgf\cellx1000\clmrg\cellx2000\cellx3000\pard\intbl Wide\cell\cell C\cell\row"#
            + #"\trowd\clvmgf\cellx1000\cellx2000\cellx3000\pard\intbl Tall\cell B2\cell C2\cell\row"#
            + #"\trowd\clvmrg\cellx1000\cellx2000\cellx3000\pard\intbl\cell B3\cell C3\cell\row\pard\par}"#
        let document = try RTFFixture.document(rtf)
        guard case .table(let table)? = document.blocks.first else {
            Issue.record("no table")
            return
        }
        #expect(table.rows.count == 3)
        #expect(table.rows[0].cells.map(\.columnSpan) == [2, 1])
        #expect(table.rows[1].cells.first?.rowSpan == 2)
        #expect(table.rows[2].cells.count == 2)
        #expect(try RTFFixture.markdown(rtf) == "| Wide |  | C |\n| --- | --- | --- |\n| Tall | B2 | C2 |\n|  | B3 | C3 |\n")
    }

    @Test func nestedTablesFlattenIntoTheirCell() throws {
        let rtf = #"{\rtf1\ansi\trowd\cellx5000\pard\intbl\itap2 Inner A\nestcell Inner B\nestcell"#
            + #"{\*\nesttableprops\trowd\cellx2000\cellx4000\nestrow}{\nonesttables Fallback\par}"#
            + #"\pard\intbl\itap1 Outer\cell\row\pard\itap0 Outside\par}"#
        #expect(try RTFFixture.markdown(rtf) == "| Inner A<br>Inner B<br>Outer |\n| --- |\n\nOutside\n")
    }

    @Test func cellParagraphsInGroups() throws {
        let rtf = #"{\rtf1\ansi{\trowd\cellx1000\cellx2000\intbl{{\pard\intbl A\par}\cell}{{\pard\intbl B\par}\cell}\intbl\row}"#
            + #"{\pard Next\par}}"#
        #expect(try RTFFixture.markdown(rtf) == "| A | B |\n| --- | --- |\n\nNext\n")
    }

    // MARK: Robustness

    @Test func deepNestingNeverOverflowsTheStack() throws {
        let depth = 200_000
        var bytes = Array("{\\rtf1\\ansi ".utf8)
        bytes += repeatElement(UInt8(ascii: "{"), count: depth)
        bytes += Array("deep".utf8)
        bytes += repeatElement(UInt8(ascii: "}"), count: depth)
        bytes += Array("}".utf8)
        #expect(try RTFFixture.markdown(bytes: bytes) == "deep\n")
        var limits = Limits()
        limits.maxNestingDepth = 8
        #expect(try RTFFixture.markdown(bytes: bytes, limits: limits) == "deep\n")
    }

    @Test func formattingPastTheDepthLimitIsFlattened() throws {
        var limits = Limits()
        limits.maxNestingDepth = 2
        let rtf = #"{\rtf1\ansi {{\b x} y} z\par}"#
        // A group past the limit shares its parent's state: the bold leaks
        // into the parent, but no further.
        #expect(try RTFFixture.markdown(rtf, limits: limits) == "**x y** z\n")
    }

    @Test func brokenInputStillConverts() throws {
        let rtf = #"{\rtf1\ansi \u99999999999 \'zz text \bin5 abcde more }}} { unclosed \par"#
        // The broken \u still skips one fallback byte; a broken escape
        // leaves its letters as text; \bin's payload is not text.
        #expect(try RTFFixture.markdown(rtf) == "z text  more   unclosed\n")
    }

    @Test func noGroupIsMalformed() {
        #expect(throws: ConversionError.self) { try RTFFixture.markdown("plain words") }
    }
}
