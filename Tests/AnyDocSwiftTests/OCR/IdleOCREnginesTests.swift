import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

@Suite("Idle OCR engines")
struct IdleOCREnginesTests {
    @Test func aKeptEngineIsTakenAgainOnlyForItsLanguage() throws {
        let idle = IdleOCREngines(capacity: 2)
        let engine = try OCREngine(language: "eng")
        idle.keep(engine)
        #expect(idle.take(language: "chi_sim") == nil)
        #expect(idle.take(language: "eng") === engine)
        #expect(idle.take(language: "eng") == nil)
    }

    @Test func pastTheCapacityTheOldestIsEnded() throws {
        let idle = IdleOCREngines(capacity: 1)
        let first = try OCREngine(language: "eng")
        let second = try OCREngine(language: "eng")
        idle.keep(first)
        idle.keep(second)
        #expect(idle.take(language: "eng") === second)
        #expect(idle.take(language: "eng") == nil)
    }

    @Test func anEngineIsStartedWhenNoneIsIdle() throws {
        let idle = IdleOCREngines(capacity: 1)
        let engine = try idle.engine(language: "eng")
        #expect(engine.language == "eng")
        idle.keep(engine)
        #expect(try idle.engine(language: "eng") === engine)
    }
}
