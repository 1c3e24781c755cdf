/// A file the `convert` tool must not read: outside the granted folders,
/// not a regular file, or in `/proc` or `/sys`. Its own code (`denied`)
/// tells an agent that retrying or rewording will not help.
public struct AccessDenied: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var code: String { "denied" }
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}
