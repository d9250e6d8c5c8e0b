import GPSD
import Testing

@Suite("gpsd endpoints: HOST:PORT, defaults and the environment's values")
struct GPSDEndpointTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String?
        var host: String? = nil
        var port: String? = nil
        var expected: GPSDEndpoint
        var testDescription: String { "\(text ?? "nil") GPSD_HOST=\(host ?? "") GPSD_PORT=\(port ?? "")" }
    }

    static let cases: [Case] = [
        Case(text: nil, expected: GPSDEndpoint(host: "127.0.0.1", port: 2947)),
        Case(text: "", expected: GPSDEndpoint(host: "127.0.0.1", port: 2947)),
        Case(text: "gps.local:3000", expected: GPSDEndpoint(host: "gps.local", port: 3000)),
        Case(text: "10.0.0.5", expected: GPSDEndpoint(host: "10.0.0.5", port: 2947)),
        Case(text: ":2948", expected: GPSDEndpoint(host: "127.0.0.1", port: 2948)),
        Case(text: "[::1]:2947", expected: GPSDEndpoint(host: "::1", port: 2947)),
        Case(text: "[fe80::1%eth0]", expected: GPSDEndpoint(host: "fe80::1%eth0", port: 2947)),
        Case(text: "::1", expected: GPSDEndpoint(host: "::1", port: 2947)),
        Case(text: nil, host: "pi.local", port: "4000", expected: GPSDEndpoint(host: "pi.local", port: 4000)),
        Case(text: nil, host: "pi.local:4001", expected: GPSDEndpoint(host: "pi.local", port: 4001)),
        Case(text: nil, host: "pi.local:4001", port: "4002", expected: GPSDEndpoint(host: "pi.local", port: 4002)),
        Case(text: "boat", host: "pi.local", port: "4000", expected: GPSDEndpoint(host: "boat", port: 4000)),
        Case(text: "boat:5000", host: "pi.local", port: "4000", expected: GPSDEndpoint(host: "boat", port: 5000)),
        Case(text: ":5000", host: "pi.local", expected: GPSDEndpoint(host: "pi.local", port: 5000)),
        Case(text: nil, host: "", port: "", expected: GPSDEndpoint(host: "127.0.0.1", port: 2947)),
    ]

    @Test(arguments: cases)
    func parses(_ example: Case) throws {
        let endpoint = try GPSDEndpoint(parsing: example.text, environmentHost: example.host, environmentPort: example.port)
        #expect(endpoint == example.expected)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var text: String?
        var port: String? = nil
        var error: GPSDError
        var message: String
        var testDescription: String { "\(text ?? "nil") GPSD_PORT=\(port ?? "")" }
    }

    static let bad: [Bad] = [
        Bad(text: "host:0", error: .badPort(text: "0"), message: #"gpsd port "0" is not a number from 1 to 65535"#),
        Bad(text: "host:70000", error: .badPort(text: "70000"), message: #"gpsd port "70000" is not a number from 1 to 65535"#),
        Bad(text: "host:", error: .badPort(text: ""), message: #"gpsd port "" is not a number from 1 to 65535"#),
        Bad(text: "host:gps", error: .badPort(text: "gps"), message: #"gpsd port "gps" is not a number from 1 to 65535"#),
        Bad(text: "host:+80", error: .badPort(text: "+80"), message: #"gpsd port "+80" is not a number from 1 to 65535"#),
        Bad(text: nil, port: "-1", error: .badPort(text: "-1"), message: #"gpsd port "-1" is not a number from 1 to 65535"#),
        Bad(text: "[::1", error: .badEndpoint(text: "[::1", reason: #"no "]" after the IPv6 address"#),
            message: #"gpsd address "[::1": no "]" after the IPv6 address"#),
        Bad(text: "[]:2947", error: .badEndpoint(text: "[]:2947", reason: #"no address between "[" and "]""#),
            message: #"gpsd address "[]:2947": no address between "[" and "]""#),
        Bad(text: "[::1]2947", error: .badEndpoint(text: "[::1]2947", reason: #"expected ":PORT" after "]""#),
            message: #"gpsd address "[::1]2947": expected ":PORT" after "]""#),
        Bad(text: "my host", error: .badEndpoint(text: "my host", reason: "a host name has no spaces or control characters"),
            message: #"gpsd address "my host": a host name has no spaces or control characters"#),
    ]

    @Test(arguments: bad)
    func refuses(_ example: Bad) {
        #expect(throws: example.error) {
            try GPSDEndpoint(parsing: example.text, environmentHost: nil, environmentPort: example.port)
        }
        #expect(example.error.description == example.message)
        #expect(!example.message.contains("\n"))
    }

    @Test("an endpoint prints as HOST:PORT, an IPv6 one in brackets")
    func description() {
        #expect(GPSDEndpoint(host: "127.0.0.1", port: 2947).description == "127.0.0.1:2947")
        #expect(GPSDEndpoint(host: "::1", port: 2947).description == "[::1]:2947")
    }
}

@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test("1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for ever")
    func doubling() {
        let backoff = ReconnectBackoff()
        #expect((0...8).map { backoff.delay(afterFailures: $0) }
            == [.zero, .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30), .seconds(30)])
        #expect(backoff.delay(afterFailures: 10_000) == .seconds(30))
    }
}
