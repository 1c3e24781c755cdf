import Testing
@testable import AnyDocSwift

/// The fast readings of number cells give exactly what the general paths
/// give, and leave everything else to them.
@Suite struct XLSXNumberTextTests {
    /// Decimal texts of every shape the fast path takes, and near misses.
    static func samples() -> [String] {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "007", "1.", ".5", "1.50", "-12.000", "123456789012345", "1234567890123456",
                     "999999999999999", "0.000000000000000000001", "0.1234567890123456", "1e5", "+1", "--1", "-", "",
                     " 5", "5 ", "1.2.3", "9007199254740993", "0.30000000000000004", "-0.0", "00", "10"]
        for _ in 0..<20_000 {
            let integer = UInt64.random(in: 0...999_999_999, using: &generator) >> UInt64.random(in: 0...30, using: &generator)
            let fraction = UInt64.random(in: 0...9_999_999, using: &generator) >> UInt64.random(in: 0...23, using: &generator)
            let sign = Bool.random(using: &generator) ? "-" : ""
            let zeros = String(repeating: "0", count: Int.random(in: 0...12, using: &generator))
            texts.append(sign + String(integer))
            texts.append(sign + String(integer) + "." + zeros + String(fraction))
        }
        return texts
    }

    @Test func doublesAreTheTextParsersDoubles() {
        for text in Self.samples() {
            guard let fast = XLSXNumberText.double(text) else { continue }
            let parsed = Double(text)
            #expect(parsed?.bitPattern == fast.bitPattern, "\(text)")
        }
        #expect(XLSXNumberText.double("1234.5") == 1234.5)
        #expect(XLSXNumberText.double("1e5") == nil)
    }

    @Test func plainIntegersShowAsGeneralShowsThem() {
        for text in Self.samples() where XLSXNumberText.isPlainInteger(text) {
            #expect(Double(text).map(ExcelGeneralFormat.format) == text, "\(text)")
        }
        #expect(XLSXNumberText.isPlainInteger("42"))
        #expect(!XLSXNumberText.isPlainInteger("-0"))
        #expect(!XLSXNumberText.isPlainInteger("007"))
        #expect(!XLSXNumberText.isPlainInteger("1234567890123456"))
    }
}
