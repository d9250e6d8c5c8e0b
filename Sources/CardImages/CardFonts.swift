#if canImport(Glibc)
import Glibc
#endif
import POSIX
import ShareCards

/// Which installed font draws each character of a PNG card's text.
///
/// Text is set in `DejaVu Sans` (``primaryFamily``). A character DejaVu lacks (CJK, for one) is
/// drawn in the font fontconfig picks for it: the best match for `sans-serif` of the same
/// weight whose character set holds it (on Debian, fonts-droid-fallback or fonts-noto-cjk give
/// CJK). When no installed font holds a character, DejaVu draws it as its missing-glyph box,
/// and the card is still made. Combining marks and zero-width characters stay in the font of
/// the character before them.
///
/// fontconfig (libfontconfig.so.1, a dependency of cairo's) is loaded with `dlopen` like cairo
/// is, on the first PNG. A `CardFonts` caches its answers; make one per card.
public struct CardFonts {
    /// The family every card's text is set in first (Debian fonts-dejavu-core).
    public static let primaryFamily = "DejaVu Sans"

    /// One stretch of text drawn in one family.
    public struct Run: Equatable, Sendable {
        /// The fontconfig family name to select.
        public var family: String
        /// The characters, in order.
        public var text: String
    }

    private let fontconfig: FontconfigLibrary
    private let weight: CardText.Weight
    /// The primary family's character set (owned by `primaryMatch`), nil when fontconfig found
    /// no font at all.
    private var primaryCharset: OpaquePointer?
    private var primaryMatch: FontconfigPattern?
    private var fallbacks: [UInt32: String?] = [:]

    /// Fonts for text of one weight.
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)`` when fontconfig cannot be loaded.
    public init(weight: CardText.Weight) throws(CardImageError) {
        fontconfig = try FontconfigLibrary.shared.get()
        self.weight = weight
        primaryMatch = fontconfig.match(family: Self.primaryFamily, weight: weight, character: nil)
        primaryCharset = primaryMatch.flatMap { fontconfig.charset(of: $0.pointer) }
    }

    /// The family that draws `scalar`: ``primaryFamily`` when DejaVu has it, else the
    /// fallback fontconfig finds, else nil (no installed font has it).
    public mutating func family(drawing scalar: Unicode.Scalar) -> String? {
        if covers(scalar) { return Self.primaryFamily }
        if let known = fallbacks[scalar.value] { return known }
        var found: String?
        if let match = fontconfig.match(family: "sans-serif", weight: weight, character: scalar.value),
           let charset = fontconfig.charset(of: match.pointer), fontconfig.charSetHasChar(charset, scalar.value) != 0 {
            found = fontconfig.family(of: match.pointer)
        }
        fallbacks[scalar.value] = found
        return found
    }

    /// `text` cut into runs of one family each, in order; their texts joined are `text`.
    public mutating func runs(of text: String) -> [Run] {
        var runs: [Run] = []
        for scalar in text.unicodeScalars {
            let family: String
            if let last = runs.last, Self.staysWithPrevious(scalar) {
                family = last.family
            } else {
                family = self.family(drawing: scalar) ?? Self.primaryFamily
            }
            if runs.last?.family == family {
                runs[runs.count - 1].text.unicodeScalars.append(scalar)
            } else {
                runs.append(Run(family: family, text: String(scalar)))
            }
        }
        return runs
    }

    private func covers(_ scalar: Unicode.Scalar) -> Bool {
        guard let primaryCharset else { return true }
        return fontconfig.charSetHasChar(primaryCharset, scalar.value) != 0
    }

    /// Combining marks, zero-width characters, joiners and variation selectors.
    static func staysWithPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: true
        default: (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }
}

/// A pattern fontconfig made, destroyed with its owner.
final class FontconfigPattern {
    let pointer: OpaquePointer
    private let destroy: @convention(c) (OpaquePointer?) -> Void
    init(_ pointer: OpaquePointer, destroy: @escaping @convention(c) (OpaquePointer?) -> Void) {
        self.pointer = pointer
        self.destroy = destroy
    }
    deinit { destroy(pointer) }
}

/// fontconfig's functions the fallback uses, found with `dlopen("libfontconfig.so.1")` once.
/// Immutable after loading. fontconfig's types are passed as opaque pointers and C ints
/// (`FcBool`, `FcResult`, `FcMatchKind` are `int`; `FcChar32` is `unsigned int`).
final class FontconfigLibrary: @unchecked Sendable {
    /// The shared library's name (its soname, Debian libfontconfig1).
    static let name = "libfontconfig.so.1"

    /// The library, loaded on first use; the error when it cannot be.
    static let shared: Result<FontconfigLibrary, CardImageError> = Result { () throws(CardImageError) in try FontconfigLibrary() }

    /// fontconfig's `FC_WEIGHT_REGULAR` and `FC_WEIGHT_BOLD` (fontconfig.h).
    static let regularWeight: Int32 = 80, boldWeight: Int32 = 200
    /// `FcMatchPattern` and `FcResultMatch` (fontconfig.h).
    static let matchPattern: Int32 = 0, resultMatch: Int32 = 0

    let patternCreate: @convention(c) () -> OpaquePointer?
    let patternDestroy: @convention(c) (OpaquePointer?) -> Void
    let patternAddString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let patternAddInteger: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let patternAddCharSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> Int32
    let patternGetString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let patternGetCharSet: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let charSetCreate: @convention(c) () -> OpaquePointer?
    let charSetDestroy: @convention(c) (OpaquePointer?) -> Void
    let charSetAddChar: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let charSetHasChar: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let configSubstitute: @convention(c) (OpaquePointer?, OpaquePointer?, Int32) -> Int32
    let defaultSubstitute: @convention(c) (OpaquePointer?) -> Void
    let fontMatch: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?

    /// Loads the library and every function.
    /// - Throws: ``CardImageError/libraryMissing(library:reason:)``.
    private init() throws(CardImageError) {
        let library = try LoadedLibrary.forCards(Self.name)
        func symbol<T>(_ name: String, as type: T.Type) throws(CardImageError) -> T {
            try library.cardFunction(name, as: type)
        }
        patternCreate = try symbol("FcPatternCreate", as: (@convention(c) () -> OpaquePointer?).self)
        patternDestroy = try symbol("FcPatternDestroy", as: (@convention(c) (OpaquePointer?) -> Void).self)
        patternAddString = try symbol("FcPatternAddString",
                                      as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self)
        patternAddInteger = try symbol("FcPatternAddInteger", as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32).self)
        patternAddCharSet = try symbol("FcPatternAddCharSet",
                                       as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> Int32).self)
        patternGetString = try symbol("FcPatternGetString",
                                      as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32,
                                                           UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self)
        patternGetCharSet = try symbol("FcPatternGetCharSet",
                                       as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32,
                                                            UnsafeMutablePointer<OpaquePointer?>?) -> Int32).self)
        charSetCreate = try symbol("FcCharSetCreate", as: (@convention(c) () -> OpaquePointer?).self)
        charSetDestroy = try symbol("FcCharSetDestroy", as: (@convention(c) (OpaquePointer?) -> Void).self)
        charSetAddChar = try symbol("FcCharSetAddChar", as: (@convention(c) (OpaquePointer?, UInt32) -> Int32).self)
        charSetHasChar = try symbol("FcCharSetHasChar", as: (@convention(c) (OpaquePointer?, UInt32) -> Int32).self)
        configSubstitute = try symbol("FcConfigSubstitute", as: (@convention(c) (OpaquePointer?, OpaquePointer?, Int32) -> Int32).self)
        defaultSubstitute = try symbol("FcDefaultSubstitute", as: (@convention(c) (OpaquePointer?) -> Void).self)
        fontMatch = try symbol("FcFontMatch",
                               as: (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?).self)
    }

    /// The installed font fontconfig matches to `family` at `weight`, holding `character` when
    /// one is given (the character set outranks the family in fontconfig's matching); nil when
    /// fontconfig matches nothing.
    func match(family: String, weight: CardText.Weight, character: UInt32?) -> FontconfigPattern? {
        guard let pattern = patternCreate() else { return nil }
        defer { patternDestroy(pattern) }
        _ = patternAddString(pattern, "family", family)
        _ = patternAddInteger(pattern, "weight", weight == .bold ? Self.boldWeight : Self.regularWeight)
        if let character, let charset = charSetCreate() {
            _ = charSetAddChar(charset, character)
            _ = patternAddCharSet(pattern, "charset", charset)  // the pattern keeps its own copy
            charSetDestroy(charset)
        }
        _ = configSubstitute(nil, pattern, Self.matchPattern)
        defaultSubstitute(pattern)
        var result: Int32 = -1
        guard let matched = fontMatch(nil, pattern, &result) else { return nil }
        let owned = FontconfigPattern(matched, destroy: patternDestroy)
        return result == Self.resultMatch ? owned : nil
    }

    /// The character set of a matched font (owned by the pattern).
    func charset(of pattern: OpaquePointer) -> OpaquePointer? {
        var charset: OpaquePointer?
        return patternGetCharSet(pattern, "charset", 0, &charset) == Self.resultMatch ? charset : nil
    }

    /// The family name of a matched font.
    func family(of pattern: OpaquePointer) -> String? {
        var family: UnsafePointer<CChar>?
        guard patternGetString(pattern, "family", 0, &family) == Self.resultMatch, let family else { return nil }
        return String(cString: family)
    }
}
