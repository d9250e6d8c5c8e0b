import Testing
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif
@testable import HiitApp

/// The production wait watching a descriptor besides input and signals (gpsd's socket, #15),
/// on real pipes: ready for its events ends the wait at once and is reported; nothing ready
/// waits to the deadline; a descriptor not open is an error naming it.
@Suite struct DeadlineWaitTests {
    /// A pipe's read and write ends, closed by the caller.
    static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func aWatchedDescriptorReadyEndsTheWaitAndIsReported() throws {
        let (readEnd, writeEnd) = try Self.pipe()
        defer { close(readEnd); close(writeEnd) }
        let clock = RunClock(ContinuousClock())
        let wait = DeadlineWait(clock: clock, input: nil, signals: nil)
        let watched = [WatchedDescriptor(fd: readEnd, events: Int16(POLLIN))]

        // Nothing to read: the wait lasts to its deadline and reports nothing.
        let deadline = clock.now + .milliseconds(30)
        let idle = try wait.wait(until: deadline, precisely: true, watchingInput: false, watching: watched)
        #expect(idle == RunWake())
        #expect(clock.now >= deadline)

        // A byte waiting: the wait ends long before a deadline a minute away, naming the pipe.
        var byte: UInt8 = 0x41
        #expect(write(writeEnd, &byte, 1) == 1)
        let ready = try wait.wait(until: clock.now + .seconds(60), precisely: true, watchingInput: false, watching: watched)
        #expect(ready.readyDescriptors == [readEnd] && ready.signals.isEmpty && !ready.inputIsReady)

        // A writable end watched for POLLOUT (a connection being made) is ready at once.
        let writable = try wait.wait(until: nil, precisely: false, watchingInput: false,
                                     watching: [WatchedDescriptor(fd: writeEnd, events: Int16(POLLOUT))])
        #expect(writable.readyDescriptors == [writeEnd])

        // The writer gone: hung up, which is ready too (the next read says end of file).
        close(writeEnd)
        let hungUp = try wait.wait(until: clock.now + .seconds(60), precisely: false, watchingInput: false, watching: watched)
        #expect(hungUp.readyDescriptors == [readEnd])
    }

    @Test func aWatchedDescriptorNotOpenIsAnErrorNamingIt() throws {
        // A number no process opens: a pipe's descriptor closed here could be taken again at
        // once by a test running in parallel, and then it would be open.
        let readEnd = Int32.max - 1
        let wait = DeadlineWait(clock: RunClock(ContinuousClock()), input: nil, signals: nil)
        #expect(throws: TerminalError.systemCall(function: "poll", fd: readEnd, errno: EBADF)) {
            try wait.wait(until: nil, precisely: false, watchingInput: false,
                          watching: [WatchedDescriptor(fd: readEnd, events: Int16(POLLIN))])
        }
    }
}
