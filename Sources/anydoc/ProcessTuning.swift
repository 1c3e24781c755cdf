internal import CMalloc
import Glibc

/// Process-wide settings that make converting many documents in one process
/// cheap. Applied once, before the first conversion; the library leaves
/// such choices to the program that owns the process.
enum ProcessTuning {
    static func apply() {
        keepTimeZoneLoaded()
        keepFreedMemoryForReuse()
    }

    /// libzip turns every entry's DOS time into a time_t with mktime(), and
    /// with TZ unset glibc stats /etc/localtime on each call: twenty system
    /// calls per small OOXML file. Naming the same zone explicitly lets
    /// glibc keep it loaded.
    private static func keepTimeZoneLoaded() {
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
    }

    /// glibc maps large allocations (a file's bytes, an inflated part, a
    /// compound-file stream, a page image for OCR) afresh and unmaps them
    /// on free, and trims the heap as soon as a few hundred kilobytes lie
    /// free at its top. Each document then starts on new pages that the
    /// kernel must fault in and zero: for a 500 KB PowerPoint file, 200
    /// faults and two thirds of its conversion time. OCR is hit harder:
    /// Leptonica reads each new image row before writing it, so every
    /// fresh page is first mapped to the shared zero page and then copied,
    /// and the copy flushes the TLB of every core running the process,
    /// interrupting the other OCR workers. A 300 dpi A4 page image is 8.7 MB.
    /// Serving allocations up to 32 MB (glibc's ceiling) from the heap and
    /// keeping up to 32 MB of it free lets the next document or page reuse
    /// pages already mapped. Larger blocks are still mapped on their own,
    /// so a huge workbook's buffers go back to the system; what stays is at
    /// most what one document needed anyway.
    private static func keepFreedMemoryForReuse() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
    }
}
