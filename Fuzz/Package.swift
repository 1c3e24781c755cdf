// swift-tools-version:6.0
import Foundation
import PackageDescription

// The fuzz driver lives in its own package so the main package never links
// libFuzzer. A path dependency is named after its folder, so the folder of
// the checkout above is read here rather than spelled out.
let mainPackageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "AnyDocFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "AnyDocFuzz",
            dependencies: [
                "CFuzzerDriver", .product(name: "AnyDocSwift", package: mainPackageFolder),
                // PDF's converter is installed only when this product is linked.
                .product(name: "AnyDocPDF", package: mainPackageFolder),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
