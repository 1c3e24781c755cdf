import FoundationEssentials
import Glibc

/// Where the store lives: `--store DIR`, else `$ANYDOC_STORE`, else
/// `$XDG_DATA_HOME/anydoc`, else `~/.local/share/anydoc`.
package enum StoreLocation {
    package static func resolve(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment["ANYDOC_STORE"], !path.isEmpty { return path }
        // The XDG spec says relative values are invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/anydoc" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeFromPasswordFile()
        return home + "/.local/share/anydoc"
    }

    /// The user's home folder from the password database, for a process
    /// started without `HOME`.
    private static func homeFromPasswordFile() -> String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }
}

enum Clock {
    /// Now as ISO 8601 UTC with milliseconds: sortable as text, readable in
    /// the database.
    static func timestamp() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let milliseconds = Int32(time.tv_nsec / 1_000_000)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(milliseconds, 3))Z"
    }
}
