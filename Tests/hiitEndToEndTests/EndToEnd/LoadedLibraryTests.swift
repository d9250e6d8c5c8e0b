import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A timer run does not load the libraries only some commands need (issue 12, item 26: at
/// most 16 MiB during a run). cairo and fontconfig (PNG cards), libespeak-ng (speech, with
/// the PulseAudio and X libraries it brings) and libcrypto (SHA-256 of imports and phrase
/// names) are opened with `dlopen` when first needed; linked, they added 12 MiB to every run.
@Suite("End to end: what a timer run loads", .serialized,
       .enabled(if: TmuxTerminal.isInstalled, "tmux is not installed"))
struct LoadedLibraryTests {
    /// With and without the prepare countdown: the default 10 s one said "Next: Quick", which
    /// loaded espeak-ng (24 MiB) for a quick run, whose one exercise is never spoken.
    @Test(arguments: [(["--prepare", "0"], "WORK"), ([], "PREPARE")])
    func aQuickWorkoutMapsNoSpeechCryptoOrCairoLibrary(prepare: [String], phase: String) async throws {
        let sandbox = try E2ESandbox()
        let (maps, ending) = try await onOwnThread { () throws -> (String, PaneEnding) in
            let terminal = try TmuxTerminal(sandbox: sandbox)
            defer { terminal.close() }
            let run = try terminal.startHiit(["run", "20/10x2"] + prepare + ["--no-record"])
            let pid = try run.waitForPid()
            try terminal.waitForScreen(containing: phase)
            // A /proc file has no size: read it to its end (String(contentsOfFile:) stops short).
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
            let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
            try file.close()
            try terminal.press("q")
            try terminal.waitForScreen(containing: "Quit?")
            try terminal.press("y")
            return (maps, try terminal.waitForEnd(of: run))
        }
        let libraries = Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { $0.hasPrefix("/") ? String($0) : nil }
        }.map { ($0 as NSString).lastPathComponent })
        #expect(libraries.contains { $0.hasPrefix("libasound.so") }, "ALSA is linked: \(libraries.sorted())")
        for name in ["libespeak-ng.so", "libcrypto.so", "libcairo.so", "libfontconfig.so", "libpulse.so"] {
            #expect(!libraries.contains { $0.hasPrefix(name) }, "\(name) is mapped: \(libraries.sorted())")
        }
        #expect(ending.status == 0, "status \(ending.status): \(ending.screen)")
    }
}
