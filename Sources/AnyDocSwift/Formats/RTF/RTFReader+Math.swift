/// Control words inside an `\mmath` zone.
extension RTFReader {
    /// Elements and text past this many in one zone are dropped, as for
    /// an equation read from XML.
    static let maxMathNodes = 200_000

    /// True when the word was handled; false for the words that read as
    /// anywhere else: Unicode escapes, and fonts for the code page.
    func mathWord(_ name: String, _ parameter: Int?) -> Bool {
        switch name {
        case "u", "uc", "f", "upr", "ud":
            return false
        case "mmathPict":
            // A picture of the equation, for readers without math.
            state.destination = .skip
            return true
        default:
            break
        }
        // The first parameterless `\mname` of a group opens element `name`;
        // the rest (`\mscr0`, `\msty2`, formatting) change nothing here.
        guard name.count > 1, name.hasPrefix("m"), parameter == nil, state.onEnd == nil else { return true }
        math?.begin(String(name.dropFirst()))
        state.onEnd = .mathElement
        return true
    }

    /// The pieces without their display equations, and those equations:
    /// they stand after their paragraph, as Word's math paragraphs do.
    static func separatingDisplayMath(_ pieces: [RTFPiece]) -> (pieces: [RTFPiece], equations: [String]) {
        guard pieces.contains(where: { if case .displayMath = $0 { true } else { false } }) else { return (pieces, []) }
        var kept: [RTFPiece] = []
        var equations: [String] = []
        for piece in pieces {
            if case .displayMath(let latex) = piece { equations.append(latex) } else { kept.append(piece) }
        }
        return (kept, equations)
    }
}
