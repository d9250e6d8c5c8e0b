import Foundation
import Testing
@testable import WorkoutModel

/// The `cues` of an interval workout (#16): read from old and new files, written only when they
/// differ from the standard ones, and the `--cues KEY=VALUE,…` spelling.
@Suite struct CueSettingsTests {
    static func decode(_ json: String) throws -> IntervalWorkout {
        try JSONDecoder().decode(IntervalWorkout.self, from: Data(json.utf8))
    }

    static func encode(_ workout: IntervalWorkout) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(workout), as: UTF8.self)
    }

    @Test("a version 1 file written before cues reads with every cue on and the countdown in beeps, and is written back byte for byte")
    func oldFilesReadAsBefore() throws {
        let old = #"{"exercises":[{"name":"Burpees","restSeconds":10,"rounds":8,"workSeconds":20}],"kind":"intervals","name":"Tabata","prepareSeconds":10,"restBetweenExercisesSeconds":60,"version":1}"#
        let workout = try Self.decode(old)
        #expect(workout.cues == .standard)
        #expect(try Self.encode(workout) == old)
    }

    @Test("a cues object may give any of its keys; the others take their defaults; it never changes the version")
    func partialCuesObject() throws {
        let workout = try Self.decode(#"{"version": 1, "name": "T", "exercises": [{"name": "A", "workSeconds": 20, "restSeconds": 10, "rounds": 2}], "cues": {"countdown": "words", "names": false}}"#)
        #expect(workout.cues == CueSettings(names: false, countdown: .words))
        #expect(workout.schemaVersion == 1)
        let written = try Self.encode(workout)
        #expect(written.contains(#""cues":{"countdown":"words","halfway":true,"lastRound":true,"names":false,"next":true}"#))
        #expect(try Self.decode(written) == workout)
    }

    @Test("a countdown that is not beeps, words or off, or a key of the wrong type, is refused")
    func badCuesObject() {
        #expect(throws: DecodingError.self) {
            try Self.decode(#"{"name": "T", "exercises": [{"name": "A", "workSeconds": 20, "restSeconds": 10, "rounds": 2}], "cues": {"countdown": "bells"}}"#)
        }
        #expect(throws: DecodingError.self) {
            try Self.decode(#"{"name": "T", "exercises": [{"name": "A", "workSeconds": 20, "restSeconds": 10, "rounds": 2}], "cues": {"names": "yes"}}"#)
        }
    }

    @Test("KEY=VALUE,… changes only the keys given; on/off, yes/no, true/false; the last of a repeated key wins")
    func applying() throws {
        #expect(try CueSettings.standard.applying("names=off,countdown=words") == CueSettings(names: false, countdown: .words))
        #expect(try CueSettings.standard.applying(" next = no , halfway=false,lastRound=OFF") ==
                CueSettings(next: false, halfway: false, lastRound: false))
        #expect(try CueSettings.classic.applying("names=on,names=off").names == false)
        #expect(try CueSettings(countdown: .off).applying("halfway=yes").countdown == .off)
        let spelled = CueSettings(names: false, countdown: .words).spelled
        #expect(spelled == "names=off,next=on,halfway=on,lastRound=on,countdown=words")
        #expect(try CueSettings.classic.applying(spelled) == CueSettings(names: false, countdown: .words))
    }

    @Test("a piece that is not KEY=VALUE, an unknown key or a value the key does not take names the piece", arguments: [
        ("names", "names"), ("names=maybe", "names=maybe"), ("voice=de", "voice=de"), ("countdown=loud", "countdown=loud"),
        ("names=off,", ""), ("names=off,,next=on", ""),
    ])
    func badSpellings(text: String, piece: String) {
        #expect {
            _ = try CueSettings.standard.applying(text)
        } throws: { error in
            guard case let PlanError.invalidCueSetting(found, _) = error else { return false }
            return found == piece
        }
    }
}
