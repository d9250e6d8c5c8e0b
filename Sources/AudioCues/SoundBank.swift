import Foundation
import SessionEngine

/// The decoded sound of every cue, loaded once at start.
///
/// Each bundled ``Cue`` (``Cue/bundled``) plays the file named ``Cue/fileName`` (`start.wav`,
/// `rest.wav`, …); spoken cues (names, "Next: …", other languages) are added by the voice
/// before the first segment (``adding(_:)``). A cue without a sound plays its
/// ``Cue/fallback``'s, or nothing.
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

    /// Loads and decodes the sound of every bundled ``Cue`` from `folder`, and of each of
    /// ``Cue/fixedPhrases`` whose file it holds (`halfway.wav`, …: optional).
    ///
    /// - Parameter folder: a folder holding one ``fileName(for:)`` file per bundled cue.
    /// - Throws: ``AudioError/missingSound(file:folder:)`` naming the folder and the first
    ///   missing file (also when the folder itself does not exist);
    ///   ``AudioError/unreadableFile(path:reason:)`` or ``AudioError/invalidWAV(file:problem:)``
    ///   naming the file's path when a file cannot be read or decoded.
    public init(folder: URL) throws(AudioError) {
        var sounds: [Cue: WAVSound] = [:]
        for cue in Cue.bundled {
            let file = folder.appendingPathComponent(Self.fileName(for: cue))
            guard Self.isRegularFile(file) else {
                throw .missingSound(file: Self.fileName(for: cue), folder: folder.path)
            }
            sounds[cue] = try WAVSound(contentsOf: file)
        }
        for cue in Cue.fixedPhrases {
            let file = folder.appendingPathComponent(Self.fileName(for: cue))
            if Self.isRegularFile(file) { sounds[cue] = try WAVSound(contentsOf: file) }
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

    private init(folder: URL?, sounds: [Cue: WAVSound]) {
        self.folder = folder
        self.sounds = sounds
    }

    /// The sound `cue` plays: its own, else its ``Cue/fallback``'s (a name sounds "Start"
    /// without a voice), else nil (silence: "Next: …" without a voice, or a bank built with
    /// ``init(sounds:)`` that lacks it).
    public subscript(cue: Cue) -> WAVSound? {
        sounds[cue] ?? cue.fallback.flatMap { sounds[$0] }
    }

    /// Whether the bank has `cue`'s own sound (not a fallback's).
    /// - Parameter cue: any cue.
    public func hasOwnSound(for cue: Cue) -> Bool { sounds[cue] != nil }

    /// This bank with `spoken` added, replacing a bundled cue's sound where `spoken` has one
    /// (`--voice de` says "Los" in place of the bundled English "Start").
    /// - Parameter spoken: synthesised sounds by cue.
    public func adding(_ spoken: [Cue: WAVSound]) -> SoundBank {
        SoundBank(folder: folder, sounds: sounds.merging(spoken) { _, new in new })
    }

    /// The file name of a bundled `cue`'s sound (`start.wav`); for a speech-only cue the name
    /// it would have (`name.wav`), which no folder holds.
    public static func fileName(for cue: Cue) -> String {
        cue.fileName ?? cue.kind + ".wav"
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
            let complete = Cue.bundled.allSatisfy {
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
