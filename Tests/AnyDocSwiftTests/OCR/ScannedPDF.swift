import CPoppler
@testable import AnyDocSwift

/// A PDF opened with Poppler just to render its pages for OCR tests.
final class ScannedPDF {
    private let document: OpaquePointer
    private let data: OpaquePointer

    init?(bytes: [UInt8]) {
        guard let data = bytes.withUnsafeBytes({ g_bytes_new($0.baseAddress, gsize($0.count)) }) else { return nil }
        guard let document = poppler_document_new_from_bytes(data, nil, nil) else {
            g_bytes_unref(data)
            return nil
        }
        self.data = data
        self.document = document
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(document))
        g_bytes_unref(data)
    }

    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    func render(page index: Int, dpi: Int) throws(ConversionError) -> GrayImage {
        guard let page = poppler_document_get_page(document, Int32(index)) else {
            throw .malformed("no page \(index + 1)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return try PageRasterizer.render(page: page, dpi: dpi)
    }
}
