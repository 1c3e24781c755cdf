/// The library's version, recorded with every conversion a project stores.
public enum AnyDocVersion {
    public static let current = "0.1.0"
}
