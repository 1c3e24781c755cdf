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
        // SQLite likewise, on the first database a store opens: only the
        // store commands need it.
        .target(name: "CSQLite", dependencies: ["CDynamicLibrary"]),
        .systemLibrary(name: "CMalloc"),
        // How the process was started (getauxval), for the CLI's restart.
        .systemLibrary(name: "CAuxiliaryVector"),
        // The process's CPU affinity, which the Glibc module leaves out.
        .target(name: "CAffinity"),

        .target(
            name: "AnyDocSwift",
            dependencies: ["CLibXML2", "CLibZip", "CAffinity"]
        ),
        // PDF and images (Poppler, Tesseract): installed into the core's
        // format registry when linked, by CAnyDocPDFStartup's constructor.
        .target(name: "CAnyDocPDFStartup"),
        .target(
            name: "AnyDocPDF",
            dependencies: ["AnyDocSwift", "CPoppler", "CTesseract", "CAnyDocPDFStartup", "CMalloc"]
        ),
        .target(
            name: "AnyDocProjects",
            dependencies: ["AnyDocSwift", "AnyDocPDF", "CSQLite"]
        ),
        // The Swift runtime linked statically into the command-line tool
        // only: resolving its symbols through libswiftCore.so and
        // Foundation's shared libraries costs a few milliseconds on every
        // start. A package depending on the library products never builds
        // this target, so the flag never reaches it.
        .executableTarget(
            name: "anydoc",
            dependencies: ["AnyDocSwift", "AnyDocPDF", "AnyDocProjects", "CMalloc", "CAuxiliaryVector"],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux])),
                // FoundationEssentials' own parts, which its shared library
                // brings along but its static archive leaves to the link.
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
            ]
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
