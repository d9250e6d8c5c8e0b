import WorkoutModel

/// FIT's sport and sub-sport (FIT SDK Profile.xlsx, Types sheet `sport` and `sub_sport`) as
/// hiit's ``Sport`` and the file's own sport name.
enum FITSportMapping {
    /// hiit's sport for a FIT `sport` and `sub_sport`: running 1, cycling 2, transition 3,
    /// swimming 5, walking 11, rowing 15, hiking 17; paddling 19, stand_up_paddleboarding 37,
    /// kayaking 41 and canoeing 88 are paddling; cross_country_skiing 12 and alpine_skiing 13
    /// are skiing (snowboarding 14 is not a ski sport: other); training 10 with sub-sport
    /// strength_training 20 is strength, with hiit 70 HIIT; hiit 62 is HIIT; fitness_equipment 4
    /// with indoor_rowing 14 is rowing, with indoor_cycling 6 cycling, with treadmill 1
    /// running. Generic 0, an absent sport and everything else: ``Sport/other``.
    static func sport(_ sport: UInt64?, subSport: UInt64?) -> Sport {
        switch sport {
        case 1: .running
        case 2: .cycling
        case 3: .transition
        case 5: .swimming
        case 11: .walking
        case 15: .rowing
        case 17: .hiking
        case 19, 37, 41, 88: .paddling
        case 12, 13: .skiing
        case 62: .hiit
        case 10:
            switch subSport {
            case 20: .strength
            case 70: .hiit
            default: .other
            }
        case 4:
            switch subSport {
            case 14: .rowing
            case 6: .cycling
            case 1: .running
            default: .other
            }
        default: .other
        }
    }

    /// The file's name of the sport: FIT's sport name, with `/sub_sport_name` appended when
    /// the sub-sport is present and not generic (`cycling/indoor_cycling`,
    /// `training/strength_training`); a value the profile does not name is its number;
    /// no sport at all is `generic`.
    static func name(_ sport: UInt64?, subSport: UInt64?) -> String {
        let sportName = sport.map { FITProfile.sportNames[$0] ?? String($0) } ?? "generic"
        guard let subSport, subSport != 0 else { return sportName }
        return sportName + "/" + (FITProfile.subSportNames[subSport] ?? String(subSport))
    }
}

extension FITSportMapping {
    /// The FIT `sport` and `sub_sport` to write for a session: those its `sportName` spells
    /// (the reverse of ``name(_:subSport:)``: `cycling/road` is 2 and 7, `hiit/tabata` 62 and
    /// 75, `transition` 3 and generic 0, a number the profile does not name is that number)
    /// when they map back to the session's `sport`; otherwise the numbers of `sport` itself
    /// (``numbers(for:)``), so a name FIT does not know (`Biking`, `Other`) still gives the
    /// right sport.
    static func numbers(sportName: String, sport: Sport) -> (sport: UInt64, subSport: UInt64) {
        if let named = numbers(named: sportName), self.sport(named.sport, subSport: named.subSport) == sport {
            return named
        }
        return numbers(for: sport)
    }

    /// The `sport` and `sub_sport` that `name` spells, `sport[/sub_sport]` in the profile's
    /// names or as numbers; `nil` when either part is neither (or 255, FIT's invalid value).
    static func numbers(named name: String) -> (sport: UInt64, subSport: UInt64)? {
        let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let sport = number(parts[0], in: FITProfile.sportNumbers) else { return nil }
        guard parts.count == 2 else { return (sport, 0) }
        guard let subSport = subSportNumber(named: parts[1]) else { return nil }
        return (sport, subSport)
    }

    /// The `sub_sport` value a name spells (`triathlon` 78, or a number below 255); `nil`
    /// otherwise.
    static func subSportNumber(named name: String) -> UInt64? {
        number(name, in: FITProfile.subSportNumbers)
    }

    /// FIT's sport for one of hiit's: swimming 5, cycling 2, running 1, walking 11, rowing 15,
    /// transition 3, hiking 17, paddling 19, skiing cross_country_skiing 12, strength training
    /// 10 with strength_training 20, HIIT hiit 62 with hiit 70 (DESIGN §8), other generic 0;
    /// sub-sport generic 0 unless said.
    static func numbers(for sport: Sport) -> (sport: UInt64, subSport: UInt64) {
        switch sport {
        case .swimming: (5, 0)
        case .cycling: (2, 0)
        case .running: (1, 0)
        case .walking: (11, 0)
        case .rowing: (15, 0)
        case .transition: (3, 0)
        case .hiking: (17, 0)
        case .paddling: (19, 0)
        case .skiing: (12, 0)
        case .strength: (10, 20)
        case .hiit: (62, 70)
        case .other: (0, 0)
        }
    }

    /// A name's value in `table`, else the name read as a number below 255.
    private static func number(_ name: String, in table: [String: UInt64]) -> UInt64? {
        if let value = table[name] { return value }
        guard let value = UInt8(name), value != 0xFF, String(value) == name else { return nil }
        return UInt64(value)
    }
}
