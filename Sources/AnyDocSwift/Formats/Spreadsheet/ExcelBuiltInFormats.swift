/// The number formats Excel knows by id without writing their code
/// (ECMA-376 §18.8.30, with the codes en-US Excel shows for 5–8 and 37–44).
///
/// Ids whose display follows the reader's locale (14 and 22 the short
/// date, 27–36 and 50–58 East Asian dates, 71–81 Thai dates) render as ISO
/// dates, so output does not depend on where it was converted.
enum ExcelBuiltInFormats {
    static func code(for id: Int) -> String? {
        switch id {
        case 0: "General"
        case 1: "0"
        case 2: "0.00"
        case 3: "#,##0"
        case 4: "#,##0.00"
        case 5: "\"$\"#,##0_);(\"$\"#,##0)"
        case 6: "\"$\"#,##0_);[Red](\"$\"#,##0)"
        case 7: "\"$\"#,##0.00_);(\"$\"#,##0.00)"
        case 8: "\"$\"#,##0.00_);[Red](\"$\"#,##0.00)"
        case 9: "0%"
        case 10: "0.00%"
        case 11: "0.00E+00"
        case 12: "# ?/?"
        case 13: "# ??/??"
        case 14: "yyyy-mm-dd"
        case 15: "d-mmm-yy"
        case 16: "d-mmm"
        case 17: "mmm-yy"
        case 18: "h:mm AM/PM"
        case 19: "h:mm:ss AM/PM"
        case 20: "h:mm"
        case 21: "h:mm:ss"
        case 22: "yyyy-mm-dd h:mm"
        case 27...31, 34...36, 50...58, 71...74: "yyyy-mm-dd"
        case 32, 33, 75...77, 80: "h:mm:ss"
        case 78, 79: "mm:ss"
        case 81: "yyyy-mm-dd"
        case 37: "#,##0 ;(#,##0)"
        case 38: "#,##0 ;[Red](#,##0)"
        case 39: "#,##0.00;(#,##0.00)"
        case 40: "#,##0.00;[Red](#,##0.00)"
        case 41: "_(* #,##0_);_(* \\(#,##0\\);_(* \"-\"_);_(@_)"
        case 42: "_(\"$\"* #,##0_);_(\"$\"* \\(#,##0\\);_(\"$\"* \"-\"_);_(@_)"
        case 43: "_(* #,##0.00_);_(* \\(#,##0.00\\);_(* \"-\"??_);_(@_)"
        case 44: "_(\"$\"* #,##0.00_);_(\"$\"* \\(#,##0.00\\);_(\"$\"* \"-\"??_);_(@_)"
        case 45: "mm:ss"
        case 46: "[h]:mm:ss"
        case 47: "mm:ss.0"
        case 48: "##0.0E+0"
        case 49: "@"
        // Thai digits are shown as ASCII ones.
        case 59: "0"
        case 60: "0.00"
        case 61: "#,##0"
        case 62: "#,##0.00"
        case 67: "0%"
        case 68: "0.00%"
        case 69: "# ?/?"
        case 70: "# ??/??"
        default: nil
        }
    }
}
