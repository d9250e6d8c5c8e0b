import Foundation
import Testing

/// When the library is seeded with the shipped workouts (issue 10: constructors do not write;
/// the library is seeded by the first command that lists, changes or looks a name up in it):
/// a QUICK form or a workout file never creates the data folder, while a first `hiit list`,
/// `hiit show NAME` or `hiit run NAME` meets the shipped workouts. Each test has its own
/// data folder.
@Suite struct LibraryFirstUseTests {
    /// Whether anything exists at the sandbox's data folder.
    static func dataFolderExists(_ sandbox: E2ESandbox) -> Bool {
        FileManager.default.fileExists(atPath: sandbox.dataFolder.path)
    }

    @Test func aQuickRunCreatesNoDataFolder() throws {
        let sandbox = try E2ESandbox()
        let quit = try sandbox.run(["run", "20/10x8", "--events", "--no-record"], input: "quit\n")
        #expect(quit.status == 0, "\(quit)")
        #expect(quit.stdout.contains("\"event\":\"quit\""), "\(quit)")
        // Run to its end, with stdin closed at once.
        let finished = try sandbox.run(["run", "1/1x1", "--events", "--no-record", "--prepare", "0"], input: "")
        #expect(finished.status == 0, "\(finished)")
        #expect(finished.stdout.contains("\"event\":\"finish\""), "\(finished)")
        #expect(!Self.dataFolderExists(sandbox), "no data folder at \(sandbox.dataFolder.path)")
    }

    @Test func showAndExportOfAQuickFormOrAFileCreateNoDataFolder() throws {
        let sandbox = try E2ESandbox()
        let file = sandbox.file("mine.json")
        try Data("{\"name\": \"Mine\", \"exercises\": [{\"name\": \"Hop\", \"workSeconds\": 5, \"restSeconds\": 5, \"rounds\": 2}]}".utf8)
            .write(to: file)
        for arguments in [["show", "20/10x8"], ["show", "20/10x8", "--json"], ["show", file.path], ["export", "20/10x8"],
                          ["run", file.path, "--events", "--no-record"]] {
            let run = try sandbox.run(arguments, input: "quit\n")
            #expect(run.status == 0, "\(arguments): \(run)")
        }
        #expect(!Self.dataFolderExists(sandbox), "no data folder at \(sandbox.dataFolder.path)")
    }

    @Test func aFirstShowOrRunByNameMeetsTheShippedWorkouts() throws {
        let shown = try E2ESandbox()
        // Swimrun is shipped, not built in: it is found only in a seeded library.
        let show = try shown.run(["show", "swimrun"])
        #expect(show.status == 0 && show.stdout.hasPrefix("Swimrun — multisport, 5 legs"), "\(show)")
        let tabata = try shown.run(["show", "Tabata"])
        #expect(tabata.status == 0 && tabata.stdout.hasPrefix("Tabata — intervals"), "\(tabata)")
        #expect(try shown.libraryFiles().count == LibraryCommandTests.shippedWorkoutNames().count, "seeded by show")

        let ran = try E2ESandbox()
        let run = try ran.run(["run", "Classic HIIT", "--events", "--no-record", "--prepare", "0"], input: "quit\n")
        #expect(run.status == 0 && run.stdout.contains("\"label\":\"Jump squats\""), "\(run)")
        let plain = try ran.run(["run", "Tabata", "--events", "--no-record", "--prepare", "0"], input: "quit\n")
        #expect(plain.status == 0 && plain.stdout.contains("\"label\":\"Burpees\""), "\(plain)")
        #expect(try ran.libraryFiles().count == LibraryCommandTests.shippedWorkoutNames().count, "seeded by run")
    }

    @Test func aFirstListListsTheShippedWorkouts() throws {
        let sandbox = try E2ESandbox()
        let names = try sandbox.run(["list", "--names"])
        #expect(names.status == 0 && names.stderr.isEmpty, "\(names)")
        #expect(names.stdoutLines == (try LibraryCommandTests.shippedWorkoutNames()), "\(names)")
        let list = try sandbox.run(["list"])
        #expect(list.status == 0, "\(list)")
        for name in try LibraryCommandTests.shippedWorkoutNames() {
            #expect(list.stdoutLines.contains { $0.dropFirst(2).hasPrefix(name + " ") }, "\(name) is listed: \(list)")
        }
    }
}
