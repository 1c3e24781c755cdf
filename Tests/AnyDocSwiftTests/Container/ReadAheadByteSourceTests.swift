import Testing
@testable import AnyDocSwift

/// A source read ahead on another thread gives its reader the same
/// bytes in the same order, then the source's failure, and stops when
/// told, with its thread joined.
@Suite struct ReadAheadByteSourceTests {
    /// Bytes 0, 1, 2, … (mod 251) in reads of uneven sizes, failing after
    /// `failAt` bytes when set; counts the reads made after `stop`.
    final class Pattern: ByteSource, @unchecked Sendable {
        let total: Int
        let failAt: Int?
        var produced = 0
        var step = 0

        init(total: Int, failAt: Int? = nil) {
            self.total = total
            self.failAt = failAt
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int {
            if let failAt, produced >= failAt { throw .malformed("failed at \(failAt)") }
            step += 1
            let limit = failAt ?? total
            let count = min(buffer.count, limit - produced, 1 + (step * 7919) % 5000)
            for index in 0..<max(0, count) { buffer[index] = UInt8((produced + index) % 251) }
            produced += max(0, count)
            return max(0, count)
        }
    }

    static func drain(_ source: ByteSource, readSize: Int) -> (bytes: [UInt8], failure: ConversionError?) {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSize, alignment: 1)
        defer { buffer.deallocate() }
        do throws(ConversionError) {
            while true {
                let count = try source.read(into: buffer)
                if count == 0 { return (bytes, nil) }
                bytes += buffer[0..<count]
            }
        } catch {
            return (bytes, error)
        }
    }

    /// One read of up to 100 bytes.
    static func drainOnce(_ source: ByteSource) -> (Int, ConversionError?) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 100, alignment: 1)
        defer { buffer.deallocate() }
        do throws(ConversionError) { return (try source.read(into: buffer), nil) } catch { return (0, error) }
    }

    @Test(arguments: [(1, 1, 1, 5_000), (3, 2, 7, 20_000), (4096, 4, 65536, 300_000), (1 << 18, 4, 100, 300_000)])
    func givesTheSameBytesInOrder(chunkSize: Int, depth: Int, readSize: Int, total: Int) {
        let source = ReadAheadByteSource.reading(Pattern(total: total), chunkSize: chunkSize, depth: depth)
        let (bytes, failure) = Self.drain(source, readSize: readSize)
        #expect(failure == nil)
        #expect(bytes.count == total)
        #expect(bytes.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
    }

    @Test func aFailureComesAfterTheBytesReadBeforeIt() {
        let source = ReadAheadByteSource.reading(Pattern(total: 100_000, failAt: 54_321), chunkSize: 1000, depth: 3)
        let (bytes, failure) = Self.drain(source, readSize: 777)
        #expect(bytes.count == 54_321)
        #expect(failure == .malformed("failed at 54321"))
    }

    @Test func stopJoinsTheReaderAndEndsTheReads() {
        let pattern = Pattern(total: 10_000_000)
        let source = ReadAheadByteSource.reading(pattern, chunkSize: 1024, depth: 2)
        let (first, _) = Self.drainOnce(source)
        #expect(first > 0)
        source.stop()
        // The thread is joined: the source is read no further.
        let produced = pattern.produced
        #expect(produced < 10_000_000)
        let (rest, failure) = Self.drain(source, readSize: 4096)
        #expect(failure == nil && rest.isEmpty)
        #expect(pattern.produced == produced)
    }
}
