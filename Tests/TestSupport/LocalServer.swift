import Glibc
import POSIX

/// A gpsd stand-in: a listening socket on 127.0.0.1 at a free port, opened by the test.
public struct LocalServer {
    /// The listening socket.
    public let listener: FileDescriptor
    /// Its address (the port the kernel picked).
    public let address: SocketAddress

    /// Listens on 127.0.0.1 at a port the kernel picks.
    public init() throws {
        listener = try FileDescriptor.streamSocket(family: AF_INET)
        address = try listener.bindAndListen(to: .loopbackIPv4(port: 0))
    }

    /// Accepts the client's connection, waiting at most 2 s.
    public func accept() throws -> FileDescriptor {
        var entries = [pollfd(fd: listener.rawValue, events: Int16(POLLIN), revents: 0)]
        _ = try Poll.wait(&entries, timeout: .seconds(2))
        let connection = try listener.accept()
        return connection
    }

    /// Reads from `connection` until a line end, waiting at most 2 s in all.
    public static func readLine(_ connection: FileDescriptor) throws -> String {
        var bytes: [UInt8] = []
        for _ in 0..<200 where !bytes.contains(0x0A) {
            var entries = [pollfd(fd: connection.rawValue, events: Int16(POLLIN), revents: 0)]
            guard try Poll.wait(&entries, timeout: .milliseconds(10)) > 0 else { continue }
            let chunk = try connection.read(upToCount: 4096)
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Stops listening.
    public func close() { try? listener.close() }
}

