import AnyDocProjects
import Testing

/// Project names are one project whatever their case, width or spacing:
/// the key is NFKC case-folded with whitespace collapsed.
@Suite struct ProjectNameTests {
    @Test(arguments: [
        ("Q3 Reports", "q3  reports"),
        ("Q3 Reports", "Ｑ３ Ｒｅｐｏｒｔｓ"),  // full-width forms
        ("Straße", "STRASSE"),  // full case folding
        ("ﬁnance", "Finance"),  // a compatibility ligature
        ("Café", "CAFE\u{301}"),  // composed and decomposed accents
        ("项目 资料", "项目　资料"),  // an ideographic space
    ])
    func namesThatAreTheSameProjectShareAKey(_ first: String, _ second: String) throws {
        #expect(try ProjectName.key(first) == ProjectName.key(second))
    }

    @Test func differentNamesKeepDifferentKeys() throws {
        #expect(try ProjectName.key("Reports") != ProjectName.key("Report"))
        #expect(try ProjectName.key("资料") != ProjectName.key("资讯"))
        #expect(try ProjectName.key("Q3 Reports") == "q3 reports")
    }
}
