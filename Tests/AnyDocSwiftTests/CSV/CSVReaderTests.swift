import Testing
@testable import AnyDocSwift

@Suite struct CSVReaderTests {
    /// All records of `text`, and where the first unclosed quote stands.
    private func read(_ text: String, delimiter: Character = ",") -> (records: [[String]], unclosedQuote: Int?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: delimiter.asciiValue!)
            var fields = CSVFieldBuffer()
            var records: [[String]] = []
            while reader.readRecord(into: &fields) {
                records.append((0..<fields.count).map(fields.text(at:)))
            }
            return (records, reader.unclosedQuote)
        }
    }

    @Test func readsPlainRecords() {
        #expect(read("a,b,c\n1,2,3\n").records == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(read("a,b\n1,2").records == [["a", "b"], ["1", "2"]])
    }

    @Test func quotedFieldsHoldDelimitersLineBreaksAndDoubledQuotes() {
        #expect(read("\"x, y\",\"say \"\"hi\"\"\",\"one\ntwo\"\n").records == [["x, y", "say \"hi\"", "one\ntwo"]])
        #expect(read("\"\"\"\",\"\"\n").records == [["\"", ""]])
    }

    @Test func lineBreaksInsideQuotesBecomeLineFeeds() {
        #expect(read("\"a\r\nb\rc\nd\",e\r\n").records == [["a\nb\nc\nd", "e"]])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func recordsEndAtAnyLineEnd(_ end: String) {
        #expect(read("a,b" + end + "1,2" + end).records == [["a", "b"], ["1", "2"]])
    }

    @Test func emptyLinesAreSkippedButEmptyFieldsKept() {
        #expect(read("a,b\n\n\r\n,\n\"\"\n").records == [["a", "b"], ["", ""], [""]])
    }

    @Test func trailingDelimiterAddsAnEmptyField() {
        #expect(read("a,b,\n1,2,").records == [["a", "b", ""], ["1", "2", ""]])
    }

    @Test func strayQuotesAreOrdinaryCharacters() {
        #expect(read("5\" pipe,it's \"fine\"\n").records == [["5\" pipe", "it's \"fine\""]])
        #expect(read("\"quoted\"tail,x\n").records == [["quotedtail", "x"]])
    }

    @Test func unclosedQuoteIsReadLiterallyWithoutLosingLaterRecords() {
        let result = read("id,note\n1,\"open\n2,x\n3,y\n")
        #expect(result.unclosedQuote == 10)
        #expect(result.records == [["id", "note"], ["1", "\"open"], ["2", "x"], ["3", "y"]])
    }

    @Test func quotesBeforeTheUnclosedOneStillWork() {
        let result = read("\"a,b\",\"c\nd,e\n")
        #expect(result.unclosedQuote == 6)
        #expect(result.records == [["a,b", "\"c"], ["d", "e"]])
    }

    @Test func honoursTheDelimiter() {
        #expect(read("a;b,c;\"d;e\"\n", delimiter: ";").records == [["a", "b,c", "d;e"]])
        #expect(read("a\tb c\n", delimiter: "\t").records == [["a", "b c"]])
    }

    @Test func knowsLineNumbers() {
        let bytes = Array("a\r\nb\rc\nd".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let reader = CSVReader(buffer, delimiter: UInt8(ascii: ","))
            #expect(reader.line(of: 0) == 1)
            #expect(reader.line(of: 3) == 2)
            #expect(reader.line(of: 5) == 3)
            #expect(reader.line(of: 7) == 4)
        }
    }

    /// A quote closed only by one far away takes the text in between.
    @Test func aQuoteClosedLaterSpansLines() {
        #expect(read("1,\"open\n2,\"closed\"\n").records == [["1", "open\n2,closed\""]])
    }

    /// After an unclosed quote every quote is literal, so the reader
    /// rereads at most once instead of once per quote.
    @Test func anUnclosedQuoteCostsOneRereading() {
        let text = "\"open\n" + String(repeating: "a,\"\"b\n", count: 50_000)
        let result = read(text)
        #expect(result.unclosedQuote == 0)
        #expect(result.records.count == 50_001)
        #expect(result.records.first == ["\"open"])
        #expect(result.records.last == ["a", "\"\"b"])
    }
}
