/// A container that format detection already opened and parsed, handed
/// on to the converter so that the same bytes are not parsed twice.
enum OpenedContainer {
    case zip(ZipArchive)
    case compound(CompoundFile)
}

extension ConversionInput {
    /// The input as a ZIP archive under the conversion's limits: the one
    /// detection opened when there is one, else a fresh one. `recovering`
    /// allows an archive whose central directory was rebuilt from its
    /// local headers (see `ZipArchive.recovering`).
    func zipArchive(recovering: Bool = false) throws(ConversionError) -> ZipArchive {
        if case .zip(let archive)? = container, recovering || !archive.isRebuilt, archive.adopt(limits) {
            return archive
        }
        if let file {
            return recovering ? try ZipArchive.recovering(file: file, limits: limits) : try ZipArchive(file: file, limits: limits)
        }
        return recovering ? try ZipArchive.recovering(bytes, limits: limits) : try ZipArchive(bytes, limits: limits)
    }

    /// The input as a compound file under the conversion's limits.
    func compoundFile() throws(ConversionError) -> CompoundFile {
        if case .compound(let file)? = container, file.limits == limits { return file }
        return try CompoundFile(wholeBytes(), limits: limits)
    }
}
