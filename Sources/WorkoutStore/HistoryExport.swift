import Foundation
import POSIX

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing an export (`hiit history export … FILE`) to a file the user named. History is
/// health data, so the file is created 0600.
public enum HistoryExport {
    /// Writes `data` to `url`.
    ///
    /// Without `replacing`, the file must not exist: it is created with
    /// `open(O_CREAT | O_EXCL)` (so a file that appears meanwhile is not overwritten either),
    /// written, flushed and closed; on a failed write the partial file is removed. With
    /// `replacing`, an existing file is replaced atomically (``DiskFile/writeAtomically(_:to:)``).
    /// - Parameters:
    ///   - data: the export.
    ///   - url: the destination; its folder must exist.
    ///   - replacing: whether an existing file may be replaced (`--force`).
    /// - Throws: ``StoreError/io(path:operation:errno:)``: `EEXIST` from the operation
    ///   "create" when the file exists and `replacing` is false; `ENOENT` when the folder is
    ///   missing; `EACCES`, `ENOSPC`, …
    public static func write(_ data: Data, to url: URL, replacing: Bool) throws(StoreError) {
        if replacing {
            try DiskFile.writeAtomically(data, to: url)
            return
        }
        let descriptor = try OpenFile(opening: url.path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600,
                                            operation: "create")
        do throws(StoreError) {
            try descriptor.writeAll([UInt8](data))
            try descriptor.sync()
            try descriptor.close()
        } catch {
            try? FileSystem.unlink(url.path)
            throw error
        }
    }
}
