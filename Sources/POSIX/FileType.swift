import Glibc

/// What a path or an open descriptor is, from the `S_IFMT` bits of `stat(2)`'s `st_mode`.
///
/// hiit reads and writes regular files only; anything else at the place of one (a FIFO that
/// would block a read forever, a device that never ends) is refused by name, never waited on.
public enum FileType: Equatable, Sendable, CustomStringConvertible {
    /// A regular file (`S_IFREG`).
    case regular
    /// A folder (`S_IFDIR`).
    case folder
    /// A named pipe (`S_IFIFO`, made by `mkfifo`).
    case fifo
    /// A character device (`S_IFCHR`), such as `/dev/zero` or a terminal.
    case characterDevice
    /// A block device (`S_IFBLK`), such as a disk.
    case blockDevice
    /// A Unix domain socket (`S_IFSOCK`).
    case socket
    /// A symbolic link (`S_IFLNK`; seen only through `lstat`).
    case symbolicLink
    /// Any other `S_IFMT` value.
    case unknown

    /// The type that the `st_mode` of a `stat` structure says.
    /// - Parameter mode: `st_mode` as `stat(2)`, `fstat(2)` or `lstat(2)` fill it.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// With an article, as it reads in a sentence: "a FIFO", "a character device".
    public var description: String {
        switch self {
        case .regular: return "a regular file"
        case .folder: return "a folder"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        case .unknown: return "a special file"
        }
    }
}

extension FileDescriptor {
    /// What the open descriptor is, from `fstat(2)`.
    /// - Throws: ``SystemCallError`` naming `fstat`.
    public func fileType() throws(SystemCallError) -> FileType {
        FileType(mode: try status().st_mode)
    }
}
