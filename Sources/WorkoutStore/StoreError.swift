import POSIX
import WorkoutModel

/// A place in a text file: the path as shown to the user, a 1-based line and a 1-based column
/// (counted in Unicode scalars, as editors count them).
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user should see it (e.g. `~/.local/share/hiit/workouts/tabata.json`).
    public var path: String
    /// Line number, from 1.
    public var line: Int
    /// Column number, from 1, in Unicode scalars.
    public var column: Int

    /// `path, line L, column C`.
    public var description: String { "\(path), line \(line), column \(column)" }
}

/// Everything that can go wrong reading or writing hiit's files (DESIGN §3). Each case carries
/// what a person needs to find and fix the problem: the file, the line and column, the key
/// path inside the JSON (`exercises[1].workSeconds`), or the system call and its `errno`.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file holds no bytes at all (or only white space).
    case emptyFile(path: String)
    /// The file is larger than any file of its kind can sensibly be.
    /// `bytes` is its size; `limit` the largest size accepted, both in bytes.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A byte sequence that is not UTF-8; `byte` is the first offending byte.
    case invalidUTF8(SourceLocation, byte: UInt8)
    /// The text is not JSON (RFC 8259); `reason` says what was expected and what was found.
    case syntax(SourceLocation, reason: String)
    /// A value of the wrong type, e.g. `exercises[1].workSeconds` expected a whole number,
    /// found the string "x". `expected` and `found` are short phrases.
    case wrongType(SourceLocation, keyPath: String, expected: String, found: String)
    /// A required key is absent; `location` is the object that should hold it and `expected`
    /// says what kind of value it needs.
    case missingKey(SourceLocation, keyPath: String, expected: String)
    /// A value of the right type that is not acceptable (an unknown `kind`, a bad date or UUID).
    case invalidValue(SourceLocation, keyPath: String, reason: String)
    /// The file was written by a newer hiit: its `version` is above `supported`.
    case unsupportedVersion(path: String, version: Int, supported: Int)
    /// The file parses but the plan breaks a rule of DESIGN §2 (``PlanError``).
    case invalidPlan(path: String, PlanError)
    /// A value that cannot be written as JSON (a non-finite number); nothing was written.
    case notEncodable(path: String, reason: String)
    /// A system call failed. `operation` names it in words ("open", "write", "fsync", "rename",
    /// "lock", "create the folder"); `errno` is the C error number.
    case io(path: String, operation: String, errno: Int32)
    /// A path exists but is not the kind of thing needed (a file where a folder belongs).
    case notAFolder(path: String)
    /// Something other than a regular file is where one belongs (a FIFO, a device, a socket):
    /// hiit refuses it rather than wait on it; `type` says what it is. Remove it to go on.
    case notRegularFile(path: String, type: FileType)
    /// The file's owner has no write permission on it (`chmod u-w`, mode 0400 or 0444): hiit
    /// takes that as "keep this file as it is", even when run as root, and changes nothing.
    case readOnly(path: String)

    /// One line naming the file (and line and column where they apply) and what is wrong;
    /// a path or value with a line end in it is escaped (`String.oneLineEscaped`), so the
    /// message stays one line.
    public var description: String {
        text.oneLineEscaped
    }

    private var text: String {
        switch self {
        case let .emptyFile(path):
            return "\(path): the file is empty; expected a JSON object"
        case let .tooLarge(path, bytes, limit):
            return "\(path): the file is \(Self.size(bytes)); a file of this kind is at most \(Self.size(limit))"
        case let .invalidUTF8(location, byte):
            return "\(location): not UTF-8 text (byte 0x\(Self.hex(byte))); save the file as UTF-8"
        case let .syntax(location, reason):
            return "\(location): JSON syntax error: \(reason)"
        case let .wrongType(location, keyPath, expected, found):
            return "\(location): \(Self.name(keyPath)): expected \(expected), found \(found)"
        case let .missingKey(location, keyPath, expected):
            return "\(location): \(Self.name(keyPath)) is missing (expected \(expected))"
        case let .invalidValue(location, keyPath, reason):
            return "\(location): \(Self.name(keyPath)): \(reason)"
        case let .unsupportedVersion(path, version, supported):
            return "\(path): \(PlanError.unsupportedVersion(version, supported: supported))"
        case let .invalidPlan(path, error):
            return "\(path): \(error)"
        case let .notEncodable(path, reason):
            return "\(path): cannot be written as JSON: \(reason)"
        case let .io(path, operation, code):
            return "\(path): cannot \(operation): \(Self.errnoText(code)) (errno \(code))"
        case let .notAFolder(path):
            return "\(path): exists but is not a folder"
        case let .notRegularFile(path, type):
            return "\(path): is \(type), not a regular file; hiit reads and writes only regular files"
        case let .readOnly(path):
            return "\(path): the file is read-only, so hiit leaves it as it is (make it writable with 'chmod u+w' to change it)"
        }
    }

    /// The C library's text for an `errno` value (`strerror`), e.g. "Permission denied"
    /// (``POSIX/SystemCallError/text(forErrno:)``).
    public static func errnoText(_ code: Int32) -> String {
        SystemCallError.text(forErrno: code)
    }

    private static func name(_ keyPath: String) -> String {
        keyPath.isEmpty ? "the top level" : keyPath
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    private static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
        let tenths = (bytes * 10) / (1024 * 1024)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

extension StoreError {
    /// ``io(path:operation:errno:)`` for a failed C call: its `errno`, with the path and the
    /// words the person should see (the C function's own name stays out of the message).
    /// - Parameters:
    ///   - path: the file as shown to the user.
    ///   - operation: the step in words ("open", "write", "replace (rename)").
    ///   - failure: the error of the `POSIX` wrapper.
    init(path: String, operation: String, _ failure: SystemCallError) {
        self = .io(path: path, operation: operation, errno: failure.errno)
    }
}
