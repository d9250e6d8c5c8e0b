import SessionEngine
import TerminalUI

/// What the front ends need to know about one engine, beyond ``RunnableSession``: the kind of
/// run (``IntervalRun`` or ``MultisportRun``) with what it shows and what its keys mean.
///
/// There is one front end of each kind — ``ScreenFrontEnd``, ``PlainFrontEnd``,
/// ``EventsFrontEnd`` — whatever the engine; each asks its own small protocol of the adapter
/// (``ScreenAdapter``, ``PlainAdapter``, ``EventsAdapter``) for what differs between engines.
/// This one holds what the screen and the plain lines share: the keys.
protocol RunAdapter {
    /// The session this run drives.
    associatedtype Engine: RunnableSession

    /// What `key` means in this engine, for the keys that are not the same in every run
    /// (``meaning(of:session:)`` handles space, `p`, `m`, `q` and Ctrl-C); `nil` for none.
    /// - Parameters:
    ///   - key: the key, letters in lower case.
    ///   - session: the session as it stands (a key's meaning may depend on it).
    func action(for key: Key, session: Engine) -> KeyAction<Engine.Event>?

    /// Whether `effect` marks a boundary the terminal's bell rings for (``BellSetting``): a
    /// segment or leg that begins after another, and the finish; not the first one, which
    /// begins as the person starts the run.
    func isBoundary(_ effect: Engine.Effect) -> Bool

    /// What the screen's bottom line (or a plain line) says once the run is continued after a
    /// suspension (Ctrl-Z, then `fg`): whether the time away counted.
    var suspendNotice: String { get }
}

extension RunAdapter {
    /// What `key` means in this run: Ctrl-C interrupts, Ctrl-Z suspends, space and `p` toggle
    /// the pause, `m` toggles the cues, `q` asks to quit; any other key as
    /// ``action(for:session:)`` says.
    /// - Parameters:
    ///   - key: the key, letters in lower case.
    ///   - session: the session as it stands.
    /// - Returns: the command or question, or `nil` for a key with no meaning here.
    func meaning(of key: Key, session: Engine) -> KeyAction<Engine.Event>? {
        switch key {
        case .interrupt: .command(.interrupt)
        case .control("z"): .command(.suspend)
        case .space, .character("p"): .command(.togglePause)
        case .character("m"): .command(.toggleMute)
        case .character("q"): .ask(.quit)
        default: action(for: key, session: session)
        }
    }
}

/// What a key asks for: a command at once, or a y/N question first.
enum KeyAction<Event: Equatable>: Equatable {
    /// Do this now.
    case command(RunCommand<Event>)
    /// Ask first (on the full screen); where there is no screen to ask on, do what "yes" does.
    case ask(RunQuestion<Event>)
}

/// A y/N question on the full screen and what "yes" does: `y` says yes, and at the quit
/// question so does a second `q` (q q quits, as the key that asked confirms it); any other key
/// says no.
struct RunQuestion<Event: Equatable>: Equatable {
    /// The question, e.g. "Finish and save?" (the screen adds ` [y/N]`).
    var prompt: String
    /// What "yes" does.
    var yes: RunCommand<Event>

    /// "Quit? Nothing will be recorded.": the same question in every run.
    static var quit: RunQuestion { RunQuestion(prompt: "Quit? Nothing will be recorded.", yes: .quit) }
}

extension Key {
    /// The key with a letter in lower case, so keys work with Caps Lock or Shift.
    var lowercased: Key {
        if case let .character(c) = self, c.isUppercase, let lower = c.lowercased().first { return .character(lower) }
        return self
    }
}
