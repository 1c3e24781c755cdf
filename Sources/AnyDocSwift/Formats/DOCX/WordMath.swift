/// Office Math inside Word text, as LaTeX.
enum WordMath {
    static func latex(_ element: XMLElement) -> String {
        element.textContent
    }
}
