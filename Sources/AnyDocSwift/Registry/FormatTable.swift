/// Every format the library reads, one entry each, in `DocumentFormat`
/// order (a test checks it). Adding a format is a case in
/// `DocumentFormat`, an entry here and a folder under `Formats/`.
///
/// PDF and the image formats have no converter here: theirs live in the
/// `AnyDocPDF` module (Poppler and Tesseract), which installs them when it
/// is linked.
enum FormatTable {
    private static let ooxmlType = "application/vnd.openxmlformats-officedocument."
    private static let odfType = "application/vnd.oasis.opendocument."

    static let entries: [FormatEntry] = [
        FormatEntry(.docx, name: "Word document", family: .wordprocessing, extensions: ["docx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "wordprocessingml.document.main+xml"], converter: DOCXConverter.self),
        FormatEntry(.docm, name: "Word macro-enabled document", family: .wordprocessing, extensions: ["docm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-word.document.macroenabled.main+xml"], converter: DOCXConverter.self),
        FormatEntry(.dotx, name: "Word template", family: .wordprocessing, extensions: ["dotx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "wordprocessingml.template.main+xml"], converter: DOCXConverter.self),
        FormatEntry(.dotm, name: "Word macro-enabled template", family: .wordprocessing, extensions: ["dotm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-word.template.macroenabledtemplate.main+xml"], converter: DOCXConverter.self),

        FormatEntry(.pptx, name: "PowerPoint presentation", family: .presentation, extensions: ["pptx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "presentationml.presentation.main+xml"], converter: PPTXConverter.self),
        FormatEntry(.pptm, name: "PowerPoint macro-enabled presentation", family: .presentation, extensions: ["pptm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-powerpoint.presentation.macroenabled.main+xml"], converter: PPTXConverter.self),
        FormatEntry(.ppsx, name: "PowerPoint slide show", family: .presentation, extensions: ["ppsx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "presentationml.slideshow.main+xml"], converter: PPTXConverter.self),
        FormatEntry(.ppsm, name: "PowerPoint macro-enabled slide show", family: .presentation, extensions: ["ppsm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml"], converter: PPTXConverter.self),
        FormatEntry(.potx, name: "PowerPoint template", family: .presentation, extensions: ["potx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "presentationml.template.main+xml"], converter: PPTXConverter.self),
        FormatEntry(.potm, name: "PowerPoint macro-enabled template", family: .presentation, extensions: ["potm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-powerpoint.template.macroenabled.main+xml"], converter: PPTXConverter.self),

        FormatEntry(.xlsx, name: "Excel workbook", family: .spreadsheet, extensions: ["xlsx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "spreadsheetml.sheet.main+xml"], converter: XLSXConverter.self),
        FormatEntry(.xlsm, name: "Excel macro-enabled workbook", family: .spreadsheet, extensions: ["xlsm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-excel.sheet.macroenabled.main+xml"], converter: XLSXConverter.self),
        FormatEntry(.xltx, name: "Excel template", family: .spreadsheet, extensions: ["xltx"], evidence: .officePackage,
                    mediaTypes: [ooxmlType + "spreadsheetml.template.main+xml"], converter: XLSXConverter.self),
        FormatEntry(.xltm, name: "Excel macro-enabled template", family: .spreadsheet, extensions: ["xltm"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-excel.template.macroenabled.main+xml"], converter: XLSXConverter.self),
        FormatEntry(.xlsb, name: "Excel binary workbook", family: .spreadsheet, extensions: ["xlsb"], evidence: .officePackage,
                    mediaTypes: ["application/vnd.ms-excel.sheet.binary.macroenabled.main"], converter: XLSBConverter.self),

        FormatEntry(.odt, name: "OpenDocument text", family: .wordprocessing, extensions: ["odt", "ott"], evidence: .mimetypePackage,
                    mediaTypes: [odfType + "text", odfType + "text-template", odfType + "text-master",
                                 odfType + "text-master-template", odfType + "text-web"], converter: ODFConverter.self),
        FormatEntry(.ods, name: "OpenDocument spreadsheet", family: .spreadsheet, extensions: ["ods", "ots"], evidence: .mimetypePackage,
                    mediaTypes: [odfType + "spreadsheet", odfType + "spreadsheet-template"], converter: ODFConverter.self),
        FormatEntry(.odp, name: "OpenDocument presentation", family: .presentation, extensions: ["odp", "otp"], evidence: .mimetypePackage,
                    mediaTypes: [odfType + "presentation", odfType + "presentation-template"], converter: ODFConverter.self),
        FormatEntry(.epub, name: "EPUB", family: .ebook, extensions: ["epub"], evidence: .mimetypePackage,
                    mediaTypes: ["application/epub+zip"], converter: EPUBConverter.self),

        FormatEntry(.rtf, name: "RTF", family: .wordprocessing, extensions: ["rtf"], evidence: .signature,
                    signature: Signatures.isRTF, converter: RTFConverter.self),
        // Found by its own scan (`Signatures.pdfHeaderOffset`): the header may follow junk.
        FormatEntry(.pdf, name: "PDF", family: .pdf, extensions: ["pdf"], evidence: .signature, converter: nil),
        FormatEntry(.html, name: "HTML", family: .web, extensions: ["html", "htm", "xhtml"], evidence: .markup,
                    readsTextAs: .txt, converter: HTMLConverter.self),
        FormatEntry(.csv, name: "CSV", family: .table, extensions: ["csv"], evidence: .plainText,
                    readsTextAs: .csv, converter: CSVConverter.self),
        FormatEntry(.tsv, name: "TSV", family: .table, extensions: ["tsv", "tab"], evidence: .plainText,
                    readsTextAs: .tsv, converter: CSVConverter.self),
        FormatEntry(.txt, name: "plain text", family: .text, extensions: ["txt", "text", "log"], evidence: .plainText,
                    readsTextAs: .txt, converter: TextConverter.self),
        FormatEntry(.md, name: "Markdown", family: .text, extensions: ["md", "markdown", "mdown", "mkd"], evidence: .plainText,
                    readsTextAs: .md, converter: TextConverter.self),
        FormatEntry(.vtt, name: "WebVTT captions", family: .text, extensions: ["vtt"], evidence: .plainText,
                    signature: SubtitleCues.isWebVTT, readsTextAs: .vtt, converter: SubtitleConverter.self),
        FormatEntry(.srt, name: "SubRip subtitles", family: .text, extensions: ["srt"], evidence: .plainText,
                    readsTextAs: .srt, converter: SubtitleConverter.self),

        FormatEntry(.doc, name: "Word 97-2003 document", family: .wordprocessing, extensions: ["doc", "dot"], evidence: .compoundFile,
                    converter: DOCConverter.self),
        // A `.xls` name on text is the delimited export many web applications write.
        FormatEntry(.xls, name: "Excel 97-2003 workbook", family: .spreadsheet, extensions: ["xls", "xlt"], evidence: .compoundFile,
                    readsTextAs: .csv, converter: XLSConverter.self),
        FormatEntry(.ppt, name: "PowerPoint 97-2003 presentation", family: .presentation, extensions: ["ppt", "pps", "pot"],
                    evidence: .compoundFile, converter: PPTConverter.self),

        FormatEntry(.png, name: "PNG image", family: .image, extensions: ["png"], evidence: .signature,
                    signature: ImageSignatures.isPNG, converter: nil),
        FormatEntry(.jpeg, name: "JPEG image", family: .image, extensions: ["jpg", "jpeg"], evidence: .signature,
                    signature: ImageSignatures.isJPEG, converter: nil),
        FormatEntry(.tiff, name: "TIFF image", family: .image, extensions: ["tif", "tiff"], evidence: .signature,
                    signature: ImageSignatures.isTIFF, converter: nil),
        FormatEntry(.webp, name: "WebP image", family: .image, extensions: ["webp"], evidence: .signature,
                    signature: ImageSignatures.isWebP, converter: nil),
        FormatEntry(.gif, name: "GIF image", family: .image, extensions: ["gif"], evidence: .signature,
                    signature: ImageSignatures.isGIF, converter: nil),
        FormatEntry(.bmp, name: "BMP image", family: .image, extensions: ["bmp"], evidence: .signature,
                    signature: ImageSignatures.isBMP, converter: nil),
    ]
}
