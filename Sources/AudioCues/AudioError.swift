/// Everything that can go wrong with cue sounds: reading and decoding WAV files, finding the
/// sound folder, opening and driving the ALSA device.
///
/// Every case carries what a person needs to fix the problem (the file, the folder, the
/// device name, ALSA's own explanation). ``description`` is a one-line message without a
/// trailing period, ready to follow `Error: ` or `Cues off: `.
public enum AudioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` could not be read at all; `reason` is the system's explanation.
    case unreadableFile(path: String, reason: String)
    /// `file` (a path or a name given by the caller) is not a WAV file this program can play;
    /// `problem` says what is wrong, e.g. `8-bit samples (only 16-bit PCM is supported)`.
    case invalidWAV(file: String, problem: String)
    /// The sound folder `folder` has no file named `file` (e.g. `start.wav`).
    case missingSound(file: String, folder: String)
    /// None of the folders in `searched` (in the order they were tried) holds every cue sound.
    case soundsNotFound(searched: [String])
    /// `snd_pcm_open` failed for the PCM named `device`; `code` is its negative errno-style
    /// result and `message` the `snd_strerror` text (e.g. "No such file or directory").
    case deviceUnavailable(device: String, code: Int32, message: String)
    /// alsa-lib (`libasound.so.2`), opened when the first player is made, cannot be loaded, or
    /// lacks a function; `reason` is `dlerror`'s text.
    case libraryMissing(reason: String)
    /// The device opened but refused the format `format` (e.g. `16-bit mono at 22050 Hz`)
    /// in `snd_pcm_set_params`; `code`/`message` as for ``deviceUnavailable(device:code:message:)``.
    case deviceSetupFailed(device: String, format: String, code: Int32, message: String)
    /// Writing samples failed and `snd_pcm_recover` could not bring the device back;
    /// `code`/`message` as for ``deviceUnavailable(device:code:message:)``.
    case playbackFailed(device: String, code: Int32, message: String)

    /// A one-line message naming the file, folder or device and what is wrong.
    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "cannot read \(path): \(reason)"
        case let .invalidWAV(file, problem):
            return "\(file) is not a usable WAV file: \(problem)"
        case let .missingSound(file, folder):
            return "cue sound \(file) is missing from \(folder)"
        case let .soundsNotFound(searched):
            let list = searched.isEmpty ? "(no folders given)" : searched.joined(separator: ", ")
            return "cue sounds not found; looked in: \(list)"
        case let .deviceUnavailable(device, code, message):
            return "cannot open audio device '\(device)': \(message) (ALSA error \(code))"
        case let .libraryMissing(reason):
            return "sound cues need ALSA (Debian libasound2): \(reason)"
        case let .deviceSetupFailed(device, format, code, message):
            return "audio device '\(device)' cannot play \(format): \(message) (ALSA error \(code))"
        case let .playbackFailed(device, code, message):
            return "audio device '\(device)' failed while playing: \(message) (ALSA error \(code))"
        }
    }
}
