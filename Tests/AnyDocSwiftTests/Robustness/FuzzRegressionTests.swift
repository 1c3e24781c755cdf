import Testing
@testable import AnyDocSwift

/// Inputs the fuzz targets in `Fuzz/` (run by `Scripts/fuzz.sh`) turned
/// up, each kept as the smallest form that showed the fault.
@Suite struct FuzzRegressionTests {
    /// Hands out its bytes a few at a time, as `ByteSource` allows.
    private final class PieceByteSource: ByteSource {
        private let bytes: [UInt8]
        private let pieceSize: Int
        private var offset = 0

        init(_ bytes: [UInt8], pieceSize: Int) {
            self.bytes = bytes
            self.pieceSize = pieceSize
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int {
            let count = min(buffer.count, pieceSize, bytes.count - offset)
            guard count > 0 else { return 0 }
            buffer.copyBytes(from: bytes[offset..<(offset + count)])
            offset += count
            return count
        }
    }

    private func events(_ bytes: [UInt8], pieceSize: Int) throws -> [String] {
        let reader = try XMLReader(source: PieceByteSource(bytes, pieceSize: pieceSize), limits: .default)
        var events: [String] = []
        while try reader.read() {
            switch reader.kind {
            case .startElement: events.append("<\(reader.localName)\(reader.attribute("x").map { " x=\($0)" } ?? "")>")
            case .endElement: events.append("</\(reader.localName)>")
            case .text: events.append(reader.text)
            default: break
            }
        }
        return events
    }

    /// The XML target feeds parts in small pieces. A first read of fewer
    /// than four bytes was taken for the end of the document, although
    /// libxml2 needs four to detect the encoding and more were coming.
    @Test func xmlReaderWaitsForFourBytesBeforeDetectingTheEncoding() throws {
        let utf8 = Array(#"<a x="1">text<b/></a>"#.utf8)
        var utf16 = [UInt8]([0xFF, 0xFE])
        for unit in #"<a x="1">text<b/></a>"#.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        for pieceSize in [1, 2, 3, 5, 1 << 16] {
            #expect(try events(utf8, pieceSize: pieceSize) == ["<a x=1>", "text", "<b>", "</a>"], "pieces of \(pieceSize)")
            #expect(try events(utf16, pieceSize: pieceSize) == ["<a x=1>", "text", "<b>", "</a>"], "UTF-16 in pieces of \(pieceSize)")
        }
    }
}
