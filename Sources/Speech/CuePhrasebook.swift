import SessionEngine

/// What a voice says for each cue, in one language (#16).
///
/// Six languages have their own phrases (`en`, `de`, `fr`, `es`, `cs`, `ja`); a voice of any
/// other language says the English phrases with its own pronunciation (``isTranslated`` is
/// false, and hiit says so once). Japanese phrases are in kana: espeak-ng 1.51 reads kana but
/// spells kanji out as "Chinese letter". A beep is never spoken.
public struct CuePhrasebook: Equatable, Sendable {
    /// The language of the phrases: `en`, `de`, `fr`, `es`, `cs` or `ja`.
    public let language: String
    /// Whether the phrases are in the voice's own language (false: English for a voice hiit
    /// has no phrases for).
    public let isTranslated: Bool
    private let phrases: Phrases

    /// The phrasebook for an espeak-ng voice name: its language is the part before the first
    /// `-` (`de-at` is German, `en-us` English); a language without phrases gets English.
    /// - Parameter voice: a voice name as `--voice` takes it (`en`, `de`, `fr-be`, `ja`, …).
    public init(voice: String) {
        let language = voice.lowercased().split(separator: "-").first.map(String.init) ?? "en"
        if let phrases = Self.table[language] {
            self.language = language
            self.isTranslated = true
            self.phrases = phrases
        } else {
            self.language = "en"
            self.isTranslated = language == "en"
            self.phrases = Self.english
        }
    }

    /// The languages with their own phrases, sorted.
    public static var languages: [String] { table.keys.sorted() }

    /// The text a voice says for `cue`: the phrase of a fixed cue, "Next: " and the name, a
    /// counted number as a word, an exercise's name as written; `nil` for a beep.
    /// - Parameter cue: any cue.
    public func text(for cue: Cue) -> String? {
        switch cue {
        case .beep: nil
        case .start: phrases.start
        case .rest: phrases.rest
        case .congratulations: phrases.congratulations
        case .swim: phrases.swim
        case .bike: phrases.bike
        case .run: phrases.run
        case .transition: phrases.transition
        case .warmUp: phrases.warmUp
        case .coolDown: phrases.coolDown
        case .halfway: phrases.halfway
        case .lastRound: phrases.lastRound
        case let .count(number): (1...3).contains(number) ? phrases.counts[number - 1] : String(number)
        case let .name(name): name
        case let .next(name): phrases.next + " " + name
        }
    }

    private struct Phrases: Equatable, Sendable {
        var start, rest, congratulations, swim, bike, run, transition: String
        var warmUp, coolDown, halfway, lastRound, next: String
        /// One, two, three.
        var counts: [String]
    }

    private static let english = Phrases(
        start: "Start", rest: "Rest", congratulations: "Congratulations!", swim: "Swim", bike: "Bike", run: "Run",
        transition: "Transition", warmUp: "Warm up", coolDown: "Cool down", halfway: "Half way",
        lastRound: "Last round", next: "Next:", counts: ["One", "Two", "Three"])

    private static let table: [String: Phrases] = [
        "en": english,
        "de": Phrases(
            start: "Los", rest: "Pause", congratulations: "Glückwunsch!", swim: "Schwimmen", bike: "Rad",
            run: "Laufen", transition: "Wechsel", warmUp: "Aufwärmen", coolDown: "Abwärmen", halfway: "Halbzeit",
            lastRound: "Letzte Runde", next: "Als Nächstes:", counts: ["Eins", "Zwei", "Drei"]),
        "fr": Phrases(
            start: "Partez", rest: "Repos", congratulations: "Félicitations !", swim: "Natation", bike: "Vélo",
            run: "Course", transition: "Transition", warmUp: "Échauffement", coolDown: "Retour au calme",
            halfway: "Mi-parcours", lastRound: "Dernier tour", next: "Ensuite :", counts: ["Un", "Deux", "Trois"]),
        "es": Phrases(
            start: "Empieza", rest: "Descanso", congratulations: "¡Enhorabuena!", swim: "Natación", bike: "Bici",
            run: "Carrera", transition: "Transición", warmUp: "Calentamiento", coolDown: "Vuelta a la calma",
            halfway: "Mitad", lastRound: "Última ronda", next: "Siguiente:", counts: ["Uno", "Dos", "Tres"]),
        "cs": Phrases(
            start: "Start", rest: "Odpočinek", congratulations: "Gratuluji!", swim: "Plavání", bike: "Kolo",
            run: "Běh", transition: "Depo", warmUp: "Rozcvička", coolDown: "Protažení", halfway: "Polovina",
            lastRound: "Poslední kolo", next: "Další:", counts: ["Jedna", "Dva", "Tři"]),
        "ja": Phrases(
            start: "スタート", rest: "きゅうけい", congratulations: "おめでとう", swim: "スイム", bike: "バイク",
            run: "ラン", transition: "トランジション", warmUp: "ウォームアップ", coolDown: "クールダウン",
            halfway: "はんぶん", lastRound: "さいごのラウンド", next: "つぎは", counts: ["いち", "に", "さん"]),
    ]
}
