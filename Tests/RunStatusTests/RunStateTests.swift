import Foundation
import RunStatus
import Testing

/// `state.json`: what is written is what is read back, and what is not a state is refused.
struct RunStateTests {
    @Test func encodesSortedKeysWithMillisecondInstantsAndReadsItBack() throws {
        let state = StatusLineTests.work()
        let data = state.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.hasPrefix(#"{"durationSeconds":20,"endsAt":"2026-12-03T20:41:11.200Z","isPaused":false,"kind":"intervals","label":"Burpees","phase":"work","pid":4242,"round":3,"rounds":8,"title":"WORK","updatedAt":"2026-12-03T20:40:51.200Z","version":1,"workout":"Tabata"}"#))
        let read = try RunState(data: data)
        #expect(read.endsAt.map { abs($0.timeIntervalSince(state.endsAt ?? .distantPast)) < 0.001 } == true)
        #expect(read.label == "Burpees")
        #expect(read.rounds == 8)
        #expect(read.remaining(at: StatusLineTests.now).map { abs($0 - 11.2) < 0.002 } == true)
    }

    @Test func pausedAndOpenStatesRoundTrip() throws {
        for state in [StatusLineTests.work(paused: true), StatusLineTests.bike] {
            let read = try RunState(data: state.jsonData())
            #expect(read.isPaused == state.isPaused)
            #expect(read.remainingSeconds == state.remainingSeconds)
            #expect(read.isTimed == state.isTimed)
            #expect(read.elapsed(at: StatusLineTests.now).map { Int($0) } == state.elapsed(at: StatusLineTests.now).map { Int($0) })
        }
    }

    @Test func refusesWhatIsNotAStateAndANewerVersion() {
        #expect(throws: RunStateError.newerVersion(2)) { try RunState(data: Data(#"{"version":2}"#.utf8)) }
        #expect(throws: RunStateError.malformed("the field 'pid' is missing")) {
            try RunState(data: Data(#"{"version":1,"workout":"x"}"#.utf8))
        }
        #expect(throws: RunStateError.self) { try RunState(data: Data("not json".utf8)) }
        #expect(throws: RunStateError.self) { try RunState(data: Data()) }
        var text = String(decoding: StatusLineTests.work().jsonData(), as: UTF8.self)
        text = text.replacingOccurrences(of: "2026-12-03T20:41:11.200Z", with: "yesterday")
        #expect(throws: RunStateError.self) { try RunState(data: Data(text.utf8)) }
    }
}
