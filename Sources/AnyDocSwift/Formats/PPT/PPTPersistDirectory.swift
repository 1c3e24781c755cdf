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
    /// Keyed by Int, as the other maps of a presentation are: each key
    /// type's first use costs a search of the program's conformances.
    private let offsets: [Int: Int]

    func offset(of persistID: UInt32) -> Int? { offsets[Int(persistID)] }

    static func read(_ reader: PPTRecordReader, newestEdit: Int?) throws(ConversionError) -> PPTPersistDirectory {
        var newest = newestEdit.flatMap { reader.record(at: $0)?.type == PPTRecordType.userEditAtom ? $0 : nil }
        if newest == nil { newest = try lastEditByScanning(reader) }
        guard let start = newest else { throw .malformed("PowerPoint Document stream: no user edit record") }
        var offsets: [Int: Int] = [:]
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
                try readEntries(atom, reader: reader, into: &offsets)
            }
            guard previous != 0 else { break }
            editOffset = Int(previous)
        }
        guard let documentID else { throw .malformed("PowerPoint Document stream: the newest user edit is damaged") }
        return PPTPersistDirectory(documentID: documentID, offsets: offsets)
    }

    /// Each entry: a persist id (20 bits) and a count (12 bits), then that
    /// many 32-bit stream offsets for consecutive ids.
    private static func readEntries(_ atom: PPTRecord, reader: PPTRecordReader, into offsets: inout [Int: Int]) throws(ConversionError) {
        var position = 0
        while let header = reader.uint32(atom, at: position) {
            let firstID = header & 0x000F_FFFF
            let count = Int(header >> 20)
            position += 4
            for index in 0..<count {
                guard let offset = reader.uint32(atom, at: position) else { return }
                try reader.countVisit()
                let id = Int(firstID) + index
                if offsets[id] == nil { offsets[id] = Int(offset) }
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
