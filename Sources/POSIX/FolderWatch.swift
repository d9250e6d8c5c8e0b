import Glibc

/// Changes to the entries of one folder, through inotify(7): a descriptor that becomes
/// readable (for `poll`) when a file in the folder is written and closed, moved in (an atomic
/// replace's rename), moved out or removed.
public final class FolderWatch {
    /// The inotify descriptor (non-blocking, close-on-exec): watch it for `POLLIN`, then call
    /// ``drain()``.
    public let descriptor: FileDescriptor

    /// Watches `path`.
    /// - Parameter path: an existing folder.
    /// - Throws: ``SystemCallError`` naming `inotify_init1` (`EMFILE`) or `inotify_add_watch`
    ///   with the path (`ENOENT`, `EACCES`, `ENOSPC` when the watch limit is reached).
    public init(_ path: String) throws(SystemCallError) {
        // The descriptor becomes the watch's only once the watch is added: an initializer that
        // throws after every stored property is set runs `deinit`, which would close the number
        // a second time (by then perhaps another thread's file).
        let opened = FileDescriptor(rawValue: try valueOrErrno("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF)
        do {
            _ = try valueOrErrno("inotify_add_watch", path: path) { inotify_add_watch(opened.rawValue, path, mask) }
        } catch {
            try? opened.close()
            throw error
        }
        descriptor = opened
    }

    deinit {
        try? descriptor.close()
    }

    /// Reads the events waiting, so the descriptor is quiet until the next change.
    /// - Returns: whether any event was read (a change happened).
    @discardableResult
    public func drain() -> Bool {
        var changed = false
        while let bytes = try? descriptor.read(upToCount: 4096), !bytes.isEmpty {
            changed = true
        }
        return changed
    }
}
