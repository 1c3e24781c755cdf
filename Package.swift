// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AnyDocSwift",
    products: [
        .library(name: "AnyDocSwift", targets: ["AnyDocSwift"]),
        .library(name: "AnyDocPDF", targets: ["AnyDocPDF"]),
        .library(name: "AnyDocProjects", targets: ["AnyDocProjects"]),
        .executable(name: "anydoc", targets: ["anydoc"]),
    ],
    targets: [
        // System C libraries, each behind one thin module map.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // Poppler (with cairo and GLib) and Tesseract (with Leptonica) are
        // loaded on first use rather than linked, so that a process which
        // never reads a PDF or an image never maps them or runs their
        // start-up code; building needs none of their headers.
        .target(name: "CDynamicLibrary"),
        .target(name: "CPoppler", dependencies: ["CDynamicLibrary"]),
        .target(name: "CTesseract", dependencies: ["CDynamicLibrary"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMalloc"),

        .target(
            name: "AnyDocSwift",
            dependencies: ["CLibXML2", "CLibZip"]
        ),
        // PDF and images (Poppler, Tesseract): installed into the core's
        // format registry when linked, by CAnyDocPDFStartup's constructor.
        .target(name: "CAnyDocPDFStartup"),
        .target(
            name: "AnyDocPDF",
            dependencies: ["AnyDocSwift", "CPoppler", "CTesseract", "CAnyDocPDFStartup"]
        ),
        .target(
            name: "AnyDocProjects",
            dependencies: ["AnyDocSwift", "AnyDocPDF", "CSQLite"]
        ),
        .executableTarget(
            name: "anydoc",
            dependencies: ["AnyDocSwift", "AnyDocPDF", "AnyDocProjects", "CMalloc"]
        ),

        .testTarget(
            name: "AnyDocSwiftTests",
            dependencies: ["AnyDocSwift", "AnyDocPDF"]
        ),
        .testTarget(
            name: "AnyDocProjectsTests",
            dependencies: ["AnyDocProjects"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
