import Glibc
import POSIX
import Testing

/// The one wrapper: `-1` and `errno` become a ``SystemCallError``; `EINTR` is retried.
@Suite struct ValueOrErrnoTests {
    @Test func anInterruptedCallIsCalledAgain() throws {
        var calls = 0
        let value = try valueOrErrno("fake") { () -> Int32 in
            calls += 1
            if calls <= 3 {
                errno = EINTR
                return -1
            }
            return 42
        }
        #expect(value == 42)
        #expect(calls == 4)
    }

    @Test func withoutRetryAnInterruptIsAnError() {
        var calls = 0
        #expect(throws: SystemCallError(function: "fake", errno: EINTR, fd: 7)) {
            try valueOrErrno("fake", fd: 7, retryOnInterrupt: false) { () -> Int in
                calls += 1
                errno = EINTR
                return -1
            }
        }
        #expect(calls == 1)
    }

    @Test func otherErrorsAreThrownAtOnceWithTheirContext() throws {
        var calls = 0
        do {
            try nothingOrErrno("fake", path: "/some/where") {
                calls += 1
                errno = EACCES
                return -1
            }
            Issue.record("expected an error")
        } catch {
            #expect(error.function == "fake")
            #expect(error.errno == EACCES)
            #expect(error.text == "Permission denied")
            #expect(error.path == "/some/where")
            #expect(error.fd == nil)
        }
        #expect(calls == 1)
    }

    @Test func nonNegativeResultsOtherThanMinusOneAreValues() throws {
        #expect(try valueOrErrno("fake") { Int(0) } == 0)
        #expect(try valueOrErrno("fake") { Int64(123_456_789_012) } == 123_456_789_012)
        // Only -1 means failure (a C call never returns another negative value on error).
        #expect(try valueOrErrno("fake") { Int32(-2) } == -2)
    }

    @Test func anErrorFromARealCallNamesTheFunctionTheErrnoAndTheText() throws {
        let missing = "/nonexistent-hiit-folder/none.json"
        #expect(throws: SystemCallError(function: "open", errno: ENOENT, path: missing)) {
            try FileDescriptor.open(missing, O_RDONLY)
        }
        do {
            _ = try FileDescriptor.open(missing, O_RDONLY)
        } catch {
            #expect(error.text == String(cString: strerror(ENOENT)))
            #expect(error.text == "No such file or directory")
            #expect(error.description == "open \(missing): No such file or directory (errno 2)")
        }
        let closed = FileDescriptor(rawValue: -1)
        do {
            _ = try closed.status()
            Issue.record("fstat of -1 must fail")
        } catch {
            #expect(error == SystemCallError(function: "fstat", errno: EBADF, fd: -1))
            #expect(error.description == "fstat on fd -1: Bad file descriptor (errno 9)")
        }
    }

    @Test func theTextIsStrerrors() {
        for code in [EPERM, ENOENT, EINTR, EIO, EBADF, EACCES, EEXIST, ENOSPC, EPIPE, EAGAIN] {
            #expect(SystemCallError.text(forErrno: code) == String(cString: strerror(code)))
            #expect(SystemCallError(function: "x", errno: code).text == SystemCallError.text(forErrno: code))
        }
    }

    @Test func lastErrorReadsTheCurrentErrno() {
        errno = ENOSPC
        let error = SystemCallError.lastError("write", fd: 3)
        #expect(error == SystemCallError(function: "write", errno: ENOSPC, fd: 3))
        #expect(error.description == "write on fd 3: No space left on device (errno 28)")
    }
}

/// Real signals interrupting real calls: the wrappers return what the call would have
/// returned without the signal. Signal dispositions are process-wide, so these run one at a
/// time.
@Suite(.serialized) struct InterruptTests {
    @Test func aReadInterruptedBySignalsIsRetriedUntilTheDataArrives() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        let calls = Shared(0)
        let reader = InterruptibleThread { () -> [UInt8]? in
            var buffer = [UInt8](repeating: 0, count: 16)
            let count = try? buffer.withUnsafeMutableBytes { raw in
                try valueOrErrno("read", fd: readEnd.rawValue) { () -> Int in
                    calls.update { $0 += 1 }
                    return Glibc.read(readEnd.rawValue, raw.baseAddress, raw.count)
                }
            }
            return count.map { Array(buffer[0..<$0]) }
        }
        // Interrupt until the read has been called again at least twice (two EINTRs).
        let clock = ContinuousClock()
        let start = clock.now
        while calls.get() < 3 && clock.now - start < .seconds(10) {
            reader.interrupt()
            usleep(20_000)
        }
        #expect(calls.get() >= 3, "each signal interrupted the blocked read, which was called again")
        try writeEnd.writeAll(Array("hello".utf8))
        #expect(reader.wait() == Array("hello".utf8))
    }

    @Test func theFileDescriptorsReadSurvivesSignals() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        let reader = InterruptibleThread { () -> Result<[UInt8], SystemCallError> in
            Result { () throws(SystemCallError) in try readEnd.read(upToCount: 64) }
        }
        for _ in 0..<10 {
            reader.interrupt()
            usleep(10_000)
        }
        try writeEnd.writeAll([1, 2, 3])
        let result = try #require(reader.wait())
        #expect(try result.get() == [1, 2, 3])
    }

    @Test func pollInterruptedBySignalsStillWaitsItsWholeTimeout() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        let waiter = InterruptibleThread { () -> (Int, Duration)? in
            var entries = [pollfd(fd: readEnd.rawValue, events: Int16(POLLIN), revents: 0)]
            let clock = ContinuousClock()
            let start = clock.now
            guard let ready = try? Poll.wait(&entries, timeout: .milliseconds(300)) else { return nil }
            return (ready, clock.now - start)
        }
        for _ in 0..<10 {
            waiter.interrupt()
            usleep(10_000)
        }
        let outcome = try #require(waiter.wait() ?? nil)
        #expect(outcome.0 == 0, "nothing became readable")
        #expect(outcome.1 >= .milliseconds(300), "the signals did not shorten the wait: \(outcome.1)")
    }

    @Test func aSleepInterruptedBySignalsSleepsItsWholeDuration() throws {
        let sleeper = InterruptibleThread { () -> Duration? in
            let clock = ContinuousClock()
            let start = clock.now
            guard (try? ThreadSleep.sleep(for: .milliseconds(250))) != nil else { return nil }
            return clock.now - start
        }
        for _ in 0..<10 {
            sleeper.interrupt()
            usleep(10_000)
        }
        let slept = try #require(sleeper.wait() ?? nil)
        #expect(slept >= .milliseconds(250), "\(slept)")
    }
}
