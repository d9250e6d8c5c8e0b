/// Why speech is not available or a phrase could not be said. Each description is one line
/// with no trailing period, ready to follow `Speech off: ` or `Error: `.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// espeak-ng could not start: its data folder (`espeak-ng-data`) was not found or is
    /// unreadable. `detail` says where it looked.
    case unavailable(detail: String)
    /// libespeak-ng itself cannot be loaded (`dlopen`): `detail` is the loader's reason.
    case libraryMissing(detail: String)
    /// espeak-ng has no voice of this name (`--voice xx`).
    case unknownVoice(String)
    /// espeak-ng failed on a phrase (its `espeak_ERROR` code).
    case synthesisFailed(text: String, code: Int)
    /// The phrase gave no sound above the silence threshold (only punctuation, say).
    case silent(text: String)

    /// One line naming the voice or the phrase.
    public var description: String {
        switch self {
        case let .unavailable(detail):
            "espeak-ng could not start (\(detail)); install espeak-ng (Debian: apt-get install espeak-ng-data)"
        case let .libraryMissing(detail):
            "espeak-ng is not installed (\(detail)); install it (Debian: apt-get install libespeak-ng1 espeak-ng-data)"
        case let .unknownVoice(name):
            "espeak-ng has no voice '\(name)' (list them with: espeak-ng --voices)"
        case let .synthesisFailed(text, code):
            "espeak-ng could not say '\(text)' (error \(code))"
        case let .silent(text):
            "espeak-ng said nothing for '\(text)'"
        }
    }
}
