import Glibc

/// The C calls on paths the project makes: each wrapped once, retried on `EINTR`, failing with
/// a ``SystemCallError`` that names the function and the path.
public enum FileSystem {
    /// Renames `source` to `destination` with `rename(2)`, atomically replacing whatever is
    /// at `destination` (both must be on the same file system).
    /// - Parameters:
    ///   - source: the existing path.
    ///   - destination: the new path.
    /// - Throws: ``SystemCallError`` naming `rename` and `source` (`ENOENT`, `EXDEV`, `EISDIR`, …).
    public static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        try nothingOrErrno("rename", path: source) { Glibc.rename(source, destination) }
    }

    /// Makes `newPath` a second name of the file at `existing` with `link(2)`; fails rather
    /// than replace anything at `newPath`.
    /// - Parameters:
    ///   - existing: the file's current path.
    ///   - newPath: the new name.
    /// - Throws: ``SystemCallError`` naming `link` and `newPath` (`EEXIST` when it is taken).
    public static func link(_ existing: String, as newPath: String) throws(SystemCallError) {
        try nothingOrErrno("link", path: newPath) { Glibc.link(existing, newPath) }
    }

    /// Removes the name `path` with `unlink(2)` (the file goes when its last name and
    /// descriptor are gone).
    /// - Parameter path: a file (not a folder).
    /// - Throws: ``SystemCallError`` naming `unlink` and `path` (`ENOENT`, `EISDIR`, `EACCES`, …).
    public static func unlink(_ path: String) throws(SystemCallError) {
        try nothingOrErrno("unlink", path: path) { Glibc.unlink(path) }
    }

    /// Creates one folder with `mkdir(2)` (its parent must exist).
    /// - Parameters:
    ///   - path: the new folder.
    ///   - mode: its permission bits before the umask (default 0700, owner only).
    /// - Throws: ``SystemCallError`` naming `mkdir` and `path` (`EEXIST`, `ENOENT`, `ENOTDIR`, …).
    public static func makeFolder(_ path: String, mode: mode_t = 0o700) throws(SystemCallError) {
        try nothingOrErrno("mkdir", path: path) { mkdir(path, mode) }
    }

    /// Creates a new folder (mode 0700) with a unique name with `mkdtemp(3)`.
    /// - Parameter prefix: the new folder's path without its last six characters, which
    ///   `mkdtemp` chooses, e.g. `/tmp/hiit-edit-`.
    /// - Returns: the folder's path.
    /// - Throws: ``SystemCallError`` naming `mkdtemp` and the template (`ENOENT`, `EACCES`, …).
    public static func makeTemporaryFolder(prefix: String) throws(SystemCallError) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let start = buffer.baseAddress else { return false }
            return mkdtemp(start) != nil
        }
        guard made else { throw .lastError("mkdtemp", path: prefix + "XXXXXX") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The status of what is at `path`, following symbolic links, with `stat(2)`.
    /// - Parameter path: any path.
    /// - Returns: the `stat` structure (`st_mode & S_IFMT` tells a folder from a file).
    /// - Throws: ``SystemCallError`` naming `stat` and `path` (`ENOENT` when nothing is there).
    public static func status(ofPath path: String) throws(SystemCallError) -> stat {
        var info = stat()
        try nothingOrErrno("stat", path: path) { stat(path, &info) }
        return info
    }

    /// The status of what is at `path` itself, a symbolic link not followed, with `lstat(2)`.
    /// - Parameter path: any path.
    /// - Returns: the `stat` structure.
    /// - Throws: ``SystemCallError`` naming `lstat` and `path` (`ENOENT` when nothing is there).
    public static func linkStatus(ofPath path: String) throws(SystemCallError) -> stat {
        var info = stat()
        try nothingOrErrno("lstat", path: path) { lstat(path, &info) }
        return info
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, from `realpath(3)`.
    /// - Parameter path: an existing path.
    /// - Returns: the resolved path.
    /// - Throws: ``SystemCallError`` naming `realpath` (`ENOENT` for a missing file or a link
    ///   that points nowhere, `ELOOP` for a loop of links, `EACCES`).
    public static func resolvedPath(_ path: String) throws(SystemCallError) -> String {
        guard let resolved = realpath(path, nil) else {
            throw SystemCallError.lastError("realpath", path: path)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the calling process may reach `path` with `access(2)`, following links.
    /// - Parameters:
    ///   - path: any path.
    ///   - mode: `F_OK` (it exists; the default), or `R_OK`, `W_OK`, `X_OK` combined.
    /// - Returns: `true` when `access` succeeds; `false` for any failure.
    public static func isAccessible(_ path: String, mode: Int32 = F_OK) -> Bool {
        (try? nothingOrErrno("access", path: path) { access(path, mode) }) != nil
    }

    /// The names in a folder, with `opendir(3)`, `readdir(3)` and `closedir(3)`; `.` and `..`
    /// are left out; the order is the file system's.
    /// - Parameter path: the folder.
    /// - Returns: the entries' names.
    /// - Throws: ``SystemCallError`` naming `opendir` (`ENOENT`, `ENOTDIR`, `EACCES`) or
    ///   `readdir`, with `path`.
    public static func entries(ofFolder path: String) throws(SystemCallError) -> [String] {
        var opened: OpaquePointer?
        repeat {
            opened = opendir(path)
        } while opened == nil && currentErrno() == EINTR
        guard let directory = opened else { throw .lastError("opendir", path: path) }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            Glibc.errno = 0
            guard let entry = readdir(directory) else {
                let code = currentErrno()
                if code != 0 { throw SystemCallError(function: "readdir", errno: code, path: path) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
