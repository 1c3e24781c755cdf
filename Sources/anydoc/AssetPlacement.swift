import AnyDocSwift
import FoundationEssentials
import Glibc

/// Where a batch puts each document's images: a folder of its own below
/// the assets folder, named after its Markdown file (`sub/a.md` →
/// `ASSETS/sub/a/`), and linked relative to that Markdown file. Both
/// roots are resolved to real paths so the links hold whatever links
/// lead to the roots.
struct AssetPlacement: Sendable {
    let assetsRoot: String
    let realOutput: String
    let realAssets: String

    init?(outputFolder: String, assetsFolder: String?) throws(ConversionError) {
        guard let assetsFolder else { return nil }
        _ = try ContainedFolder(root: assetsFolder, relative: "")
        _ = try ContainedFolder(root: outputFolder, relative: "")
        assetsRoot = assetsFolder
        realOutput = realPath(outputFolder) ?? outputFolder
        realAssets = realPath(assetsFolder) ?? assetsFolder
    }

    /// Refuses an assets folder that would hold Markdown outputs (it is
    /// the output folder, or one of its folders an input folder mirrors):
    /// a document's images, named by the document, could replace them.
    func refuseHolding(_ outputs: [String], assetsFolder: String) throws {
        if let output = outputs.first(where: { isInside(realOutput + "/" + $0, root: realAssets) }) {
            throw UsageError("the assets folder \(assetsFolder) would also hold the output \(output); choose one apart from the Markdown files")
        }
    }

    func assets(for output: String) -> ConversionJob.Assets {
        let relative = String(output.dropLast(3))
        let markdownFolder = realOutput + "/" + PathName.folder(output)
        let link = RelativeLink.path(from: markdownFolder, to: realAssets + "/" + relative)
        return ConversionJob.Assets(root: assetsRoot, relative: relative, linkPrefix: link)
    }
}
