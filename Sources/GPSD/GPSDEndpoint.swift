/// Where gpsd listens: a host (a name, an IPv4 address or an IPv6 address without brackets)
/// and a TCP port.
public struct GPSDEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// gpsd's default host: `127.0.0.1`, the loopback address gpsd listens on unless started
    /// with `-G` (gpsd(8)).
    public static let defaultHost = "127.0.0.1"
    /// gpsd's default port: 2947, registered with IANA for gpsd (gpsd(8), "gpsd listens on
    /// port 2947").
    public static let defaultPort: UInt16 = 2947

    /// The host: a name, a dotted IPv4 address or an IPv6 address (no brackets).
    public var host: String
    /// The TCP port, 1…65535.
    public var port: UInt16

    /// An endpoint; see the properties.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// The endpoint `hiit run --gps [HOST:PORT]` means.
    ///
    /// `text` may be `HOST:PORT`, `HOST`, `:PORT`, `[IPv6]:PORT`, `[IPv6]` or a bare IPv6
    /// address (`::1`, which has more than one colon); a part left out comes from `GPSD_HOST`
    /// and `GPSD_PORT`, else from ``defaultHost`` and ``defaultPort``. `GPSD_HOST` may carry a
    /// port of its own (`host:port`), used when `text` gives none and `GPSD_PORT` is unset.
    /// - Parameters:
    ///   - text: the flag's value, or `nil` (or empty) for the flag without one.
    ///   - environmentHost: the value of `GPSD_HOST`, passed in (this module reads no
    ///     environment); `nil` or empty when unset.
    ///   - environmentPort: the value of `GPSD_PORT`, passed in; `nil` or empty when unset.
    /// - Throws: ``GPSDError/badEndpoint(text:reason:)`` for an empty host, an unclosed `[`, or
    ///   text after `]` that is not `:PORT`; ``GPSDError/badPort(text:)`` for a port that is not
    ///   1…65535.
    public init(parsing text: String?, environmentHost: String? = nil, environmentPort: String? = nil) throws(GPSDError) {
        var port: UInt16?
        if let environmentPort, !environmentPort.isEmpty { port = try Self.port(environmentPort) }
        var host = Self.defaultHost
        if let environmentHost, !environmentHost.isEmpty {
            let parsed = try Self.split(environmentHost)
            guard let name = parsed.host else { throw .badEndpoint(text: environmentHost, reason: "no host before the port") }
            host = name
            if port == nil { port = parsed.port }
        }
        if let text, !text.isEmpty {
            let parsed = try Self.split(text)
            if let name = parsed.host { host = name }
            if let explicit = parsed.port { port = explicit }
        }
        self.init(host: host, port: port ?? Self.defaultPort)
    }

    /// `HOST:PORT` split into its parts (either may be absent).
    private static func split(_ text: String) throws(GPSDError) -> (host: String?, port: UInt16?) {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw .badEndpoint(text: text, reason: "no \"]\" after the IPv6 address")
            }
            let address = String(text[text.index(after: text.startIndex)..<close])
            guard !address.isEmpty else { throw .badEndpoint(text: text, reason: "no address between \"[\" and \"]\"") }
            let after = text[text.index(after: close)...]
            if after.isEmpty { return (address, nil) }
            guard after.hasPrefix(":") else {
                throw .badEndpoint(text: text, reason: "expected \":PORT\" after \"]\"")
            }
            return (address, try port(String(after.dropFirst())))
        }
        let colons = text.filter { $0 == ":" }.count
        if colons > 1 { return (text, nil) }  // a bare IPv6 address
        guard colons == 1, let colon = text.firstIndex(of: ":") else { return (try host(text), nil) }
        let name = String(text[..<colon])
        return (name.isEmpty ? nil : try host(name), try port(String(text[text.index(after: colon)...])))
    }

    /// A host name checked for what can never be one (spaces, control characters).
    private static func host(_ text: String) throws(GPSDError) -> String {
        guard !text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) else {
            throw .badEndpoint(text: text, reason: "a host name has no spaces or control characters")
        }
        return text
    }

    /// A port number 1…65535.
    private static func port(_ text: String) throws(GPSDError) -> UInt16 {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let value = UInt16(text), value > 0 else { throw .badPort(text: text) }
        return value
    }

    /// `127.0.0.1:2947`, `[::1]:2947`.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
