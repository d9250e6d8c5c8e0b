/// How the run loop waits between two steps: until a deadline, typed input or a signal,
/// whichever comes first.
///
/// In production it is ``DeadlineWait`` (`poll` on standard input and the signal pipe until
/// shortly before the absolute deadline, then `nanosleep` the rest). Tests give the loop a
/// wait that moves a manual clock to the deadline, or delivers scripted input and signals,
/// so a whole workout runs in-process in milliseconds.
protocol RunWait: AnyObject {
    /// The descriptor input is read from, named in errors about reading it; `nil` when there is
    /// none (plain output with stdin not a terminal, or a scripted wait).
    var inputDescriptor: Int32? { get }

    /// Waits until `deadline` on the run's clock, or until input or a signal arrives first.
    ///
    /// When nothing arrives it returns no earlier than `deadline`, so the loop's next reading
    /// of the clock is at or after it.
    /// - Parameters:
    ///   - deadline: the instant to wake at (time since the run's origin); `nil` waits for
    ///     input or a signal with no limit.
    ///   - precisely: whether the deadline is the session's (a boundary or a cue, due within
    ///     a fraction of a millisecond) rather than only a redraw, which may come a
    ///     millisecond or so late.
    ///   - watchingInput: whether input may end the wait (false once input has ended).
    /// - Returns: the signals that arrived and whether input is ready to be read.
    /// - Throws: what the underlying wait throws (``TerminalUI/TerminalError`` from `poll`).
    func wait(until deadline: Duration?, precisely: Bool, watchingInput: Bool) throws -> RunWake

    /// ``wait(until:precisely:watchingInput:)`` that also ends when one of `watched` is ready
    /// for its events (a connection to gpsd, #15), reported in ``RunWake/readyDescriptors``.
    /// - Throws: what ``wait(until:precisely:watchingInput:)`` throws, and
    ///   ``TerminalUI/TerminalError`` naming `poll` with `EBADF` for a watched descriptor that is
    ///   not open.
    func wait(until deadline: Duration?, precisely: Bool, watchingInput: Bool,
              watching watched: [WatchedDescriptor]) throws -> RunWake

    /// Reads the input that ``wait(until:precisely:watchingInput:)`` reported ready.
    /// - Returns: the bytes read (possibly none), or `nil` at end of input.
    /// - Throws: what reading throws (``TerminalUI/TerminalError`` naming `read`).
    func readInput() throws -> [UInt8]?
}

extension RunWait {
    /// A wait that watches nothing besides input and signals (a scripted one) ignores
    /// `watched`: nothing it does not know of can become ready.
    func wait(until deadline: Duration?, precisely: Bool, watchingInput: Bool,
              watching watched: [WatchedDescriptor]) throws -> RunWake {
        try wait(until: deadline, precisely: precisely, watchingInput: watchingInput)
    }
}

/// A descriptor the run loop watches besides its input and the signal pipe, with the `poll(2)`
/// events it waits for: gpsd's socket (#15), `POLLIN`, and `POLLOUT` while the connection is
/// being made or a command is being sent.
struct WatchedDescriptor: Equatable, Sendable {
    /// The descriptor.
    var fd: Int32
    /// `POLLIN`, `POLLOUT` or both (`poll(2)`'s `events`).
    var events: Int16
}

/// What ended one wait of the run loop.
struct RunWake: Equatable, Sendable {
    /// The signals that arrived (those of ``RunSignals``), each once, in order.
    var signals: [Int32] = []
    /// Whether input is ready: call ``RunWait/readInput()``.
    var inputIsReady = false
    /// The watched descriptors that are ready for one of their events (or hung up, or in
    /// error: the next call on them says which), in the order given.
    var readyDescriptors: [Int32] = []
}
