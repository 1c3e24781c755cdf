@testable import AnyDocSwift

/// Hands out its bytes a few at a time, however much the reader asks for.
final class DribbleByteSource: ByteSource {
    private let bytes: [UInt8]
    private let pieceSize: Int
    private var offset = 0

    init(_ bytes: [UInt8], pieceSize: Int) {
        self.bytes = bytes
        self.pieceSize = max(1, pieceSize)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int {
        let count = min(buffer.count, pieceSize, bytes.count - offset)
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        for index in 0..<count { target.storeBytes(of: bytes[offset + index], toByteOffset: index, as: UInt8.self) }
        offset += count
        return count
    }
}
