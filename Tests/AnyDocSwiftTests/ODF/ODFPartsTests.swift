import Testing
@testable import AnyDocSwift

/// Pieces of the OpenDocument readers that are easiest to check alone.
@Suite struct ODFPartsTests {
    private func element(_ xml: String) throws -> XMLElement {
        let reader = try XMLReader(bytes: Array(xml.utf8), limits: .default)
        while try reader.read() {
            if reader.kind == .startElement { break }
        }
        return try reader.readElement()
    }

    @Test func textPositionsAndWeights() throws {
        let style = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
        let fo = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
        func properties(_ attributes: String) throws -> ODFTextProperties {
            ODFTextProperties(try element("<p xmlns:style=\"\(style)\" xmlns:fo=\"\(fo)\" \(attributes)/>"))
        }
        #expect(try properties("style:text-position=\"super 58%\"").position == .superscript)
        #expect(try properties("style:text-position=\"-33% 100%\"").position == .subscript)
        #expect(try properties("style:text-position=\"0% 100%\"").position == .normal)
        #expect(try properties("fo:font-weight=\"700\"").bold == true)
        #expect(try properties("fo:font-weight=\"normal\"").bold == false)
        #expect(try properties("style:text-line-through-style=\"none\"").strikethrough == false)
        #expect(try properties("style:text-line-through-style=\"dotted\"").strikethrough == true)
        #expect(try properties("").bold == nil)
    }

    @Test func mathMLToLaTeX() throws {
        let math = try element("""
        <math xmlns="http://www.w3.org/1998/Math/MathML"><mrow><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow>\
        <mi>n</mi></munderover><msub><mi>a</mi><mi>i</mi></msub><mo>≤</mo><mover><mi>x</mi><mo>^</mo></mover>\
        <mfenced><mi>t</mi><mi>u</mi></mfenced></mrow></math>
        """)
        #expect(ODFMathML.latex(math) == "\\sum_{i=1}^n a_i\\leq\\hat{x}\\left( t,u \\right)")
    }

    @Test func pageNumbersLeaveIndexEntries() {
        #expect(ODFIndexEntry.withoutPageNumber([.link(Link(destination: "#a", content: [.text("Intro\t12")]))])
            == [.link(Link(destination: "#a", content: [.text("Intro")]))])
        #expect(ODFIndexEntry.withoutPageNumber([.text("Preface\tiv")]) == [.text("Preface")])
        #expect(ODFIndexEntry.withoutPageNumber([.text("Tabbed\ttext")]) == [.text("Tabbed\ttext")])
    }

    @Test func listNumbering() {
        var numbering = ODFListNumbering()
        let first = numbering.beginList(styleName: "L1", xmlID: "a", continueList: nil, continueNumbering: false)
        #expect(numbering.advance(sequence: first, level: 1, startValue: nil, levelStart: 1) == 1)
        #expect(numbering.advance(sequence: first, level: 2, startValue: nil, levelStart: 1) == 1)
        #expect(numbering.advance(sequence: first, level: 1, startValue: nil, levelStart: 1) == 2)
        // The deeper level restarted when the shallower one advanced.
        #expect(numbering.advance(sequence: first, level: 2, startValue: nil, levelStart: 1) == 1)
        let other = numbering.beginList(styleName: "L2", xmlID: nil, continueList: nil, continueNumbering: false)
        #expect(numbering.advance(sequence: other, level: 1, startValue: nil, levelStart: 5) == 5)
        let continued = numbering.beginList(styleName: "L1", xmlID: nil, continueList: nil, continueNumbering: true)
        #expect(continued == first)
        #expect(numbering.advance(sequence: continued, level: 1, startValue: nil, levelStart: 1) == 3)
        let named = numbering.beginList(styleName: "L9", xmlID: nil, continueList: "a", continueNumbering: false)
        #expect(numbering.advance(sequence: named, level: 1, startValue: 10, levelStart: 1) == 10)
    }

    @Test func lengths() {
        #expect(ODFLength.centimetres("1.27cm") == 1.27)
        #expect(ODFLength.centimetres("10mm") == 1)
        #expect(ODFLength.centimetres("1in") == 2.54)
        #expect(ODFLength.centimetres("72pt") == 2.54)
        #expect(ODFLength.centimetres("wide") == nil)
    }
}
