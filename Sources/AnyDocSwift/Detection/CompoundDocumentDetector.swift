/// Names the format of an OLE2 compound file from its root streams and
/// tells whether the content is encrypted.
///
/// - `EncryptedPackage` + `EncryptionInfo`: an encrypted OOXML package.
///   What is inside cannot be seen without the password, so the file
///   name decides: an OOXML extension as given, `.doc`/`.xls`/`.ppt`
///   their OOXML counterparts, anything else `docx` (the conversion
///   stops at `encrypted` either way).
/// - `WordDocument`: DOC, encrypted when the FIB's `fEncrypted` bit is set.
/// - `Workbook` or `Book`: XLS, encrypted when a FILEPASS record comes
///   before the first BOUNDSHEET or EOF of the workbook globals.
/// - `PowerPoint Document`: PPT, encrypted when an `EncryptedSummary`
///   stream exists or the CurrentUser atom carries the encrypted token.
enum CompoundDocumentDetector {
    static func detect(_ file: CompoundFile, hint: DocumentFormat?) -> DetectedFormat? {
        if file.entry(named: "EncryptedPackage") != nil, file.entry(named: "EncryptionInfo") != nil {
            return DetectedFormat(format: encryptedPackageFormat(hint: hint), isEncrypted: true)
        }
        if let word = stream("WordDocument", in: file) {
            return DetectedFormat(format: .doc, isEncrypted: wordIsEncrypted(word, in: file))
        }
        if let workbook = stream("Workbook", in: file) ?? stream("Book", in: file) {
            let prefix = (try? file.read(workbook, maxBytes: 1 << 20)) ?? []
            return DetectedFormat(format: .xls, isEncrypted: BIFFScan.hasFilePass(prefix))
        }
        if stream("PowerPoint Document", in: file) != nil {
            return DetectedFormat(format: .ppt, isEncrypted: presentationIsEncrypted(file))
        }
        return nil
    }

    static func encryptedPackageFormat(hint: DocumentFormat?) -> DocumentFormat {
        guard let hint else { return .docx }
        let entry = FormatRegistry.entry(for: hint)
        if entry.evidence == .officePackage { return hint }
        // A legacy name: the OOXML format of its family (.xls → xlsx).
        guard entry.evidence == .compoundFile else { return .docx }
        return FormatRegistry.entries.first { $0.evidence == .officePackage && $0.family == entry.family }?.format ?? .docx
    }

    private static func stream(_ name: String, in file: CompoundFile) -> CompoundFile.Entry? {
        guard let entry = file.entry(named: name), entry.kind == .stream else { return nil }
        return entry
    }

    /// FIB bytes 0x0A-0x0B hold the flags; 0x0100 is `fEncrypted` in Word
    /// 6/95 and 97+ alike.
    private static func wordIsEncrypted(_ word: CompoundFile.Entry, in file: CompoundFile) -> Bool {
        guard let fib = try? file.read(word, maxBytes: 12), let flags = LittleEndian.uint16(fib, at: 0x0A) else {
            return false
        }
        return flags & 0x0100 != 0
    }

    /// The CurrentUserAtom's headerToken (after its 8-byte record header
    /// and 4-byte size) is 0xF3D1C4DF in an encrypted presentation.
    private static func presentationIsEncrypted(_ file: CompoundFile) -> Bool {
        if file.entry(named: "EncryptedSummary") != nil { return true }
        guard let currentUser = stream("Current User", in: file),
            let atom = try? file.read(currentUser, maxBytes: 16),
            let token = LittleEndian.uint32(atom, at: 12)
        else { return false }
        return token == 0xF3D1_C4DF
    }
}

/// Cheap walks over BIFF records (type, length, data) without parsing them.
enum BIFFScan {
    private static let filePass: UInt16 = 0x002F
    private static let boundSheet: UInt16 = 0x0085
    private static let endOfFile: UInt16 = 0x000A

    /// True when a FILEPASS record appears in the workbook globals, that
    /// is before the first BOUNDSHEET or EOF record.
    static func hasFilePass(_ stream: [UInt8]) -> Bool {
        var offset = 0
        var records = 0
        while records < 10_000, let type = LittleEndian.uint16(stream, at: offset),
            let length = LittleEndian.uint16(stream, at: offset + 2)
        {
            if type == filePass { return true }
            if type == boundSheet || type == endOfFile { return false }
            offset += 4 + Int(length)
            records += 1
        }
        return false
    }

    /// A stand-alone BIFF2-4 file (no compound container, as Excel 2-4
    /// wrote): a BOF record of a known version, length and sheet type.
    static func isBareWorkbook(_ bytes: [UInt8]) -> Bool {
        guard let type = LittleEndian.uint16(bytes, at: 0), let length = LittleEndian.uint16(bytes, at: 2),
            let kind = LittleEndian.uint16(bytes, at: 6)
        else { return false }
        switch type {
        case 0x0009, 0x0209, 0x0409, 0x0809: break
        default: return false
        }
        guard (4...20).contains(length) else { return false }
        // Workbook globals, worksheet, chart, macro sheet, workspace.
        return [0x0005, 0x0010, 0x0020, 0x0040, 0x0100].contains(kind)
    }
}
