import Foundation
import HiitApp

// The one place that exits: everything else returns a status.
exit(HiitProgram.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
