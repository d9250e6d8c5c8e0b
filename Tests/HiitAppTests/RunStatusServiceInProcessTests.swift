import Foundation
import RunStatus
import SessionEngine
import Testing
import TerminalUI
import TestSupport
import WorkoutModel
@testable import HiitApp

/// The status service (#17) in the run loop on a manual clock, beside another accessory: the
/// state file is written when what a bar shows changes (a segment, a pause, a resume, `+`, a
/// skip), never for a redraw, with the segment's end as a wall-clock instant, and removed at
/// the end.
/// An accessory of an interval run that only acts when the loop has settled (after the
/// service, which comes first in the group): it watches nothing and adds no work.
protocol SettledObserver: RunAccessory where Engine == Session {}

extension SettledObserver {
    var watched: [WatchedDescriptor] { [] }
    func nextDeadline(after now: Duration) -> Duration? { nil }
    func begin(at now: Duration, wallOrigin: Date) -> [RunNote] { [] }
    func service(ready: [Int32], session: Session, at now: Duration) -> RunAccessoryWork<Session.Event> { .init() }
    func end() {}
}

@Suite struct RunStatusServiceInProcessTests {
    /// Reads `state.json` at the end of every wake (served after the service, so it sees what
    /// the service wrote) and keeps each new content with its instant.
    final class StateWatcher: SettledObserver {
        let path: String
        private(set) var seen: [(at: Duration, state: RunState?)] = []
        private(set) var wakes = 0
        private var last: Data?

        init(path: String) { self.path = path }

        func settled(session: Session, at now: Duration) {
            wakes += 1
            let data = FileManager.default.contents(atPath: path)
            guard data != last else { return }
            last = data
            seen.append((now, data.flatMap { try? RunState(data: $0) }))
        }
    }

    /// The wall-clock time of the harness's origin.
    static let origin = Date(timeIntervalSince1970: 1_800_000_000)

    /// Runs the short workout (20 s work and 10 s rest, twice, no prepare) on a 40×10 screen
    /// with `script`, its status service (pid 4242) in `folder` and `other` beside it.
    /// - Returns: whether it finished (an issue is recorded when not).
    static func runShort(_ script: [(Duration, ScriptedWait.Step)], folder: RuntimeFolder,
                         beside other: any RunAccessory<Session>) throws -> Bool {
        let run = InProcessRun(script, size: TerminalSize(columns: 40, rows: 10))
        let screen = IntervalRunInProcessTests.screen(run, name: "Short")
        let service = RunStatusService(adapter: IntervalRun(workoutName: "Short"), folder: folder, pid: 4242)
        let (_, ending) = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), screen,
                                      accessory: AccessoryGroup<Session>([service, other]))
        guard case .finished = ending else {
            Issue.record("the run did not finish: \(ending)")
            return false
        }
        return true
    }

    @Test func theStateIsWrittenOnEveryChangeABarShowsAndOnNoRedraw() throws {
        let temporary = try TemporaryFolder(prefix: "status-tests")
        defer { temporary.remove() }
        let folder = RuntimeFolder(environment: ["XDG_RUNTIME_DIR": temporary.url.path])
        // Space at 7 s (13 s left), space at 12 s, + at 15 s (10 s left → 20 s), n at 16 s.
        let watcher = StateWatcher(path: folder.statePath)
        guard try Self.runShort([(.seconds(7), .input(" ")), (.seconds(12), .input(" ")), (.seconds(15), .input("+")),
                                 (.seconds(16), .input("n"))], folder: folder, beside: watcher) else { return }
        let states = watcher.seen.compactMap { seen in seen.state.map { (seen.at, $0) } }
        #expect(watcher.wakes > 50, "the screen redraws every second at least: \(watcher.wakes) wakes")
        // Start, pause, resume, + (the segment longer), skip to the rest, the last work: six writes.
        #expect(states.map(\.0) == [.zero, .seconds(7), .seconds(12), .seconds(15), .seconds(16), .seconds(26)],
                "\(states.map(\.0))")
        guard states.count == 6 else { return }
        let first = states[0].1
        #expect(first.pid == 4242)
        #expect(first.phase == "work" && first.title == "WORK" && first.label == "Squats")
        #expect(first.round == 1 && first.rounds == 2)
        #expect(first.endsAt == Self.origin.addingTimeInterval(20))
        #expect(first.durationSeconds == 20)
        #expect(states[1].1.isPaused && states[1].1.remainingSeconds == 13 && states[1].1.endsAt == nil)
        // Resumed at 12 s with 13 s left: it now ends at 25 s; + at 15 s makes it 35 s.
        #expect(states[2].1.endsAt == Self.origin.addingTimeInterval(25) && !states[2].1.isPaused)
        #expect(states[3].1.endsAt == Self.origin.addingTimeInterval(35))
        #expect(states[3].1.durationSeconds == 30)
        #expect(states[4].1.phase == "rest" && states[4].1.endsAt == Self.origin.addingTimeInterval(26))
        #expect(states[5].1.phase == "work" && states[5].1.round == 2)
        // A bar reading the file computes the time left itself, and shows the same as the screen.
        #expect(StatusLine.render(.running(first), as: .plain, at: Self.origin.addingTimeInterval(7.5)) == "WORK 0:13 · Squats 1/2")
        // The finish removes the file; the socket is gone too.
        #expect(!FileManager.default.fileExists(atPath: folder.statePath))
        #expect(!FileManager.default.fileExists(atPath: folder.controlPath))
    }

    /// Another run's state, written over this run's after its last change (at 40 s).
    final class OtherRun: SettledObserver {
        let path: String
        let bytes = RunState(pid: 999, workout: "Other", kind: .intervals, phase: "ready", title: "READY", isPaused: false,
                             updatedAt: Date(timeIntervalSince1970: 1_800_000_000)).jsonData()
        private var wrote = false

        init(path: String) { self.path = path }

        func settled(session: Session, at now: Duration) {
            guard !wrote, now >= .seconds(40) else { return }
            wrote = FileManager.default.createFile(atPath: path, contents: bytes)
        }
    }

    @Test func theEndLeavesAnotherRunsStateAlone() throws {
        let temporary = try TemporaryFolder(prefix: "status-tests")
        defer { temporary.remove() }
        let folder = RuntimeFolder(environment: ["XDG_RUNTIME_DIR": temporary.url.path])
        let other = OtherRun(path: folder.statePath)
        guard try Self.runShort([], folder: folder, beside: other) else { return }
        #expect(FileManager.default.contents(atPath: folder.statePath) == other.bytes)
        #expect(!FileManager.default.fileExists(atPath: folder.controlPath))
    }

    @Test func aFolderThatIsNotOursIsNotUsed() throws {
        let temporary = try TemporaryFolder(prefix: "status-tests")
        defer { temporary.remove() }
        let hiit = temporary.url.appendingPathComponent("hiit")
        try FileManager.default.createDirectory(at: hiit, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        let folder = RuntimeFolder(environment: ["XDG_RUNTIME_DIR": temporary.url.path + "/"])
        #expect(folder.path == hiit.path)
        #expect(throws: RuntimeFolder.Refusal.self) { try folder.prepare() }
        let run = InProcessRun([])
        let events = EventsFrontEnd(adapter: IntervalRun(workoutName: "Short"), output: run.output, errors: run.error)
        let service = RunStatusService(adapter: IntervalRun(workoutName: "Short"), folder: folder, pid: 4242)
        _ = try run.run(IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0), events, accessory: service)
        #expect(try FileManager.default.contentsOfDirectory(atPath: hiit.path).isEmpty, "nothing written in a folder others may read")
        #expect(run.errors.isEmpty)
    }

    @Test func withoutXDGRuntimeDirTheFolderIsTheUsersOwnInTmp() {
        #expect(RuntimeFolder(environment: [:], uid: 1000).path == "/tmp/hiit-1000")
        #expect(RuntimeFolder(environment: ["XDG_RUNTIME_DIR": ""], uid: 1000).path == "/tmp/hiit-1000")
        #expect(RuntimeFolder(environment: ["XDG_RUNTIME_DIR": "relative"], uid: 7).path == "/tmp/hiit-7")
        #expect(RuntimeFolder(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], uid: 1000).statePath == "/run/user/1000/hiit/state.json")
    }

    @Test func aMultisportLegCountsUpFromItsStart() throws {
        let plan = MultisportPlan(name: "Brick", legs: [Leg(sport: .cycling), Leg(sport: .transition), Leg(sport: .running)])
        let run = MultisportRun(title: "Brick", mode: .plan(plan))
        var session = MultisportSession(mode: .plan(plan), prepare: .zero)
        _ = session.handle(.start, at: .zero)
        let riding = try #require(run.runState(session: session, at: .seconds(90), wallOrigin: Self.origin, pid: 1))
        #expect(riding.phase == "cycling" && riding.title == "BIKE" && riding.round == 1 && riding.rounds == 3)
        #expect(riding.startedAt == Self.origin && riding.endsAt == nil)
        #expect(StatusLine.render(.running(riding), as: .plain, at: Self.origin.addingTimeInterval(754.9)) == "BIKE 12:34 · 1/3")
        _ = session.handle(.pause, at: .seconds(100))
        let paused = try #require(run.runState(session: session, at: .seconds(130), wallOrigin: Self.origin, pid: 1))
        #expect(paused.isPaused && paused.elapsedSeconds == 100 && paused.startedAt == nil)
        #expect(run.decision(for: .pause, session: session).commands.isEmpty)
        #expect(run.decision(for: .resume, session: session).commands == [.session(.resume)])
        #expect(run.decision(for: .next, session: session).commands == [.session(.next)])
        #expect(run.decision(for: .stop, session: session).commands == [.quit])
        #expect(run.decision(for: .toggle, session: session) == ControlDecision(commands: [.session(.resume)], done: "resumed"))
    }

    @Test func ctlRequestsMeanWhatTheKeysMeanInAnIntervalRun() {
        let run = IntervalRun(workoutName: "Short")
        var session = IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0)
        #expect(run.decision(for: .pause, session: session) == ControlDecision(commands: [], done: "not running"))
        _ = session.handle(.start, at: .zero)
        #expect(run.decision(for: .pause, session: session) == ControlDecision(commands: [.session(.pause)], done: "paused"))
        #expect(run.decision(for: .toggle, session: session) == ControlDecision(commands: [.session(.pause)], done: "paused"))
        #expect(run.decision(for: .resume, session: session) == ControlDecision(commands: [], done: "already running"))
        _ = session.handle(.pause, at: .seconds(3))
        #expect(run.decision(for: .toggle, session: session) == ControlDecision(commands: [.session(.resume)], done: "resumed"))
        #expect(run.decision(for: .pause, session: session) == ControlDecision(commands: [], done: "already paused"))
        #expect(run.decision(for: .next, session: session).commands == [.session(.skip)])
        #expect(run.decision(for: .stop, session: session).commands == [.quit])
    }
}

/// Several accessories served as one (the GPS and the status service of a multisport run).
@Suite struct AccessoryGroupTests {
    /// An accessory watching one descriptor, which records what it was given.
    final class Member: RunAccessory {
        typealias Engine = Session
        let fd: Int32
        let deadline: Duration?
        private(set) var given: [[Int32]] = []
        private(set) var settledAt: [Duration] = []
        private(set) var ended = 0

        init(fd: Int32, deadline: Duration?) {
            self.fd = fd
            self.deadline = deadline
        }

        var watched: [WatchedDescriptor] { [WatchedDescriptor(fd: fd, events: 1)] }
        func nextDeadline(after now: Duration) -> Duration? { deadline }
        func begin(at now: Duration, wallOrigin: Date) -> [RunNote] { [RunNote(text: "fd \(fd)")] }
        func service(ready: [Int32], session: Session, at now: Duration) -> RunAccessoryWork<Session.Event> {
            given.append(ready)
            return RunAccessoryWork(events: [.pause], notes: [RunNote(text: "served \(fd)")], commands: [.quit])
        }
        func settled(session: Session, at now: Duration) { settledAt.append(now) }
        func end() { ended += 1 }
    }

    @Test func eachMemberGetsOnlyItsOwnReadyDescriptorsAndTheWorkIsJoinedInOrder() {
        let gps = Member(fd: 7, deadline: .seconds(5)), status = Member(fd: 9, deadline: nil)
        let group = AccessoryGroup<Session>([gps, status])
        #expect(group.watched.map(\.fd) == [7, 9])
        #expect(group.nextDeadline(after: .zero) == .seconds(5))
        #expect(group.begin(at: .zero, wallOrigin: Date(timeIntervalSince1970: 0)).map(\.text) == ["fd 7", "fd 9"])
        let session = IntervalRunInProcessTests.session(IntervalRunInProcessTests.short, prepare: 0)
        let work = group.service(ready: [9, 7], session: session, at: .seconds(1))
        #expect(gps.given == [[7]] && status.given == [[9]])
        #expect(work.notes.map(\.text) == ["served 7", "served 9"])
        #expect(work.events == [.pause, .pause] && work.commands == [.quit, .quit])
        _ = group.service(ready: [], session: session, at: .seconds(2))
        #expect(gps.given.last == [] && status.given.last == [])
        group.settled(session: session, at: .seconds(2))
        group.end()
        #expect(gps.settledAt == [.seconds(2)] && status.settledAt == [.seconds(2)])
        #expect(gps.ended == 1 && status.ended == 1)
    }

    @Test func oneMemberIsServedAsItselfAndNoneAsNone() {
        let only = Member(fd: 3, deadline: nil)
        #expect(AccessoryGroup<Session>.combining([nil, only]) === only)
        #expect(AccessoryGroup<Session>.combining([nil, nil]) == nil)
        #expect(AccessoryGroup<Session>.combining([only, Member(fd: 4, deadline: nil)]) is AccessoryGroup<Session>)
    }
}
