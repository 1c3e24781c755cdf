/// A chart as a reader needs it: a line naming it and its series, and its
/// cached data as a small table. The numbers come from the caches the
/// chart part keeps; the embedded workbook is never opened.
enum ChartSummary {
    /// Tables past these sizes are left out; the line stays.
    static let maxTableRows = 100
    static let maxTableSeries = 20
    private static let maxPoints = 10_000

    /// Axes, legend, shape properties and extensions: skipped by the
    /// reader wherever they sit, so cut before parsing. Text properties
    /// stay, as a title's text is gathered from every paragraph in it.
    static let unreadElements = XMLLocalNames(["valAx", "catAx", "dateAx", "serAx", "legend", "spPr", "extLst"])

    private struct Series {
        var name = ""
        var categories: [Int: String] = [:]
        var values: [Int: String] = [:]
    }

    private struct Chart {
        var title: String?
        var hasTitle = false
        var titleDeleted = false
        var series: [Series] = []
    }

    static func blocks(forPart part: String, package: OPCPackage) -> [Block] {
        guard package.contains(part) else { return [] }
        guard let chart = try? read(part, package: package) else { return [.paragraph([.text("Chart")])] }
        let names = chart.series.map { $0.name }.filter { !$0.isEmpty }
        var title = chart.title
        if title == nil, chart.hasTitle, !chart.titleDeleted, chart.series.count == 1, let only = names.first {
            title = only  // a chart with one series is titled after it
        }
        var line = "Chart"
        if let title { line += ": " + title }
        if !names.isEmpty, names != [title] { line += " — " + names.joined(separator: ", ") }
        var blocks: [Block] = [.paragraph([.text(line)])]
        if let table = table(chart.series) { blocks.append(.table(table)) }
        return blocks
    }

    private static func table(_ series: [Series]) -> Table? {
        guard !series.isEmpty, series.count <= maxTableSeries,
              let labels = series.map({ $0.categories }).max(by: { $0.count < $1.count }), !labels.isEmpty,
              labels.count <= maxTableRows, series.contains(where: { !$0.values.isEmpty }) else { return nil }
        var rows = [TableRow(cells: [TableCell(text: "")] + series.map { TableCell(text: $0.name) }, isHeader: true)]
        for index in labels.keys.sorted() {
            let cells = [TableCell(text: labels[index].map(displayNumber) ?? "")]
                + series.map { TableCell(text: $0.values[index].map(displayNumber) ?? "") }
            rows.append(TableRow(cells: cells))
        }
        return Table(rows: rows)
    }

    /// A cached number as a spreadsheet shows it: binary noise such as
    /// `8.200000000000001` rounded to 15 significant digits. Anything that
    /// is not a plain decimal fraction is left as written.
    static func displayNumber(_ value: String) -> String {
        var text = Substring(value)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } }) else { return value }
        var digits = Array(parts[0].utf8) + Array(parts[1].utf8)
        var point = parts[0].utf8.count
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }), digits.count - first > 15 else { return value }
        let cut = first + 15
        let roundUp = digits[cut] >= UInt8(ascii: "5")
        digits.removeSubrange(cut...)
        if roundUp {
            var index = digits.count - 1
            while index >= 0 {
                if digits[index] == UInt8(ascii: "9") {
                    digits[index] = UInt8(ascii: "0")
                    index -= 1
                } else {
                    digits[index] += 1
                    break
                }
            }
            if index < 0 {
                digits.insert(UInt8(ascii: "1"), at: 0)
                point += 1
            }
        }
        while digits.count < point { digits.append(UInt8(ascii: "0")) }
        var integer = digits[..<point].drop(while: { $0 == UInt8(ascii: "0") })
        if integer.isEmpty { integer = [UInt8(ascii: "0")] }
        var fraction = digits[point...]
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        var result = String(decoding: integer, as: UTF8.self)
        if !fraction.isEmpty { result += "." + String(decoding: fraction, as: UTF8.self) }
        if negative, result != "0" { result = "-" + result }
        return result
    }

    // MARK: - Reading

    private static func read(_ part: String, package: OPCPackage) throws(ConversionError) -> Chart {
        let reader = try package.xmlReader(for: part, cutting: .named(unreadElements))
        let c = PPTXNamespace.chart
        var chart = Chart()
        var chartDepth: Int?
        while try reader.read() {
            if reader.kind == .endElement, reader.depth == chartDepth { chartDepth = nil }
            guard reader.kind == .startElement, reader.namespace == c else { continue }
            switch reader.localName {
            case "chart" where chartDepth == nil && !reader.isEmptyElement:
                chartDepth = reader.depth
            case "title" where chartDepth.map({ $0 + 1 }) == reader.depth:
                chart.hasTitle = true
                let text = titleText(try reader.readElement())
                if !text.isEmpty { chart.title = text }
            case "autoTitleDeleted" where chartDepth.map({ $0 + 1 }) == reader.depth:
                chart.titleDeleted = reader.attribute("val") != "0" && reader.attribute("val") != "false"
            case "ser" where chartDepth != nil:
                chart.series.append(try readSeries(reader))
            case "valAx", "catAx", "dateAx", "serAx", "legend", "txPr", "spPr", "extLst":
                try reader.skipElement()
            default:
                break
            }
        }
        return chart
    }

    private static func readSeries(_ reader: XMLReader) throws(ConversionError) -> Series {
        var series = Series()
        guard !reader.isEmptyElement else { return series }
        let depth = reader.depth
        let c = PPTXNamespace.chart
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement else { continue }
            guard reader.namespace == c, reader.depth == depth + 1 else {
                try reader.skipElement()
                continue
            }
            switch reader.localName {
            case "tx": series.name = titleText(try reader.readElement())
            case "cat", "xVal": series.categories = try readPoints(reader)
            case "val", "yVal": series.values = try readPoints(reader)
            default: try reader.skipElement()
            }
        }
        return series
    }

    /// The cached points below the current element, by index; the first
    /// level wins where multi-level categories repeat an index.
    private static func readPoints(_ reader: XMLReader) throws(ConversionError) -> [Int: String] {
        var points: [Int: String] = [:]
        guard !reader.isEmptyElement else { return points }
        let depth = reader.depth
        let c = PPTXNamespace.chart
        var index: Int?
        while try reader.read() {
            if reader.kind == .endElement && reader.depth <= depth { break }
            guard reader.kind == .startElement, reader.namespace == c else { continue }
            switch reader.localName {
            case "pt":
                index = reader.attribute("idx").flatMap { Int($0) }
            case "v":
                let value = try reader.readElementText()
                if let index, points[index] == nil, points.count < maxPoints { points[index] = value.trimmingSpaces() }
                index = nil
            default:
                break
            }
        }
        return points
    }

    /// Rich text paragraphs joined by spaces, else cached string values.
    private static func titleText(_ element: XMLElement) -> String {
        var paragraphs: [String] = []
        var values: [String] = []
        func walk(_ node: XMLElement) {
            if node.namespace == PPTXNamespace.drawing, node.name == "p" {
                let text = node.elements().flatMap { run in run.elements("t", in: PPTXNamespace.drawing).map { $0.textContent } }.joined()
                paragraphs.append(text)
                return
            }
            if node.namespace == PPTXNamespace.chart, node.name == "v" {
                values.append(node.textContent)
                return
            }
            for child in node.elements() { walk(child) }
        }
        walk(element)
        let text = paragraphs.isEmpty ? values.joined(separator: " ") : paragraphs.joined(separator: " ")
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ").trimmingSpaces()
    }
}
