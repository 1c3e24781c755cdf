import Testing
@testable import AnyDocSwift

@Suite struct CSVDelimiterTests {
    private func sniff(_ text: String) -> Character {
        Character(Unicode.Scalar(Array(text.utf8).withUnsafeBufferPointer(CSVDelimiter.sniff)))
    }

    @Test func picksTheDelimiterWithConsistentFieldCounts() {
        #expect(sniff("a,b,c\n1,2,3\n") == ",")
        #expect(sniff("a;b;c\n1;2;3\n") == ";")
        #expect(sniff("a\tb\tc\n1\t2\t3\n") == "\t")
        #expect(sniff("a|b|c\n1|2|3\n") == "|")
    }

    @Test func decimalCommasDoNotWinOverSemicolons() {
        #expect(sniff("Artikel;Preis;Menge\n4711;12,99;3\n0815;7,50;10\n1234;1.234,56;1\n") == ";")
    }

    @Test func delimitersInsideQuotesDoNotCount() {
        #expect(sniff("\"a;b;c\",d\n\"1;2;3\",4\n\"x;y;z\",5\n") == ",")
    }

    @Test func oneColumnFallsBackToComma() {
        #expect(sniff("just\none\ncolumn\n") == ",")
        #expect(sniff("") == ",")
    }

    @Test func tiesGoToTheWiderSplitThenToTheEarlierDelimiter() {
        #expect(sniff("a,b;c;d\n") == ";")
        #expect(sniff("a,b;c\n") == ",")
    }
}
