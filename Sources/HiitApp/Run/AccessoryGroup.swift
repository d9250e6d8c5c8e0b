import Foundation

/// Several ``RunAccessory``s served as one, so a run can have the live GPS and the status
/// service (``RunStatusService``) at once: their descriptors watched together, the earliest of
/// their deadlines, each given only its own ready descriptors, their work joined in order.
final class AccessoryGroup<Engine: RunnableSession>: RunAccessory {
    /// The accessories, in the order they are served.
    let members: [any RunAccessory<Engine>]

    /// A group of `members`, served in this order.
    init(_ members: [any RunAccessory<Engine>]) {
        self.members = members
    }

    /// The accessory `members` make: `nil` for none, the one itself for one, else a group.
    static func combining(_ members: [(any RunAccessory<Engine>)?]) -> (any RunAccessory<Engine>)? {
        let present = members.compactMap { $0 }
        if present.count <= 1 { return present.first }
        return AccessoryGroup(present)
    }

    /// Every member's descriptors, in order.
    var watched: [WatchedDescriptor] { members.flatMap(\.watched) }

    /// The earliest of the members' deadlines.
    func nextDeadline(after now: Duration) -> Duration? {
        members.compactMap { $0.nextDeadline(after: now) }.min()
    }

    /// Begins each member; their notes in order.
    func begin(at now: Duration, wallOrigin: Date) -> [RunNote] {
        members.flatMap { $0.begin(at: now, wallOrigin: wallOrigin) }
    }

    /// Serves each member with the ready descriptors it watches (a member never sees another's).
    func service(ready: [Int32], session: Engine, at now: Duration) -> RunAccessoryWork<Engine.Event> {
        var work = RunAccessoryWork<Engine.Event>()
        for member in members {
            let own = Set(member.watched.map(\.fd))
            let part = member.service(ready: ready.filter(own.contains), session: session, at: now)
            work.events += part.events
            work.notes += part.notes
            work.commands += part.commands
        }
        return work
    }

    /// Tells each member the wake has settled.
    func settled(session: Engine, at now: Duration) {
        for member in members { member.settled(session: session, at: now) }
    }

    /// Ends each member.
    func end() {
        for member in members { member.end() }
    }
}
