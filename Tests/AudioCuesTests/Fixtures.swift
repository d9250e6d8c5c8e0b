import Foundation
import Testing
@testable import AudioCues
import SessionEngine
import TestSupport

/// The repository's `Sounds/` folder, found from this file's path.
let shippedSoundsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // AudioCuesTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
    .appendingPathComponent("Sounds", isDirectory: true)

/// Builds WAV files byte by byte, including broken ones.
struct WAVBytes {
    var chunks: [(id: String, body: [UInt8])] = []
    var riffTag = "RIFF"
    var waveTag = "WAVE"

    static func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
    }

    static func fmt(tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 22050,
                    bits: UInt16 = 16, blockAlign: UInt16? = nil) -> [UInt8] {
        let align = blockAlign ?? channels * (bits / 8)
        return le16(tag) + le16(channels) + le32(rate) + le32(rate * UInt32(align))
            + le16(align) + le16(bits)
    }

    static func pcm(_ samples: [Int16]) -> [UInt8] {
        samples.flatMap { le16(UInt16(bitPattern: $0)) }
    }

    /// A plain mono 16-bit file holding `samples` at `rate`.
    static func simple(_ samples: [Int16], channels: UInt16 = 1, rate: UInt32 = 22050) -> WAVBytes {
        WAVBytes(chunks: [("fmt ", fmt(channels: channels, rate: rate)), ("data", pcm(samples))])
    }

    var bytes: [UInt8] {
        var body = Array(waveTag.utf8)
        for chunk in chunks {
            body += Array(chunk.id.utf8) + Self.le32(UInt32(chunk.body.count)) + chunk.body
            if chunk.body.count % 2 == 1 { body.append(0) }
        }
        return Array(riffTag.utf8) + Self.le32(UInt32(body.count)) + body
    }

    var data: Data { Data(bytes) }
}

/// Runs `body` and returns what the thrown `AudioError` was, or nil when it did not throw.
func audioError<T>(_ body: () throws(AudioError) -> T) -> AudioError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
