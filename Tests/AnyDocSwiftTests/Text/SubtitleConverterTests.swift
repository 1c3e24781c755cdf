import Testing
@testable import AnyDocSwift

/// WebVTT and SubRip files read as a transcript.
@Suite("Subtitles")
struct SubtitleConverterTests {
    static let vtt = """
        WEBVTT - Lecture 3

        NOTE written by hand

        STYLE
        ::cue { color: yellow }

        intro
        00:00:01.000 --> 00:00:04.000 align:start
        <v Ada Lovelace>Welcome to the <b>third</b> lecture.

        00:00:04.000 --> 00:00:06.500
        Today: engines &amp; numbers
        in two parts.
        """

    static let srt = "1\r\n00:00:01,000 --> 00:00:03,000\r\n{\\an8}<i>Hello</i> there\r\n\r\n2\r\n00:00:03,000 --> 00:00:05,000\r\nHello there\r\nGeneral Kenobi\r\n\r\n"

    @Test("WebVTT is known by its header, whatever the name")
    func webVTTSignature() {
        #expect(AnyDocConverter().detect(Array(Self.vtt.utf8), fileName: "captions.txt").format == .vtt)
        #expect(AnyDocConverter().detect(Array("WEBVTTX\n".utf8), fileName: nil).format == .txt)
        #expect(AnyDocConverter().detect(Array(Self.srt.utf8), fileName: "movie.srt").format == .srt)
        #expect(AnyDocConverter().detect(Array(Self.srt.utf8), fileName: "movie").format == .txt)
    }

    @Test("Cue text only: no header, notes, styles, identifiers or timings")
    func webVTTTranscript() throws {
        let markdown = try AnyDocConverter().markdown(Array(Self.vtt.utf8), fileName: "lecture.vtt")
        #expect(markdown == "Ada Lovelace: Welcome to the third lecture.\n\nToday: engines & numbers\\\nin two parts.\n")
    }

    @Test("SubRip: numbers, overrides and tags dropped, a rolling caption's repeated line kept once")
    func subRipTranscript() throws {
        let markdown = try AnyDocConverter().markdown(Array(Self.srt.utf8), fileName: "movie.srt")
        #expect(markdown == "Hello there\n\nGeneral Kenobi\n")
    }

    @Test("A file with no cues converts to nothing, and says so")
    func noCues() throws {
        let result = try AnyDocConverter().markdownWithWarnings(Array("WEBVTT\n\nNOTE nothing yet\n".utf8), fileName: "empty.vtt")
        #expect(result.markdown.isEmpty)
        #expect(result.warnings.contains(where: ConversionWarning.isNoText))
    }
}
