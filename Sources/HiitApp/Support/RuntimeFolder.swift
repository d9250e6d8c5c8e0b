import Foundation
import POSIX

/// Where a running timer publishes its state and listens for `hiit ctl` (#17, DESIGN §9):
/// `$XDG_RUNTIME_DIR/hiit` (the XDG Base Directory folder for runtime files: the user's own,
/// 0700, emptied at logout), or, when `XDG_RUNTIME_DIR` is unset, empty or not absolute,
/// `/tmp/hiit-UID` (UID the real user id). Either way the folder is made 0700 and used only
/// when it is a folder (not a symbolic link) owned by this user that nobody else may enter, so
/// another user cannot plant or read the files in a shared `/tmp`.
struct RuntimeFolder: Equatable {
    /// The folder's path.
    let path: String

    /// The file a running timer writes (``RunStatus/RunState``).
    var statePath: String { path + "/state.json" }
    /// The Unix socket a running timer listens on for `hiit ctl`.
    var controlPath: String { path + "/control.sock" }

    /// The folder for `environment` and user `uid`.
    /// - Parameters:
    ///   - environment: the process environment (`XDG_RUNTIME_DIR`).
    ///   - uid: the real user id (``POSIX/RunningProcess/userID``).
    init(environment: [String: String], uid: uid_t = RunningProcess.userID) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            path = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/hiit"
        } else {
            path = "/tmp/hiit-\(uid)"
        }
    }

    /// Why the folder cannot be used.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        /// The folder.
        let path: String
        /// What is wrong with it.
        let reason: String

        /// `/tmp/hiit-1000: is owned by another user`.
        var description: String { "\(path): \(reason)" }
    }

    /// Makes the folder (0700) when it is missing, then checks it (``check()``).
    /// - Throws: ``Refusal`` when it cannot be made or must not be used.
    func prepare() throws(Refusal) {
        do {
            try FileSystem.makeFolder(path, mode: 0o700)
        } catch where error.errno == EEXIST {
            // Checked below.
        } catch {
            throw Refusal(path: path, reason: "cannot be made: \(error.text)")
        }
        try check()
    }

    /// Checks that the folder exists, is a folder (not a link), is owned by this user and
    /// grants nobody else any access.
    /// - Throws: ``Refusal`` naming what is wrong (`ENOENT`: "does not exist").
    func check() throws(Refusal) {
        let info: stat
        do {
            info = try FileSystem.linkStatus(ofPath: path)
        } catch {
            throw Refusal(path: path, reason: error.errno == ENOENT ? "does not exist" : error.text)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Refusal(path: path, reason: "is not a folder") }
        guard info.st_uid == RunningProcess.userID else { throw Refusal(path: path, reason: "is owned by another user") }
        guard info.st_mode & 0o077 == 0 else {
            throw Refusal(path: path, reason: "may be read by other users (mode \(String(info.st_mode & 0o777, radix: 8)); it must be 700)")
        }
    }
}
