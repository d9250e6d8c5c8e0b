import Glibc

extension SocketAddress {
    /// The address of a Unix-domain stream socket at `path` (`struct sockaddr_un`, `AF_UNIX`).
    /// - Parameter path: the socket file's path.
    /// - Returns: the address.
    /// - Throws: ``SystemCallError`` naming `bind` with `ENAMETOOLONG` (and the path) for a path
    ///   longer than `sun_path` holds (107 bytes on Linux), or with `EINVAL` for one with a NUL.
    public static func unix(path: String) throws(SystemCallError) -> SocketAddress {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.contains(0) else { throw SystemCallError(function: "bind", errno: EINVAL, path: path) }
        guard bytes.count < capacity else { throw SystemCallError(function: "bind", errno: ENAMETOOLONG, path: path) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path).map { $0 + bytes.count + 1 }
            ?? MemoryLayout<sockaddr_un>.size
        let all = withUnsafeBytes(of: &address) { Array($0.prefix(length)) }
        return SocketAddress(family: AF_UNIX, bytes: all)
    }
}

extension FileDescriptor {
    /// The user id of the process at the other end of a connected Unix-domain socket, with
    /// `getsockopt(2)` `SO_PEERCRED` (unix(7)): the credentials the peer had when it connected,
    /// given by the kernel, which the peer cannot forge.
    /// - Returns: the peer's effective user id.
    /// - Throws: ``SystemCallError`` naming `getsockopt` (`ENOTSOCK`, `ENOTCONN`, `EBADF`).
    public func peerUserID() throws(SystemCallError) -> uid_t {
        let fd = rawValue
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Glibc exposes it only with _GNU_SOURCE).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        try nothingOrErrno("getsockopt", fd: fd) { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) }
        return credentials.1
    }
}

extension FileSystem {
    /// Sets a file's permission bits with `chmod(2)`.
    /// - Parameters:
    ///   - path: the file (a symbolic link is followed).
    ///   - mode: the bits, e.g. `0o600`.
    /// - Throws: ``SystemCallError`` naming `chmod` and the path (`ENOENT`, `EPERM`).
    public static func setMode(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        try nothingOrErrno("chmod", path: path) { chmod(path, mode) }
    }
}

/// Processes by id.
public enum RunningProcess {
    /// Whether a process with id `pid` exists, with `kill(pid, 0)` (kill(2)): no signal is
    /// sent; `ESRCH` means none; `EPERM` means one exists that we may not signal (it counts).
    /// A pid of 0 or below names no single process: `false`.
    /// - Parameter pid: the process id.
    public static func exists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// This process's id (`getpid(2)`).
    public static var currentID: Int32 { getpid() }

    /// This process's real user id (`getuid(2)`).
    public static var userID: uid_t { getuid() }
}
