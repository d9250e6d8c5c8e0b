/// What went wrong setting up a gpsd connection; each case carries what a person needs to fix
/// it. The one error type of this module (a connection that fails later is a state,
/// ``GPSDConnectionState/disconnected(reason:)``, not an error). Its ``description`` is one line.
public enum GPSDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `HOST:PORT` text (from `--gps` or `GPSD_HOST`) could not be read; why.
    case badEndpoint(text: String, reason: String)
    /// A port (after the colon, or `GPSD_PORT`) that is not a whole number in 1…65535.
    case badPort(text: String)
    /// The host name could not be resolved (`getaddrinfo`): the host and the resolver's text.
    case unresolvedHost(host: String, reason: String)

    /// `gpsd address "[::1": no "]" after the IPv6 address`, `gpsd port "70000" is not a number
    /// from 1 to 65535`, …
    public var description: String {
        switch self {
        case let .badEndpoint(text, reason): "gpsd address \"\(text)\": \(reason)"
        case let .badPort(text): "gpsd port \"\(text)\" is not a number from 1 to 65535"
        case let .unresolvedHost(host, reason): "gpsd host \"\(host)\" not found: \(reason)"
        }
    }
}
