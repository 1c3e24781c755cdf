import Testing
@testable import AnyDocProjects

@Test func converterVersionIsRecorded() {
    #expect(!AnyDocProjects.converterVersion.isEmpty)
}
