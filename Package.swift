// swift-tools-version:6.0
import PackageDescription

/// Release builds skip Swift's run-time exclusivity checks: the parsers
/// keep their state in classes, and checking every access to it cost a
/// twentieth of the conversion time. The compile-time checks still
/// apply, and bounds and overflow checks stay on.
///
/// They also reach the metadata of generic types (a `Set<UInt16>`, a
/// dictionary keyed by an enum) through generated accessors rather than
/// by demangling its name at run time: the demangler checks each generic
/// requirement by scanning every protocol conformance in the process,
/// which cost the first document of a run about a million instructions.
let releaseSpeed: [SwiftSetting] = [
    .unsafeFlags(
        ["-enforce-exclusivity=unchecked", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(configuration: .release))
]

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
            dependencies: ["CLibXML2", "CLibZip"],
            swiftSettings: releaseSpeed
        ),
        // PDF and images (Poppler, Tesseract): installed into the core's
        // format registry when linked, by CAnyDocPDFStartup's constructor.
        .target(name: "CAnyDocPDFStartup"),
        .target(
            name: "AnyDocPDF",
            dependencies: ["AnyDocSwift", "CPoppler", "CTesseract", "CAnyDocPDFStartup"],
            swiftSettings: releaseSpeed
        ),
        .target(
            name: "AnyDocProjects",
            dependencies: ["AnyDocSwift", "AnyDocPDF", "CSQLite"]
        ),
        .executableTarget(
            name: "anydoc",
            dependencies: ["AnyDocSwift", "AnyDocPDF", "AnyDocProjects", "CMalloc"],
            // Full RELRO: every symbol is bound at start-up and the tables
            // are then read-only, rather than bound lazily during the first
            // conversion (which also made it the slowest).
            linkerSettings: [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"])]
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
