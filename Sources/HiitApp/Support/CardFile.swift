import CardImages
import CommandLineKit
import Foundation
import ShareCards
import WorkoutStore

/// The file of `--card FILE.svg|FILE.png` (#17): where a share card goes and in which format,
/// from the name's extension (any case).
struct CardFile: Equatable, Sendable {
    /// The file.
    var url: URL
    /// PNG (rendered with cairo) rather than SVG (written directly).
    var isPNG: Bool

    /// `--card`'s conversion: a name ending `.svg` or `.png`, else a usage error naming the option.
    static var conversion: ValueConversion<CardFile> {
        ValueConversion { text, origin throws(CommandLineError) in
            let ext = URL(fileURLWithPath: text).pathExtension.lowercased()
            guard ext == "svg" || ext == "png", !text.hasSuffix("/") else {
                throw .badValue(option: origin.name, value: text, reason: "is not a file name ending in .svg or .png")
            }
            return CardFile(url: URL(fileURLWithPath: text), isPNG: ext == "png")
        }
    }

    /// Writes `scene` to the file atomically (a temporary file beside it, flushed and renamed
    /// over it; created 0600 as every file hiit writes), replacing a card already there.
    /// - Throws: ``CommandFailure`` — I/O (74) when the folder cannot be written or cairo
    ///   cannot be loaded; nothing is left behind.
    func write(_ scene: CardScene) throws {
        let bytes: [UInt8]
        if isPNG {
            do throws(CardImageError) {
                bytes = try CardPNG.render(scene)
            } catch {
                throw CommandFailure.io("\(url.path): \(error)")
            }
        } else {
            bytes = CardSVG.document(scene)
        }
        do {
            try DiskFile.writeAtomically(parts: [bytes], to: url)
        } catch {
            throw CommandFailure.io("--card: \(error)")
        }
    }
}
