import Glibc

/// A socket address (`struct sockaddr_in`, `sockaddr_in6`) as the bytes `getaddrinfo(3)` gave,
/// with its family, ready for ``FileDescriptor/connect(to:)``.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address family: `AF_INET` or `AF_INET6`.
    public let family: Int32
    /// The `sockaddr` bytes (`socklen_t` of them).
    let bytes: [UInt8]

    /// `127.0.0.1:2947`, `[::1]:2947` (numeric, with `getnameinfo(3)`); `?` when that fails.
    public var description: String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let result = bytes.withUnsafeBytes { raw in
            getnameinfo(raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count),
                        &host, socklen_t(host.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
        }
        guard result == 0 else { return "?" }
        let name = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return family == AF_INET6 ? "[\(name)]:\(port)" : "\(name):\(port)"
    }

    /// The TCP stream addresses of `host` and `port` with `getaddrinfo(3)` (`AF_UNSPEC`,
    /// `SOCK_STREAM`), in the resolver's order (IPv6 and IPv4 as `/etc/gai.conf` ranks them).
    ///
    /// A numeric address (`127.0.0.1`, `::1`) is converted without any lookup; a name may ask
    /// the system's resolver (files, DNS) and wait for it, so resolve before a timer starts.
    /// - Parameters:
    ///   - host: a host name or a numeric IPv4 or IPv6 address (no brackets).
    ///   - port: the TCP port.
    /// - Returns: at least one address.
    /// - Throws: ``AddressLookupError`` with `getaddrinfo`'s code and text (`EAI_NONAME`: "Name
    ///   or service not known", `EAI_AGAIN`: a temporary failure).
    public static func resolve(host: String, port: UInt16) throws(AddressLookupError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        var code: Int32
        repeat {
            code = getaddrinfo(host, String(port), &hints, &list)
        } while code == EAI_SYSTEM && currentErrno() == EINTR
        guard code == 0 else { throw AddressLookupError(host: host, code: code) }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var entry = list
        while let current = entry {
            let info = current.pointee
            if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                let raw = UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen))
                let candidate = SocketAddress(family: info.ai_family, bytes: Array(raw))
                if !addresses.contains(candidate) { addresses.append(candidate) }
            }
            entry = info.ai_next
        }
        guard !addresses.isEmpty else { throw AddressLookupError(host: host, code: EAI_NONAME) }
        return addresses
    }

    /// The IPv4 loopback address `127.0.0.1` with `port` (0: any free port, for ``FileDescriptor/bind(to:)``).
    public static func loopbackIPv4(port: UInt16) -> SocketAddress {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        return SocketAddress(family: AF_INET, bytes: bytes)
    }

    /// The port of an IPv4 or IPv6 address; 0 for another family.
    public var port: UInt16 {
        guard bytes.count >= 4, family == AF_INET || family == AF_INET6 else { return 0 }
        // sin_port and sin6_port both follow the 2-byte family, in network order.
        return UInt16(bytes[2]) << 8 | UInt16(bytes[3])
    }
}

/// A failed `getaddrinfo(3)`: the host, its `EAI_*` code and `gai_strerror(3)`'s text.
public struct AddressLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host asked for.
    public let host: String
    /// The `EAI_*` code (`EAI_NONAME`, `EAI_AGAIN`, `EAI_SYSTEM`, …).
    public let code: Int32
    /// `gai_strerror`'s text, e.g. "Name or service not known".
    public let text: String

    /// An error for `host` with `code`; the text is looked up now.
    public init(host: String, code: Int32) {
        self.host = host
        self.code = code
        self.text = gai_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// `getaddrinfo nowhere.invalid: Name or service not known`.
    public var description: String { "getaddrinfo \(host): \(text)" }
}

extension FileDescriptor {
    // MARK: Sockets

    /// Makes a non-blocking TCP socket with `socket(2)` (`SOCK_STREAM | SOCK_NONBLOCK |
    /// SOCK_CLOEXEC`), for ``connect(to:)`` or ``bind(to:)``.
    /// - Parameter family: `AF_INET` or `AF_INET6` (a ``SocketAddress/family``).
    /// - Returns: the socket.
    /// - Throws: ``SystemCallError`` naming `socket` (`EAFNOSUPPORT` where IPv6 is off, `EMFILE`).
    public static func streamSocket(family: Int32) throws(SystemCallError) -> FileDescriptor {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return FileDescriptor(rawValue: try valueOrErrno("socket") { Glibc.socket(family, type, 0) })
    }

    /// Starts connecting the socket to `address` with `connect(2)`.
    ///
    /// On a non-blocking socket the connection usually completes later: wait for `POLLOUT`,
    /// then ask ``pendingSocketError()``. An interrupted `connect` (`EINTR`) is not repeated
    /// (that would fail with `EALREADY`): it goes on in the background, as `EINPROGRESS`.
    /// - Parameter address: where to connect.
    /// - Returns: `true` when connected now (loopback sometimes is), `false` when in progress.
    /// - Throws: ``SystemCallError`` naming `connect` (`ECONNREFUSED`, `ENETUNREACH`, …).
    public func connect(to address: SocketAddress) throws(SystemCallError) -> Bool {
        let fd = rawValue
        do {
            try nothingOrErrno("connect", fd: fd, retryOnInterrupt: false) {
                address.bytes.withUnsafeBytes { raw in
                    Glibc.connect(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
                }
            }
            return true
        } catch where error.errno == EINPROGRESS || error.errno == EINTR {
            return false
        }
    }

    /// The socket's pending error with `getsockopt(2)` `SO_ERROR` (which also clears it): after
    /// a non-blocking ``connect(to:)`` became writable, 0 means connected, else the reason
    /// (`ECONNREFUSED`, `ETIMEDOUT`, `EHOSTUNREACH`).
    /// - Returns: 0 or a C error number.
    /// - Throws: ``SystemCallError`` naming `getsockopt` (`EBADF`, `ENOTSOCK`).
    public func pendingSocketError() throws(SystemCallError) -> Int32 {
        let fd = rawValue
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try nothingOrErrno("getsockopt", fd: fd) { getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) }
        return value
    }

    /// Sends once with `send(2)` and `MSG_NOSIGNAL`: a peer that has gone away gives `EPIPE`
    /// rather than a `SIGPIPE` that would end the program.
    /// - Parameter bytes: the bytes to send.
    /// - Returns: how many were sent (fewer when the socket buffer is nearly full).
    /// - Throws: ``SystemCallError`` naming `send` (`EAGAIN` when full, `EPIPE`, `ECONNRESET`).
    public func send(_ bytes: [UInt8]) throws(SystemCallError) -> Int {
        let fd = rawValue
        return try valueOrErrno("send", fd: fd) {
            bytes.withUnsafeBytes { raw in Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Binds the socket to `address` with `bind(2)` (`SO_REUSEADDR` set first) and listens with
    /// `listen(2)`, for a local server (tests open one).
    /// - Parameters:
    ///   - address: where to listen, e.g. ``SocketAddress/loopbackIPv4(port:)`` with port 0.
    ///   - backlog: the pending-connection queue's length (default 16).
    /// - Returns: the address bound, with the port the kernel chose (`getsockname(2)`).
    /// - Throws: ``SystemCallError`` naming `setsockopt`, `bind` (`EADDRINUSE`), `listen` or
    ///   `getsockname`.
    public func bindAndListen(to address: SocketAddress, backlog: Int32 = 16) throws(SystemCallError) -> SocketAddress {
        let fd = rawValue
        var one: Int32 = 1
        try nothingOrErrno("setsockopt", fd: fd) {
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        try nothingOrErrno("bind", fd: fd) {
            address.bytes.withUnsafeBytes { raw in
                Glibc.bind(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            }
        }
        try nothingOrErrno("listen", fd: fd) { Glibc.listen(fd, backlog) }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try nothingOrErrno("getsockname", fd: fd) {
            withUnsafeMutableBytes(of: &storage) { raw in
                getsockname(fd, raw.baseAddress?.assumingMemoryBound(to: sockaddr.self), &length)
            }
        }
        let bytes = withUnsafeBytes(of: &storage) { Array($0.prefix(Int(length))) }
        return SocketAddress(family: address.family, bytes: bytes)
    }

    /// Accepts one connection on a listening socket with `accept(2)` (blocking unless the
    /// listening socket is non-blocking, and then `EAGAIN` when none is waiting), then sets
    /// `FD_CLOEXEC` on it (`accept4` is not visible to Swift without `_GNU_SOURCE`).
    /// - Returns: the connected socket.
    /// - Throws: ``SystemCallError`` naming `accept` or `fcntl`.
    public func accept() throws(SystemCallError) -> FileDescriptor {
        let fd = rawValue
        let connection = FileDescriptor(rawValue: try valueOrErrno("accept", fd: fd) { Glibc.accept(fd, nil, nil) })
        do {
            try connection.addDescriptorFlags(FD_CLOEXEC)
        } catch {
            try? connection.close()
            throw error
        }
        return connection
    }
}
