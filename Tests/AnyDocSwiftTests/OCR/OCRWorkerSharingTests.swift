import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

@Suite("OCR workers shared among documents converted at once")
struct OCRWorkerSharingTests {
    @Test func documentsSideBySideShareTheCores() {
        let cores = PageRecognizer.defaultWorkerCount
        let options = ConversionOptions()
        #expect(options.sharingCores(among: 1).ocrWorkers == nil)
        #expect(options.sharingCores(among: 2).ocrWorkers == max(1, cores / 2))
        #expect(options.sharingCores(among: cores * 4).ocrWorkers == 1)
    }

    @Test func aChosenWorkerCountIsKept() {
        var options = ConversionOptions()
        options.ocrWorkers = 3
        #expect(options.sharingCores(among: 8).ocrWorkers == 3)
    }
}
