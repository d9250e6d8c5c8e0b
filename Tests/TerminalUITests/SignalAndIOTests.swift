import Dispatch
import Glibc
import Testing
@testable import TerminalUI

/// Signal dispositions are process-wide, so everything that installs a SignalPipe runs here,
/// one test at a time.
@Suite(.serialized) struct SignalPipeTests {
    @Test func sigwinchArrivesOnThePipe() throws {
        let signals = try SignalPipe(signals: [SIGWINCH, SIGWINCH])
        defer { signals.close() }
        #expect(signals.signals == [SIGWINCH])
        #expect(signals.drain() == [])
        #expect(try Poller.readable([signals.readFD], timeoutMilliseconds: 0) == [])

        // kill, not raise: raise targets this thread, and Swift Testing runs tests on worker
        // threads that block signals, so a thread-directed signal would stay pending there.
        #expect(kill(getpid(), SIGWINCH) == 0)
        #expect(try Poller.readable([signals.readFD], timeoutMilliseconds: 5000) == [signals.readFD])
        #expect(signals.drain() == [SIGWINCH])
        #expect(signals.drain() == [])
    }

    @Test func aBurstOfSignalsDrainsAsOneEntry() throws {
        let signals = try SignalPipe(signals: [SIGWINCH])
        defer { signals.close() }
        for _ in 0..<5 { #expect(kill(getpid(), SIGWINCH) == 0) }
        #expect(try Poller.readable([signals.readFD], timeoutMilliseconds: 5000) == [signals.readFD])
        // Let the remaining deliveries (if any are still in flight) land before draining.
        _ = try Poller.readable([], timeoutMilliseconds: 50)
        #expect(signals.drain() == [SIGWINCH])
    }

    @Test func closeStopsDeliveryAndIsIdempotent() throws {
        let signals = try SignalPipe(signals: [SIGWINCH])
        signals.close()
        signals.close()
        #expect(signals.drain() == [])
        // SIGWINCH's default action is to ignore it, so this is harmless once closed.
        #expect(kill(getpid(), SIGWINCH) == 0)
    }

    @Test func uncatchableSignalsAreRefused() {
        #expect(throws: TerminalError.unsupportedSignal(SIGKILL)) {
            try SignalPipe(signals: [SIGWINCH, SIGKILL])
        }
        #expect(throws: TerminalError.unsupportedSignal(0)) { try SignalPipe(signals: [0]) }
        #expect(throws: TerminalError.unsupportedSignal(300)) { try SignalPipe(signals: [300]) }
    }
}

@Suite struct PollAndWriteTests {
    final class Pipe {
        let read: Int32
        let write: Int32
        init() {
            var ends: [Int32] = [-1, -1]
            _ = pipe(&ends)
            read = ends[0]
            write = ends[1]
        }
        deinit {
            close(read)
            close(write)
        }
    }

    @Test func pollTimesOutWhenNothingIsReadable() throws {
        let pipe = Pipe()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try Poller.readable([pipe.read], timeoutMilliseconds: 30) == [])
        let waited = clock.now - start
        #expect(waited >= .milliseconds(30))
        #expect(waited < .seconds(2))
    }

    @Test func pollReportsOnlyTheReadableDescriptors() throws {
        let quiet = Pipe()
        let busy = Pipe()
        try FileDescriptorIO.writeAll("x", to: busy.write)
        #expect(try Poller.readable([quiet.read, busy.read], timeout: .seconds(1)) == [busy.read])
        #expect(try FileDescriptorIO.read(from: busy.read) == Array("x".utf8))
        #expect(try Poller.readable([quiet.read, busy.read], timeout: .zero) == [])
    }

    @Test func endOfFileCountsAsReadable() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[1])
        defer { close(ends[0]) }
        #expect(try Poller.readable([ends[0]], timeoutMilliseconds: 1000) == [ends[0]])
        #expect(try FileDescriptorIO.read(from: ends[0]) == nil)
    }

    @Test func pollOnAClosedDescriptorThrows() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        close(ends[1])
        #expect(throws: TerminalError.systemCall(function: "poll", fd: ends[0], errno: EBADF)) {
            try Poller.readable([ends[0]], timeoutMilliseconds: 0)
        }
    }

    @Test func timeoutsRoundUpToWholeMilliseconds() {
        #expect(Poller.milliseconds(roundingUp: .zero) == 0)
        #expect(Poller.milliseconds(roundingUp: .seconds(-1)) == 0)
        #expect(Poller.milliseconds(roundingUp: .nanoseconds(1)) == 1)
        #expect(Poller.milliseconds(roundingUp: .milliseconds(1500)) == 1500)
        #expect(Poller.milliseconds(roundingUp: .microseconds(1500)) == 2)
        #expect(Poller.milliseconds(roundingUp: .seconds(1_000_000_000)) == Int32.max)
    }

    @Test func writeAllSendsEverythingThroughASmallPipe() async throws {
        let pipe = Pipe()
        // Far more than a pipe holds (64 KiB), so write(2) returns partial counts and blocks.
        let text = String(repeating: "0123456789abcdé\n", count: 20_000)
        let readFD = pipe.read
        let expected = Array(text.utf8).count
        let reader = Task.detached { () -> Int in
            var total = 0
            while total < expected {
                guard let chunk = try? FileDescriptorIO.read(from: readFD, maxCount: 4096), !chunk.isEmpty else { break }
                total += chunk.count
            }
            return total
        }
        try FileDescriptorIO.writeAll(text, to: pipe.write)
        #expect(await reader.value == expected)
    }

    @Test func writeToAClosedPipeIsATypedError() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        #expect(throws: TerminalError.systemCall(function: "write", fd: ends[1], errno: EPIPE)) {
            try FileDescriptorIO.writeAll("x", to: ends[1])
        }
    }

    @Test func isTerminalTellsAPipeFromAPseudoTerminal() throws {
        let pipe = Pipe()
        let pty = try PseudoTerminal()
        #expect(!FileDescriptorIO.isTerminal(pipe.read))
        #expect(FileDescriptorIO.isTerminal(pty.slave))
    }
}
