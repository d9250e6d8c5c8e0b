import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Temporary entry point until the command-line parser lands.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let locations = Locations(environment: environment, executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
var options = RunWorkout.Options()
var index = 0
var words: [String] = []
while index < arguments.count {
    let word = arguments[index]
    switch word {
    case "run": break
    case "--events": options.events = true
    case "--mute": options.isMuted = true
    case "--no-record": options.noRecord = true
    case "--prepare": index += 1; options.prepareSeconds = Int(arguments[index])
    case "--weight": index += 1; options.weightKg = Double(arguments[index])
    case "--audio-device": index += 1; options.audioDevice = arguments[index]
    default: words.append(word)
    }
    index += 1
}
options.workout = words.first
let status = RunWorkout(options: options, environment: environment, locations: locations, console: Console()).run()
exit(status)
