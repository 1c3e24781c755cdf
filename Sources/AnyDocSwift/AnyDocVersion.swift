/// The library's version, recorded with every conversion a project stores.
public enum AnyDocVersion {
    /// The semantic version of this build, such as `0.1.0`.
    public static let current = "0.1.0"
}
