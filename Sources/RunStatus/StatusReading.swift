/// What `hiit status` has to show: a running timer's state, or the week when none runs.
public enum StatusReading: Equatable, Sendable {
    /// A timer runs (its process is alive).
    case running(RunState)
    /// No timer runs: the week's figures.
    case idle(WeekFigures)

    /// The reading of a state file (if any) whose process may have gone: a state whose `pid`
    /// no longer exists (`kill(pid, 0)` fails with `ESRCH`: a run killed with SIGKILL, a
    /// crash) is stale and reads as idle, as does no state at all.
    /// - Parameters:
    ///   - state: the state read from `state.json`, or `nil` when there is none (or it cannot
    ///     be read).
    ///   - isAlive: whether a process of that id exists.
    ///   - week: the week's figures, asked for only when idle.
    public static func resolve(state: RunState?, isAlive: (Int32) -> Bool,
                               week: () -> WeekFigures) -> StatusReading {
        if let state, isAlive(state.pid) { return .running(state) }
        return .idle(week())
    }
}
