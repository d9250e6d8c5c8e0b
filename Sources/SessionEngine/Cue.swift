/// Something the session asks to be heard.
///
/// The first eight have a bundled sound in `Sounds/` (``bundled``, file ``fileName``); the
/// others are speech only (#16): a voice synthesises them before the first segment, and
/// without one each falls back to a bundled sound or to silence (``fallback``). What a voice
/// says for each is the phrasebook's business (AudioCues' `CuePhrasebook`), not the engine's.
public enum Cue: Hashable, Sendable {
    /// "Start", when a work segment starts.
    case start
    /// "Rest", when a rest (between rounds, exercises or sets) starts.
    case rest
    /// "Congratulations!", when the workout completes.
    case congratulations
    /// A short beep, 3, 2 and 1 seconds before a timed segment ends.
    case beep
    /// "Swim", when a swim leg starts.
    case swim
    /// "Bike", when a bike leg starts.
    case bike
    /// "Run", when a run leg starts.
    case run
    /// "Transition", when a transition starts.
    case transition
    /// "Warm up", when the warm-up starts.
    case warmUp
    /// "Cool down", when the cool-down starts.
    case coolDown
    /// "Half way", in the middle of a long work segment.
    case halfway
    /// "Last round", when the last round of an exercise starts (in place of "Start").
    case lastRound
    /// A countdown number said as a word ("three", "two", "one"): 1–3.
    case count(Int)
    /// The exercise's name, when its first round starts (in place of "Start").
    case name(String)
    /// "Next: …" with the next exercise's name, a few seconds before a rest ends.
    case next(String)

    /// The cues with a bundled WAV, in the order `hiit sounds` lists them.
    public static let bundled: [Cue] = [.start, .rest, .congratulations, .beep, .swim, .bike, .run, .transition]

    /// The speech-only cues whose English words are fixed ("Half way", "Last round", "Warm up",
    /// "Cool down"): the bundled sounds include them (`halfway.wav`, …), so that a run in English
    /// starts espeak-ng only for exercise names; a sound folder may lack them (`HIIT_SOUNDS`
    /// with the eight files of ``bundled``), and then the voice says them.
    public static let fixedPhrases: [Cue] = [.halfway, .lastRound, .warmUp, .coolDown]

    /// The cue's kind as `--events` writes it in `cue` and `hiit sounds` lists it: `start`,
    /// `rest`, …, `warmUp`, `coolDown`, `halfway`, `lastRound`, `count`, `name`, `next` (the
    /// text of the last three is ``detail``). For a bundled cue, its sound's base name.
    public var kind: String {
        switch self {
        case .start: "start"
        case .rest: "rest"
        case .congratulations: "congratulations"
        case .beep: "beep"
        case .swim: "swim"
        case .bike: "bike"
        case .run: "run"
        case .transition: "transition"
        case .warmUp: "warmUp"
        case .coolDown: "coolDown"
        case .halfway: "halfway"
        case .lastRound: "lastRound"
        case .count: "count"
        case .name: "name"
        case .next: "next"
        }
    }

    /// What a cue carries beyond its kind: the number counted, the exercise named; `nil` for
    /// the others.
    public var detail: String? {
        switch self {
        case let .count(number): String(number)
        case let .name(text), let .next(text): text
        default: nil
        }
    }

    /// Whether the cue has a bundled sound (one of ``bundled``).
    public var isBundled: Bool { Self.bundled.contains(self) }

    /// The bundled sound's file name (`start.wav`, …), `nil` for a speech-only cue.
    public var fileName: String? { isBundled ? kind + ".wav" : nil }

    /// What plays in a speech-only cue's place when there is no voice: a name and "Last round"
    /// sound as "Start", a counted word as a beep; "Next", "Half way", "Warm up" and "Cool
    /// down" are silent (`nil`). A bundled cue is its own fallback.
    public var fallback: Cue? {
        switch self {
        case .start, .rest, .congratulations, .beep, .swim, .bike, .run, .transition: self
        case .name, .lastRound: .start
        case .count: .beep
        case .warmUp, .coolDown, .halfway, .next: nil
        }
    }
}
