import Foundation

/// Where `hiit` keeps data and finds the files it ships with.
struct Locations {
    /// The data folder: `$XDG_DATA_HOME/hiit`, else `~/.local/share/hiit` (DESIGN §3).
    let dataFolder: URL
    /// Folders that may hold the cue sounds, most specific first: only `$HIIT_SOUNDS` when it
    /// is set (your own sounds), else the bundled ones.
    let soundCandidates: [URL]
    /// Folders that may hold the shipped example workouts, most specific first.
    let workoutCandidates: [URL]
    /// Where synthesised phrases are kept (#16): `$XDG_CACHE_HOME/hiit/speech`, else
    /// `~/.cache/hiit/speech`.
    let speechCacheFolder: URL

    /// Computes the locations from the environment and the executable's place on disk.
    /// - Parameters:
    ///   - environment: the process environment (`XDG_DATA_HOME`, `XDG_CACHE_HOME`, `HOME`,
    ///     `HIIT_SOUNDS`).
    ///   - executable: the running binary's path, symbolic links resolved.
    init(environment: [String: String], executable: URL) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataFolder = URL(fileURLWithPath: xdg).appendingPathComponent("hiit")
        } else {
            dataFolder = URL(fileURLWithPath: home).appendingPathComponent(".local/share/hiit")
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            speechCacheFolder = URL(fileURLWithPath: xdg).appendingPathComponent("hiit/speech")
        } else {
            speechCacheFolder = URL(fileURLWithPath: home).appendingPathComponent(".cache/hiit/speech")
        }
        // The package this binary was compiled from, for a build outside the package folder
        // (`swift build --scratch-path …`).
        let sourcePackage = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let roots = Self.resourceRoots(executable: executable, sourcePackage: sourcePackage)
        if let sounds = environment["HIIT_SOUNDS"], !sounds.isEmpty {
            soundCandidates = [URL(fileURLWithPath: sounds)]
        } else {
            soundCandidates = roots.map { $0.appendingPathComponent("Sounds") }
        }
        workoutCandidates = roots.map { $0.appendingPathComponent("workouts") }
    }

    /// Folders that may hold `Sounds/` and `workouts/`, most specific first. Pure path
    /// arithmetic (nothing is read):
    /// 1. a development build `PACKAGE/.build/…/hiit`: `PACKAGE`;
    /// 2. an installed `PREFIX/bin/hiit`: `PREFIX/share/hiit`;
    /// 3. the package the binary was compiled from.
    /// - Parameters:
    ///   - executable: the binary's path.
    ///   - sourcePackage: the package folder known at compile time.
    static func resourceRoots(executable: URL, sourcePackage: URL) -> [URL] {
        let binFolder = executable.deletingLastPathComponent().standardizedFileURL
        var roots: [URL] = []
        var ancestor = binFolder
        while ancestor.pathComponents.count > 1 {
            if ancestor.lastPathComponent == ".build" {
                roots.append(ancestor.deletingLastPathComponent())
                break
            }
            ancestor = ancestor.deletingLastPathComponent()
        }
        roots.append(binFolder.deletingLastPathComponent().appendingPathComponent("share/hiit"))
        roots.append(sourcePackage.standardizedFileURL)
        var seen = Set<String>()
        return roots.filter { seen.insert($0.path).inserted }
    }

    /// The first shipped-workouts folder that exists, if any.
    var shippedWorkoutsFolder: URL? {
        workoutCandidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
