import Foundation
import Testing
@testable import HiitApp

@Suite struct LocationsTests {
    let source = URL(fileURLWithPath: "/src/hiit")

    @Test func developmentBuildFindsThePackage() {
        let executable = URL(fileURLWithPath: "/home/a/hiit/.build/x86_64-unknown-linux-gnu/debug/hiit")
        #expect(Locations.resourceRoots(executable: executable, sourcePackage: source).map(\.path) == [
            "/home/a/hiit",
            "/home/a/hiit/.build/x86_64-unknown-linux-gnu/share/hiit",
            "/src/hiit",
        ])
    }

    @Test func installedProgramFindsItsShareFolder() {
        let executable = URL(fileURLWithPath: "/usr/local/bin/hiit")
        #expect(Locations.resourceRoots(executable: executable, sourcePackage: source).map(\.path) == [
            "/usr/local/share/hiit",
            "/src/hiit",
        ])
    }

    @Test func dataFolderFollowsXDGThenHome() {
        let exe = URL(fileURLWithPath: "/usr/bin/hiit")
        #expect(Locations(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/a"], executable: exe)
            .dataFolder.path == "/x/data/hiit")
        #expect(Locations(environment: ["HOME": "/home/a"], executable: exe)
            .dataFolder.path == "/home/a/.local/share/hiit")
        // A relative XDG_DATA_HOME is invalid by the XDG spec and ignored.
        #expect(Locations(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/a"], executable: exe)
            .dataFolder.path == "/home/a/.local/share/hiit")
    }

    @Test func hiitSoundsIsTheOnlyPlaceLookedInWhenSet() {
        let exe = URL(fileURLWithPath: "/usr/bin/hiit")
        #expect(Locations(environment: ["HOME": "/home/a", "HIIT_SOUNDS": "/my/voices"], executable: exe)
            .soundCandidates.map(\.path) == ["/my/voices"])
        #expect(Locations(environment: ["HOME": "/home/a", "HIIT_SOUNDS": ""], executable: exe)
            .soundCandidates.map(\.path) == ["/usr/share/hiit/Sounds", Locations(environment: [:], executable: exe).soundCandidates[1].path],
                "empty means unset")
    }
}
