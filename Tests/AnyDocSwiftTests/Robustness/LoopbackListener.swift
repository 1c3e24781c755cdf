import Glibc

/// A TCP socket listening on 127.0.0.1 that never answers, to prove a
/// parser did not fetch an external entity: a fetch would show up as a
/// pending connection.
final class LoopbackListener {
    private let descriptor: Int32
    let port: UInt16

    init() throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listening >= 0 else { throw FixtureError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listening, pointer, length) == 0 && listen(listening, 8) == 0
                    && getsockname(listening, pointer, &length) == 0
            }
        }
        guard ready else {
            close(listening)
            throw FixtureError("cannot listen on 127.0.0.1")
        }
        descriptor = listening
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// True when anything has connected since the listener opened.
    var wasContacted: Bool {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return false }
        close(connection)
        return true
    }
}
