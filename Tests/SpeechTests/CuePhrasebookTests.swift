import SessionEngine
import Speech
import Testing

@Suite("Cue phrasebook")
struct CuePhrasebookTests {
    @Test("a voice's language is the part before its first dash; a language without phrases says English words")
    func languageOfAVoice() {
        #expect(CuePhrasebook(voice: "de-at").language == "de")
        #expect(CuePhrasebook(voice: "de").text(for: .rest) == "Pause")
        #expect(CuePhrasebook(voice: "en-us").text(for: .next("Push-ups")) == "Next: Push-ups")
        let finnish = CuePhrasebook(voice: "fi")
        #expect(!finnish.isTranslated)
        #expect(finnish.text(for: .halfway) == "Half way")
        #expect(CuePhrasebook(voice: "en").isTranslated)
    }

    @Test("every language says every fixed cue, counts one to three, never a beep", arguments: CuePhrasebook.languages)
    func everyCueHasAPhrase(language: String) {
        let book = CuePhrasebook(voice: language)
        let cues: [Cue] = Cue.bundled + [.warmUp, .coolDown, .halfway, .lastRound, .count(1), .count(2), .count(3)]
        for cue in cues where cue != .beep {
            #expect(!(book.text(for: cue) ?? "").isEmpty, "\(language) \(cue.kind)")
        }
        #expect(book.text(for: .beep) == nil)
        #expect(Set([1, 2, 3].compactMap { book.text(for: .count($0)) }).count == 3)
        #expect(book.text(for: .name("Burpees")) == "Burpees")
    }
}
