import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A failure of the library tests' own machinery, with what was expected and seen.
struct LibraryTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How one run of the built `hiit` ended, and what it wrote.
struct LibraryRun: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastEmpty }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// Everything, for failure messages.
    var description: String { "exit status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
}

extension Array where Element == String {
    /// Without a final empty element (text ending with a newline).
    var dropLastEmpty: [String] { last == "" ? Array(dropLast()) : self }
}

/// One test's own data folder (`XDG_DATA_HOME`, `HOME`, `TMPDIR`) and runs of the built
/// `hiit` in it. Removed when released.
final class LibrarySandbox {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hiit-library-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("tmp"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// `hiit` beside the test runner (`/proc/self/exe`'s folder).
    static func binary() throws -> URL {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = folder.appendingPathComponent("hiit")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw LibraryTestFailure("no hiit executable in \(folder.path); build it with `swift build --build-tests`")
        }
        return binary
    }

    /// The data folder, the library and its files.
    var dataFolder: URL { url.appendingPathComponent("hiit", isDirectory: true) }
    var libraryFolder: URL { dataFolder.appendingPathComponent("workouts", isDirectory: true) }
    func workoutFile(_ name: String) -> URL { libraryFolder.appendingPathComponent(name) }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The `*.json` file names of the library, sorted.
    func libraryFiles() throws -> [String] {
        guard FileManager.default.fileExists(atPath: libraryFolder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: libraryFolder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    /// Writes raw bytes into the library folder, creating it (as a person might).
    func writeWorkoutFile(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: libraryFolder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: workoutFile(name))
    }

    /// A fresh environment: the sandbox as home, data and temporary folder, no editor, no
    /// colours from the developer's shell, silent audio.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": url.path,
            "XDG_DATA_HOME": url.path,
            "TMPDIR": url.appendingPathComponent("tmp").path,
            "HIIT_AUDIO_DEVICE": "null",
            "SWIFT_BACKTRACE": "interactive=no",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Starts `hiit` with stdout and stderr going to files (no pipe can fill up) and stdin
    /// from `input` (empty by default) or from a given file descriptor.
    func start(_ arguments: [String], input: String = "", stdinDescriptor: Int32? = nil,
               extra: [String: String] = [:]) throws -> LibraryChild {
        try LibraryChild(arguments: arguments, environment: environment(extra), folder: url,
                         input: input, stdinDescriptor: stdinDescriptor)
    }

    /// Runs `hiit` to the end.
    func run(_ arguments: [String], input: String = "", extra: [String: String] = [:]) throws -> LibraryRun {
        try start(arguments, input: input, extra: extra).wait()
    }
}

/// A running `hiit` whose output goes to files.
final class LibraryChild {
    private let process = Process()
    private let stdoutURL: URL
    private let stderrURL: URL

    init(arguments: [String], environment: [String: String], folder: URL, input: String,
         stdinDescriptor: Int32?) throws {
        let id = UUID().uuidString
        stdoutURL = folder.appendingPathComponent("out-\(id)")
        stderrURL = folder.appendingPathComponent("err-\(id)")
        let inputURL = folder.appendingPathComponent("in-\(id)")
        try Data(input.utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = try LibrarySandbox.binary()
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder
        process.standardInput = try stdinDescriptor.map { FileHandle(fileDescriptor: $0, closeOnDealloc: false) }
            ?? FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    /// Waits for the end (a test that hangs is ended by the test's own time limit).
    func wait() throws -> LibraryRun {
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return LibraryRun(status: status,
                          stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
                          stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    }

    /// What the process wrote to stderr so far.
    func stderrSoFar() -> String {
        String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
    }
}

/// A pseudo-terminal: the test writes to `primary`, `hiit` reads `secondary` as its stdin
/// (which then is a terminal).
final class LibraryTerminal {
    let primary: Int32
    let secondary: Int32

    init() throws {
        // posix_openpt, grantpt, unlockpt and ptsname_r need feature macros that Swift's
        // Glibc module does not set, so they are looked up in the C library by name.
        func libc<F>(_ name: String, _ type: F.Type) throws -> F {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw LibraryTestFailure("no \(name) in libc") }
            return unsafeBitCast(symbol, to: type)
        }
        let openPrimary = try libc("posix_openpt", (@convention(c) (Int32) -> Int32).self)
        let grant = try libc("grantpt", (@convention(c) (Int32) -> Int32).self)
        let unlock = try libc("unlockpt", (@convention(c) (Int32) -> Int32).self)
        let nameOf = try libc("ptsname_r", (@convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32).self)
        primary = openPrimary(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 128)
        guard primary >= 0, grant(primary) == 0, unlock(primary) == 0, nameOf(primary, &name, name.count) == 0 else {
            throw LibraryTestFailure("cannot open a pseudo-terminal: errno \(errno)")
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        secondary = open(path, O_RDWR | O_NOCTTY)
        guard secondary >= 0 else { throw LibraryTestFailure("cannot open \(path): errno \(errno)") }
    }

    deinit {
        close(secondary)
        close(primary)
    }

    /// Types text as if at the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }
}

/// The expectations every error run meets: the status, one line on stderr starting with
/// `Error:` that contains each of `words`, and nothing on stdout.
func expectLibraryError(_ run: LibraryRun, status: Int32, naming words: [String],
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(run.status == status, "\(run)", sourceLocation: sourceLocation)
    let errors = run.stderrLines.filter { $0.hasPrefix("Error:") }
    #expect(errors.count == 1, "one Error: line\n\(run)", sourceLocation: sourceLocation)
    #expect(run.stderrLines.first?.hasPrefix("Error:") == true, "\(run)", sourceLocation: sourceLocation)
    for word in words {
        #expect(errors.first?.contains(word) == true, "the error names '\(word)'\n\(run)", sourceLocation: sourceLocation)
    }
    #expect(run.stdout.isEmpty, "nothing on stdout\n\(run)", sourceLocation: sourceLocation)
}

/// Writes a scripted "editor" (a shell script) into a folder and returns its path.
func writeLibraryEditorScript(_ body: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: url)
    guard chmod(url.path, 0o700) == 0 else { throw LibraryTestFailure("chmod \(url.path): errno \(errno)") }
    return url.path
}
