/// A failure a command states in words, for what no library error describes (a file that
/// exists without `--force`, a device that cannot be opened). ``ErrorReport`` writes
/// `Error: ` and ``message``, and exits with ``status``.
struct CommandFailure: Error, Equatable, CustomStringConvertible {
    /// The exit status: ``ExitStatus/usage``, ``ExitStatus/dataError`` or ``ExitStatus/ioError``.
    let status: Int32
    /// One line saying what is wrong and, where there is one, what to do.
    let message: String

    /// A refused word or request on the command line that is not a parsing error (an unknown
    /// session id, a file that exists without `--force`): exit 64, no usage line.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: ExitStatus.usage, message: message) }
    /// Bad data in a file: exit 65.
    static func data(_ message: String) -> CommandFailure { CommandFailure(status: ExitStatus.dataError, message: message) }
    /// A file or device that cannot be read, written or opened: exit 74.
    static func io(_ message: String) -> CommandFailure { CommandFailure(status: ExitStatus.ioError, message: message) }

    /// The message.
    var description: String { message }
}
