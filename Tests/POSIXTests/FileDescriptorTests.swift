import Foundation
import Glibc
import POSIX
import Testing

@Suite struct FileDescriptorTests {
    enum Failure: Error, Equatable {
        case body
        case close(Int32)
    }

    // MARK: closeAfter

    @Test func closeAfterClosesWhenTheBodyThrows() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("locked")
        let descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT)
        try descriptor.lock(.exclusive)
        #expect(try !lockIsFree(path), "the lock is held while the descriptor is open")
        #expect(throws: SystemCallError(function: "test", errno: EIO)) {
            try descriptor.closeAfter { () throws(SystemCallError) in
                throw SystemCallError(function: "test", errno: EIO)
            }
        }
        #expect(try lockIsFree(path), "closing released the lock")
    }

    @Test func closeAfterReturnsTheBodysValueAndCloses() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("locked")
        let descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT)
        let value = try descriptor.closeAfter { () throws(SystemCallError) in
            try descriptor.lock(.shared)
            try descriptor.writeAll([1, 2, 3])
            return try descriptor.status().st_size
        }
        #expect(value == 3)
        #expect(try lockIsFree(path))
    }

    @Test func closeAfterReportsAFailedCloseOnlyWhenTheBodySucceeded() {
        let notOpen = FileDescriptor(rawValue: -1)
        #expect(throws: SystemCallError(function: "close", errno: EBADF, fd: -1)) {
            try notOpen.closeAfter { () throws(SystemCallError) in 5 }
        }
        #expect(throws: Failure.body) {
            try notOpen.closeAfter({ () throws(Failure) in throw .body }, closeFailure: { .close($0.errno) })
        }
        #expect(throws: Failure.close(EBADF)) {
            try notOpen.closeAfter({ () throws(Failure) in 5 }, closeFailure: { .close($0.errno) })
        }
    }

    // MARK: Reading and writing

    @Test func writeAllThenReadToEndGivesTheSameBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("data")
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let writer = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL)
        try writer.closeAfter { () throws(SystemCallError) in try writer.writeAll(bytes) }
        let info = try FileSystem.status(ofPath: path)
        #expect(info.st_size == 200_000)
        #expect(info.st_mode & 0o777 == 0o600, "created owner-only by default")
        let reader = try FileDescriptor.open(path, O_RDONLY)
        let read = try reader.closeAfter { () throws(SystemCallError) in try reader.readToEnd() }
        #expect(read == bytes)
    }

    @Test func readToEndStopsOnceItIsPastTheLimit() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("data")
        let writer = try FileDescriptor.open(path, O_WRONLY | O_CREAT)
        try writer.closeAfter { () throws(SystemCallError) in try writer.writeAll([UInt8](repeating: 7, count: 1000)) }
        let reader = try FileDescriptor.open(path, O_RDONLY)
        let some = try reader.closeAfter { () throws(SystemCallError) in try reader.readToEnd(stoppingPast: 100, chunkSize: 64) }
        #expect(some.count == 128, "two chunks of 64: the first past 100")
        let again = try FileDescriptor.open(path, O_RDONLY)
        let all = try again.closeAfter { () throws(SystemCallError) in try again.readToEnd(stoppingPast: 1000, chunkSize: 64) }
        #expect(all.count == 1000, "exactly the limit is not past it")
    }

    @Test func readFromAnAbsoluteOffsetLeavesTheOffsetAndStopsAtTheEnd() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("data")
        let descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT | O_APPEND)
        defer { try? descriptor.close() }
        try descriptor.writeAll(Array("0123456789".utf8))
        #expect(try descriptor.read(fromAbsoluteOffset: 3, upToCount: 4) == Array("3456".utf8))
        #expect(try descriptor.read(fromAbsoluteOffset: 8, upToCount: 10) == Array("89".utf8))
        #expect(try descriptor.read(fromAbsoluteOffset: 10, upToCount: 1) == [])
        #expect(try descriptor.read(fromAbsoluteOffset: 0, upToCount: 0) == [])
        #expect(try descriptor.read(upToCount: 100) == [], "the descriptor's offset stayed at the end")
    }

    @Test func readAtTheEndOfAPipeIsEmptyAndNonBlockingReadIsEAGAIN() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close() }
        try readEnd.addStatusFlags(O_NONBLOCK)
        #expect(throws: SystemCallError(function: "read", errno: EAGAIN, fd: readEnd.rawValue)) {
            try readEnd.read(upToCount: 10)
        }
        try writeEnd.writeAll([9, 8])
        #expect(try readEnd.read(upToCount: 10) == [9, 8])
        try writeEnd.close()
        #expect(try readEnd.read(upToCount: 10) == [], "end of file once the writer is gone")
    }

    @Test func writeAllWaitsWhileANonBlockingPipeIsFull() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        try writeEnd.addStatusFlags(O_NONBLOCK)
        let total = 1_000_000  // far more than a pipe holds (64 KiB)
        let drained = Shared<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            usleep(50_000)  // let the writer fill the pipe first
            let bytes = try? readEnd.closeAfter { () throws(SystemCallError) in try readEnd.readToEnd() }
            drained.update { $0 = bytes }
            done.signal()
        }
        let bytes = (0..<total).map { UInt8(truncatingIfNeeded: $0) }
        try writeEnd.closeAfter { () throws(SystemCallError) in try writeEnd.writeAll(bytes) }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(drained.get() == bytes)
    }

    @Test func writingToAPipeWithNoReaderIsEPIPE() throws {
        signal(SIGPIPE, SIG_IGN)
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? writeEnd.close() }
        try readEnd.close()
        #expect(throws: SystemCallError(function: "write", errno: EPIPE, fd: writeEnd.rawValue)) {
            try writeEnd.writeAll([1])
        }
    }

    // MARK: Flags, locks, status, terminals

    @Test func flagsAreAddedAndOthersKept() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        try readEnd.addStatusFlags(O_NONBLOCK)
        try readEnd.addDescriptorFlags(FD_CLOEXEC)
        #expect(fcntl(readEnd.rawValue, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(readEnd.rawValue, F_GETFL) & O_ACCMODE == O_RDONLY)
        #expect(fcntl(readEnd.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        #expect(throws: SystemCallError(function: "fcntl", errno: EBADF, fd: -1)) {
            try FileDescriptor(rawValue: -1).addStatusFlags(O_NONBLOCK)
        }
    }

    @Test func openAddsCloseOnExec() throws {
        let descriptor = try FileDescriptor.open("/dev/null", O_RDONLY)
        defer { try? descriptor.close() }
        #expect(fcntl(descriptor.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func anExclusiveLockKeepsOthersOutUntilUnlocked() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("lock")
        let holder = try FileDescriptor.open(path, O_RDWR | O_CREAT)
        defer { try? holder.close() }
        try holder.lock(.exclusive)
        #expect(try !lockIsFree(path))
        try holder.unlock()
        #expect(try lockIsFree(path))
    }

    @Test func statusGivesSizeAndIdentity() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("f")
        let descriptor = try FileDescriptor.open(path, O_RDWR | O_CREAT)
        defer { try? descriptor.close() }
        try descriptor.writeAll([UInt8](repeating: 0, count: 12))
        let open = try descriptor.status()
        let named = try FileSystem.status(ofPath: path)
        #expect(open.st_size == 12)
        #expect(open.st_ino == named.st_ino && open.st_dev == named.st_dev)
        try descriptor.sync()
    }

    @Test func aPipeIsNoTerminal() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        #expect(!readEnd.isTerminal)
        #expect(throws: SystemCallError(function: "tcgetattr", errno: ENOTTY, fd: readEnd.rawValue)) {
            try readEnd.terminalAttributes()
        }
        #expect(throws: SystemCallError(function: "ioctl", errno: ENOTTY, fd: readEnd.rawValue)) {
            try readEnd.windowSize()
        }
    }

    @Test func closingWhatIsNotOpenIsEBADF() throws {
        // Only a number that can never be open: a closed number may already belong to another
        // test's descriptor.
        #expect(throws: SystemCallError(function: "close", errno: EBADF, fd: -1)) {
            try FileDescriptor(rawValue: -1).close()
        }
    }
}

/// ``FileType`` from `fstat(2)` and `lstat(2)`: what the stores check before reading.
@Suite struct FileTypeTests {
    @Test func eachKindOfFileIsNamed() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let file = try FileDescriptor.open(scratch.file("a"), O_WRONLY | O_CREAT)
        #expect(try file.fileType() == .regular)
        try file.close()
        #expect(mkfifo(scratch.file("fifo"), 0o600) == 0)
        let fifo = try FileDescriptor.open(scratch.file("fifo"), O_RDONLY | O_NONBLOCK)
        #expect(try fifo.fileType() == .fifo)
        try fifo.close()
        let zero = try FileDescriptor.open("/dev/zero", O_RDONLY)
        #expect(try zero.fileType() == .characterDevice)
        try zero.close()
        #expect(FileType(mode: try FileSystem.status(ofPath: scratch.path).st_mode) == .folder)
        #expect(symlink("a", scratch.file("link")) == 0)
        #expect(FileType(mode: try FileSystem.linkStatus(ofPath: scratch.file("link")).st_mode) == .symbolicLink)
        #expect("\(FileType.fifo)" == "a FIFO (named pipe)")
    }

    @Test func readingStopsAfterTheChunkTheCallerEnds() throws {
        let zero = try FileDescriptor.open("/dev/zero", O_RDONLY)
        defer { try? zero.close() }
        let bytes = try zero.readToEnd(stoppingPast: 1 << 30, chunkSize: 4096) { $0.contains(0) }
        #expect(bytes.count == 4096)
    }
}
