import Foundation

/// How a workout's name becomes a file name in the library, and how names are compared
/// (DESIGN §3). The workout's identity is the `name` inside its file; the file name is only
/// an address that is safe on every file system and readable in a shell.
///
/// The file name is a *slug* of the name, plus `-2`, `-3`, … when a file of that slug already
/// exists, plus `.json`:
/// - Unicode letters, marks and digits are kept, lower-cased (after canonical composition);
///   every other run of characters (spaces, punctuation, `/`, `.`, symbols, control and
///   format characters) becomes one `-`, and leading or trailing `-` are dropped. So a slug
///   never holds `/`, `..`, a control character or a leading dot.
/// - At most ``maximumSlugCharacters`` characters and ``maximumSlugBytes`` UTF-8 bytes.
/// - A name with no letter or digit at all (`"!!!"`, `"💪"`) gets the slug `workout`.
///
/// `"Core Legs"` and `"Core+Legs"` both slug to `core-legs`; the first one created gets
/// `core-legs.json`, the second `core-legs-2.json`, and they stay two workouts.
public enum WorkoutFileName {
    /// The longest slug, in characters (hyphens included).
    public static let maximumSlugCharacters = 40
    /// The longest slug, in UTF-8 bytes (far below the 255-byte limit of a file name).
    public static let maximumSlugBytes = 120
    /// The slug of a name with no letter or digit.
    public static let fallbackSlug = "workout"

    /// The slug of a workout name (see the type's discussion).
    /// - Parameter name: any string.
    /// - Returns: a non-empty string of lower-case letters, marks, digits and single `-`.
    public static func slug(for name: String) -> String {
        var slug = ""
        var bytes = 0
        var count = 0
        var pendingHyphen = false
        for character in name.precomposedStringWithCanonicalMapping.lowercased() {
            let kept = character.unicodeScalars.filter(isKept)
            guard let first = character.unicodeScalars.first, isBase(first), !kept.isEmpty else {
                pendingHyphen = true
                continue
            }
            var piece = pendingHyphen && !slug.isEmpty ? "-" : ""
            piece.unicodeScalars.append(contentsOf: kept)
            let pieceBytes = piece.utf8.count
            guard count + piece.count <= maximumSlugCharacters, bytes + pieceBytes <= maximumSlugBytes else { break }
            slug += piece
            bytes += pieceBytes
            count += piece.count
            pendingHyphen = false
        }
        return slug.isEmpty ? fallbackSlug : slug
    }

    /// The file name tried at a given attempt for a new workout: `slug.json` first, then
    /// `slug-2.json`, `slug-3.json`, …
    /// - Parameters:
    ///   - stem: the slug (or a shipped file's stem) to start from.
    ///   - attempt: 1 for the plain stem, n > 1 for the suffix `-n`.
    public static func candidate(for stem: String, attempt: Int) -> String {
        attempt <= 1 ? stem + ".json" : "\(stem)-\(attempt).json"
    }

    /// Whether a file stem is one the library may give a workout of this name: its slug, or
    /// its slug with a numeric suffix (`core-legs-2`). Used to decide whether a renamed
    /// workout's file should move.
    public static func stem(_ stem: String, fits name: String) -> Bool {
        let slug = slug(for: name)
        if stem == slug { return true }
        guard stem.hasPrefix(slug + "-") else { return false }
        let suffix = stem.dropFirst(slug.count + 1)
        return !suffix.isEmpty && suffix.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether a file stem is already a clean slug (so a shipped file may keep its name).
    public static func isSafe(stem: String) -> Bool {
        !stem.isEmpty && slug(for: stem) == stem
    }

    /// The key two names are compared by: leading and trailing white space dropped and
    /// lower-cased. (Swift compares strings by canonical equivalence, so `é` typed as one
    /// character or as `e` + accent are the same name.)
    public static func matchKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    private static func isBase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return isBase(scalar)
        }
    }
}
