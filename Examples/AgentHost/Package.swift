// swift-tools-version:6.0
import PackageDescription

/// A host application built on the AnyDocSwift library alone: the code an
/// agent runtime would start from.
let package = Package(
    name: "AgentHost",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "AnyDocSwift", path: "../..")],
    targets: [
        .executableTarget(
            name: "AgentHost",
            dependencies: [
                "HostWidgets",
                .product(name: "AnyDocSwift", package: "AnyDocSwift"),
                .product(name: "AnyDocProjects", package: "AnyDocSwift"),
            ]
        ),
        // The host's own List, Table, Link and Image, named as SwiftUI names them.
        .target(name: "HostWidgets"),
    ],
    swiftLanguageModes: [.v6]
)
