import Testing
@testable import AnyDocSwift

/// Charts, SmartArt and embedded OLE objects in a Word body
/// (Scripts/make-unusual-ooxml-fixtures.py) come out as slides show them.
@Suite struct WordObjectTests {
    private func markdown(_ name: String, options: ConversionOptions = ConversionOptions()) throws -> String {
        try AnyDocConverter(options: options).markdown(Corpus.testDocument("docx/\(name).docx"), fileName: "\(name).docx")
    }

    @Test func chartAndSmartArtInTheBody() throws {
        #expect(try markdown("chart-smartart") == """
        Charts in Word

        Chart: Revenue by region — 2023, 2024

        |  | 2023 | 2024 |
        | --- | --- | --- |
        | North | 12 | 15 |
        | South | 7 | 9 |

        Between the objects.

        - Collect
        - Review
        - Publish

        After the diagram.

        """)
    }

    @Test func embeddedObjectsAreNamed() throws {
        #expect(try markdown("ole-objects") == """
        Embedded objects

        Embedded object: Excel.Sheet.12 (Budget)

        Between the objects.

        Embedded object: Equation.3

        """)
    }

    @Test func embeddedWorkbookContentWhenAsked() throws {
        var options = ConversionOptions()
        options.includeEmbeddedObjects = true
        #expect(try markdown("ole-objects", options: options) == """
        Embedded objects

        Embedded object: Excel.Sheet.12 (Budget)

        > ## Budget
        >
        > | Line | Amount |
        > | --- | --- |
        > | Rent | 1200 |

        Between the objects.

        Embedded object: Equation.3

        """)
    }
}
