/// A sound the session asks to be played. The raw value is the base name of its WAV file in
/// `Sounds/` (`start.wav`, `rest.wav`, …).
public enum Cue: String, CaseIterable, Codable, Sendable {
    /// Voice "Start", when a work segment starts.
    case start
    /// Voice "Rest", when a rest (between rounds or between exercises) starts.
    case rest
    /// Voice "Congratulations!", when the workout completes.
    case congratulations
    /// A short beep, 3, 2 and 1 seconds before a timed segment ends.
    case beep
    /// Voice "Swim", when a swim leg starts.
    case swim
    /// Voice "Bike", when a bike leg starts.
    case bike
    /// Voice "Run", when a run leg starts.
    case run
    /// Voice "Transition", when a transition starts.
    case transition
}
