import Glibc
import TerminalUI

/// A pseudo-terminal pair for tests: the slave side behaves like a user's terminal, the
/// master side is where a terminal emulator would read output and write keys.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Looks up a C library function by name. `posix_openpt`, `grantpt`, `unlockpt` and
    /// `ptsname_r` are in glibc but hidden from Swift's Glibc module (they need feature macros).
    private static func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
            throw Failure(description: "\(name) is not in the C library")
        }
        return unsafeBitCast(symbol, to: type)
    }

    init() throws {
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias OnMaster = @convention(c) (Int32) -> Int32
        typealias PtsName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
        let posixOpenpt = try Self.libc("posix_openpt", as: OpenPT.self)
        let grantpt = try Self.libc("grantpt", as: OnMaster.self)
        let unlockpt = try Self.libc("unlockpt", as: OnMaster.self)
        let ptsnameR = try Self.libc("ptsname_r", as: PtsName.self)

        let master = posixOpenpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw Failure(description: "posix_openpt: errno \(errno)") }
        guard grantpt(master) == 0, unlockpt(master) == 0 else {
            close(master)
            throw Failure(description: "grantpt/unlockpt: errno \(errno)")
        }
        var name = [CChar](repeating: 0, count: 128)
        guard ptsnameR(master, &name, name.count) == 0 else {
            close(master)
            throw Failure(description: "ptsname_r: errno \(errno)")
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw Failure(description: "open \(path): errno \(errno)")
        }
        self.master = master
        self.slave = slave
    }

    deinit {
        close(slave)
        close(master)
    }

    /// The slave's termios struct as raw bytes.
    func settingsBytes() throws -> [UInt8] {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { throw Failure(description: "tcgetattr: errno \(errno)") }
        return withUnsafeBytes(of: &settings) { Array($0) }
    }

    func settings() throws -> termios {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { throw Failure(description: "tcgetattr: errno \(errno)") }
        return settings
    }

    /// Everything the program wrote to the terminal so far (reads the master until it would
    /// block, waiting at most `milliseconds` for the first byte).
    func readOutput(waitingUpTo milliseconds: Int = 1000) throws -> String {
        var bytes: [UInt8] = []
        var wait = milliseconds
        while try !Poller.readable([master], timeoutMilliseconds: wait).isEmpty {
            guard let chunk = try FileDescriptorIO.read(from: master), !chunk.isEmpty else { break }
            bytes += chunk
            wait = 20
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
