import Glibc

/// A C library opened at run time with `dlopen(3)` (never closed: its functions are kept for
/// the life of the process), and its functions looked up by name with `dlsym(3)`.
///
/// The libraries only some commands need (cairo and fontconfig for PNG cards, espeak-ng for
/// speech, libcrypto for SHA-256) are opened this way, when first needed, so that a start of
/// `hiit` — a timer run above all — neither loads nor relocates them and what they bring
/// (espeak-ng brings PulseAudio, libsndfile and the X libraries; libcrypto is 3 MiB resident).
public struct LoadedLibrary: @unchecked Sendable {
    // @unchecked Sendable: the handle is never closed and dlsym may be called from any thread.

    /// The library's file name as `dlopen` searches for it (`libcairo.so.2`).
    public let name: String
    private let handle: UnsafeMutableRawPointer

    /// Why a library or one of its functions could not be had.
    public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The library's file name (`libespeak-ng.so.1`).
        public let library: String
        /// `dlerror`'s text, or "no function NAME" for a missing symbol.
        public let reason: String

        /// "LIBRARY cannot be loaded: REASON", one line.
        public var description: String { "\(library) cannot be loaded: \(reason)" }
    }

    /// Opens the library (`RTLD_NOW | RTLD_LOCAL`).
    /// - Parameter name: the library's file name, its soname (`libfontconfig.so.1`).
    /// - Throws: ``LoadError`` with `dlerror`'s reason when it cannot be opened.
    public init(name: String) throws(LoadError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadError(library: name, reason: dlerror().map { String(cString: $0) } ?? "not found")
        }
        self.name = name
        self.handle = handle
    }

    /// The function `symbol` of the library, as the C function type `type`
    /// (an `@convention(c)` function type matching the C declaration).
    /// - Throws: ``LoadError`` ("no function NAME") when the library has no such symbol.
    public func function<T>(_ symbol: String, as type: T.Type) throws(LoadError) -> T {
        guard let pointer = dlsym(handle, symbol) else {
            throw LoadError(library: name, reason: "no function \(symbol)")
        }
        return unsafeBitCast(pointer, to: type)
    }
}
