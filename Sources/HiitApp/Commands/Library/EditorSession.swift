import Foundation
import POSIX
import TerminalUI
import WorkoutModel
import WorkoutStore

/// The `$EDITOR` loop of `hiit edit WORKOUT`.
///
/// 1. The workout's file is copied to a private temporary folder (0700; the copy is 0600)
///    under its own file name, so editors recognise JSON.
/// 2. The editor runs on the copy: `$VISUAL`, else `$EDITOR`, else `vi`, through `/bin/sh`
///    so a command with arguments (`code --wait`) works. While it runs, Ctrl-C and Ctrl-\
///    reach the editor only.
/// 3. Unchanged bytes, or a workout equal to the stored one → "No changes", nothing written.
/// 4. The copy is decoded and validated; a valid workout replaces the library's file only
///    if that file still holds what was copied (else nothing is written and the copy is
///    kept for the user). An invalid one — bad JSON, a broken limit, a name another workout
///    has — is shown with its error and the user answers "(e)dit again or (d)iscard?" on
///    stdin; end of input discards. An invalid workout is never saved.
///
/// A broken file (one that does not parse or breaks a limit) goes through the same loop: the
/// editor gets its bytes as they are, and a valid result replaces it
/// (``WorkoutLibrary/repair(_:with:)``); leaving it unchanged keeps it broken (exit 65).
///
/// Exit status: 0 saved or unchanged; 65 discarded after an error, or a broken file left
/// unchanged; 74 the editor failed, the copy could not be made, or the file changed meanwhile.
struct EditorSession {
    let library: WorkoutLibrary
    let entry: LibraryEntry
    let console: Console
    let environment: [String: String]

    /// The editor command: `$VISUAL`, else `$EDITOR`, else `vi` (empty values are ignored).
    static func editorCommand(_ environment: [String: String]) -> String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the loop on ``entry`` and says on stdout what was saved or discarded.
    /// - Returns: 0 saved or unchanged; 65 discarded after an error (reported on its own line).
    /// - Throws: ``CommandFailure`` when the copy cannot be made or the editor fails (74), or
    ///   a broken file is left unchanged (65); the ``LibraryError`` of a save that failed
    ///   (the edited copy is kept, and the message says where).
    func run() throws -> Int32 {
        let isBroken = entry.error != nil
        let original = entry.document
        guard isBroken || original != nil else { return ExitStatus.dataError }
        let name = original?.name ?? entry.url.lastPathComponent
        let folder: URL
        do {
            folder = try Self.makePrivateFolder()
        } catch {
            throw CommandFailure.io("cannot make a temporary copy to edit: \(error)")
        }
        let copy = folder.appendingPathComponent(entry.url.lastPathComponent)
        var keepCopy = false
        defer { if !keepCopy { try? FileManager.default.removeItem(at: folder) } }
        do {
            try DiskFile.writeAtomically(entry.data, to: copy)
        } catch {
            throw CommandFailure.io("cannot make a temporary copy to edit: \(error)")
        }
        let command = Self.editorCommand(environment)
        while true {
            let (status, stoppedBy) = ExternalEditor.run(command, file: copy.path, environment: environment)
            if let stoppedBy {
                // The temporary copy goes with the `defer` above; the library is as it was.
                throw CommandFailure(status: ExitStatus.signal(stoppedBy),
                                     message: "stopped by \(Format.signal(stoppedBy)) while editing; '\(name)' is unchanged")
            }
            guard status == 0 else {
                let why = status < 0 ? "could not be started"
                    : status == 127 ? "was not found (set VISUAL or EDITOR)" : "exited with status \(status)"
                throw CommandFailure.io("the editor '\(command)' \(why); '\(name)' is unchanged")
            }
            let problem: String
            do {
                let data = try DiskFile.read(at: copy, maximumBytes: WorkoutFile.maximumBytes)
                if data == entry.data {
                    if let error = entry.error {
                        throw CommandFailure.data("no changes were made, so the file is still broken: \(error)")
                    }
                    console.out("No changes to '\(name)'.")
                    return ExitStatus.success
                }
                let edited = try LibraryDocumentFile.decode(data, path: copy.path)
                if edited == original {
                    console.out("No changes to '\(name)'.")
                    return ExitStatus.success
                }
                do {
                    let change = isBroken ? try library.repair(entry, with: edited) : try library.replace(entry, with: edited)
                    let renamed = edited.name == name || isBroken ? "" : " (was '\(name)')"
                    let fixed = isBroken ? " in place of the broken \(name)" : ""
                    console.out("Saved '\(edited.name)'\(renamed)\(fixed) (\(change.after.url.path)):")
                    for line in WorkoutSummary.lines(of: edited, glyphs: console.glyphs) { console.out(line) }
                    return ExitStatus.success
                } catch {
                    switch error {
                    case .invalid, .nameTaken:
                        problem = error.description
                    default:
                        keepCopy = true
                        throw CommandFailure(status: ErrorReport.status(for: error),
                                             message: "\(error); your version is kept in \(copy.path)")
                    }
                }
            } catch let error as StoreError {
                if case let .io(_, _, code) = error, code == ENOENT {
                    // The editor removed the copy: start again from the stored workout.
                    try? DiskFile.writeAtomically(entry.data, to: copy)
                    problem = "\(copy.path): the file was removed"
                } else {
                    problem = error.description
                }
            }
            let discarded = ErrorReport.report(CommandFailure.data(problem), console: console)
            guard Prompt.choose("(e)dit again or (d)iscard?", among: ["edit", "discard"], console: console) == "edit" else {
                console.out(isBroken ? "Discarded: \(name) is unchanged (still broken)." : "Discarded: '\(name)' is unchanged.")
                return discarded
            }
        }
    }

    /// A new folder `hiit-edit-XXXXXX` (0700) in the temporary directory (`$TMPDIR`).
    static func makePrivateFolder() throws -> URL {
        let base = FileManager.default.temporaryDirectory.path
        do {
            return URL(fileURLWithPath: try FileSystem.makeTemporaryFolder(prefix: "\(base)/hiit-edit-"), isDirectory: true)
        } catch {
            throw StoreError.io(path: base, operation: "create a temporary folder in", errno: error.errno)
        }
    }
}

/// Runs an editor as a child process on the terminal and waits for it.
enum ExternalEditor {
    /// Runs `/bin/sh -c 'exec <command> "$1"' sh <file>` with the given environment, stdin, stdout
    /// and stderr inherited (`POSIX`'s ``SpawnedProcess``). While it runs this process ignores
    /// SIGINT and SIGQUIT (the editor gets them with their default actions, as `git` does).
    /// SIGTERM and SIGHUP are passed on to the editor, and the caller is told, so that it
    /// can remove its temporary copy and end with 128 + N instead of dying with the copy left.
    /// - Returns: the editor's exit status (128 + N when signal N ended it, -1 when it could not
    ///   be started), and the SIGTERM or SIGHUP this process got meanwhile, if any.
    static func run(_ command: String, file: String, environment: [String: String]) -> (status: Int32, stoppedBy: Int32?) {
        // `exec`: the shell becomes the editor, so a signal passed on reaches the editor itself
        // (a shell killed in its place would leave the editor running on the terminal).
        let arguments = ["/bin/sh", "-c", "exec " + command + " \"$1\"", "sh", file]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        let stop = EditorStop()
        // SignalPipe (TerminalUI) sets SIGTERM and SIGHUP up so none is lost between here and
        // the editor's start; a read source passes each on as it arrives.
        let pipe = try? SignalPipe(signals: [SIGTERM, SIGHUP])
        let reader = pipe.map { pipe in
            let source = DispatchSource.makeReadSource(fileDescriptor: pipe.readFD, queue: .global())
            source.setEventHandler { for number in pipe.drain() { stop.received(number) } }
            return source
        }
        let readerCancelled = DispatchGroup()
        if let reader {
            readerCancelled.enter()
            reader.setCancelHandler { readerCancelled.leave() }
            reader.resume()
        }
        defer {
            reader?.cancel()
            readerCancelled.wait()
            pipe?.close()
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        do {
            let editor = try SpawnedProcess.spawn("/bin/sh", arguments: arguments, environment: variables,
                                                  defaultSignals: [SIGINT, SIGQUIT, SIGTERM, SIGHUP])
            stop.started(editor.id)
            return (try editor.wait().shellStatus, stop.signal)
        } catch {
            return (-1, stop.signal)
        }
    }
}

/// The SIGTERM or SIGHUP that arrived while the editor ran, passed on to the editor once it
/// has started (also when it arrived just before).
private final class EditorStop: @unchecked Sendable {
    // @unchecked Sendable, and why that is safe: both fields are read and written only while
    // holding `lock` (the signal arrives on a Dispatch queue, the editor starts on the caller's).
    private let lock = NSLock()
    private var editor: pid_t?
    private var first: Int32?

    /// The first signal that arrived, if any.
    var signal: Int32? { lock.withLock { first } }

    /// Signal `number` arrived: remember it and pass it on to the editor if it runs.
    func received(_ number: Int32) {
        let target: pid_t? = lock.withLock {
            if first == nil { first = number }
            return editor
        }
        if let target { kill(target, number) }
    }

    /// The editor runs as `pid`: a signal that came before is passed on now.
    func started(_ pid: pid_t) {
        let pending: Int32? = lock.withLock {
            editor = pid
            return first
        }
        if let pending { kill(pid, pending) }
    }
}
