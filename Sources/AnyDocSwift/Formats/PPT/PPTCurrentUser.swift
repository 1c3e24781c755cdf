/// The `Current User` stream: a CurrentUserAtom that says where the
/// newest edit of the PowerPoint Document stream starts and whether the
/// presentation is encrypted.
enum PPTCurrentUser {
    static let normalToken: UInt32 = 0xE391_C05F
    static let encryptedToken: UInt32 = 0xF3D1_C4DF

    /// The offset of the newest UserEditAtom, or nil when the stream is
    /// missing or damaged (the edits are then found by scanning).
    /// Throws `encrypted` for an encrypted presentation.
    static func currentEditOffset(in file: CompoundFile) throws(ConversionError) -> Int? {
        guard let entry = file.entry(named: "Current User"), entry.kind == .stream,
              let atom = try? file.read(entry, maxBytes: 24),
              LittleEndian.uint16(atom, at: 2) == PPTRecordType.currentUserAtom,
              let token = LittleEndian.uint32(atom, at: 12),
              let offset = LittleEndian.uint32(atom, at: 16) else { return nil }
        if token == encryptedToken { throw .encrypted("the presentation is encrypted") }
        return token == normalToken ? Int(offset) : nil
    }
}
