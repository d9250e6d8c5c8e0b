/// Exit statuses of DESIGN §6 (the sysexits.h values).
enum ExitStatus {
    /// Success.
    static let success: Int32 = 0
    /// Bad usage: an unknown option, a bad value, an unknown workout name (EX_USAGE).
    static let usage: Int32 = 64
    /// Bad data in a file (EX_DATAERR).
    static let dataError: Int32 = 65
    /// Could not write a file or use a device (EX_CANTCREAT / EX_IOERR family).
    static let ioError: Int32 = 74

    /// The status after signal `signal` ended the program: 128 + N (130 for SIGINT).
    static func signal(_ signal: Int32) -> Int32 { 128 + signal }
}
