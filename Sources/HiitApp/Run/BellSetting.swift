/// When the terminal's own bell (BEL, byte 0x07) rings at a boundary of the run (each segment
/// or leg that begins after another, and the finish): the alert that still reaches a person
/// with no sound card, over SSH, or muted. `--bell` and `--no-bell` choose; with neither it
/// rings while the cues cannot be heard.
enum BellSetting: Equatable, Sendable {
    /// `--bell`: always.
    case on
    /// `--no-bell`: never.
    case off
    /// Neither option: while the cues are muted (`--mute`, `m`) or cannot play at all (no
    /// sound device, unusable sounds), so it follows `m` during the run.
    case whenCuesSilent

    /// The setting the options ask for.
    /// - Parameter bell: `true` for `--bell`, `false` for `--no-bell`, `nil` for neither.
    init(option bell: Bool?) {
        switch bell {
        case true?: self = .on
        case false?: self = .off
        case nil: self = .whenCuesSilent
        }
    }

    /// The bell's byte, BEL.
    static let byte = "\u{07}"

    /// Whether the bell rings now.
    /// - Parameters:
    ///   - isMuted: whether the cues are muted.
    ///   - cuesOff: whether the cues cannot play at all.
    func rings(isMuted: Bool, cuesOff: Bool) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .whenCuesSilent: isMuted || cuesOff
        }
    }
}
