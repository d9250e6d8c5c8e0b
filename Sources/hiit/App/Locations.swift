import Foundation

/// Where `hiit` keeps data and finds the files it ships with.
struct Locations {
    /// The data folder: `$XDG_DATA_HOME/hiit`, else `~/.local/share/hiit` (DESIGN §3).
    let dataFolder: URL
    /// Folders that may hold the bundled sounds, most specific first.
    let soundCandidates: [URL]
    /// Folders that may hold the shipped example workouts, most specific first.
    let workoutCandidates: [URL]

    /// Computes the locations from the environment and the executable's place on disk:
    /// an installed `PREFIX/bin/hiit` finds `PREFIX/share/hiit/{Sounds,workouts}`; a build in
    /// the package (`.build/…/hiit`) finds the package's `Sounds/` and `workouts/`.
    /// - Parameters:
    ///   - environment: the process environment (`XDG_DATA_HOME`, `HOME`).
    ///   - executable: the running binary's path.
    init(environment: [String: String], executable: URL) {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataFolder = URL(fileURLWithPath: xdg).appendingPathComponent("hiit")
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataFolder = URL(fileURLWithPath: home).appendingPathComponent(".local/share/hiit")
        }
        let binFolder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var roots: [URL] = [binFolder.deletingLastPathComponent().appendingPathComponent("share/hiit")]
        // A development build: PACKAGE/.build/<triple>/<config>/hiit or PACKAGE/.build/<config>/hiit.
        var folder = binFolder
        for _ in 0..<4 {
            folder = folder.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                roots.append(folder)
                break
            }
        }
        // The package this binary was compiled from (a build outside the package folder).
        let sourceRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        if !roots.contains(sourceRoot) { roots.append(sourceRoot) }
        soundCandidates = roots.map { $0.appendingPathComponent("Sounds") }
        workoutCandidates = roots.map { $0.appendingPathComponent("workouts") }
    }

    /// The first shipped-workouts folder that exists, if any.
    var shippedWorkoutsFolder: URL? {
        workoutCandidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
