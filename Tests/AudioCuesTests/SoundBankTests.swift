import Foundation
import Testing
@testable import AudioCues
import SessionEngine
import TestSupport

@Suite("Sound bank")
struct SoundBankTests {
    @Test func loadsEveryCueFromTheShippedFolder() throws {
        let bank = try SoundBank(folder: shippedSoundsFolder)
        #expect(bank.folder == shippedSoundsFolder)
        for cue in Cue.bundled {
            let sound = try #require(bank[cue], "\(cue)")
            #expect(sound.frameCount > 0)
        }
    }

    @Test func theShippedFolderSaysTheFixedPhrasesAndAFolderOfTheEightFilesStillLoads() throws {
        let shipped = try SoundBank(folder: shippedSoundsFolder)
        for cue in Cue.fixedPhrases {
            #expect(shipped.hasOwnSound(for: cue), "\(cue) has its own file")
            #expect(try #require(shipped[cue]).frameCount > 22050 / 4, "\(cue): a phrase, not a beep")
        }
        #expect(shipped[.halfway] != shipped[.start] && shipped[.lastRound] != shipped[.start])
        #expect(SoundBank.fileName(for: .lastRound) == "lastRound.wav")
        // A folder of one's own (HIIT_SOUNDS) with only the eight bundled files: the fixed
        // phrases are left to the voice (a name's fallback, "Start", for "Last round").
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try copyTheEightBundledFiles(into: folder.url)
        let eight = try SoundBank(folder: folder.url)
        #expect(Cue.fixedPhrases.allSatisfy { !eight.hasOwnSound(for: $0) })
        #expect(eight[.lastRound] == eight[.start] && eight[.halfway] == nil)
        #expect(try SoundBank.locateFolder(in: [folder.url]) == folder.url)
    }

    @Test func fileNameIsTheCueRawValue() {
        #expect(SoundBank.fileName(for: .start) == "start.wav")
        #expect(SoundBank.fileName(for: .congratulations) == "congratulations.wav")
    }

    @Test func missingFileErrorNamesTheFolderAndTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.copyItem(
            at: shippedSoundsFolder.appendingPathComponent("start.wav"),
            to: folder.url.appendingPathComponent("start.wav"))
        let error = audioError { () throws(AudioError) in try SoundBank(folder: folder.url) }
        #expect(error == .missingSound(file: "rest.wav", folder: folder.url.path))
        #expect(error?.description == "cue sound rest.wav is missing from \(folder.url.path)")
    }

    @Test func missingFolderIsReportedAsTheFolderItLookedIn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let nowhere = folder.url.appendingPathComponent("Sounds")
        let error = audioError { () throws(AudioError) in try SoundBank(folder: nowhere) }
        #expect(error == .missingSound(file: "start.wav", folder: nowhere.path))
    }

    @Test func brokenFileErrorNamesItsPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try copyTheEightBundledFiles(into: folder.url)
        let broken = folder.url.appendingPathComponent("beep.wav")
        try Data("not a sound".utf8).write(to: broken)
        let error = audioError { () throws(AudioError) in try SoundBank(folder: folder.url) }
        guard case let .invalidWAV(file, _)? = error else {
            Issue.record("expected invalidWAV, got \(String(describing: error))")
            return
        }
        #expect(file == broken.path)
    }

    @Test func locateFolderReturnsTheFirstCompleteCandidate() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let empty = root.url.appendingPathComponent("empty", isDirectory: true)
        let partial = root.url.appendingPathComponent("partial", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: shippedSoundsFolder.appendingPathComponent("beep.wav"),
            to: partial.appendingPathComponent("beep.wav"))
        let missing = root.url.appendingPathComponent("missing", isDirectory: true)

        let found = try SoundBank.locateFolder(in: [missing, empty, partial, shippedSoundsFolder, empty])
        #expect(found == shippedSoundsFolder)
        let bank = try SoundBank(searching: [partial, shippedSoundsFolder])
        #expect(bank.folder == shippedSoundsFolder)
    }

    @Test func locateFolderErrorListsEveryPathItLookedIn() throws {
        let root = try TemporaryFolder()
        defer { root.remove() }
        let candidates = ["a", "b/Sounds", "c"].map { root.url.appendingPathComponent($0) }
        let error = audioError { () throws(AudioError) in
            try SoundBank.locateFolder(in: candidates)
        }
        #expect(error == .soundsNotFound(searched: candidates.map(\.path)))
        let message = error?.description ?? ""
        #expect(message.hasPrefix("cue sounds not found; looked in: "))
        for candidate in candidates {
            #expect(message.contains(candidate.path))
        }
    }
}

/// Copies the sounds of ``Cue/bundled`` (the eight required files, not the optional fixed
/// phrases) from the shipped folder into `folder`.
private func copyTheEightBundledFiles(into folder: URL) throws {
    for cue in Cue.bundled {
        try FileManager.default.copyItem(
            at: shippedSoundsFolder.appendingPathComponent(SoundBank.fileName(for: cue)),
            to: folder.appendingPathComponent(SoundBank.fileName(for: cue)))
    }
}
