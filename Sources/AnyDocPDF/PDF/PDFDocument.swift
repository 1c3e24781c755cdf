internal import AnyDocSwift
internal import CPoppler
import Glibc

/// A PDF opened with poppler-glib.
///
/// The class owns the `PopplerDocument` and the `GBytes` it reads from and
/// releases both when it goes away; pages keep their document alive.
/// Everything it returns is a Swift value.
///
/// Not thread-safe: Poppler must never work on one document from two
/// threads, so a conversion keeps its document to itself.
final class PDFDocument {
    private let handle: OpaquePointer
    private let bytes: OpaquePointer

    /// Opens `data`. A password-protected file fails with `password
    /// required`, or `wrong password` when `password` does not open it;
    /// anything Poppler cannot read fails with `malformed`.
    init(data: [UInt8], password: String? = nil) throws(ConversionError) {
        try PDFDocument.loadPoppler()
        guard let copy = data.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) }) else {
            throw .malformed("the PDF could not be loaded")
        }
        var failure: UnsafeMutablePointer<GError>?
        let document: OpaquePointer?
        if let password, !password.isEmpty {
            // Poppler 22's new_from_bytes and new_from_data crash when they
            // retry a wrong password (they copy their stream badly); a GIO
            // memory input stream copies cleanly.
            guard let stream = g_memory_input_stream_new_from_bytes(copy) else {
                g_bytes_unref(copy)
                throw .encrypted("the PDF cannot be opened with a password here")
            }
            document = poppler_document_new_from_stream(stream, goffset(data.count), password, nil, &failure)
            g_object_unref(UnsafeMutableRawPointer(stream))
        } else {
            document = poppler_document_new_from_bytes(copy, nil, &failure)
        }
        guard let document else {
            g_bytes_unref(copy)
            let (code, message) = PDFDocument.describe(failure)
            if let failure { g_error_free(failure) }
            if code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                if password?.isEmpty ?? true { throw .passwordRequired("the PDF needs a password") }
                throw .wrongPassword("the password does not open the PDF")
            }
            throw .malformed("Poppler cannot read the PDF" + (message.isEmpty ? "" : ": \(message)"))
        }
        if let failure { g_error_free(failure) }
        handle = document
        bytes = copy
    }

    /// Loads poppler-glib on the first PDF (see CPoppler.h); fails with
    /// `unsupported` when it is not installed.
    private static func loadPoppler() throws(ConversionError) {
        if let failure = popplerFailure { throw .unsupported("PDF support needs Poppler, which cannot be loaded: \(failure)") }
    }

    /// Nil once poppler-glib is loaded, else why not.
    private static let popplerFailure: String? = {
        var message = [CChar](repeating: 0, count: 256)
        guard anydoc_poppler_load(&message, message.count) == 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
        g_bytes_unref(bytes)
    }

    private static func describe(_ error: UnsafeMutablePointer<GError>?) -> (code: Int32?, message: String) {
        guard let error else { return (nil, "") }
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        guard error.pointee.domain == poppler_error_quark() else { return (nil, message) }
        return (error.pointee.code, message)
    }

    var pageCount: Int { max(0, Int(poppler_document_get_n_pages(handle))) }

    /// The page at a 0-based index, or nil when Poppler cannot load it.
    func page(at index: Int) -> PDFPage? {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(handle, Int32(index)) else {
            return nil
        }
        return PDFPage(handle: page, document: self, number: index + 1)
    }

    var info: PDFDocumentInfo {
        PDFDocumentInfo(
            title: takeText(poppler_document_get_title(handle)),
            author: takeText(poppler_document_get_author(handle)),
            subject: takeText(poppler_document_get_subject(handle)),
            keywords: takeText(poppler_document_get_keywords(handle)),
            creator: takeText(poppler_document_get_creator(handle)),
            producer: takeText(poppler_document_get_producer(handle)),
            created: takeISODate(poppler_document_get_creation_date_time(handle)),
            modified: takeISODate(poppler_document_get_modification_date_time(handle)))
    }

    /// The outline (bookmarks) in document order, at most `maxEntries`
    /// entries and `maxDepth` levels deep: a hostile outline can be huge.
    func outline(maxEntries: Int = 10_000, maxDepth: Int = 32) -> [PDFOutlineEntry] {
        guard let root = poppler_index_iter_new(handle) else { return [] }
        defer { poppler_index_iter_free(root) }
        var entries: [PDFOutlineEntry] = []
        walkOutline(root, depth: 0, into: &entries, maxEntries: maxEntries, maxDepth: maxDepth)
        return entries
    }

    private func walkOutline(
        _ iterator: OpaquePointer, depth: Int, into entries: inout [PDFOutlineEntry], maxEntries: Int, maxDepth: Int
    ) {
        repeat {
            guard entries.count < maxEntries else { return }
            if let action = poppler_index_iter_get_action(iterator) {
                let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
                let page = action.pointee.type == POPPLER_ACTION_GOTO_DEST ? destinationPage(action.pointee.goto_dest.dest) : nil
                poppler_action_free(action)
                entries.append(PDFOutlineEntry(title: title, page: page, depth: depth))
            }
            if depth + 1 < maxDepth, let child = poppler_index_iter_get_child(iterator) {
                walkOutline(child, depth: depth + 1, into: &entries, maxEntries: maxEntries, maxDepth: maxDepth)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iterator) != 0
    }

    /// The 1-based page a destination shows, resolving named destinations.
    func destinationPage(_ destination: UnsafeMutablePointer<PopplerDest>?) -> Int? {
        guard let destination else { return nil }
        if destination.pointee.type == POPPLER_DEST_NAMED {
            guard let name = destination.pointee.named_dest,
                  let resolved = poppler_document_find_dest(handle, name) else { return nil }
            defer { poppler_dest_free(resolved) }
            let number = Int(resolved.pointee.page_num)
            return number >= 1 && number <= pageCount ? number : nil
        }
        let number = Int(destination.pointee.page_num)
        return number >= 1 && number <= pageCount ? number : nil
    }
}

/// Takes ownership of a `gchar*`: copies it to a String and frees it.
/// Empty and all-blank strings come back as nil.
func takeString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    let value = String(cString: pointer)
    return value.contains(where: { !$0.isWhitespace }) ? value : nil
}

/// An information string: owned like `takeString`, and repaired when a
/// producer stored UTF-8 bytes as PDFDocEncoding (`DelacrÃ©taz`).
private func takeText(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let text = takeString(pointer) else { return nil }
    let scalars = text.unicodeScalars
    guard scalars.allSatisfy({ $0.value <= 0xFF }), scalars.contains(where: { $0.value >= 0xC2 && $0.value <= 0xF4 }) else {
        return text
    }
    let bytes = scalars.map { UInt8($0.value) }
    guard let repaired = String(validating: bytes, as: UTF8.self) else { return text }
    return repaired
}

/// Takes ownership of a `GDateTime*` and formats it as ISO 8601
/// (`2024-08-22T12:54:27Z`, `2017-12-11T09:35:19-06:00`).
private func takeISODate(_ date: OpaquePointer?) -> String? {
    guard let date else { return nil }
    defer { g_date_time_unref(date) }
    guard let text = takeString(g_date_time_format(date, "%Y-%m-%dT%H:%M:%S%:z")) else { return nil }
    return text.hasSuffix("+00:00") ? String(text.dropLast(6)) + "Z" : text
}

/// Calls `body` with each element of a GList.
func forEachElement(of list: UnsafeMutablePointer<GList>?, _ body: (UnsafeMutableRawPointer) -> Void) {
    var node = list
    while let current = node {
        if let data = current.pointee.data { body(data) }
        node = current.pointee.next
    }
}
