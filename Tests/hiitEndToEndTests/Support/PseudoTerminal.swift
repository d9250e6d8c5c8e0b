import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal for a `hiit` whose stdin must be a terminal (to be asked a question):
/// the child gets ``secondary`` as its stdin, the test types on ``primary``.
final class PseudoTerminal {
    /// The controlling end, where the test types.
    let primary: Int32
    /// The terminal end, for the child's stdin (`HiitProcess`'s `stdin:`).
    let secondary: Int32
    private var isOpen = true
    private var isSecondaryOpen = true

    /// Opens a new pseudo-terminal pair.
    /// - Throws: ``E2EFailure`` with the errno when one cannot be opened.
    init() throws {
        // posix_openpt, grantpt, unlockpt and ptsname_r are in glibc but need feature macros
        // that Swift's Glibc module does not set: look them up by name.
        func libc<F>(_ name: String, _ type: F.Type) throws -> F {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw E2EFailure("no \(name) in libc") }
            return unsafeBitCast(symbol, to: type)
        }
        let openPrimary = try libc("posix_openpt", (@convention(c) (Int32) -> Int32).self)
        let grant = try libc("grantpt", (@convention(c) (Int32) -> Int32).self)
        let unlock = try libc("unlockpt", (@convention(c) (Int32) -> Int32).self)
        let nameOf = try libc("ptsname_r", (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
        primary = openPrimary(O_RDWR | O_NOCTTY | O_CLOEXEC)
        var name = [CChar](repeating: 0, count: 128)
        guard primary >= 0, grant(primary) == 0, unlock(primary) == 0, nameOf(primary, &name, name.count) == 0 else {
            let error = errno
            if primary >= 0 { Glibc.close(primary) }
            throw E2EFailure("cannot open a pseudo-terminal: errno \(error)")
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        secondary = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard secondary >= 0 else {
            let error = errno
            Glibc.close(primary)
            throw E2EFailure("cannot open \(path): errno \(error)")
        }
    }

    deinit {
        close()
    }

    /// Types `text` as if on the keyboard (the terminal's line discipline holds it for the child).
    /// - Throws: ``E2EFailure`` when not all of it could be written.
    func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard write(primary, bytes, bytes.count) == bytes.count else {
            throw E2EFailure("cannot type on the pseudo-terminal: errno \(errno)")
        }
    }

    /// Closes the test's copy of the terminal end (once), so that once the child has exited
    /// too, reading the primary ends after the last byte the child wrote (EIO) rather than
    /// waiting: a test can then wait for the whole output instead of racing its reader.
    func closeSecondary() {
        guard isOpen, isSecondaryOpen else { return }
        isSecondaryOpen = false
        Glibc.close(secondary)
    }

    /// Closes both ends (once; also done on release).
    func close() {
        guard isOpen else { return }
        isOpen = false
        if isSecondaryOpen { Glibc.close(secondary) }
        isSecondaryOpen = false
        Glibc.close(primary)
    }
}
