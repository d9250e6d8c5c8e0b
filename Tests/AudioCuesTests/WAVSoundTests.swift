import Foundation
import Testing
@testable import AudioCues
import SessionEngine
import TestSupport

@Suite("WAV decoding")
struct WAVSoundTests {
    // MARK: The shipped sounds

    @Test("every shipped cue sound is 16-bit mono 22050 Hz and not empty", arguments: Cue.bundled)
    func shippedSoundDecodes(cue: Cue) throws {
        let url = shippedSoundsFolder.appendingPathComponent("\(cue.kind).wav")
        let sound = try WAVSound(contentsOf: url)
        #expect(sound.sampleRate == 22050)
        #expect(sound.channels == 1)
        #expect(sound.frameCount > 1000)
        #expect(sound.duration < .seconds(3))
        // 16-bit PCM on disk: 44-byte header plus two bytes a sample, give or take chunks.
        let size = try Data(contentsOf: url).count
        #expect(size >= 44 + 2 * sound.samples.count)
        #expect(sound.samples.contains { abs(Int($0)) > 8000 }, "audible, not silence")
    }

    @Test func shippedBeepIsShortAndFadedSoItDoesNotClick() throws {
        let beep = try WAVSound(contentsOf: shippedSoundsFolder.appendingPathComponent("beep.wav"))
        #expect(beep.duration >= .milliseconds(120) && beep.duration <= .milliseconds(200))
        let first = try #require(beep.samples.first)
        let last = try #require(beep.samples.last)
        #expect(abs(Int(first)) < 500 && abs(Int(last)) < 500)
        #expect((beep.samples.map { abs(Int($0)) }.max() ?? 0) > 16000)
    }

    // MARK: Good files

    @Test func decodesStereoSamplesExactlySkippingUnknownChunks() throws {
        let samples: [Int16] = [0, 1, -1, Int16.max, Int16.min, 1234, -4321, 7]
        var file = WAVBytes()
        file.chunks = [
            ("LIST", Array("INFOISFT\u{5}\0\0\0hiit\0".utf8)),  // odd length: padded
            ("fmt ", WAVBytes.fmt(channels: 2, rate: 44100)),
            ("fact", WAVBytes.le32(4)),
            ("data", WAVBytes.pcm(samples)),
        ]
        let sound = try WAVSound(data: file.data, name: "stereo.wav")
        #expect(sound.channels == 2)
        #expect(sound.sampleRate == 44100)
        #expect(sound.samples == samples)
        #expect(sound.frameCount == 4)
    }

    @Test func decodesExtensibleFormatWithPCMSubformat() throws {
        let extensible = WAVBytes.fmt(tag: 0xFFFE, channels: 1, rate: 48000)
            + WAVBytes.le16(22) + WAVBytes.le16(16) + WAVBytes.le32(4)
            + WAVBytes.le16(1) + [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA,
                                  0x00, 0x38, 0x9B, 0x71]
        let file = WAVBytes(chunks: [("fmt ", extensible), ("data", WAVBytes.pcm([5, -5]))])
        let sound = try WAVSound(data: file.data, name: "ext.wav")
        #expect(sound.sampleRate == 48000)
        #expect(sound.samples == [5, -5])
    }

    @Test func acceptsDataSliceNotStartingAtIndexZero() throws {
        let whole = Data([0xFF, 0xFF]) + WAVBytes.simple([3, 4]).data
        let slice = whole[2...]
        #expect(try WAVSound(data: slice, name: "slice.wav").samples == [3, 4])
    }

    // MARK: Bad files

    struct BadInput: CustomTestStringConvertible, Sendable {
        var label: String
        var bytes: [UInt8]
        var problem: String
        var testDescription: String { label }
    }

    static let badInputs: [BadInput] = {
        let good = WAVBytes.simple([1, 2, 3, 4]).bytes
        var notWave = WAVBytes.simple([1])
        notWave.waveTag = "AVI "
        var notRIFF = WAVBytes.simple([1])
        notRIFF.riffTag = "OggS"
        return [
            BadInput(label: "empty", bytes: [], problem: "empty"),
            BadInput(label: "truncated header", bytes: Array(good.prefix(8)), problem: "truncated header"),
            BadInput(label: "not RIFF", bytes: notRIFF.bytes, problem: "not a RIFF file"),
            BadInput(label: "binary start", bytes: [0, 1, 2, 3] + Array(good.dropFirst(4)),
                     problem: "bytes 00 01 02 03"),
            BadInput(label: "RIFF but not WAVE", bytes: notWave.bytes, problem: "not WAVE"),
            BadInput(label: "8-bit", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt(bits: 8)), ("data", [0x80, 0x81]),
            ]).bytes, problem: "8-bit samples"),
            BadInput(label: "24-bit", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt(bits: 24)), ("data", [0, 0, 0]),
            ]).bytes, problem: "24-bit samples"),
            BadInput(label: "float", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt(tag: 3, bits: 32)), ("data", [0, 0, 0, 0]),
            ]).bytes, problem: "format tag 3"),
            BadInput(label: "empty data", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt()), ("data", []),
            ]).bytes, problem: "'data' chunk is empty"),
            BadInput(label: "no data chunk", bytes: WAVBytes(chunks: [("fmt ", WAVBytes.fmt())]).bytes,
                     problem: "no 'data' chunk"),
            BadInput(label: "no fmt chunk", bytes: WAVBytes(chunks: [("data", WAVBytes.pcm([1]))]).bytes,
                     problem: "no 'fmt ' chunk"),
            BadInput(label: "short fmt chunk", bytes: WAVBytes(chunks: [
                ("fmt ", Array(WAVBytes.fmt().prefix(10))), ("data", WAVBytes.pcm([1])),
            ]).bytes, problem: "needs at least 16"),
            BadInput(label: "zero channels", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt(channels: 0, blockAlign: 0)), ("data", WAVBytes.pcm([1])),
            ]).bytes, problem: "0 channels"),
            BadInput(label: "zero sample rate", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt(rate: 0)), ("data", WAVBytes.pcm([1])),
            ]).bytes, problem: "sample rate 0 Hz"),
            BadInput(label: "partial stereo frame", bytes: WAVBytes(chunks: [
                ("fmt ", WAVBytes.fmt(channels: 2)), ("data", WAVBytes.pcm([1, 2, 3])),
            ]).bytes, problem: "not a whole number"),
            BadInput(label: "data cut short", bytes: Array(good.dropLast(2)),
                     problem: "declares 8 bytes but only 6 remain"),
        ]
    }()

    @Test("a bad WAV throws invalidWAV naming the file and the problem", arguments: badInputs)
    func badInputThrowsTypedError(input: BadInput) {
        let error = audioError { () throws(AudioError) in
            try WAVSound(data: Data(input.bytes), name: "cue.wav")
        }
        guard case let .invalidWAV(file, problem) = error else {
            Issue.record("expected invalidWAV, got \(String(describing: error))")
            return
        }
        #expect(file == "cue.wav")
        #expect(problem.contains(input.problem), "\(problem)")
        #expect(error?.description.hasPrefix("cue.wav is not a usable WAV file: ") == true)
    }

    @Test func everyTruncationOfAShippedSoundThrowsInsteadOfCrashing() throws {
        let bytes = try Data(contentsOf: shippedSoundsFolder.appendingPathComponent("beep.wav"))
        for length in 0..<bytes.count {
            let error = audioError { () throws(AudioError) in
                try WAVSound(data: bytes.prefix(length), name: "beep.wav")
            }
            guard case .invalidWAV(file: "beep.wav", problem: _)? = error else {
                Issue.record("prefix of \(length) bytes: \(String(describing: error))")
                return
            }
        }
    }

    @Test("random junk throws invalidWAV and never crashes", arguments: [1, 2, 3, 4] as [UInt64])
    func randomJunkThrows(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let length = Int.random(in: 0..<200, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half the time give the junk a valid preamble, so the chunk walk is exercised.
            if Bool.random(using: &generator) && bytes.count >= 12 {
                bytes.replaceSubrange(0..<4, with: Array("RIFF".utf8))
                bytes.replaceSubrange(8..<12, with: Array("WAVE".utf8))
            }
            let error = audioError { () throws(AudioError) in
                try WAVSound(data: Data(bytes), name: "junk")
            }
            if case .invalidWAV(file: "junk", problem: _)? = error { continue }
            Issue.record("seed \(seed): \(bytes) gave \(String(describing: error))")
            return
        }
    }

    @Test func unreadableFileNamesThePath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("nothing.wav")
        let error = audioError { () throws(AudioError) in try WAVSound(contentsOf: missing) }
        guard case let .unreadableFile(path, reason)? = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(path == missing.path)
        #expect(!reason.isEmpty)
    }

    /// A FIFO or device named like a cue is refused at once (issue 11, item 3), never read or
    /// waited on.
    @Test(arguments: ["fifo", "device"])
    func aSpecialFileIsRefusedWithoutWaiting(kind: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("go.wav")
        if kind == "fifo" {
            #expect(mkfifo(url.path, 0o600) == 0)
        } else {
            #expect(symlink("/dev/zero", url.path) == 0)
        }
        let error = audioError { () throws(AudioError) in try WAVSound(contentsOf: url) }
        let type = kind == "fifo" ? "a FIFO (named pipe)" : "a character device"
        #expect(error == .unreadableFile(path: url.path, reason: "it is \(type), not a regular file"))
    }

    @Test func mostlyTheReasonIsTheCLibrarysText() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = audioError { () throws(AudioError) in try WAVSound(contentsOf: folder.url) }
        #expect(error == .unreadableFile(path: folder.url.path, reason: "it is a folder, not a regular file"))
        let missing = folder.url.appendingPathComponent("nothing.wav")
        let missingError = audioError { () throws(AudioError) in try WAVSound(contentsOf: missing) }
        #expect(missingError == .unreadableFile(path: missing.path, reason: "No such file or directory"))
    }
}
