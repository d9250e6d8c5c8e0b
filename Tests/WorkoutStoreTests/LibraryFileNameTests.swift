import Foundation
import Testing
@testable import WorkoutStore

@Suite struct LibraryFileNameTests {
    static let slugCases: [(name: String, slug: String)] = [
        ("Tabata", "tabata"),
        ("Classic HIIT", "classic-hiit"),
        ("Core+Legs", "core-legs"),
        ("Core Legs", "core-legs"),
        ("  Core -- Legs!  ", "core-legs"),
        ("../x", "x"),
        ("a/b", "a-b"),
        ("..", "workout"),
        (".hidden", "hidden"),
        ("a\u{7}b\u{0}c", "a-b-c"),
        ("tab\u{202E}ata", "tab-ata"),
        ("Übungen für den Bauch", "übungen-für-den-bauch"),
        ("Cafe\u{301} au lait", "café-au-lait"),
        ("日本語のトレーニング", "日本語のトレーニング"),
        ("💪💪💪", "workout"),
        ("Leg day 💪 2", "leg-day-2"),
        ("EMOM 10", "emom-10"),
    ]

    @Test(arguments: slugCases)
    func nameBecomesAReadableSlug(name: String, slug: String) {
        #expect(WorkoutFileName.slug(for: name) == slug)
    }

    static let awkwardNames: [String] = [
        "../../etc/passwd", "/", "a/../b", ".", "...", "-", "\u{1}\u{2}", "x\ny", String(repeating: "ß", count: 60),
        String(repeating: "長", count: 60), String(repeating: "e\u{301}\u{302}\u{303}", count: 60),
        String(repeating: "a", count: 300), "CON", "nul.json", "name.json", "\u{FEFF}bom", "tab\tname",
    ]

    @Test(arguments: awkwardNames)
    func slugIsAlwaysSafe(name: String) {
        let slug = WorkoutFileName.slug(for: name)
        #expect(!slug.isEmpty)
        #expect(!slug.contains("/"))
        #expect(!slug.contains(".."))
        #expect(!slug.hasPrefix("."))
        #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
        #expect(!slug.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        #expect(slug.count <= WorkoutFileName.maximumSlugCharacters)
        #expect(slug.utf8.count <= WorkoutFileName.maximumSlugBytes)
        #expect(WorkoutFileName.slug(for: slug) == slug, "a slug is its own slug")
    }

    @Test func candidatesAddANumberFromTwo() {
        #expect(WorkoutFileName.candidate(for: "core-legs", attempt: 1) == "core-legs.json")
        #expect(WorkoutFileName.candidate(for: "core-legs", attempt: 2) == "core-legs-2.json")
        #expect(WorkoutFileName.candidate(for: "core-legs", attempt: 13) == "core-legs-13.json")
    }

    @Test func stemFitsItsSlugWithOrWithoutANumber() {
        #expect(WorkoutFileName.stem("core-legs", fits: "Core+Legs"))
        #expect(WorkoutFileName.stem("core-legs-2", fits: "Core Legs"))
        #expect(!WorkoutFileName.stem("core-legs-x", fits: "Core Legs"))
        #expect(!WorkoutFileName.stem("beginner", fits: "Gentle start"))
    }

    @Test func namesMatchIgnoringCaseSpaceAndComposition() {
        #expect(WorkoutFileName.matchKey(" Leg DAY ") == WorkoutFileName.matchKey("leg day"))
        #expect(WorkoutFileName.matchKey("Café") == WorkoutFileName.matchKey("CAFE\u{301}"))
        #expect(WorkoutFileName.matchKey("Core+Legs") != WorkoutFileName.matchKey("Core Legs"))
    }
}
