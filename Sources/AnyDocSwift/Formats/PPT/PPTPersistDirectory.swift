/// Where each persist object (document, slides, notes, masters) lives in
/// the PowerPoint Document stream.
///
/// A presentation saved incrementally appends edits: each UserEditAtom
/// points at its persist directory and at the edit before it. Walking
/// the chain from the newest edit, an object's newest location wins.
/// Cycles, offsets outside the stream and records of the wrong type end
/// the walk; only a missing newest edit is fatal.
struct PPTPersistDirectory {
    /// The DocumentContainer's persist id, from the newest edit.
    let documentID: UInt32
    /// One (persist id, stream offset) per id, sorted by id: a deck has a
    /// few dozen, found by bisection more cheaply than hashed.
    private let offsets: [(id: Int, offset: Int)]

    func offset(of persistID: UInt32) -> Int? {
        let id = Int(persistID)
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low].id == id ? offsets[low].offset : nil
    }

    static func read(_ reader: PPTRecordReader, newestEdit: Int?) throws(ConversionError) -> PPTPersistDirectory {
        var newest = newestEdit.flatMap { reader.record(at: $0)?.type == PPTRecordType.userEditAtom ? $0 : nil }
        if newest == nil { newest = try lastEditByScanning(reader) }
        guard let start = newest else { throw .malformed("PowerPoint Document stream: no user edit record") }
        // Every entry in the order read, newest edit first.
        var found: [(id: Int, offset: Int)] = []
        var documentID: UInt32?
        var visited: Set<Int> = []
        var editOffset = start
        while visited.insert(editOffset).inserted, let edit = reader.record(at: editOffset),
              edit.type == PPTRecordType.userEditAtom,
              let previous = reader.uint32(edit, at: 8), let directory = reader.uint32(edit, at: 12),
              let document = reader.uint32(edit, at: 16) {
            try reader.countVisit()
            if documentID == nil { documentID = document }
            if let atom = reader.record(at: Int(directory)), atom.type == PPTRecordType.persistDirectoryAtom {
                try readEntries(atom, reader: reader, into: &found)
            }
            guard previous != 0 else { break }
            editOffset = Int(previous)
        }
        guard let documentID else { throw .malformed("PowerPoint Document stream: the newest user edit is damaged") }
        return PPTPersistDirectory(documentID: documentID, offsets: newestByID(found))
    }

    /// The first entry read for each id (the newest edit's), sorted by id;
    /// the position read breaks ties so the first stays first.
    private static func newestByID(_ found: [(id: Int, offset: Int)]) -> [(id: Int, offset: Int)] {
        var order = Array(found.indices)
        order.sort { found[$0].id != found[$1].id ? found[$0].id < found[$1].id : $0 < $1 }
        var result: [(id: Int, offset: Int)] = []
        result.reserveCapacity(found.count)
        for index in order where result.last?.id != found[index].id { result.append(found[index]) }
        return result
    }

    /// Each entry: a persist id (20 bits) and a count (12 bits), then that
    /// many 32-bit stream offsets for consecutive ids.
    private static func readEntries(
        _ atom: PPTRecord, reader: PPTRecordReader, into found: inout [(id: Int, offset: Int)]
    ) throws(ConversionError) {
        var position = 0
        while let header = reader.uint32(atom, at: position) {
            let firstID = header & 0x000F_FFFF
            let count = Int(header >> 20)
            position += 4
            for index in 0..<count {
                guard let offset = reader.uint32(atom, at: position) else { return }
                try reader.countVisit()
                found.append((id: Int(firstID) + index, offset: Int(offset)))
                position += 4
            }
        }
    }

    /// Without a usable Current User stream, the last UserEditAtom among
    /// the stream's top-level records is the newest.
    private static func lastEditByScanning(_ reader: PPTRecordReader) throws(ConversionError) -> Int? {
        var last: Int?
        var offset = 0
        while let record = reader.record(at: offset) {
            try reader.countVisit()
            if record.type == PPTRecordType.userEditAtom { last = offset }
            offset = record.bodyEnd
        }
        return last
    }
}
