extension Limits {
    /// These limits for a part that is streamed as table rows rather than
    /// held: a worksheet, a spreadsheet's body, a string table. Memory is
    /// bounded by one row and cells by `maxTableCells`, so such a part may
    /// have as many XML nodes as that many cells need (a cell is about
    /// five; eight are allowed).
    var streamingTables: Limits {
        var streaming = self
        let (cellNodes, overflow) = maxTableCells.multipliedReportingOverflow(by: 8)
        streaming.maxXMLNodes = max(maxXMLNodes, overflow ? Int.max : cellNodes)
        return streaming
    }
}
