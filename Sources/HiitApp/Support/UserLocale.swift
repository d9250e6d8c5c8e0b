import Foundation

/// The locale the user's environment names for dates (POSIX.1-2017, §8.2 "Internationalization
/// Variables": `LC_ALL`, else `LC_TIME`, else `LANG`), which decides the first day of the week
/// when the profile says `system`. Foundation on Linux reports `en_001` for `Locale.current`
/// whatever these say, so the identifier is read here.
enum UserLocale {
    /// The locale of `environment`: `en_US.UTF-8` → `en_US`, `de_DE@euro` → `de_DE`; `nil` for
    /// none set, `C` or `POSIX` (a locale that says nothing about weeks: Monday, ISO 8601).
    /// - Parameter environment: the process environment (only the three variables are read).
    /// - Returns: the locale, or `nil`.
    static func fromEnvironment(_ environment: [String: String]) -> Locale? {
        let value = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let value else { return nil }
        let name = value.prefix { $0 != "." && $0 != "@" }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return Locale(identifier: String(name))
    }
}
