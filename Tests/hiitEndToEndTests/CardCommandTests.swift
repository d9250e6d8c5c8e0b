import Foundation
import Testing
import TestSupport
import WorkoutModel
@testable import HiitApp

/// `--card FILE` on `hiit stats` and `hiit history show` (#17), run as a person runs them: the
/// built binary in a sandbox with StatsCommandTests' February 2026 history.
@Suite struct CardCommandTests {
    /// The first bytes of every PNG file.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test func statsWritesAnSVGAndAPNGCardOfThePeriod() throws {
        let box = try StatsCommandTests.sandbox()
        let svg = try box.run(["stats", "month", "--date", "2026-02-15", "--card", "feb.svg"])
        #expect(svg.status == 0, "\(svg)")
        #expect(svg.stdoutLines == ["Wrote \(box.file("feb.svg").path)"], "\(svg)")
        let text = try String(contentsOf: box.file("feb.svg"), encoding: .utf8)
        #expect(text.contains("width=\"1080\" height=\"1350\""))
        #expect(text.contains(">February 2026</text>"))
        let png = try box.run(["stats", "month", "--date", "2026-02-15", "--card", "feb.png"])
        #expect(png.status == 0, "\(png)")
        let bytes = try [UInt8](Data(contentsOf: box.file("feb.png")))
        #expect(Array(bytes.prefix(8)) == Self.pngSignature)
        #expect(try fileModeBits(of: box.file("feb.png")) == 0o600)
        // The same again gives the same bytes.
        _ = try box.run(["stats", "month", "--date", "2026-02-15", "--card", "again.png"])
        #expect(try Data(contentsOf: box.file("again.png")) == Data(bytes))
    }

    @Test func historyShowWritesASessionCard() throws {
        let box = try StatsCommandTests.sandbox()
        let id = String(numberedID(5, group: 7).uuidString.prefix(8))
        let run = try box.run(["history", "show", id, "--card", "run.svg"])
        #expect(run.status == 0, "\(run)")
        let text = try String(contentsOf: box.file("run.svg"), encoding: .utf8)
        #expect(text.contains(">Evening run</text>"), "\(text.prefix(2000))")
        #expect(!text.contains("<polyline"), "no track, no route")
    }

    @Test func badCardNamesAreOneLineErrorsAndWriteNothing() throws {
        let box = try StatsCommandTests.sandbox()
        let before = try FileManager.default.contentsOfDirectory(atPath: box.url.path).sorted()
        let wrongExtension = try box.run(["stats", "--card", "week.jpg"])
        #expect(wrongExtension.status == 64, "\(wrongExtension)")
        #expect(wrongExtension.stderrLines.first == "Error: --card: 'week.jpg' is not a file name ending in .svg or .png")
        let unwritable = try box.run(["stats", "--card", "missing/week.png"])
        #expect(unwritable.status == 74, "\(unwritable)")
        #expect(unwritable.stderrLines.count == 1 && unwritable.stderrLines[0].contains("missing/week.png"), "\(unwritable)")
        let unknown = try box.run(["history", "show", "ffffffff", "--card", "x.svg"])
        #expect(unknown.status == 64, "\(unknown)")
        let withJSON = try box.run(["history", "show", "ffffffff", "--card", "x.svg", "--json"])
        #expect(withJSON.status == 64, "\(withJSON)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.url.path).sorted() == before)
    }

    /// Every package of the README's set-up line is one `.ci/run` installs when missing.
    @Test func ciInstallsWhatTheReadmeSetUpNames() throws {
        let setUp = try ReadmeSetupTests.setUpCommand()
        let line = try #require(setUp.split(separator: "\n").first { $0.contains("apt-get install -y") })
        let packages = line.components(separatedBy: "install -y ").last?.components(separatedBy: " && ").first?
            .split(separator: " ").map(String.init) ?? []
        #expect(packages.contains("libcairo2-dev") && packages.contains("fonts-dejavu-core"))
        let ci = try String(contentsOf: ReadmeSetupTests.packageFolder.appendingPathComponent(".ci/run"), encoding: .utf8)
        for package in packages {
            #expect(ci.contains("need+=(\(package))"), "\(package) is not installed by .ci/run")
        }
    }
}
