import Testing
@testable import AnyDocSwift

/// `PathName` answers as `NSString`'s path methods do on the paths the
/// command line meets (it used them before it stopped loading Foundation,
/// whose Linux build also traps on some of them, such as `a/`).
@Suite struct PathNameTests {
    @Test(arguments: [
        ("", "", ""), ("/", "/", "/"), ("a", "a", ""), ("a/", "a", ""), ("/a", "a", "/"), ("/a/", "a", "/"),
        ("a/b", "b", "a"), ("a/b/", "b", "a"), ("a/b.txt", "b.txt", "a"), ("/abs/path/file.md", "file.md", "/abs/path"),
        ("./x.docx", "x.docx", "."), ("../up/x.pdf", "x.pdf", "../up"), ("文件/报告.docx", "报告.docx", "文件"),
    ])
    func lastComponentAndFolder(_ path: String, _ last: String, _ folder: String) {
        #expect(PathName.last(path) == last, "last of \(path)")
        #expect(PathName.folder(path) == folder, "folder of \(path)")
    }

    @Test(arguments: [
        ("a/b.txt", "txt", "a/b"), ("a/b.tar.gz", "gz", "a/b.tar"), ("a.d/b", "", "a.d/b"), ("a/.profile", "", "a/.profile"),
        ("x", "", "x"), ("dir.v2/", "v2", "dir"), ("报告.DOCX", "DOCX", "报告"),
    ])
    func extensionAndRemovingIt(_ path: String, _ ext: String, _ without: String) {
        #expect(PathName.extension(path) == ext, "extension of \(path)")
        #expect(PathName.removingExtension(path) == without, "removingExtension of \(path)")
    }
}
