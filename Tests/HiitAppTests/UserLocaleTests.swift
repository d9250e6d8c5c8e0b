import Foundation
import Testing
@testable import HiitApp
import WorkoutStats

/// `--first-weekday system` follows `LC_ALL`/`LC_TIME`/`LANG` (issue 12, item 16): Foundation
/// on Linux reports `en_001` whatever they say.
@Suite struct UserLocaleTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], 1),
        (["LANG": "de_DE.UTF-8"], 2),
        (["LANG": "en_GB.UTF-8", "LC_TIME": "en_US.UTF-8"], 1),
        (["LANG": "en_US.UTF-8", "LC_TIME": "de_DE", "LC_ALL": "en_GB.UTF-8@euro"], 2),
        (["LANG": "C.UTF-8"], 2),
        (["LANG": "POSIX"], 2),
        (["LC_ALL": "", "LANG": "en_US"], 1),
        ([:], 2),
    ])
    func theFirstWeekdayComesFromTheEnvironment(environment: [String: String], weekday: Int) {
        let context = StatsContext(timeZone: TimeZone(secondsFromGMT: 0) ?? .current, now: Date(timeIntervalSince1970: 0),
                                   firstWeekday: .system, locale: UserLocale.fromEnvironment(environment))
        #expect(context.firstWeekday == weekday, "\(environment)")
    }
}
