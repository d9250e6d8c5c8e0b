import Foundation

/// One line of `hiit run … --events` (DESIGN §6), as a script would read it. Every field but
/// `event` and `t` is optional; unknown keys are ignored.
struct EventLine: Decodable, CustomStringConvertible {
    /// `segment`, `cue`, `pause`, `resume`, `skip`, `finish`, `saved`, `quit`, …
    let event: String
    /// Seconds since the start on the monotonic clock, when the line was written.
    let t: Double
    /// When a segment change, cue or finish was scheduled (seconds, same clock as `t`).
    let due: Double?
    /// The instant the line belongs to: `due` when there is one, else `t`.
    var at: Double { due ?? t }
    /// The cue: `start`, `rest`, `beep`, `congratulations`, and the spoken ones (`name`, `next`,
    /// `halfway`, `lastRound`, `count`, `warmUp`, `coolDown`).
    let cue: String?
    /// What a `name` or `next` cue names, the number a `count` says.
    let text: String?
    /// A segment's position in the program.
    let index: Int?
    /// A segment's kind: `prepare`, `work`, `rest`, `restBetweenExercises`, …
    let kind: String?
    let label: String?
    let round: Int?
    let rounds: Int?
    let exercise: Int?
    let exercises: Int?
    let durationSeconds: Double?
    let workoutSeconds: Double?
    let totalSeconds: Double?
    let pausedSeconds: Double?
    let kcal: Double?
    let id: String?
    let signal: Int32?
    let message: String?

    /// Decodes one line.
    /// - Throws: ``E2EFailure`` quoting the line when it is not an event object.
    static func decode(_ line: String) throws -> EventLine {
        try decodeLine(line, as: "an event line")
    }

    /// A short form for comparing sequences: `segment work 1/2`, `cue beep`, `finish`.
    var description: String {
        switch event {
        case "segment": "segment \(kind ?? "?") \(round.map(String.init) ?? "-")/\(rounds.map(String.init) ?? "-")"
        case "cue": "cue \(cue ?? "?")"
        default: event
        }
    }
}

/// One line of `history.jsonl` (DESIGN §3), the fields the end-to-end tests check.
struct HistoryLine: Decodable {
    let version: Int
    let id: String
    let workout: String
    let kind: String
    let start: String
    let end: String
    let timeZone: String
    let utcOffsetSeconds: Int
    let localDate: String
    let workoutSeconds: Double
    let totalSeconds: Double
    let pausedSeconds: Double
    let rounds: Int
    let exercises: Int
    let weightKg: Double?
    let kcal: Double?
    let legs: [LegStub]

    /// A multisport leg; interval workouts have none, so nothing of it is read.
    struct LegStub: Decodable {}

    /// Decodes one line.
    /// - Throws: ``E2EFailure`` quoting the line when it is not a history record.
    static func decode(_ line: String) throws -> HistoryLine {
        try decodeLine(line, as: "a history record")
    }
}

extension Decodable {
    /// Decodes one line of JSON as this type.
    /// - Parameter what: what the line should be, for the message (`"an event line"`).
    /// - Throws: ``E2EFailure`` quoting the line and the decoder's error when it is not one.
    static func decodeLine(_ line: String, as what: String) throws -> Self {
        do {
            return try JSONDecoder().decode(Self.self, from: Data(line.utf8))
        } catch {
            throw E2EFailure("not \(what): \(line) (\(error))")
        }
    }
}

/// The PCM data of a RIFF/WAVE file: enough to compare what ALSA captured with the cue files.
struct WAVData: Equatable {
    /// Channels (1 for the cues).
    let channels: Int
    /// Frames per second.
    let sampleRate: Int
    /// Bits per sample (16 for the cues).
    let bitsPerSample: Int
    /// The bytes of the `data` chunk, as its header sizes it.
    let samples: Data

    /// Sample frames in `samples`.
    var frameCount: Int { samples.count / max(channels * bitsPerSample / 8, 1) }

    /// Reads the `fmt ` and `data` chunks of a WAV file.
    /// - Throws: ``E2EFailure`` naming the file and what is wrong with it.
    init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func fail(_ what: String) -> E2EFailure { E2EFailure("\(url.path): \(what)") }
        func word(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func dword(_ at: Int) -> Int { word(at) | word(at + 2) << 16 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw fail("not a RIFF/WAVE file") }
        var format: (channels: Int, rate: Int, bits: Int)?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = tag(offset), size = dword(offset + 4), body = offset + 8
            if id == "fmt " {
                guard size >= 16, body + 16 <= bytes.count else { throw fail("short fmt chunk") }
                format = (word(body + 2), dword(body + 4), word(body + 14))
            } else if id == "data" {
                guard let format else { throw fail("data chunk before fmt chunk") }
                guard body + size <= bytes.count else {
                    throw fail("data chunk says \(size) bytes, the file holds \(bytes.count - body)")
                }
                channels = format.channels
                sampleRate = format.rate
                bitsPerSample = format.bits
                samples = Data(bytes[body..<body + size])
                return
            }
            offset = body + size + (size & 1)
        }
        throw fail("no data chunk")
    }
}

/// The package's folder, from this source file's place in it (`Tests/hiitTests/EndToEnd/Support`).
let e2ePackageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
