import Foundation
import SessionEngine

/// The decoded sound of every cue, loaded once at start.
///
/// Each ``Cue`` plays the file named after its raw value (`start.wav`, `rest.wav`, …), so a
/// new `Cue` case needs only a new file in `Sounds/`; nothing here lists the cues by hand.
public struct SoundBank: Sendable {
    /// The folder the sounds were loaded from; nil for a bank built in memory.
    public let folder: URL?
    private let sounds: [Cue: WAVSound]

    /// A bank from sounds already in memory (tests, generated tones).
    ///
    /// - Parameter sounds: the sound of each cue; a cue missing from the dictionary is silent.
    public init(sounds: [Cue: WAVSound]) {
        self.folder = nil
        self.sounds = sounds
    }

    /// Loads and decodes the sound of every case of ``Cue`` from `folder`.
    ///
    /// - Parameter folder: a folder holding one ``fileName(for:)`` file per cue.
    /// - Throws: ``AudioError/missingSound(file:folder:)`` naming the folder and the first
    ///   missing file (also when the folder itself does not exist);
    ///   ``AudioError/unreadableFile(path:reason:)`` or ``AudioError/invalidWAV(file:problem:)``
    ///   naming the file's path when a file cannot be read or decoded.
    public init(folder: URL) throws(AudioError) {
        var sounds: [Cue: WAVSound] = [:]
        for cue in Cue.allCases {
            let file = folder.appendingPathComponent(Self.fileName(for: cue))
            guard Self.isRegularFile(file) else {
                throw .missingSound(file: Self.fileName(for: cue), folder: folder.path)
            }
            sounds[cue] = try WAVSound(contentsOf: file)
        }
        self.folder = folder
        self.sounds = sounds
    }

    /// Finds the first folder among `candidates` that holds every cue sound, then loads it.
    ///
    /// - Parameter candidates: folders to try, most preferred first.
    /// - Throws: ``AudioError/soundsNotFound(searched:)`` listing every candidate when none
    ///   holds all the files; otherwise what ``init(folder:)`` throws for the folder found.
    public init(searching candidates: [URL]) throws(AudioError) {
        try self.init(folder: Self.locateFolder(in: candidates))
    }

    /// The sound of `cue`, or nil when the bank has none (only possible for a bank built
    /// with ``init(sounds:)``; the loaders guarantee every cue).
    public subscript(cue: Cue) -> WAVSound? {
        sounds[cue]
    }

    /// The file name of `cue`'s sound: its raw value plus `.wav` (e.g. `start.wav`).
    public static func fileName(for cue: Cue) -> String {
        cue.rawValue + ".wav"
    }

    /// The first folder among `candidates` that holds a regular file for every cue.
    ///
    /// Only checks that the files exist; ``init(folder:)`` decodes them.
    ///
    /// - Parameter candidates: folders to try, most preferred first.
    /// - Returns: the first candidate holding every ``fileName(for:)``.
    /// - Throws: ``AudioError/soundsNotFound(searched:)`` listing the path of every candidate,
    ///   in order, when none holds them all.
    public static func locateFolder(in candidates: [URL]) throws(AudioError) -> URL {
        for folder in candidates {
            let complete = Cue.allCases.allSatisfy {
                isRegularFile(folder.appendingPathComponent(fileName(for: $0)))
            }
            if complete { return folder }
        }
        throw .soundsNotFound(searched: candidates.map(\.path))
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            && !isFolder.boolValue
    }
}
