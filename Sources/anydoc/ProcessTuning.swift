import AnyDocSwift
internal import CAuxiliaryVector
internal import CMalloc
import Glibc

/// Process-wide settings that make converting many documents in one process
/// cheap. Applied once, before the first conversion; the library leaves
/// such choices to the program that owns the process.
enum ProcessTuning {
    /// Applies the settings; `arguments` (without the program name) tell
    /// whether the command has enough work to restart itself for them.
    static func apply(arguments: ArraySlice<String>) {
        enlargeAllocationCache(arguments: arguments)
        keepTimeZoneLoaded()
        keepFreedMemoryForReuse()
    }

    /// What the restarted process finds in `GLIBC_TUNABLES`.
    static let allocationCacheTunable = "glibc.malloc.tcache_count=1024"

    /// glibc's per-thread cache keeps 7 freed chunks of each small size;
    /// the rest go back through the arena's bins, where they are sorted and
    /// coalesced. Poppler frees a page's worth of small objects (words,
    /// their five character arrays, selections) at once and allocates as
    /// many for the next page, so with 7 about a fifth of a long PDF's CPU
    /// time is spent in malloc and free; with 1,024 a 1,000-page PDF takes
    /// a tenth less CPU (as much as under jemalloc) in the same resident
    /// memory. Only the dynamic loader reads the setting, from the environment,
    /// before `main`: so a command with enough work to pay for a second
    /// start (about 4 ms) executes itself again once, with the variable set.
    /// A `GLIBC_TUNABLES` the user set, even empty, is left as it is (and
    /// turns the restart off, as a profiler running the command needs).
    private static func enlargeAllocationCache(arguments: ArraySlice<String>) {
        guard getenv("GLIBC_TUNABLES") == nil, startedByKernelAsItself, worthRestarting(arguments) else { return }
        // The variable is also what stops the new process restarting again.
        guard setenv("GLIBC_TUNABLES", allocationCacheTunable, 1) == 0 else { return }
        withOwnExecutable { path in _ = execv(path, CommandLine.unsafeArgv) }
        // Still here: the command runs with the default cache.
        unsetenv("GLIBC_TUNABLES")
    }

    /// True when the kernel started this program's own file through its
    /// dynamic loader, the one case where /proc/self/exe names the program
    /// and the environment alone decides what a restart gets. Run as
    /// `ld.so anydoc …` the loader is the program the kernel started (no
    /// interpreter base), and a restart would lose it; a setuid or setgid
    /// start (secure mode) may have the loader strip the variable that ends
    /// the restarts.
    private static var startedByKernelAsItself: Bool {
        getauxval(UInt(AT_BASE)) != 0 && getauxval(UInt(AT_SECURE)) == 0
    }

    /// Calls `body` with the running program's file, its bytes as the
    /// kernel gives them. Read through the link rather than executing
    /// /proc/self/exe itself: under valgrind or an emulator the link names
    /// the host tool, which the kernel would start instead.
    private static func withOwnExecutable(_ body: (UnsafePointer<CChar>) -> Void) {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &path, path.count - 1)
        guard count > 0, count < path.count - 1 else { return }
        path[count] = 0
        body(path)
    }

    /// True for the server, and for a conversion or ingest of a folder, a
    /// list of files, or files of 1 MiB or more together: the gain grows
    /// with the work, the cost of starting again does not. Files named as
    /// plain text or CSV do not count: Swift code alone reads them, with
    /// few allocations, so for them the start is all cost (a 23 MB CSV
    /// converts in about 60 ms). The name is only a hint here; a file
    /// misnamed either way still converts the same.
    static func worthRestarting(_ arguments: ArraySlice<String>) -> Bool {
        let parser: ArgumentParser
        switch arguments.first {
        case "mcp": return !arguments.contains("--help") && !arguments.contains("-h")
        case "convert": parser = ConvertCommand.parser
        case "ingest": parser = IngestCommand.parser
        default: return false
        }
        guard let parsed = try? parser.parse(arguments.dropFirst()), !parsed.has("help") else { return false }
        if parsed.value("files-from") != nil { return true }
        let enough = 1 << 20
        var bytes = 0
        for path in parsed.positionals where path != "-" {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR { return true }
            guard status.st_mode & S_IFMT == S_IFREG, !isNamedAsText(path) else { continue }
            // Compared before adding: sizes near Int.max must not overflow.
            if Int(status.st_size) >= enough - bytes { return true }
            bytes += Int(status.st_size)
        }
        return false
    }

    /// Whether the registry reads the file's extension as a table or text
    /// format (CSV, TSV, plain text, Markdown, captions).
    private static func isNamedAsText(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"),
              let format = DocumentFormat(fileExtension: String(path[path.index(after: dot)...]))
        else { return false }
        return format.family == .table || format.family == .text
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
