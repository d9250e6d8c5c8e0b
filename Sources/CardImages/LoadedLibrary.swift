#if canImport(Glibc)
import Glibc
#endif

/// A C library opened at run time with `dlopen(3)` (never closed: its functions are kept for
/// the life of the process), and its functions looked up by name with `dlsym(3)`.
struct LoadedLibrary {
    /// The library's file name as `dlopen` searches for it (`libcairo.so.2`).
    let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the library (`RTLD_NOW | RTLD_LOCAL`).
    /// - Parameter name: the library's file name (`libfontconfig.so.1`).
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)`` with `dlerror`'s reason
    ///   when it cannot be opened.
    init(name: String) throws(CardImageError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw .libraryMissing(library: name, reason: dlerror().map { String(cString: $0) } ?? "not found")
        }
        self.name = name
        self.handle = handle
    }

    /// The function `symbol` of the library, as the C function type `type`.
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)`` ("no function NAME") when
    ///   the library has no such symbol.
    func function<T>(_ symbol: String, as type: T.Type) throws(CardImageError) -> T {
        guard let pointer = dlsym(handle, symbol) else {
            throw .libraryMissing(library: name, reason: "no function \(symbol)")
        }
        return unsafeBitCast(pointer, to: type)
    }
}
