import Foundation
import Testing
import WorkoutModel
import TestSupport

/// Bad history files through the commands a person types: each bad line is named (file, line,
/// what is wrong) on stderr, the good sessions still show, and no command changes the file.
@Suite struct HistoryBadFileCommandTests {
    static func line(_ from: String, _ to: String) -> Data {
        let text = String(decoding: (try? historyRecord(2).jsonLine()) ?? Data(), as: UTF8.self)
        return Data(text.replacingOccurrences(of: from, with: to).utf8)
    }

    static let cases: [(name: String, bad: Data, problem: String)] = [
        ("truncated", (try? historyRecord(2).jsonLine().prefix(77)) ?? Data(),
         "JSON syntax error"),
        ("wrong types", line("\"rounds\":8", "\"rounds\":[8]"),
         "rounds: expected a whole number, found an array"),
        ("out-of-range numbers", line("\"pausedSeconds\":0", "\"pausedSeconds\":1e9"),
         "pausedSeconds: 1000000000 is outside 0–604800 seconds (7 days)"),
        ("invalid UTF-8", Data(line("Tabata", "Tab\u{00E1}ta").map { $0 == 0xA1 ? 0xFF : $0 }),
         "column 338: not UTF-8 text (byte 0xC3); save the file as UTF-8"),
        ("a newer version", line("\"version\":1", "\"version\":99"),
         "version 99 is not supported (this hiit reads version 1; a newer hiit wrote it)"),
    ]

    @Test(arguments: cases.indices)
    func everyCommandNamesTheBadLineAndLeavesTheFileAlone(index: Int) throws {
        let (name, bad, problem) = Self.cases[index]
        let box = try E2ESandbox.forHistory()
        var content = try jsonLines([historyRecord(1)])
        content.append(bad)
        if name != "truncated" { content.append(0x0A) }
        try box.writeHistory(content)
        let other = box.file("other.jsonl")
        try jsonLines([historyRecord(1)]).write(to: other)

        let commands: [[String]] = [
            ["history"], ["history", "--json"], ["history", "show", "00000001"], ["history", "export"],
            ["history", "export", "--csv"], ["history", "import", other.path],
        ]
        for command in commands {
            let run = try box.run(command)
            #expect(run.status == 0, "\(name) \(command): \(run)")
            if command.contains("import") {
                // Only the present ids matter to an import: the session is already there.
                #expect(run.stdoutLines == ["Imported 0 sessions, skipped 1 already present, 0 bad lines."], "\(name)")
            } else {
                let skipped = run.allStderrLines.filter { $0.hasPrefix("Skipped: \(box.historyURL.path), line 2") }
                #expect(skipped.count == 1, "\(name) \(command): \(run.stderr)")
                #expect(skipped.first?.contains(problem) == true, "\(name) \(command): \(run.stderr)")
                #expect(run.stdout.contains("00000001"), "\(name) \(command): the good session still shows")
            }
            #expect(box.historyBytes() == content, "\(name) \(command) changed the file")
        }
        let missing = try box.run(["history", "delete", "00000002", "--yes"])
        #expect(missing.status == 64, "the bad line's session cannot be named: \(missing)")
        #expect(box.historyBytes() == content)
    }

    @Test func tenMegabytesOfJunkAreReportedBrieflyAndLeftAlone() throws {
        let box = try E2ESandbox.forHistory()
        var random = SeededGenerator(seed: 10)
        var junk = Data(count: 10 * 1024 * 1024)
        junk.withUnsafeMutableBytes { buffer in
            for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &random) }
        }
        try box.writeHistory(junk)
        let run = try box.run(["history"])
        #expect(run.status == 0, "\(run.status)")
        #expect(run.allStderrLines.count == 21)
        #expect(run.allStderrLines.prefix(20).allSatisfy { $0.hasPrefix("Skipped: \(box.historyURL.path), line ") })
        #expect(run.allStderrLines.last?.hasSuffix("more lines of \(box.historyURL.path) that cannot be read") == true)
        #expect(run.stdoutLines == ["No readable sessions in \(box.historyURL.path)."])
        #expect(try box.run(["history", "delete", "abcd", "--yes"]).status == 64)
        #expect(box.historyBytes() == junk)
    }
}
