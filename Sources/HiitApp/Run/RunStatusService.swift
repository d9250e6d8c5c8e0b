import Foundation
import POSIX
import RunStatus

/// The running timer's face to the rest of the desktop (#17, DESIGN §9), served in the run
/// loop's one `poll` as a ``RunAccessory``:
///
/// - **State.** After every wake that changed what a bar shows (a segment change, pause,
///   resume, `+`/`-`, back, skip; not every frame), `state.json` in the ``RuntimeFolder`` is
///   replaced atomically (written as a temporary file in the same folder, 0600, then renamed)
///   with the adapter's ``RunStatus/RunState``. It is removed when the run ends, however it
///   ends (finish, quit, Ctrl-C, SIGTERM); one left by a killed run names a pid that no longer
///   exists, and readers take it as idle.
/// - **Control.** `control.sock` beside it, a Unix stream socket (0600, in the 0700 folder),
///   takes one request word a connection from `hiit ctl` (``ControlRequest``) from a peer of
///   this user only (`SO_PEERCRED`), hands the loop its commands, and replies with one line
///   once they are carried out: `ok: paused: WORK 0:12 · Burpees 3/8 · paused`, or
///   `error: …`. Nothing listens on the network.
///
/// When the folder cannot be used (``RuntimeFolder/Refusal``) the run goes on without either,
/// silently. When another live timer already publishes, this run says so once and leaves its
/// files alone.
final class RunStatusService<Adapter: StatusAdapter>: RunAccessory {
    typealias Engine = Adapter.Engine

    /// A connection from `hiit ctl`.
    private struct Connection {
        let socket: FileDescriptor
        var bytes: [UInt8] = []
        let openedAt: Duration
        /// Set once its request was read and handed to the loop: what the reply says was done.
        var done: String?
    }

    /// The longest a connection may take to send its request: 2 s.
    static var requestTimeout: Duration { .seconds(2) }
    /// The most connections waiting at once; more are closed at once.
    static var connectionLimit: Int { 8 }
    /// The longest request line, in bytes.
    static var requestLimit: Int { 64 }

    private let adapter: Adapter
    private let folder: RuntimeFolder
    private let pid: Int32
    private var wallOrigin = Date(timeIntervalSince1970: 0)
    private var isPublishing = false
    /// The state last written, its `updatedAt` set to the reference date (to tell a change),
    /// and its bytes: `state.json` is this run's while it holds exactly these (they carry this
    /// process's id).
    private var lastWritten: (key: RunState, bytes: Data)?
    private var listener: FileDescriptor?
    private var connections: [Connection] = []
    /// Whether `hiit ctl stop` ended the run (the command then says "Stopped from hiit ctl").
    private(set) var stoppedByControl = false

    /// A service for the run of `adapter`.
    /// - Parameters:
    ///   - adapter: what the run publishes and what requests mean in it.
    ///   - folder: where the files go.
    ///   - pid: this process's id (written in the state, checked before removing it).
    init(adapter: Adapter, folder: RuntimeFolder, pid: Int32 = RunningProcess.currentID) {
        self.adapter = adapter
        self.folder = folder
        self.pid = pid
    }

    var watched: [WatchedDescriptor] {
        (listener.map { [WatchedDescriptor(fd: $0.rawValue, events: Int16(POLLIN))] } ?? [])
            + connections.filter { $0.done == nil }.map { WatchedDescriptor(fd: $0.socket.rawValue, events: Int16(POLLIN)) }
    }

    func nextDeadline(after now: Duration) -> Duration? {
        connections.filter { $0.done == nil }.map { $0.openedAt + Self.requestTimeout }.min()
    }

    /// Makes the folder, refuses to take over from another live timer, and starts listening.
    func begin(at now: Duration, wallOrigin: Date) -> [RunNote] {
        self.wallOrigin = wallOrigin
        do throws(RuntimeFolder.Refusal) {
            try folder.prepare()
        } catch {
            return []
        }
        if let data = FileManager.default.contents(atPath: folder.statePath), let other = try? RunState(data: data),
           other.pid != pid, RunningProcess.exists(other.pid) {
            let text = "Another timer (pid \(other.pid)) answers 'hiit status' and 'hiit ctl'; this one does not"
            return [RunNote(text: text, line: EventLine(event: "notPublished", t: now.inSeconds, message: text))]
        }
        isPublishing = true
        listener = try? Self.listen(at: folder.controlPath)
        return []
    }

    /// Accepts connections, reads their requests, closes those that took too long.
    func service(ready: [Int32], session: Engine, at now: Duration) -> RunAccessoryWork<Engine.Event> {
        var work = RunAccessoryWork<Engine.Event>()
        if let listener, ready.contains(listener.rawValue) { accept(from: listener, at: now) }
        var kept: [Connection] = []
        for var connection in connections {
            if connection.done == nil, ready.contains(connection.socket.rawValue) {
                switch read(&connection) {
                case .waiting: break
                case .closed:
                    try? connection.socket.close()
                    continue
                case let .request(word):
                    guard let request = ControlRequest(rawValue: word) else {
                        reply(connection, "error: unknown request '\(word)'; expected "
                            + ControlRequest.allCases.map(\.rawValue).joined(separator: ", "))
                        continue
                    }
                    let decision = adapter.decision(for: request, session: session)
                    if request == .stop {
                        stoppedByControl = true
                        work.notes.append(RunNote(text: "Stopped from hiit ctl", line: EventLine(event: "stopped", t: now.inSeconds,
                                                                                              message: "hiit ctl stop")))
                    }
                    work.commands += decision.commands
                    connection.done = decision.done
                }
            }
            if connection.done == nil, now >= connection.openedAt + Self.requestTimeout {
                reply(connection, "error: no request within \(Int(Self.requestTimeout.inSeconds)) s")
                continue
            }
            kept.append(connection)
        }
        connections = kept
        return work
    }

    /// Publishes the state when it changed, and answers the requests carried out.
    func settled(session: Engine, at now: Duration) {
        guard isPublishing else { return }
        let state = adapter.runState(session: session, at: now, wallOrigin: wallOrigin, pid: pid)
        publish(state)
        // The status line is made only for a reply (not at every tick of the timer).
        guard connections.contains(where: { $0.done != nil }) else { return }
        let line = state.map { StatusLine.render(.running($0), as: .plain, at: Date(wallOrigin, plus: now)) } ?? "finished"
        connections = connections.filter { connection in
            guard let done = connection.done else { return true }
            reply(connection, "ok: \(done): \(line)")
            return false
        }
    }

    /// Answers what is left, stops listening and removes the socket and the state.
    func end() {
        for connection in connections {
            if let done = connection.done {
                reply(connection, stoppedByControl ? "ok: stopped: nothing was recorded" : "ok: \(done): the run ended")
            } else {
                reply(connection, "error: the run ended")
            }
        }
        connections = []
        if let listener {
            try? listener.close()
            try? FileSystem.unlink(folder.controlPath)
        }
        listener = nil
        if isPublishing { removeState() }
        isPublishing = false
    }

    // MARK: State

    /// Writes `state` unless it is what was written last (apart from `updatedAt`); removes
    /// the file for `nil` (finished). A failed write is dropped: the timer matters more.
    private func publish(_ state: RunState?) {
        guard let state else {
            removeState()
            return
        }
        var key = state
        key.updatedAt = Date(timeIntervalSinceReferenceDate: 0)
        guard key != lastWritten?.key else { return }
        let temporary = folder.path + "/.state.json.\(pid).tmp"
        let bytes = state.jsonData()
        do throws(SystemCallError) {
            let file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o600)
            try file.closeAfter { () throws(SystemCallError) in try file.writeAll(Array(bytes)) }
            try FileSystem.rename(temporary, to: folder.statePath)
            lastWritten = (key, bytes)
        } catch {
            try? FileSystem.unlink(temporary)
        }
    }

    /// Removes `state.json` when it is this process's: exactly what it wrote last, which
    /// carries its id (another run may have replaced it). Compared as bytes, so the end of a run
    /// decodes no JSON.
    private func removeState() {
        defer { lastWritten = nil }
        guard let ours = lastWritten?.bytes, FileManager.default.contents(atPath: folder.statePath) == ours else { return }
        try? FileSystem.unlink(folder.statePath)
    }

    // MARK: Control

    /// A non-blocking listening socket at `path` (0600). A socket file left there by a run
    /// that was killed is replaced; one a live process listens on is not.
    private static func listen(at path: String) throws(SystemCallError) -> FileDescriptor {
        let address = try SocketAddress.unix(path: path)
        if FileSystem.isAccessible(path) {
            let probe = try FileDescriptor.streamSocket(family: AF_UNIX)
            let answered = (try? probe.closeAfter { () throws(SystemCallError) in try probe.connect(to: address) }) ?? false
            if answered { throw SystemCallError(function: "bind", errno: EADDRINUSE, path: path) }
            try FileSystem.unlink(path)
        }
        let socket = try FileDescriptor.streamSocket(family: AF_UNIX)
        do {
            _ = try socket.bindAndListen(to: address, backlog: 8)
            try FileSystem.setMode(path, 0o600)
        } catch {
            try? socket.close()
            throw error
        }
        return socket
    }

    /// Accepts what is waiting; a peer of another user is closed at once.
    private func accept(from listener: FileDescriptor, at now: Duration) {
        while let socket = try? listener.accept() {
            guard (try? socket.peerUserID()) == RunningProcess.userID, connections.count < Self.connectionLimit,
                  (try? socket.addStatusFlags(O_NONBLOCK)) != nil else {
                try? socket.close()
                continue
            }
            connections.append(Connection(socket: socket, openedAt: now))
        }
    }

    private enum ReadResult {
        case waiting
        case closed
        case request(String)
    }

    /// Reads what a connection sent: its request word once a line (or the end) has come.
    private func read(_ connection: inout Connection) -> ReadResult {
        let bytes: [UInt8]
        do {
            bytes = try connection.socket.read(upToCount: Self.requestLimit)
        } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return .waiting
        } catch {
            return .closed
        }
        connection.bytes += bytes
        let line = connection.bytes.firstIndex(of: UInt8(ascii: "\n")).map { Array(connection.bytes[..<$0]) }
        if let line { return .request(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()) }
        if bytes.isEmpty {
            return connection.bytes.isEmpty ? .closed
                : .request(String(decoding: connection.bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased())
        }
        if connection.bytes.count > Self.requestLimit { return .request("(too long)") }
        return .waiting
    }

    /// Sends one reply line and closes the connection; a peer gone away is no error.
    private func reply(_ connection: Connection, _ text: String) {
        _ = try? connection.socket.send(Array((text + "\n").utf8))
        try? connection.socket.close()
    }
}
