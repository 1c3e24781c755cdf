import Testing
@testable import AnyDocSwift

/// The text Excel shows for a value under a number format.
@Suite struct ExcelNumberFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let code: String
        let value: Double
        let expected: String
        var date1904 = false

        init(_ code: String, _ value: Double, _ expected: String, date1904: Bool = false) {
            self.code = code
            self.value = value
            self.expected = expected
            self.date1904 = date1904
        }

        var testDescription: String { "\(code) | \(value) → \(expected)" }
    }

    static func builtIn(_ id: Int) -> String { ExcelBuiltInFormats.code(for: id) ?? "?" }

    static let generalCases: [Case] = [
        Case("General", 0, "0"),
        Case("General", 1234.5, "1234.5"),
        Case("General", -5, "-5"),
        Case("General", 0.1 + 0.2, "0.3"),
        Case("General", 1.0 / 3, "0.333333333333333"),
        Case("General", -1.0 / 3, "-0.333333333333333"),
        Case("General", 2.0 / 3, "0.666666666666667"),
        Case("General", 100.0 / 3, "33.3333333333333"),
        Case("General", 1234567.891234, "1234567.891234"),
        Case("General", 12345678901, "12345678901"),
        Case("General", 123456789012, "123456789012"),
        Case("General", 123456789012345, "123456789012345"),
        Case("General", -123456789012345, "-123456789012345"),
        Case("General", 1234567890123456, "1234567890123456"),
        Case("General", 12345678901234567, "12345678901234568"),
        Case("General", 1e15, "1000000000000000"),
        Case("General", 1e17, "1E+17"),
        Case("General", 1.5e20, "1.5E+20"),
        Case("General", 1.2345678901234566e25, "1.2345678901234566E+25"),
        Case("General", 0.00001, "0.00001"),
        Case("General", 0.0000123456, "0.0000123456"),
        Case("General", 0.000123456789, "0.000123456789"),
        Case("General", 0.0000012345, "1.2345E-06"),
        Case("General", 1e-10, "1E-10"),
        Case("General", 1625593500, "1625593500"),
        Case("General", 78.459999999999994, "78.46"),
        Case("General", 12.618328720000001, "12.61832872"),
        Case("General", 9999999999.6, "9999999999.6"),
        Case("General", 0.1 + 0.7, "0.8"),
        Case("General\" units\"", 5, "5 units"),
        Case("General\" units\"", -5, "-5 units"),
        Case("", 42, "42"),
    ]

    static let builtInCases: [Case] = [
        Case(builtIn(1), 1234.5, "1235"),
        Case(builtIn(1), 2.5, "3"),
        Case(builtIn(1), -0.4, "-0"),
        Case(builtIn(2), 2.675, "2.68"),
        Case(builtIn(2), 1.005, "1.01"),
        Case(builtIn(2), -12.344, "-12.34"),
        Case(builtIn(2), 1051527.3933333333, "1051527.39"),
        Case(builtIn(3), 1234567.8, "1,234,568"),
        Case(builtIn(3), 0, "0"),
        Case(builtIn(3), 999, "999"),
        Case(builtIn(3), -999.5, "-1,000"),
        Case(builtIn(4), 1234.5, "1,234.50"),
        Case(builtIn(4), 0.5, "0.50"),
        Case(builtIn(5), 1234, "$1,234 "),
        Case(builtIn(5), -1234, "($1,234)"),
        Case(builtIn(8), -1234.5, "($1,234.50)"),
        Case(builtIn(9), 0.125, "13%"),
        Case(builtIn(9), 1, "100%"),
        Case(builtIn(10), 0.0123, "1.23%"),
        Case(builtIn(10), -0.5, "-50.00%"),
        Case(builtIn(11), 12345, "1.23E+04"),
        Case(builtIn(11), 0.000123, "1.23E-04"),
        Case(builtIn(11), 0, "0.00E+00"),
        Case(builtIn(11), 9.999, "1.00E+01"),
        Case(builtIn(11), 1e100, "1.00E+100"),
        Case(builtIn(12), 1.5, "1 1/2"),
        Case(builtIn(12), 0.3, " 2/7"),
        Case(builtIn(12), 2, "2    "),
        Case(builtIn(12), 0, "0    "),
        Case(builtIn(12), -1.25, "-1 1/4"),
        Case(builtIn(13), 3.14159, "3 14/99"),
        Case(builtIn(13), 0.5, "  1/2 "),
        Case(builtIn(14), 44197, "2021-01-01"),
        Case(builtIn(14), 44197.75, "2021-01-01"),
        Case(builtIn(15), 44197, "1-Jan-21"),
        Case(builtIn(16), 44197, "1-Jan"),
        Case(builtIn(17), 44197, "Jan-21"),
        Case(builtIn(18), 0.75, "6:00 PM"),
        Case(builtIn(18), 0, "12:00 AM"),
        Case(builtIn(19), 0.5, "12:00:00 PM"),
        Case(builtIn(20), 0.6076388889, "14:35"),
        Case(builtIn(21), 10.6320601851852, "15:10:10"),
        Case(builtIn(22), 44197.5, "2021-01-01 12:00"),
        Case(builtIn(37), 1234, "1,234 "),
        Case(builtIn(37), -1234, "(1,234)"),
        Case(builtIn(39), -1234.5, "(1,234.50)"),
        Case(builtIn(41), 1234, " 1,234 "),
        Case(builtIn(41), -1234, " (1,234)"),
        Case(builtIn(41), 0, " - "),
        Case(builtIn(43), 0, " -   "),
        Case(builtIn(44), 1234.5, " $1,234.50 "),
        Case(builtIn(45), 15.0 / 1440, "15:00"),
        Case(builtIn(46), 1.5, "36:00:00"),
        Case(builtIn(47), 75.3 / 86400, "01:15.3"),
        Case(builtIn(48), 12345, "12.3E+3"),
        Case(builtIn(48), 0.00012, "120.0E-6"),
        Case(builtIn(48), 999.96, "1.0E+3"),
        Case(builtIn(49), 12, "12"),
    ]

    static let customCases: [Case] = [
        Case("[Red]#,##0.00", -5, "-5.00"),
        Case("#,##0.00 [$€-407]", 1234.5, "1,234.50 €"),
        Case("[$$-409]#,##0.00", 12, "$12.00"),
        Case("\\$0.00", 5, "$5.00"),
        Case("0.0,,\"M\"", 1234567, "1.2M"),
        Case("#,##0,\"K\"", 1234567, "1,235K"),
        Case("\"Total: \"0", 5, "Total: 5"),
        Case("0;-0;\"zero\";\"text: \"@", 0, "zero"),
        Case("0;-0;\"zero\";\"text: \"@", -3, "-3"),
        Case("0;(0)", -3, "(3)"),
        Case("0;;", -3, ""),
        Case("0;;", 0, ""),
        Case(";;;", 5, ""),
        Case("[>=1000000]0.0,,\"M\";[>=1000]0.0,\"K\";0", 2_500_000, "2.5M"),
        Case("[>=1000000]0.0,,\"M\";[>=1000]0.0,\"K\";0", 2500, "2.5K"),
        Case("[>=1000000]0.0,,\"M\";[>=1000]0.0,\"K\";0", 25, "25"),
        Case("[<=9999999]###-####;(###) ###-####", 5_551_234, "555-1234"),
        Case("[<=9999999]###-####;(###) ###-####", 2_125_551_234, "(212) 555-1234"),
        Case("000-00-0000", 123_456_789, "123-45-6789"),
        Case("00000", 123, "00123"),
        Case("0.000", 0.0005, "0.001"),
        Case("0.00", 1e-20, "0.00"),
        Case("#", 0, ""),
        Case("#.##", 0.5, ".5"),
        Case("0.##", 1, "1."),
        Case(".00", 12.5, "12.50"),
        Case("0.00%", 1, "100.00%"),
        Case("0.0E+00", 0, "0.0E+00"),
        Case("0.00E-00", 12345, "1.23E04"),
        Case("# ?/8", 1.3, "1 2/8"),
        Case("?/?", 0.75, "3/4"),
        Case("?/?", 3.75, "15/4"),
        Case("# ??/100", 2.5, "2 50/100"),
        Case("0.00_);(0.00)", -1.5, "(1.50)"),
        Case("0.00_);(0.00)", 1.5, "1.50 "),
        Case("#,##0.00_);[Red](#,##0.00)", -1234.5, "(1,234.50)"),
        Case("_-* #,##0.00\\ \"€\"_-;\\-* #,##0.00\\ \"€\"_-;_-* \"-\"??\\ \"€\"_-;_-@_-", -12.5, "-12.50 € "),
        Case("0.0\"°C\"", 21.456, "21.5°C"),
        Case("#,##0;-#,##0", -1234, "-1,234"),
        Case("[Blue][<0]0.0;[Green]0.00", -1.5, "-1.5"),
        Case("[Blue][<0]0.0;[Green]0.00", 1.5, "1.50"),
    ]

    static let dateCases: [Case] = [
        Case("yyyy-mm-dd", 60, "1900-02-29"),
        Case("yyyy-mm-dd", 59, "1900-02-28"),
        Case("yyyy-mm-dd", 61, "1900-03-01"),
        Case("yyyy-mm-dd", 1, "1900-01-01"),
        Case("yyyy-mm-dd", 0, "1900-01-00"),
        Case("dddd", 1, "Sunday"),
        Case("dddd", 61, "Thursday"),
        Case("dddd d mmmm yyyy", 44197, "Friday 1 January 2021"),
        Case("yyyy\\-mm\\-dd", 44197, "2021-01-01"),
        Case("[hh]:mm:ss", 10.6320601851852, "255:10:10"),
        Case("yyyy-mm-dd hh:mm:ss", 44197.99999999, "2021-01-02 00:00:00"),
        Case("yyyy-mm-dd", 2_958_465, "9999-12-31"),
        Case("yyyy-mm-dd", 2_958_466, "2958466"),
        Case("yyyy-mm-dd", -1, "-1"),
        Case("mmmmm", 44197, "J"),
        Case("mmm", 44228, "Feb"),
        Case("[h]:mm:ss", -0.5, "-12:00:00"),
        Case("[h]:mm", 2.75, "66:00"),
        Case("[mm]:ss", 0.0625, "90:00"),
        Case("h:mm:ss.00", 0.5 + 1.234 / 86400, "12:00:01.23"),
        Case("h:mm", 0.5 + 59.6 / 86400, "12:01"),
        Case("[$-409]mmmm d, yyyy;@", 44197, "January 1, 2021"),
        Case("[$-F800]dddd, mmmm dd, yyyy", 44197, "Friday, January 01, 2021"),
        Case("[$-F400]h:mm:ss AM/PM", 0.25, "6:00:00 AM"),
        Case("d/m/yy h:mm", 44197.5, "1/1/21 12:00"),
        Case("mm/dd/yyyy", 36526, "01/01/2000"),
        Case("yy", 36526, "00"),
        Case("yyyy-mm-dd", 0, "1904-01-01", date1904: true),
        Case("yyyy-mm-dd", 42735, "2021-01-01", date1904: true),
        Case("dddd", 0, "Friday", date1904: true),
        Case("yyyy-mm-dd", 2_957_003, "9999-12-31", date1904: true),
        // Excel's own TEXT() results in poi_DateFormatTests.xlsx (1904 system).
        Case("d-m-y", 17816.607951388887, "11-10-52", date1904: true),
        Case("ddd-mmm-yyy", 17816.607951388887, "Sat-Oct-1952", date1904: true),
        Case("dddd-mmmm-yyyy", 17816.607951388887, "Saturday-October-1952", date1904: true),
        Case("DD-MM-YY", 17816.607951388887, "11-10-52", date1904: true),
        Case("h:m:s", 17816.607951388887, "14:35:27", date1904: true),
        Case("hh:mm:ss a/p", 17816.607951388887, "02:35:27 p", date1904: true),
        Case("h:m:s.000 A/P", 17816.607951388887, "2:35:27.000 P", date1904: true),
        Case("hh:mm:ss.000 am/pm", 17816.607951388887, "02:35:27.000 PM", date1904: true),
        Case("dddd-mmmm-yyyy H:M:S am/pm", 17816.607951388887, "Saturday-October-1952 2:35:27 PM", date1904: true),
        Case("h:m", 17816.607951388887, "14:35", date1904: true),
        Case("d \\d\\a\\y\\s h", 17816.607951388887, "11 days 14", date1904: true),
        Case("d \"days\" h am/pm", 17816.607951388887, "11 days 2 PM", date1904: true),
        Case("d-m-y", 36191.170208437499, "1-2-03", date1904: true),
        Case("dd-mm-yy", 36191.170208437499, "01-02-03", date1904: true),
        Case("h:m:s.00 A/P", 36191.170208437499, "4:5:6.01 A", date1904: true),
        Case("hh:mm:ss.000 am/pm", 36191.170208437499, "04:05:06.009 AM", date1904: true),
        Case("h:m:s.00", 36191.170208437499, "4:5:6.01", date1904: true),
        Case("dd-mm-yyyy", 44196, "01-01-2025", date1904: true),
        // Excel's TEXT() results in poi_ElapsedFormatTests.xlsx.
        Case("[h]:m:s.000", 3.14159, "75:23:53.376"),
        Case("[m]:s.000", 3.14159, "4523:53.376"),
        Case("[s].000", 3.14159, "271433.376"),
        Case("[hh]:mm:ss.0", 3.14159, "75:23:53.4"),
        Case("[ss].000", 0, "00.000"),
        Case("s:m\" @ hour \"[hh]", 3.14159, "53:23 @ hour 75"),
        Case("s\" secs and \"[m]\" mins\"", 3.14159, "53 secs and 4523 mins"),
        Case("\"It was \"[h]\" [yes, \"h\"] hours and \"mm:ss", 3.14159, "It was 75 [yes, 75] hours and 23:53"),
        Case("[s]\" [yes, \"ss\"] seconds\"", 0, "0 [yes, 00] seconds"),
        Case("[mm]:ss.0", -0.08546296296296296, "-123:04.0"),
    ]

    /// Rows of poi_NumberFormatTests.xlsx (expected text, format, value).
    static let poiCases: [Case] = [
        Case("0.00", 12.344, "12.34"),
        Case("0.0", 12.344, "12.3"),
        Case("000.00", 12.3, "012.30"),
        Case("£000.00", 12.3, "£012.30"),
        Case("###.##", 12.3, "12.3"),
        Case("$#.#", 12.34, "$12.3"),
        Case("$###.00", -12.3, "-$12.30"),
        Case("\\a $#.00\" profit\"", 12.3, "a $12.30 profit"),
        Case("¥#.00\" after\"", -12.3, "-¥12.30 after"),
        Case("\"before \"¥#.00", 12.3, "before ¥12.30"),
        Case("#,###", 1_234_567, "1,234,567"),
        Case("#,#", 1_234_567, "1,234,567"),
        Case(",#", 1_234_567, ",1234567"),
        Case("#,##.#", 1_234_567, "1,234,567."),
        Case("0,00.0", 1_234_567, "1,234,567.0"),
        Case("0,0", 12, "12"),
        Case("0,0000000", 1_234_567, "01,234,567"),
        Case("0,000000000", 1_234_567, "0,001,234,567"),
        Case("?,???????", 1_234_567, " 1,234,567"),
        Case("?,?????????", 1_234_567, "    1,234,567"),
        Case("?,?????????", -1_234_567, "-    1,234,567"),
        Case(",0", -1_234_567, "-,1234567"),
        Case("0,", 1_234_567, "1235"),
        Case("#,,", 1_234_567, "1"),
        Case("0.#,", 1_234_567, "1234.6"),
        Case("#,.#,", 1_234_567, "1.2"),
        Case("0,0.00%%", 123.45, "1,234,500.00%%"),
        Case("#,##0.00%", 0.00035, "0.04%"),
        Case("|??.??|", 1.1, "| 1.1 |"),
        Case("|?.??|", -1.1, "-|1.1 |"),
        Case("|#\\:#/#|", 23.75, "|23:3/4|"),
        Case("|#\\:#/#|", 0.75, "|3/4|"),
        Case("|#\\:#/#|", -1, "-|1|"),
        Case("|#-#-#\\:#/#|", 23.75, "|-2-3:3/4|"),
        Case("|#\\:#=/=?|", 1, "|1      |"),
        Case("|#\\:0=/=#|", 1, "|1:0=/=1|"),
        Case("|?\\:?=/=#|", 0.75, "|  3=/=4|"),
        Case("|#\\:? ?0#/000", 23.75, "|2:3  03/004"),
        Case("|#_#/#|", 3.75, "|15 /4|"),
        Case("|#_#/#|", 0, "|0 /1|"),
        Case("|#_?=/=?|", -1, "-|1 =/=1|"),
        Case("|#\\:0=/=#|", 0, "|0=/=1|"),
        Case("|?\\:#=/=#|", 0, "|0      |"),
        Case("|#\\:?=/=#|", 0.75, "| 3=/=4|"),
        Case("|?\\:#=/=0|", -1, "-|1      |"),
        Case("#,##0.00", 314_159, "314,159.00"),
        Case("$000,000,000", 314_159, "$000,314,159"),
    ]

    @Test(arguments: generalCases + builtInCases + customCases + dateCases + poiCases)
    func formatsNumbers(_ testCase: Case) {
        let format = ExcelNumberFormat(code: testCase.code)
        #expect(format.format(testCase.value, date1904: testCase.date1904) == testCase.expected)
    }

    @Test func formatsText() {
        #expect(ExcelNumberFormat(code: "@").format(text: "abc") == "abc")
        #expect(ExcelNumberFormat(code: "0.00").format(text: "abc") == "abc")
        #expect(ExcelNumberFormat(code: "@\" suffix\"").format(text: "x") == "x suffix")
        #expect(ExcelNumberFormat(code: "0;-0;\"zero\";\"text: \"@").format(text: "x") == "text: x")
        #expect(ExcelNumberFormat(code: ";;;").format(text: "x") == "")
        #expect(ExcelNumberFormat(code: Self.builtIn(41)).format(text: "abc") == " abc ")
    }

    @Test func classifiesFormats() {
        #expect(ExcelNumberFormat(code: "General").isGeneral)
        #expect(ExcelNumberFormat(code: "yyyy-mm-dd").isDate)
        #expect(ExcelNumberFormat(code: "[h]:mm").isDate)
        #expect(!ExcelNumberFormat(code: "0.00E+00").isDate)
        #expect(!ExcelNumberFormat(code: "#,##0.00").mayHideNumbers)
        #expect(ExcelNumberFormat(code: ";;;").mayHideNumbers)
        #expect(ExcelNumberFormat(code: "#,###").mayHideNumbers)
        #expect(ExcelNumberFormat(code: "0;;").mayHideNumbers)
    }

    /// Random codes from the format alphabet never trap and never write
    /// runaway text.
    @Test func arbitraryCodesAreSafe() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state >> 1)
        }
        let alphabet = Array("0#?.,%E+-e/ @;\\\"_*[]$<>=hmsdyAMP/ 123GeneralRed")
        let values: [Double] = [0, 1, -1, 0.5, -0.75, 12345.678, 1e-9, 1e15, -3e200, 44197.5, 2_958_466, 1e300]
        for _ in 0..<3000 {
            var code = ""
            for _ in 0..<(1 + next() % 24) { code.append(alphabet[next() % alphabet.count]) }
            let format = ExcelNumberFormat(code: code)
            for value in values {
                #expect(format.format(value, date1904: next() % 2 == 0).utf8.count < 2000, "\(code)")
            }
            #expect(format.format(text: "x").utf8.count < 200)
        }
    }

    @Test func decimalRounding() {
        #expect(ExcelDecimal(2.675).roundedToFractionDigits(2).fractionDigits(2) == [6, 8])
        #expect(ExcelDecimal(0.30000000000000004).allFractionDigits == [3])
        #expect(ExcelDecimal(999.5).roundedToFractionDigits(0).integerDigits == [1, 0, 0, 0])
        #expect(ExcelDecimal(0.0004).roundedToFractionDigits(2).isZero)
        #expect(ExcelDecimal(1e20).integerDigits.count == 21)
    }

    @Test func serialDates() {
        #expect(ExcelDate.serial(iso: "2021-01-01T12:00:00", date1904: false) == 44197.5)
        #expect(ExcelDate.serial(iso: "1900-02-28", date1904: false) == 59)
        #expect(ExcelDate.serial(iso: "1900-03-01", date1904: false) == 61)
        #expect(ExcelDate.serial(iso: "1904-01-02", date1904: true) == 1)
        #expect(ExcelDate.serial(iso: "nonsense", date1904: false) == nil)
        #expect(ExcelDate.day(serial: 44197, date1904: false) == .init(year: 2021, month: 1, day: 1, weekday: 5))
    }
}
