/// Where each persist object (document, slides, notes, masters) lives in
/// the PowerPoint Document stream.
///
/// A presentation saved incrementally appends edits: each UserEditAtom
/// points at its persist directory and at the edit before it. Walking
/// the chain from the newest edit, an object's newest location wins.
/// Cycles, offsets outside the stream and records of the wrong type end
/// the walk. Without a newest edit, `recovered` finds the document by
/// scanning; ids no entry maps are given the containers no entry names
/// (`adopt`).
struct PPTPersistDirectory {
    /// The DocumentContainer's persist id, from the newest edit.
    let documentID: UInt32
    /// One (persist id, stream offset) per id, sorted by id: a deck has a
    /// few dozen, found by bisection more cheaply than hashed.
    private var offsets: [(id: Int, offset: Int)]
    /// Every offset an entry of any edit names, older versions included.
    private var named: Set<Int>

    /// The id a recovered document is filed under: persist ids start at 1.
    private static let recoveredDocumentID: UInt32 = 0

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
        return PPTPersistDirectory(documentID: documentID, offsets: newestByID(found), named: Set(found.map(\.offset)))
    }

    /// A directory for a stream whose edits or directory cannot be read:
    /// the last document container among the top-level records, and
    /// nothing else until `adopt` files the pages. Nil without a document.
    static func recovered(_ records: [PPTRecord]) -> PPTPersistDirectory? {
        guard let document = records.last(where: { $0.type == PPTRecordType.document && $0.isContainer }) else { return nil }
        return PPTPersistDirectory(
            documentID: recoveredDocumentID, offsets: [(id: Int(recoveredDocumentID), offset: document.offset)],
            named: [document.offset])
    }

    /// Files `ids` (none mapped yet) under the top-level containers of
    /// `type` that no entry names, both in order: objects are written in
    /// the order of their ids. Returns how many were filed.
    @discardableResult
    mutating func adopt(_ ids: [UInt32], type: UInt16, among records: [PPTRecord]) -> Int {
        var pending = ids.filter { offset(of: $0) == nil }.sorted()[...]
        var adopted = 0
        for record in records where record.type == type && record.isContainer && !named.contains(record.offset) {
            guard let id = pending.popFirst() else { break }
            offsets.append((id: Int(id), offset: record.offset))
            named.insert(record.offset)
            adopted += 1
        }
        if adopted > 0 { offsets.sort { $0.id < $1.id } }
        return adopted
    }

    /// The stream's top-level records in order: documents, masters,
    /// slides, notes, directories and edits.
    static func topLevelRecords(_ reader: PPTRecordReader) throws(ConversionError) -> [PPTRecord] {
        var records: [PPTRecord] = []
        var offset = 0
        while let record = reader.record(at: offset) {
            try reader.countVisit()
            records.append(record)
            offset = record.bodyEnd
        }
        return records
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
