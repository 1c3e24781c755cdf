/// Links and fields: `w:hyperlink`, simple fields, and complex fields
/// (`w:fldChar` begin, instruction, separate, result, end) that may span
/// runs and paragraphs.
extension WordBodyReader {
    /// A `w:hyperlink`'s destination: its relationship's target and anchor.
    func hyperlinkDestination() -> String {
        var destination = ""
        if let id = reader.attribute("id", namespace: OOXMLNamespace.relationships), let relationship = relationships[id] {
            destination = relationship.target
        }
        if let anchor = reader.attribute("anchor", namespace: w), !anchor.isEmpty {
            destination += "#" + anchor
        }
        return destination
    }

    /// A `w:fldSimple`'s link target; empty when its field is no link.
    func simpleFieldDestination() -> String {
        let instruction = reader.attribute("instr", namespace: w) ?? ""
        return WordFieldInstruction.hyperlinkTarget(instruction) ?? ""
    }

    /// Opens a link the end of the current element closes.
    func openLink(_ destination: String, into draft: inout WordParagraphDraft) {
        draft.builder.beginLink(destination)
        draft.linkDepth += 1
        draft.closers.append((reader.depth, .link))
    }

    /// `w:fldChar`: begins a field, switches it to its result (opening a
    /// link when its instruction is one), or ends it.
    func readFieldCharacter(into draft: inout WordParagraphDraft) {
        switch reader.attribute("fldCharType", namespace: w) {
        case "begin":
            fields.append(Field())
        case "separate":
            if var field = fields.popLast() {
                field.showingResult = true
                if let target = WordFieldInstruction.hyperlinkTarget(field.instruction) {
                    draft.builder.beginLink(target)
                    field.opensLink = true
                }
                fields.append(field)
            }
        case "end":
            if let field = fields.popLast(), field.opensLink, draft.builder.openLinks > draft.linkDepth {
                draft.builder.endLink()
            }
        default:
            break
        }
    }

    /// `w:instrText`: part of the open field's instruction.
    func readFieldInstruction() throws(ConversionError) {
        let text = try reader.readElementText()
        if !fields.isEmpty, !fields[fields.count - 1].showingResult { fields[fields.count - 1].instruction += text }
    }
}
