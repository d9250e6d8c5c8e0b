import Foundation
import SessionEngine

/// Something the run loop serves besides the session, the input and the signals: a source of
/// its own, read in the loop's one `poll` without ever delaying a boundary or a cue — the
/// connection to gpsd and the live track (``LiveGPS``, #15).
///
/// The loop asks it which descriptors to watch and when it next has work, waits for the
/// session's deadline, input, a signal or one of those, then calls ``service(ready:session:at:)``
/// after it has handled the signals and the input of that wake. The accessory may ask the
/// session for events (an auto-pause) and give the front end notes to show.
protocol RunAccessory<Engine>: AnyObject {
    /// The session type served.
    associatedtype Engine: RunnableSession

    /// The descriptors to watch now, with their `poll(2)` events; empty for none.
    var watched: [WatchedDescriptor] { get }

    /// The next instant ``service(ready:session:at:)`` has work without a descriptor becoming
    /// ready (a reconnect, a timeout), or `nil` for none. The loop wakes for it as for a redraw:
    /// a millisecond late at most, never at the cost of a boundary.
    /// - Parameter now: the current instant (time since the run's origin).
    func nextDeadline(after now: Duration) -> Duration?

    /// Called once as the run begins, before the session starts.
    /// - Parameters:
    ///   - now: the current instant.
    ///   - wallOrigin: the wall-clock time at the run's origin (instant zero).
    /// - Returns: notes to show now.
    func begin(at now: Duration, wallOrigin: Date) -> [RunNote]

    /// Does what is due: reads what the ready descriptors have, and what is due by time.
    /// - Parameters:
    ///   - ready: the watched descriptors that are ready (possibly none: a wake for another
    ///     reason, or for ``nextDeadline(after:)``).
    ///   - session: the session as it stands.
    ///   - now: the current instant.
    /// - Returns: events for the session (handled in order, at `now`) and notes to show.
    func service(ready: [Int32], session: Engine, at now: Duration) -> RunAccessoryWork<Engine.Event>

    /// Called at the end of every wake that did not end the run, once the signals, the input,
    /// the session's deadline and every accessory's events have been handled (and once after
    /// the start, and before a suspension stops the process): the session is as it will stay
    /// until the next wake, so this is where its state is published (``RunStatusService``).
    /// Does nothing unless the accessory says otherwise.
    /// - Parameters:
    ///   - session: the session as it stands.
    ///   - now: the current instant.
    func settled(session: Engine, at now: Duration)

    /// Called once when the run ends, however it ends: closes what it holds.
    func end()
}

extension RunAccessory {
    /// Nothing to do once a wake has settled.
    func settled(session: Engine, at now: Duration) {}
}

/// What one ``RunAccessory/service(ready:session:at:)`` asks for.
struct RunAccessoryWork<Event: Equatable>: Equatable {
    /// Events for the session, in order.
    var events: [Event] = []
    /// Notes for the front end, in order.
    var notes: [RunNote] = []
    /// Commands for the loop, carried out as the front end's are, after ``events`` (`hiit ctl`:
    /// pause, resume, next, and stop, which quits).
    var commands: [RunCommand<Event>] = []
}

/// Something to tell the person that is not the session's own effect (gpsd lost, an auto-lap):
/// the full screen shows ``text`` on its bottom line, plain output prints it as a line, and
/// `--events` writes ``line``. Either may be absent (a `gps` event line every second has no
/// text; a note only for people has no line).
struct RunNote: Equatable {
    /// One line for a person, or `nil`.
    var text: String?
    /// The `--events` line, or `nil`.
    var line: EventLine?
    /// Whether the full screen shows ``text`` on its bottom line (plain output prints it
    /// whatever this says): not for what the screen shows anyway (the fix state).
    var showsOnScreen = true
}
