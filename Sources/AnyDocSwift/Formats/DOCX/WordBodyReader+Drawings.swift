/// Pictures, math and graphic objects inside a paragraph: DrawingML
/// pictures with their descriptions, VML images, Office math, charts,
/// diagrams and embedded objects.
extension WordBodyReader {
    /// `m:oMath` inline, `m:oMathPara` as a block after the paragraph.
    func readMath(_ name: String, into draft: inout WordParagraphDraft) throws(ConversionError) {
        guard name == "oMath" || name == "oMathPara" else { return }
        let latex = OMMLConverter.latex(try reader.readElement())
        guard !latex.isEmpty else { return }
        if name == "oMathPara" {
            draft.trailing.append(.block(.math(latex)))
        } else {
            draft.builder.append(.math(latex))
        }
    }

    /// `w:drawing` starts: forgets the previous picture's source and text.
    func beginDrawing(into draft: inout WordParagraphDraft) {
        draft.drawingImage = nil
        draft.drawingAlt = nil
        draft.closers.append((reader.depth, .drawing))
    }

    /// `w:drawing` ends: the picture found inside it, with its description.
    func endDrawing(in draft: inout WordParagraphDraft) {
        if let source = draft.drawingImage {
            draft.builder.append(.image(Image(source: source, altText: draft.drawingAlt ?? "")))
        }
        draft.drawingImage = nil
        draft.drawingAlt = nil
    }

    /// `wp:docPr`: a drawing's description, or its title when it has none.
    func readDrawingProperties(into draft: inout WordParagraphDraft) {
        let description = reader.attribute("descr") ?? ""
        draft.drawingAlt = description.isEmpty ? (reader.attribute("title") ?? "") : description
    }

    /// `a:blip`: the picture a drawing shows, when it is in the package.
    func readBlip(into draft: inout WordParagraphDraft) {
        if let id = reader.attribute("embed", namespace: OOXMLNamespace.relationships),
           let relationship = relationships[id], !relationship.isExternal {
            draft.drawingImage = context.asset(forPart: relationship.target)
        }
    }

    /// VML shapes and images, as older documents and OLE previews hold them.
    func readVMLElement(_ name: String, into draft: inout WordParagraphDraft) {
        if name == "shape", let alt = reader.attribute("alt"), !alt.isEmpty { draft.drawingAlt = alt }
        guard name == "imagedata" else { return }
        draft.objectTitle = reader.attribute("title", namespace: OOXMLNamespace.office)
        if let id = reader.attribute("id", namespace: OOXMLNamespace.relationships),
           let relationship = relationships[id], !relationship.isExternal,
           let asset = context.asset(forPart: relationship.target) {
            let alt = reader.attribute("title") ?? draft.drawingAlt ?? ""
            draft.builder.append(.image(Image(source: asset, altText: alt)))
        }
    }
}
