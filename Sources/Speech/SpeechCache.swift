import AudioCues
import Foundation
import WorkoutStore

/// Synthesised phrases kept on disk, so a workout's names are made once (#16).
///
/// One WAV file per phrase in ``folder`` (`$XDG_CACHE_HOME/hiit/speech`, else
/// `~/.cache/hiit/speech`), named by the SHA-256 of what makes the sound — the cache format,
/// espeak-ng's version, the voice, the rate and the text — so a new espeak-ng, another voice or
/// an edited name never reuses a stale sound. Files are written whole (a temporary file, then
/// a rename), 0600 in a 0700 folder; a file that does not decode is made again.
public struct SpeechCache: Sendable {
    /// Where the phrases are kept.
    public let folder: URL

    /// Bumped when the treatment of a phrase (trimming, fades, level) changes: 1.
    public static let formatVersion = 1

    /// A cache in `folder` (created on the first ``store(_:for:)``).
    /// - Parameter folder: the cache folder.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The file name of a phrase: 64 hexadecimal digits and `.wav`.
    /// - Parameters:
    ///   - text: what is said.
    ///   - voice: the voice name; `engineVersion`: espeak-ng's version; `rate`: words a minute.
    /// - Throws: ``FileDigest/Unavailable`` when libcrypto cannot be loaded (phrases are then
    ///   synthesised and not cached).
    public static func fileName(text: String, voice: String, engineVersion: String, rate: Int) throws(FileDigest.Unavailable) -> String {
        try fileName(forKey: key(text: text, voice: voice, engineVersion: engineVersion, rate: rate))
    }

    /// The file name of the phrase `key` names (``key(text:voice:engineVersion:rate:)``): its
    /// SHA-256 in hexadecimal and `.wav`.
    /// - Throws: ``FileDigest/Unavailable`` when libcrypto cannot be loaded.
    public static func fileName(forKey key: String) throws(FileDigest.Unavailable) -> String {
        try FileDigest.sha256(of: Data(key.utf8)) + ".wav"
    }

    /// What names a phrase (hashed for its file name): the cache format, espeak-ng's version,
    /// the voice, the rate and the text, a line each.
    public static func key(text: String, voice: String, engineVersion: String, rate: Int) -> String {
        "hiit speech \(formatVersion)\n\(engineVersion)\n\(voice)\n\(rate)\n\(text)"
    }

    // MARK: The phrases' file names without hashing

    /// The file names of the phrases kept, by ``key(text:voice:engineVersion:rate:)``, as
    /// ``rememberPhrases(_:)`` wrote them to `phrases.json`: a run whose phrases are all there
    /// finds them without computing SHA-256, which loads libcrypto (about 3 MiB). Names that
    /// are not 64 hexadecimal digits and `.wav` are left out; a file that cannot be read is
    /// an empty index.
    public func phraseIndex() -> [String: String] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(Self.indexFileName)),
              let index = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return index.filter { Self.isPhraseFileName($0.value) }
    }

    /// Adds `entries` (key → file name) to `phrases.json` when they are not all there. A
    /// failure is ignored: a later run computes the names again.
    /// - Parameter entries: phrases just made or found by their hashed names.
    public func rememberPhrases(_ entries: [String: String]) {
        var index = phraseIndex()
        let before = index
        index.merge(entries.filter { Self.isPhraseFileName($0.value) }) { _, new in new }
        guard index != before else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(index) else { return }
        try? write(data, as: Self.indexFileName)
    }

    /// The index of the phrases' file names.
    static let indexFileName = "phrases.json"

    /// Whether `name` is a phrase's file name: 64 lowercase hexadecimal digits and `.wav`.
    private static func isPhraseFileName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        return utf8.count == 68 && name.hasSuffix(".wav")
            && utf8.prefix(64).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The cached sound named `fileName`, or `nil` when there is none or it does not decode.
    /// - Parameter fileName: from ``fileName(text:voice:engineVersion:rate:)``.
    public func sound(named fileName: String) -> WAVSound? {
        try? WAVSound(contentsOf: folder.appendingPathComponent(fileName))
    }

    // MARK: The engine's version without the engine

    /// espeak-ng's version as it was when its library file was last loaded for `dataFolder`, if
    /// that file is still the same (same path, device, inode, size and modification time):
    /// with it a run whose phrases are all cached names them without loading espeak-ng, which
    /// brings PulseAudio and the X libraries (about 8 MiB) and about 7 ms of CPU to start.
    /// `nil` when nothing was kept, or the file or the data folder changed.
    /// - Parameter dataFolder: the data folder the engine is to start with (`nil`: its own).
    public func engineVersion(dataFolder: String?) -> String? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(Self.engineFileName), encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 5, lines[0] == Self.engineFileHeader, lines[3] == (dataFolder ?? ""),
              let identity = Self.identity(ofFile: lines[1]), identity == lines[2], !lines[4].isEmpty
        else { return nil }
        return lines[4]
    }

    /// Keeps espeak-ng's version with its library file's identity, for
    /// ``engineVersion(dataFolder:)``. A failure is ignored: the next run loads the engine.
    /// - Parameters:
    ///   - version: ``SpeechSynthesizer/engineVersion``.
    ///   - libraryFile: ``SpeechSynthesizer/libraryFile``.
    ///   - dataFolder: the data folder the engine started with.
    public func rememberEngine(version: String, libraryFile: String, dataFolder: String?) {
        guard let identity = Self.identity(ofFile: libraryFile), !version.contains("\n"), !libraryFile.contains("\n"),
              !(dataFolder ?? "").contains("\n")
        else { return }
        let text = [Self.engineFileHeader, libraryFile, identity, dataFolder ?? "", version, ""].joined(separator: "\n")
        guard text != (try? String(contentsOf: folder.appendingPathComponent(Self.engineFileName), encoding: .utf8)) else { return }
        try? write(Data(text.utf8), as: Self.engineFileName)
    }

    /// The file beside the phrases that keeps the engine's version.
    static let engineFileName = "engine.txt"
    private static let engineFileHeader = "hiit espeak-ng \(formatVersion)"

    /// `device inode size seconds nanoseconds` of the file at `path` (after links), or `nil`.
    private static func identity(ofFile path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)"
    }

    /// Keeps `sound` as `fileName`.
    /// - Throws: the file system's error when the folder cannot be made or the file written.
    public func store(_ sound: WAVSound, as fileName: String) throws {
        try write(sound.wavData, as: fileName)
    }

    /// Writes `data` whole as `fileName` (a temporary file, then a rename), 0600 in a 0700 folder.
    private func write(_ data: Data, as fileName: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = folder.appendingPathComponent(fileName)
        let temporary = folder.appendingPathComponent(".\(fileName).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard manager.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        if rename(temporary.path, target.path) != 0 {
            let code = errno
            try? manager.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}
