import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The one place that exits: everything else returns a status.
let status = Commands.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    console: Console())
exit(status)
