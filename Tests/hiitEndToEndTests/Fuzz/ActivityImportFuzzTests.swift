import Foundation
import Testing
import TestSupport

/// `hiit history import` of damaged activity files, run as a person would (#13): every damaged
/// copy of a fixture is imported as far as it is sound or refused with one error line; it never
/// crashes or hangs, and a refused file leaves the history and the kept originals as they were.
@Suite("Fuzz: damaged activity files through history import")
struct ActivityImportFuzzTests {
    /// Damaged copies run (each one `hiit` process).
    static let cases = 36

    static let fixtures = ["fit/run_laps.fit", "fit/triathlon.fit", "gpx/run-garmin-1.1.gpx", "gpx/two-tracks.gpx",
                           "tcx/run-laps.tcx", "tcx/multisport-duathlon.tcx"]

    /// A damaged copy: cut short, bytes flipped, a run of bytes overwritten, or a part repeated.
    static func damaged(_ bytes: [UInt8], _ r: inout SeededGenerator) -> [UInt8] {
        var out = bytes
        guard !out.isEmpty else { return out }
        switch r.next() % 4 {
        case 0:
            out = Array(out.prefix(Int(r.next() % UInt64(out.count))))
        case 1:
            for _ in 0..<(1 + Int(r.next() % 8)) {
                let index = Int(r.next() % UInt64(out.count))
                out[index] ^= UInt8(truncatingIfNeeded: 1 << (r.next() % 8))
            }
        case 2:
            let start = Int(r.next() % UInt64(out.count))
            for index in start..<min(out.count, start + 1 + Int(r.next() % 64)) { out[index] = UInt8(truncatingIfNeeded: r.next()) }
        default:
            let start = Int(r.next() % UInt64(out.count))
            let end = min(out.count, start + 1 + Int(r.next() % 4096))
            out.insert(contentsOf: out[start..<end], at: start)
        }
        return out
    }

    @Test("each damaged file is imported or refused with one line; a refusal changes nothing")
    func damagedFiles() throws {
        let box = try E2ESandbox.forHistory()
        let seed: UInt64 = 0x13_F17
        var r = SeededGenerator(seed: seed)
        let originals = box.dataFolder.appendingPathComponent("activities")
        var failures: [String] = []
        var imported = 0, refused = 0
        for number in 0..<Self.cases {
            let name = Self.fixtures[number % Self.fixtures.count]
            let bytes = [UInt8](try Data(contentsOf: ActivityImportTests.fixture(name)))
            let file = box.file("damaged-\(number)-\(URL(fileURLWithPath: name).lastPathComponent)")
            try Data(Self.damaged(bytes, &r)).write(to: file)
            let history = box.historyBytes()
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: originals.path).sorted()) ?? []
            let run = try box.run(["history", "import", file.path], timeout: .seconds(30))
            let errors = run.stderrLines.filter { $0.hasPrefix("Error:") }
            let label = "seed \(String(seed, radix: 16)) case \(number) (\(name)): status \(run.status)"
            switch run.status {
            case 0:
                imported += 1
                if !errors.isEmpty { failures.append("\(label): status 0 with \(errors)") }
            case 65:
                refused += 1
                if errors.count != 1 { failures.append("\(label): \(errors.count) Error: lines\n\(run.stderr)") }
                if box.historyBytes() != history { failures.append("\(label): refused, yet the history changed") }
                let after = (try? FileManager.default.contentsOfDirectory(atPath: originals.path).sorted()) ?? []
                if after != kept { failures.append("\(label): refused, yet the originals changed") }
            default:
                failures.append("\(label)\n\(run.stderr)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(imported > 0 && refused > 0, "the damage covers both outcomes: \(imported) imported, \(refused) refused")
        // Whatever was imported can be read back and shown.
        let list = try box.run(["history"])
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list)")
    }
}
