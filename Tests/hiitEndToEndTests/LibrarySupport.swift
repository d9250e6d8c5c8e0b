import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Support for the library tests: the library folder of a sandbox, and the expectations of an
// error run. The runs themselves are `E2ESandbox.run` and `E2ESandbox.start` (Support/).

extension E2ESandbox {
    /// `$XDG_DATA_HOME/hiit/workouts`: the library.
    var libraryFolder: URL { dataFolder.appendingPathComponent("workouts", isDirectory: true) }

    /// A file of the library.
    func workoutFile(_ name: String) -> URL { libraryFolder.appendingPathComponent(name) }

    /// The `*.json` file names of the library, sorted.
    /// - Throws: when the library folder exists but cannot be listed.
    func libraryFiles() throws -> [String] {
        guard FileManager.default.fileExists(atPath: libraryFolder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: libraryFolder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    /// Writes raw bytes into the library folder, creating it (as a person might).
    /// - Throws: when the folder or the file cannot be written.
    func writeWorkoutFile(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: libraryFolder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: workoutFile(name))
    }
}

/// The expectations every error run meets: the status, one line on stderr starting with
/// `Error:` that contains each of `words` (the first line of stderr; a usage line may follow),
/// and nothing on stdout.
func expectHiitError(_ run: HiitResult, status: Int32, naming words: [String],
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
/// - Throws: when the script cannot be written or made executable.
func writeLibraryEditorScript(_ body: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    // Opened close-on-exec: a child another test spawns while this is being written must not
    // inherit the write descriptor, or exec of the script fails with ETXTBSY ("Text file busy").
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
    guard fd >= 0 else { throw E2EFailure("open \(url.path): errno \(errno)") }
    defer { close(fd) }
    let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { throw E2EFailure("write \(url.path): errno \(errno)") }
        written += n
    }
    return url.path
}
