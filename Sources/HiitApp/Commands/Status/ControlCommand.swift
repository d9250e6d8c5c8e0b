import CommandLineKit
import Foundation
import POSIX

/// `hiit ctl pause|resume|toggle|next|stop` (#17): controls the running timer from a key binding or a
/// status bar, through the Unix socket it listens on (``RunStatusService``), and prints the
/// timer's reply: `paused: WORK 0:12 · Burpees 3/8 · paused`.
///
/// Exit status: 0 when the timer did it (or had it done already: `already paused`); 69
/// (`EX_UNAVAILABLE`) when no timer is running or it refused; 74 when the socket fails or the
/// timer does not answer within 3 s.
struct ControlCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["ctl"], abstract: "Control the running timer: pause, resume, toggle, next or stop.",
        discussion: "For key bindings and status bars; prints the timer's reply. 'toggle' pauses a running timer and resumes a paused one. 'next' skips to the next segment (or ends the leg and starts the next); past the last one it finishes the workout, which is saved. 'stop' stops without saving, as q confirmed with y does. The timer listens on a Unix socket in $XDG_RUNTIME_DIR/hiit (/tmp/hiit-UID without XDG_RUNTIME_DIR), for your user only; nothing listens on the network. Exit status 69 when no timer is running.")

    /// REQUEST.
    @Argument("REQUEST", help: "pause, resume, toggle, next or stop.", as: .choice)
    var request: ControlRequest

    /// The exit status when no timer runs or it refused the request: 69, `EX_UNAVAILABLE`.
    static let unavailable: Int32 = 69
    /// How long the timer has to answer: 3 s.
    static let replyTimeout: Duration = .seconds(3)

    func run(_ context: CommandContext) throws -> Int32 {
        let folder = RuntimeFolder(environment: context.environment)
        do throws(RuntimeFolder.Refusal) {
            try folder.check()
        } catch where error.reason == "does not exist" {
            throw Self.noTimer
        } catch {
            throw CommandFailure(status: Self.unavailable, message: "\(error): no timer could be reached")
        }
        let reply = try exchange(request.rawValue, at: folder.controlPath)
        if reply.hasPrefix("ok: ") {
            context.console.out(String(reply.dropFirst(4)))
            return ExitStatus.success
        }
        let message = reply.hasPrefix("error: ") ? String(reply.dropFirst(7)) : reply
        throw CommandFailure(status: Self.unavailable, message: "the timer refused '\(request.rawValue)': \(message)")
    }

    /// `no timer is running`.
    static var noTimer: CommandFailure {
        CommandFailure(status: unavailable, message: "no timer is running (start one with 'hiit run')")
    }

    /// Sends `word` and a newline to the socket at `path` and returns the reply's first line.
    /// - Throws: ``noTimer`` when nothing listens there; ``CommandFailure`` (74) when the socket
    ///   fails or no reply comes within ``replyTimeout``.
    private func exchange(_ word: String, at path: String) throws -> String {
        let socket: FileDescriptor
        let address: SocketAddress
        do {
            address = try SocketAddress.unix(path: path)
            socket = try FileDescriptor.streamSocket(family: AF_UNIX)
        } catch {
            throw CommandFailure.io("cannot reach the timer: \(error)")
        }
        defer { try? socket.close() }
        if let failure = connect(socket, to: address, path: path) { throw failure }
        let reply = try receiveReply(sending: word, on: socket)
        let line = String(decoding: reply.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard !line.isEmpty else { throw CommandFailure.io("the timer closed the connection without an answer") }
        return line
    }

    /// Connects `socket` to `address`; the failure to report, or `nil` once connected.
    private func connect(_ socket: FileDescriptor, to address: SocketAddress, path: String) -> CommandFailure? {
        var code: Int32 = 0
        do throws(SystemCallError) {
            if try !socket.connect(to: address) {
                var entries = [pollfd(fd: socket.rawValue, events: Int16(POLLOUT), revents: 0)]
                if try Poll.wait(&entries, timeout: Self.replyTimeout) == 0 {
                    return CommandFailure.io("the timer did not answer within \(Int(Self.replyTimeout.inSeconds)) s")
                }
            }
            code = try socket.pendingSocketError()
        } catch {
            code = error.errno
        }
        switch code {
        case 0: return nil
        case ENOENT, ECONNREFUSED: return Self.noTimer
        case EAGAIN: return CommandFailure.io("the timer is busy (its queue of requests is full); try again")
        default: return CommandFailure.io("cannot reach the timer: \(SystemCallError(function: "connect", errno: code, path: path))")
        }
    }

    /// Sends `word` and a newline, then reads until a newline, the end, or ``replyTimeout``.
    /// - Throws: ``CommandFailure`` (74) when sending or reading fails or the time runs out.
    private func receiveReply(sending word: String, on socket: FileDescriptor) throws(CommandFailure) -> [UInt8] {
        var reply: [UInt8] = []
        do throws(SystemCallError) {
            _ = try socket.send(Array((word + "\n").utf8))
        } catch {
            throw CommandFailure.io("cannot send to the timer: \(error)")
        }
        while !reply.contains(UInt8(ascii: "\n")) {
            var entries = [pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)]
            let ready = (try? Poll.wait(&entries, timeout: Self.replyTimeout)) ?? 0
            if ready == 0 { throw CommandFailure.io("the timer did not answer within \(Int(Self.replyTimeout.inSeconds)) s") }
            var bytes: [UInt8] = []
            var code: Int32 = 0
            do throws(SystemCallError) {
                bytes = try socket.read(upToCount: 4096)
            } catch {
                code = error.errno
            }
            if code == EAGAIN { continue }
            if code != 0 { throw CommandFailure.io("the timer did not answer: \(SystemCallError.text(forErrno: code))") }
            if bytes.isEmpty { break }
            reply += bytes
        }
        return reply
    }
}
