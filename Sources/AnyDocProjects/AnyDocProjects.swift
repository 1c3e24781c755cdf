import AnyDocSwift

/// Projects: versioned, searchable collections of converted documents.
public enum AnyDocProjects {
    /// The version of the converter recorded with every stored rendering.
    public static let converterVersion = AnyDocVersion.current
}
