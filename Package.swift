// swift-tools-version:6.0
// hiit: an interval and multisport workout engine with a terminal front end.
// No dependencies outside the Swift toolchain and Debian's libasound2-dev (ALSA, linked),
// libssl-dev (libcrypto, for SHA-256), libespeak-ng-dev (speech) and libcairo2-dev (PNG cards);
// the last three give headers only: their libraries are opened with dlopen when first needed.
import PackageDescription

let package = Package(
    name: "hiit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hiit", targets: ["hiit"]),
    ],
    targets: [
        // MARK: Pure modules (no clock, no environment, no disk)
        .target(name: "WorkoutModel"),
        .target(name: "Calories", dependencies: ["WorkoutModel"]),
        .target(name: "SessionEngine", dependencies: ["WorkoutModel", "Calories"]),
        .target(name: "WorkoutStats", dependencies: ["WorkoutModel", "Calories"]),
        // Points -> distance, moving time, ascent, splits, profiles (DESIGN §8).
        .target(name: "Tracks", dependencies: ["WorkoutModel"]),
        // FIT, GPX and TCX: bytes in, recorded activities out (DESIGN §8).
        .target(name: "ActivityFiles", dependencies: ["WorkoutModel", "Tracks", "CLibXML2", "POSIX", "XMLText"]),
        // A recorded activity -> a history record: device totals first, kcal, zone, duplicates.
        .target(name: "ActivityRecords", dependencies: ["WorkoutModel", "Tracks", "ActivityFiles", "Calories"]),
        // A running timer's state.json and the status bar lines made from it (#17).
        .target(name: "RunStatus", dependencies: ["WorkoutModel"]),
        // Share cards (#17): a period or a session laid out as a 1080×1350 scene, written as SVG.
        .target(name: "ShareCards", dependencies: ["XMLText"]),
        // Text made safe for XML 1.0: the one escaping of the GPX, TCX and SVG writers.
        .target(name: "XMLText"),

        // MARK: Effects at the edge
        // Each C call the project makes, wrapped once: errno -> SystemCallError, EINTR retried.
        .target(name: "POSIX"),
        .target(name: "WorkoutStore", dependencies: ["WorkoutModel", "POSIX", "CCrypto"]),
        // OpenSSL's libcrypto, for SHA-256 only.
        // The header only: libcrypto.so.3 is opened with dlopen on the first digest.
        .systemLibrary(name: "CCrypto"),
        // alsa-lib's header only (Debian libasound2-dev): AudioCues opens libasound.so.2 with
        // dlopen when the first cue player is made, so a muted run never loads it.
        .systemLibrary(name: "CALSA", providers: [.apt(["libasound2-dev"])]),
        .target(name: "AudioCues", dependencies: ["CALSA", "SessionEngine", "POSIX"]),
        // libespeak-ng: the voice of names, "Next: …" and other languages (#16, DESIGN §9).
        // The header only: Speech opens libespeak-ng.so.1 with dlopen on the first synthesizer.
        .systemLibrary(name: "CESpeakNG"),
        // Phrases per language, synthesis before the first segment, the on-disk phrase cache.
        .target(name: "Speech", dependencies: ["CESpeakNG", "AudioCues", "SessionEngine", "WorkoutStore", "POSIX"]),
        .target(name: "TerminalUI", dependencies: ["POSIX"]),
        // cairo's and fontconfig's headers only: CardImages loads libcairo.so.2 with dlopen when
        // a PNG card is asked for, so that no start of hiit pays for loading cairo (#17).
        .systemLibrary(name: "CCairo"),
        // libxml2's SAX2 handler and error layouts, for the GPX and TCX reader (libxml2 opened with dlopen).
        .systemLibrary(name: "CLibXML2"),
        // A share card's scene rendered to PNG with cairo and DejaVu Sans (#17).
        .target(name: "CardImages", dependencies: ["CCairo", "ShareCards", "POSIX"]),
        // gpsd's JSON protocol: report decoding and line framing (pure), the TCP client (edge).
        .target(name: "GPSD", dependencies: ["POSIX", "Tracks", "WorkoutModel"]),

        // MARK: The command line and the program
        // Tokens, binding, help, man page and completions of any command tree.
        .target(name: "CommandLineKit", dependencies: ["WorkoutModel"]),
        // The commands (one folder each), the run loop and its front ends, the texts.
        .target(
            name: "HiitApp",
            dependencies: [
                "CommandLineKit", "WorkoutModel", "SessionEngine", "Calories", "WorkoutStats", "WorkoutStore",
                "ActivityFiles", "ActivityRecords", "Tracks", "GPSD", "AudioCues", "Speech", "TerminalUI", "POSIX", "RunStatus",
                "ShareCards", "CardImages",
            ]
        ),
        // The executable: main.swift only.
        .executableTarget(name: "hiit", dependencies: ["HiitApp"]),
        // Times the FIT decoder on files given on the command line (bench/fit_import.py) and
        // writes sample FIT exports (bench/fit_export_check.py); not part of the `hiit` product.
        .executableTarget(name: "fit-bench", dependencies: ["ActivityFiles", "Tracks", "WorkoutModel"]),

        // MARK: Tests
        // What several test targets share: a seeded generator, temporary folders.
        .target(name: "TestSupport", dependencies: ["WorkoutModel", "Tracks", "POSIX"], path: "Tests/TestSupport"),
        .testTarget(name: "POSIXTests", dependencies: ["POSIX"]),
        .testTarget(name: "WorkoutModelTests", dependencies: ["WorkoutModel"]),
        .testTarget(name: "CaloriesTests", dependencies: ["Calories", "WorkoutModel"]),
        .testTarget(name: "SessionEngineTests", dependencies: ["SessionEngine", "WorkoutModel", "Calories"]),
        .testTarget(name: "WorkoutStatsTests", dependencies: ["TestSupport", "WorkoutStats", "WorkoutModel", "Calories"]),
        .testTarget(name: "TracksTests", dependencies: ["Tracks", "WorkoutModel"]),
        .testTarget(name: "RunStatusTests", dependencies: ["RunStatus"]),
        .testTarget(name: "ShareCardsTests", dependencies: ["ShareCards", "CardImages"]),
        .testTarget(name: "ActivityFilesTests", dependencies: ["TestSupport", "ActivityFiles", "Tracks", "WorkoutModel", "XMLText"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ActivityRecordsTests", dependencies: ["ActivityRecords", "ActivityFiles", "Tracks", "WorkoutModel", "Calories"]),
        .testTarget(name: "WorkoutStoreTests", dependencies: ["TestSupport", "WorkoutStore", "WorkoutModel"]),
        .testTarget(name: "AudioCuesTests", dependencies: ["TestSupport", "AudioCues", "SessionEngine", "CALSA"]),
        .testTarget(name: "SpeechTests", dependencies: ["TestSupport", "Speech", "AudioCues", "SessionEngine"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "GPSDTests", dependencies: ["TestSupport", "GPSD", "POSIX", "Tracks", "WorkoutModel"]),
        // Typed binding: declarations, conversions, their errors and their order.
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
        // In-process tests of the commands, texts and front ends.
        .testTarget(name: "HiitAppTests", dependencies: ["TestSupport", "HiitApp", "CommandLineKit", "WorkoutModel", "SessionEngine", "WorkoutStats", "WorkoutStore", "TerminalUI", "AudioCues", "GPSD", "POSIX", "Tracks", "RunStatus"]),
        // Tests that run the built `hiit` (depending on it builds it first): pipes, tmux,
        // pseudo-terminals, crashes, fuzzing.
        .testTarget(name: "hiitEndToEndTests", dependencies: ["TestSupport", "POSIX", "hiit", "HiitApp", "CommandLineKit", "WorkoutModel", "ActivityFiles", "SessionEngine", "WorkoutStats", "WorkoutStore", "TerminalUI", "Speech", "AudioCues", "RunStatus"]),
    ]
)
