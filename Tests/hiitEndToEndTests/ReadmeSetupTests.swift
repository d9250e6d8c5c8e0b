import Foundation
import Testing

/// The README's set-up command, run as written by `/bin/sh` on a pretend fresh Debian machine:
/// `id`, `sudo`, `apt-get` and `swift` are stand-ins on `PATH` that log each call. The
/// stand-in `apt-get` behaves as on a fresh machine: `install` says "Unable to locate package"
/// until `update` has run, and both refuse to run without root.
@Suite struct ReadmeSetupTests {
    /// The package folder (this file is `Tests/hiitEndToEndTests/ReadmeSetupTests.swift`).
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The first two `sh` blocks under the README's "On a fresh Debian machine" heading, one
    /// after the other: the packages, then building and trying the default workout (a block of
    /// its own, so that installing does not start a 4-minute workout).
    static func setUpCommand() throws -> String {
        let readme = try String(contentsOf: packageFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## On a fresh Debian machine"), "the README has the set-up section")
        var rest = readme[section.upperBound...]
        var blocks: [String] = []
        for _ in 0..<2 {
            let open = try #require(rest.range(of: "```sh\n"), "a sh block in the set-up section")
            let close = try #require(rest[open.upperBound...].range(of: "```"), "the sh block ends")
            blocks.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        #expect(blocks[1] == "swift run hiit\n", "the second block builds and runs the default workout: \(blocks[1])")
        return blocks.joined()
    }

    /// Runs `script` with `/bin/sh` and the stand-ins, as user id `uid`.
    /// - Returns: the exit status and the logged calls, one per line (`sudo apt-get update`,
    ///   `apt-get update`, …).
    static func run(_ script: String, uid: Int) throws -> (status: Int32, calls: [String], output: String) {
        let sandbox = try E2ESandbox()
        let bin = sandbox.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = sandbox.file("calls.log").path
        let standIns = [
            "id": #"[ "$1" = -u ] && { echo "${FAKE_UID:-0}"; exit 0; }; echo "uid=${FAKE_UID:-0}""#,
            "sudo": #"echo "sudo $*" >> "$CALL_LOG"; FAKE_UID=0 exec "$@""#,
            "apt-get": #"""
                echo "apt-get $*" >> "$CALL_LOG"
                [ "${FAKE_UID:-0}" -eq 0 ] || { echo "E: Could not open lock file - open (13: Permission denied)" >&2; exit 100; }
                case "$1" in
                update) touch "$CALL_LOG.lists"; exit 0 ;;
                install) [ -e "$CALL_LOG.lists" ] || { echo "E: Unable to locate package libasound2-dev" >&2; exit 100; }; exit 0 ;;
                esac
                exit 1
                """#,
            "swift": #"echo "swift $*" >> "$CALL_LOG""#,
        ]
        for (name, body) in standIns {
            let file = bin.appendingPathComponent(name)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        // A child another test forks while a stand-in is being written holds it open for
        // writing until that child execs: running the stand-in then fails with "text file
        // busy", and the shell goes on along PATH to the real `id` (uid 0, no sudo). Each
        // stand-in is run once first, until it starts.
        for name in standIns.keys {
            for attempt in 0..<200 {
                let warmUp = Process()
                warmUp.executableURL = bin.appendingPathComponent(name)
                warmUp.arguments = ["-u"]
                warmUp.environment = ["PATH": "/usr/bin:/bin", "CALL_LOG": "/dev/null", "FAKE_UID": "0"]
                warmUp.standardOutput = FileHandle.nullDevice
                warmUp.standardError = FileHandle.nullDevice
                do {
                    try warmUp.run()
                    warmUp.waitUntilExit()
                    break
                } catch {
                    if attempt == 199 { throw error }
                    usleep(10_000)
                }
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = sandbox.url
        process.environment = ["PATH": "\(bin.path):/usr/bin:/bin", "CALL_LOG": log, "FAKE_UID": "\(uid)",
                               "HOME": sandbox.url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let calls = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        return (process.terminationStatus, calls, text)
    }

    @Test func theSetUpCommandWorksAsRootOnAFreshMachine() throws {
        let result = try Self.run(try Self.setUpCommand(), uid: 0)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.calls == [
            "apt-get update",
            "apt-get install -y libasound2-dev libssl-dev libespeak-ng-dev libcairo2-dev fonts-dejavu-core pkg-config tmux",
            "swift run hiit",
        ], "as root, no sudo (a fresh Debian container has none): \(result.calls)\n\(result.output)")
    }

    @Test func theSetUpCommandWorksAsAUserWithSudoOnAFreshMachine() throws {
        let result = try Self.run(try Self.setUpCommand(), uid: 1000)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.calls == [
            "sudo apt-get update", "apt-get update",
            "sudo apt-get install -y libasound2-dev libssl-dev libespeak-ng-dev libcairo2-dev fonts-dejavu-core pkg-config tmux", "apt-get install -y libasound2-dev libssl-dev libespeak-ng-dev libcairo2-dev fonts-dejavu-core pkg-config tmux",
            "swift run hiit",
        ], "apt-get through sudo, swift as the user: \(result.calls)\n\(result.output)")
    }
}
