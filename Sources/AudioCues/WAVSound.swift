import Foundation
import POSIX

/// A decoded 16-bit PCM sound, ready to hand to an audio device.
///
/// Decoding reads RIFF/WAVE data: a `fmt ` chunk describing integer PCM with 16 bits per
/// sample (format tag 1, or `WAVE_FORMAT_EXTENSIBLE` with the PCM sub-format), any channel
/// count from 1 to 8 and any sample rate from 1000 to 384000 Hz, then a `data` chunk. Other
/// chunks (`LIST`, `fact`, …) are skipped. Decoding never traps: junk, truncated or
/// unsupported input throws ``AudioError/invalidWAV(file:problem:)``.
public struct WAVSound: Sendable, Equatable {
    /// Frames per second, in hertz (e.g. 22050).
    public let sampleRate: Int
    /// Samples per frame: 1 for mono, 2 for stereo, …
    public let channels: Int
    /// The samples as signed 16-bit values in host byte order, interleaved by channel
    /// (frame 0 channel 0, frame 0 channel 1, …). Never empty; the count is a whole
    /// number of frames.
    public let samples: [Int16]

    /// The number of frames (samples per channel).
    public var frameCount: Int { samples.count / channels }

    /// How long the sound plays at its sample rate.
    public var duration: Duration {
        .nanoseconds(Int64(frameCount) * 1_000_000_000 / Int64(sampleRate))
    }

    /// The lowest sample rate accepted by the decoder, in hertz.
    public static let minimumSampleRate = 1_000
    /// The highest sample rate accepted by the decoder, in hertz.
    public static let maximumSampleRate = 384_000
    /// The highest channel count accepted by the decoder.
    public static let maximumChannels = 8

    /// A sound from samples already in memory (synthesised speech).
    ///
    /// - Parameters:
    ///   - sampleRate: frames per second, in hertz (``minimumSampleRate``…``maximumSampleRate``).
    ///   - channels: samples per frame (1…``maximumChannels``).
    ///   - samples: interleaved 16-bit samples in host byte order, a whole number of frames.
    /// - Returns: `nil` when `samples` is empty or not a whole number of frames, or the rate or
    ///   the channel count is out of range.
    public init?(sampleRate: Int, channels: Int, samples: [Int16]) {
        guard (Self.minimumSampleRate...Self.maximumSampleRate).contains(sampleRate),
              (1...Self.maximumChannels).contains(channels),
              !samples.isEmpty, samples.count % channels == 0 else { return nil }
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    /// The sound as a WAV file: a 44-byte RIFF/WAVE header (`fmt ` PCM, 16 bits) and one
    /// `data` chunk, little-endian; ``init(data:name:)`` reads it back to an equal sound.
    public var wavData: Data {
        var bytes: [UInt8] = []
        let dataBytes = samples.count * 2
        bytes.reserveCapacity(44 + dataBytes)
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes += $0 } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        append("fmt "); append32(16); append16(1); append16(channels)
        append32(sampleRate); append32(sampleRate * channels * 2); append16(channels * 2); append16(16)
        append("data"); append32(dataBytes)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { bytes += $0 } }
        return Data(bytes)
    }

    /// Decodes a WAV file held in memory.
    ///
    /// - Parameters:
    ///   - data: the whole file, starting with `RIFF`.
    ///   - name: how errors name the file (a path or a file name); used for nothing else.
    /// - Throws: ``AudioError/invalidWAV(file:problem:)`` naming `name` when the data is not
    ///   RIFF/WAVE, is truncated, is not 16-bit integer PCM, has an out-of-range channel
    ///   count or sample rate, or holds no samples.
    public init(data: Data, name: String) throws(AudioError) {
        func invalid(_ problem: String) -> AudioError {
            .invalidWAV(file: name, problem: problem)
        }
        let bytes = [UInt8](data)
        guard !bytes.isEmpty else { throw invalid("the file is empty") }
        guard bytes.count >= 12 else {
            throw invalid("truncated header (\(bytes.count) bytes; a WAV header needs at least 12)")
        }
        guard Self.tag(bytes, at: 0) == "RIFF" else {
            throw invalid("not a RIFF file (it starts with \(Self.printable(bytes, at: 0)))")
        }
        guard Self.tag(bytes, at: 8) == "WAVE" else {
            throw invalid("a RIFF file of type \(Self.printable(bytes, at: 8)), not WAVE")
        }

        var format: (channels: Int, rate: Int)?
        var payload: Range<Int>?
        var offset = 12
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else {
                throw invalid("truncated chunk header at byte \(offset)")
            }
            let id = Self.tag(bytes, at: offset)
            let size = Int(Self.uint32(bytes, at: offset + 4))
            let bodyStart = offset + 8
            let available = bytes.count - bodyStart
            guard size <= available else {
                throw invalid("chunk \(Self.printable(bytes, at: offset)) declares \(size) bytes but only \(available) remain (truncated file)")
            }
            let body = bodyStart..<(bodyStart + size)
            switch id {
            case "fmt ":
                guard format == nil else { throw invalid("more than one 'fmt ' chunk") }
                format = try Self.parseFormat(bytes, body, invalid)
            case "data":
                guard payload == nil else { throw invalid("more than one 'data' chunk") }
                payload = body
            default:
                break  // LIST, fact, cue, …: not needed to play the sound.
            }
            // Chunks are padded to an even length; a missing final pad byte is tolerated.
            offset = bodyStart + size + (size % 2)
        }

        guard let format else { throw invalid("no 'fmt ' chunk") }
        guard let payload else { throw invalid("no 'data' chunk") }
        let frameBytes = format.channels * 2
        guard !payload.isEmpty else { throw invalid("the 'data' chunk is empty (no samples)") }
        guard payload.count % frameBytes == 0 else {
            throw invalid("the 'data' chunk holds \(payload.count) bytes, not a whole number of \(frameBytes)-byte frames")
        }

        var samples = [Int16]()
        samples.reserveCapacity(payload.count / 2)
        var index = payload.lowerBound
        while index < payload.upperBound {
            let bits = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
            samples.append(Int16(bitPattern: bits))
            index += 2
        }
        self.sampleRate = format.rate
        self.channels = format.channels
        self.samples = samples
    }

    /// The largest WAV file read, in bytes (16 MiB: a cue is a second or two, 88 KiB at
    /// 22,050 Hz 16-bit stereo per second).
    public static let maximumBytes = 16 << 20

    /// Reads and decodes the WAV file at `url`: `open(2)` with `O_NONBLOCK` and a `fstat(2)`
    /// type check first, so a FIFO or device in the sounds folder is refused at once, never
    /// waited on.
    ///
    /// - Parameter url: a file URL.
    /// - Throws: ``AudioError/unreadableFile(path:reason:)`` when the file cannot be read, is
    ///   not a regular file or is larger than ``maximumBytes``;
    ///   ``AudioError/invalidWAV(file:problem:)`` naming the path when it does not decode
    ///   (see ``init(data:name:)``).
    public init(contentsOf url: URL) throws(AudioError) {
        try self.init(data: Data(try Self.readRegularFile(url.path)), name: url.path)
    }

    /// The bytes of the regular file at `path`, at most ``maximumBytes`` of them.
    /// - Throws: ``AudioError/unreadableFile(path:reason:)`` with the C library's text, or
    ///   saying what else than a regular file is there, or that it is too large.
    private static func readRegularFile(_ path: String) throws(AudioError) -> [UInt8] {
        let file: FileDescriptor
        do { file = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK) } catch {
            throw .unreadableFile(path: path, reason: error.text)
        }
        defer { try? file.close() }
        let bytes: [UInt8]
        do {
            let type = try file.fileType()
            guard type == .regular else {
                throw AudioError.unreadableFile(path: path, reason: "it is \(type), not a regular file")
            }
            bytes = try file.readToEnd(stoppingPast: maximumBytes)
        } catch let error as SystemCallError {
            throw .unreadableFile(path: path, reason: error.text)
        } catch let error as AudioError {
            throw error
        } catch {
            throw .unreadableFile(path: path, reason: String(describing: error))
        }
        guard bytes.count <= maximumBytes else {
            throw .unreadableFile(path: path, reason: "it is larger than \(maximumBytes >> 20) MiB")
        }
        return bytes
    }

    // MARK: - Parsing

    private static func parseFormat(
        _ bytes: [UInt8], _ body: Range<Int>, _ invalid: (String) -> AudioError
    ) throws(AudioError) -> (channels: Int, rate: Int) {
        guard body.count >= 16 else {
            throw invalid("the 'fmt ' chunk is \(body.count) bytes; PCM needs at least 16")
        }
        let start = body.lowerBound
        var formatTag = uint16(bytes, at: start)
        let channels = Int(uint16(bytes, at: start + 2))
        let rate = Int(uint32(bytes, at: start + 4))
        let blockAlign = Int(uint16(bytes, at: start + 12))
        let bitsPerSample = Int(uint16(bytes, at: start + 14))
        if formatTag == 0xFFFE {
            // WAVE_FORMAT_EXTENSIBLE: the real format tag opens the sub-format GUID at byte 24.
            guard body.count >= 40 else {
                throw invalid("the extensible 'fmt ' chunk is \(body.count) bytes; it needs 40")
            }
            formatTag = uint16(bytes, at: start + 24)
        }
        guard formatTag == 1 else {
            throw invalid("unsupported encoding (format tag \(formatTag)); only integer PCM (tag 1) is supported")
        }
        guard bitsPerSample == 16 else {
            throw invalid("\(bitsPerSample)-bit samples; only 16-bit PCM is supported")
        }
        guard (1...maximumChannels).contains(channels) else {
            throw invalid("\(channels) channels; 1 to \(maximumChannels) are supported")
        }
        guard (minimumSampleRate...maximumSampleRate).contains(rate) else {
            throw invalid("sample rate \(rate) Hz; \(minimumSampleRate) to \(maximumSampleRate) Hz are supported")
        }
        guard blockAlign == channels * 2 else {
            throw invalid("block align \(blockAlign) does not match \(channels) channel(s) of 16 bits")
        }
        return (channels, rate)
    }

    private static func uint16(_ bytes: [UInt8], at index: Int) -> UInt16 {
        UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
            | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
    }

    /// The four bytes at `index` as ASCII, or nil when they are not printable ASCII.
    private static func tag(_ bytes: [UInt8], at index: Int) -> String? {
        let four = bytes[index..<(index + 4)]
        guard four.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return String(decoding: four, as: UTF8.self)
    }

    /// The four bytes at `index` for an error message: quoted text when printable, else hex.
    private static func printable(_ bytes: [UInt8], at index: Int) -> String {
        if let text = tag(bytes, at: index) { return "'\(text)'" }
        let hex = bytes[index..<(index + 4)].map { String($0, radix: 16, uppercase: true) }
        return "bytes " + hex.map { $0.count == 1 ? "0" + $0 : $0 }.joined(separator: " ")
    }
}
