/// The short notice on a full screen's bottom line ("Skipped", "Cues muted", a refused key)
/// and when it goes away; shared by the interval and the multisport screens.
struct BottomNotice {
    /// How long a notice stays unless told otherwise.
    let lifetime: Duration
    /// The notice while it shows.
    private(set) var text: String?
    /// When it goes away; `nil` when none shows.
    private(set) var until: Duration?

    /// - Parameter lifetime: how long a notice stays, e.g. 2 s.
    init(lifetime: Duration) {
        self.lifetime = lifetime
    }

    /// Shows `text` from `now` for ``lifetime`` times `lasting`.
    mutating func show(_ text: String, at now: Duration, lasting times: Int = 1) {
        self.text = text
        until = now + lifetime * times
    }

    /// Drops the notice once its time is up; returns what shows at `now`.
    mutating func current(at now: Duration) -> String? {
        if let until, now >= until {
            text = nil
            self.until = nil
        }
        return text
    }

    /// `Cues are off: cannot open audio device 'default'`: the reason's first clause, which
    /// fits a bottom line.
    static func cuesOff(_ reason: String) -> String {
        "Cues are off: " + (reason.components(separatedBy: ": ").first ?? reason)
    }

    /// What `m` says: the reason cues cannot play at all, else `Cues muted` or `Cues on`.
    static func cuesChanged(muted: Bool, cuesOffReason: String?) -> String {
        if let cuesOffReason { return cuesOff(cuesOffReason) }
        return muted ? "Cues muted" : "Cues on"
    }
}
