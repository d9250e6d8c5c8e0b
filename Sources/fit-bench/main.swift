// fit-bench: decodes FIT files given on the command line with hiit's own decoder and prints
// how long each decode took, for bench/fit_import.py (issue 13's speed figure); and writes
// sample FIT, TCX and GPX exports for bench/fit_export_check.py and bench/xml_export_check.py
// (issue 14). Not part of the `hiit` product.
//
//     fit-bench [--repeat N] FILE.fit…
//     fit-bench export-samples DIR [FILE…]
//
// For each file: read once, then decoded N times (default 1); one line per decode,
// `decode file=NAME records=R sessions=S wall_ms=W cpu_ms=C`, wall time from the monotonic
// clock and CPU time of this process (user + system, CLOCK_PROCESS_CPUTIME_ID). Exit 0, or 1
// when a file cannot be read or is refused (the reason on stderr), 64 for bad usage.
//
// `export-samples` (ExportSamples.swift) writes into DIR (created if missing) a synthetic
// Tabata and a synthetic triathlon, and each FILE (FIT, GPX or TCX; by default every file of
// Tests/ActivityFilesTests/Fixtures/{fit,gpx,tcx} under the current folder) decoded and
// encoded again as FIT, TCX and GPX, `NAME.EXT.fit`, `NAME.EXT.tcx`, `NAME.EXT.gpx` (GPX only
// for an activity with positions); one line per file written; files refused by the decoder,
// and activities a format cannot hold, are named on stderr and skipped.
import ActivityFiles
import Foundation

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "export-samples" {
    exit(exportSamples(Array(CommandLine.arguments.dropFirst(2))))
}

/// CPU seconds this process has used (user + system).
func processorSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

var arguments = Array(CommandLine.arguments.dropFirst())
var repeatCount = 1
if let index = arguments.firstIndex(of: "--repeat") {
    guard index + 1 < arguments.count, let count = Int(arguments[index + 1]), count > 0 else {
        FileHandle.standardError.write(Data("usage: fit-bench [--repeat N] FILE.fit…\n".utf8))
        exit(64)
    }
    repeatCount = count
    arguments.removeSubrange(index...(index + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: fit-bench [--repeat N] FILE.fit…\n".utf8))
    exit(64)
}

var status: Int32 = 0
let clock = ContinuousClock()
for path in arguments {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("fit-bench: \(path): cannot be read\n".utf8))
        status = 1
        continue
    }
    for _ in 0..<repeatCount {
        let cpuStart = processorSeconds()
        let start = clock.now
        do {
            let activity = try FITActivityDecoder.decode(data)
            let elapsed = start.duration(to: clock.now)
            let cpu = (processorSeconds() - cpuStart) * 1000
            let wall = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            let records = activity.sessions.reduce(0) { $0 + $1.points.count }
            let name = (path as NSString).lastPathComponent
            print("decode file=\(name) records=\(records) sessions=\(activity.sessions.count) "
                + "wall_ms=\(String(format: "%.3f", wall)) cpu_ms=\(String(format: "%.3f", cpu))")
        } catch {
            FileHandle.standardError.write(Data("fit-bench: \(path): \(error)\n".utf8))
            status = 1
            break
        }
    }
}
exit(status)
