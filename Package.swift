// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AnyDocSwift",
    products: [
        .library(name: "AnyDocSwift", targets: ["AnyDocSwift"]),
        .library(name: "AnyDocProjects", targets: ["AnyDocProjects"]),
        .executable(name: "anydoc", targets: ["anydoc"]),
    ],
    targets: [
        // System C libraries, each behind one thin module map.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev", "libcairo2-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CMalloc"),

        .target(
            name: "AnyDocSwift",
            dependencies: ["CLibXML2", "CLibZip", "CPoppler", "CTesseract"]
        ),
        .target(
            name: "AnyDocProjects",
            dependencies: ["AnyDocSwift", "CSQLite"]
        ),
        .executableTarget(
            name: "anydoc",
            dependencies: ["AnyDocSwift", "AnyDocProjects", "CMalloc"]
        ),

        .testTarget(
            name: "AnyDocSwiftTests",
            dependencies: ["AnyDocSwift"]
        ),
        .testTarget(
            name: "AnyDocProjectsTests",
            dependencies: ["AnyDocProjects"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
