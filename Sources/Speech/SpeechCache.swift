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
        let key = "hiit speech \(formatVersion)\n\(engineVersion)\n\(voice)\n\(rate)\n\(text)"
        return try FileDigest.sha256(of: Data(key.utf8)) + ".wav"
    }

    /// The cached sound named `fileName`, or `nil` when there is none or it does not decode.
    /// - Parameter fileName: from ``fileName(text:voice:engineVersion:rate:)``.
    public func sound(named fileName: String) -> WAVSound? {
        try? WAVSound(contentsOf: folder.appendingPathComponent(fileName))
    }

    /// Keeps `sound` as `fileName`.
    /// - Throws: the file system's error when the folder cannot be made or the file written.
    public func store(_ sound: WAVSound, as fileName: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = folder.appendingPathComponent(fileName)
        let temporary = folder.appendingPathComponent(".\(fileName).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard manager.createFile(atPath: temporary.path, contents: sound.wavData, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        if rename(temporary.path, target.path) != 0 {
            let code = errno
            try? manager.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}
