/// Tells DRM from font obfuscation in `META-INF/encryption.xml`.
///
/// Publishers obfuscate embedded fonts (IDPF and Adobe algorithms) in books
/// anyone may read; only encrypted content documents make a book
/// unreadable without a key.
enum EPUBEncryption {
    private static let fontObfuscation: Set<String> = [
        "http://www.idpf.org/2008/embedding",
        "http://ns.adobe.com/pdf/enc#RC",
    ]

    /// The archive paths of encrypted parts that are not obfuscated fonts.
    static func encryptedParts(in archive: ZipArchive, limits: Limits) throws(ConversionError) -> Set<String> {
        guard archive.contains("META-INF/encryption.xml") else { return [] }
        let reader = try XMLReader(bytes: try archive.read("META-INF/encryption.xml"), limits: limits)
        var result: Set<String> = []
        var algorithm = ""
        while try reader.read() {
            guard reader.kind == .startElement else { continue }
            switch reader.localName {
            case "EncryptedData":
                algorithm = ""
            case "EncryptionMethod":
                algorithm = reader.attribute("Algorithm") ?? ""
            case "CipherReference":
                if let uri = reader.attribute("URI"), !fontObfuscation.contains(algorithm) {
                    result.insert(OPCPackage.resolve(uri, from: ""))
                }
            default:
                break
            }
        }
        return result
    }
}
