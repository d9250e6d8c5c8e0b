import Foundation
import Tracks
import WorkoutModel

/// One report of gpsd's JSON protocol, decoded from one line.
///
/// Source for every class and field: gpsd_json(5), "gpsd request/response protocol", of
/// gpsd 3.22 (https://gpsd.io/gpsd_json.html; the 3.22 page as Debian and Ubuntu ship it:
/// https://manpages.ubuntu.com/manpages/jammy/man5/gpsd_json.5.html).
public enum GPSDReport: Sendable, Equatable {
    /// `TPV`: a time-position-velocity report.
    case tpv(GPSDFix)
    /// `VERSION`, sent first on connecting: gpsd's release (e.g. `"3.22"`) and protocol version.
    case version(release: String, protocolMajor: Int, protocolMinor: Int)
    /// `DEVICES`: the paths of the devices gpsd knows (sent after `?WATCH`).
    case devices([String])
    /// `DEVICE`: a device was seen, changed or went away; `isActive` is `false` when gpsd
    /// reports `"activated":0` (the device is gone).
    case device(path: String, isActive: Bool)
    /// `WATCH`: gpsd's answer to `?WATCH`, with whether watching is on.
    case watch(isEnabled: Bool)
    /// `ERROR`: gpsd refused a request, with its message.
    case error(message: String)
    /// `SKY`: satellites and dilutions of precision; not used here, so not decoded.
    case sky
    /// Any other class (`PPS`, `TOFF`, `ATT`, `GST`, `AIS`, …), by its name.
    case other(className: String)

    /// Decodes one line of gpsd output (without its line end).
    ///
    /// The line is parsed with Foundation's `JSONSerialization`; a line that is not a JSON
    /// object or has no `class` gives no report and a warning. A TPV with a field of the wrong
    /// type keeps the fields it can read and warns about each other one; an unreadable `time`
    /// is left out with a warning. Never traps on any input.
    /// - Parameter line: the bytes of one line (UTF-8 JSON).
    /// - Returns: the report, or `nil` when the line is not one; and the warnings.
    public static func decode(_ line: some Collection<UInt8>) -> (report: GPSDReport?, warnings: [GPSDWarning]) {
        let data = Data(line)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            return (nil, [.notJSON(preview: GPSDWarning.preview(of: data))])
        }
        guard let fields = object as? [String: Any] else { return (nil, [.notJSON(preview: GPSDWarning.preview(of: data))]) }
        guard let className = fields["class"] as? String else { return (nil, [.noClass]) }
        var reader = FieldReader(className: className, fields: fields)
        let report: GPSDReport
        switch className {
        case "TPV": report = .tpv(GPSDFix(reading: &reader))
        case "VERSION":
            report = .version(release: reader.string("release") ?? "", protocolMajor: reader.integer("proto_major") ?? 0,
                              protocolMinor: reader.integer("proto_minor") ?? 0)
        case "DEVICES":
            let list = fields["devices"] as? [Any] ?? []
            report = .devices(list.compactMap { ($0 as? [String: Any])?["path"] as? String })
        case "DEVICE":
            // "activated" is an ISO 8601 time while active and the number 0 when the device is gone.
            let activated = fields["activated"]
            let gone = (activated as? NSNumber).map { $0.doubleValue == 0 } ?? false
            report = .device(path: reader.string("path") ?? "", isActive: !gone)
        case "WATCH": report = .watch(isEnabled: reader.boolean("enable") ?? false)
        case "ERROR": report = .error(message: reader.string("message") ?? "")
        case "SKY": report = .sky
        default: report = .other(className: className)
        }
        return (report, reader.warnings)
    }
}

/// The fields of a gpsd `TPV` report that hiit uses (gpsd_json(5) of gpsd 3.22, "TPV").
/// Every field but the mode is optional: gpsd leaves out what it does not know, and never
/// sends JSON `null`.
public struct GPSDFix: Sendable, Equatable {
    /// `device`: the path of the device that sent it, e.g. `/dev/ttyACM0`.
    public var device: String?
    /// `mode`: 0 no mode seen yet, 1 no fix, 2 a 2-D fix, 3 a 3-D fix ("always" sent; a
    /// missing or unknown value reads 0).
    public var mode: Fix.Mode
    /// `time`: the fix's time, UTC (ISO 8601 with up to nanoseconds), or `nil`.
    public var time: Date?
    /// `lat`: latitude, degrees, + north.
    public var latitude: Double?
    /// `lon`: longitude, degrees, + east.
    public var longitude: Double?
    /// `altHAE`: altitude, metres above the WGS 84 ellipsoid (gpsd 3.20 on).
    public var altitudeHAEMeters: Double?
    /// `altMSL`, else the older `alt`: altitude, metres above mean sea level.
    public var altitudeMSLMeters: Double?
    /// `speed`: speed over ground, metres per second.
    public var speedMetersPerSecond: Double?
    /// `track`: course over ground, degrees from true north.
    public var trackDegrees: Double?
    /// `eph`: estimated horizontal position (2-D) error, metres.
    public var eph: Double?
    /// `epx`: estimated longitude error, metres (95 % confidence).
    public var epx: Double?
    /// `epy`: estimated latitude error, metres (95 % confidence).
    public var epy: Double?
    /// `epv`: estimated vertical error, metres (95 % confidence).
    public var epv: Double?

    /// A fix with only a mode; set the rest as needed.
    /// - Parameter mode: the fix mode.
    public init(mode: Fix.Mode) {
        self.mode = mode
    }

    /// Reads the TPV fields from `reader`, warning about each field of the wrong type.
    init(reading reader: inout FieldReader) {
        device = reader.string("device")
        mode = reader.integer("mode").flatMap(Fix.Mode.init(rawValue:)) ?? .unknown
        if let text = reader.string("time") {
            time = UTCInstant.date(from: text)
            if time == nil { reader.warnings.append(.unreadableTime(text)) }
        }
        latitude = reader.number("lat")
        longitude = reader.number("lon")
        altitudeHAEMeters = reader.number("altHAE")
        altitudeMSLMeters = reader.number("altMSL") ?? reader.number("alt")
        speedMetersPerSecond = reader.number("speed")
        trackDegrees = reader.number("track")
        eph = reader.number("eph")
        epx = reader.number("epx")
        epy = reader.number("epy")
        epv = reader.number("epv")
    }

    /// The horizontal error, metres, as issue 15 reads it: `eph`, else the larger of `epx`
    /// and `epy` (each a 95 % bound along one axis), else `nil` (none reported).
    public var horizontalErrorMeters: Double? {
        if let eph { return eph }
        switch (epx, epy) {
        case let (x?, y?): return max(x, y)
        case let (x?, nil): return x
        case let (nil, y?): return y
        case (nil, nil): return nil
        }
    }

    /// The fix as the track maths take it.
    /// - Parameter fallbackTime: the sample's time when the report has none (the wall-clock
    ///   instant it was read, which the caller knows and this module does not).
    /// - Returns: the mode and a ``TrackPoint`` with the position, the altitude above mean sea
    ///   level, the speed and ``horizontalErrorMeters``.
    public func fix(fallbackTime: Date) -> Fix {
        Fix(mode: mode, point: TrackPoint(
            time: time ?? fallbackTime, latitude: latitude, longitude: longitude, altitudeMeters: altitudeMSLMeters,
            speedMetersPerSecond: speedMetersPerSecond, horizontalErrorMeters: horizontalErrorMeters))
    }
}

/// Reads typed fields of one JSON object, collecting a warning for each of the wrong type.
struct FieldReader {
    let className: String
    let fields: [String: Any]
    var warnings: [GPSDWarning] = []

    /// A finite number, or `nil` when absent; a warning when present but not a finite number.
    mutating func number(_ name: String) -> Double? {
        guard let value = fields[name] else { return nil }
        if let number = value as? NSNumber, number.doubleValue.isFinite { return number.doubleValue }
        warnings.append(.badField(className: className, field: name))
        return nil
    }

    /// A whole number, or `nil`; a warning when present but not a whole number.
    mutating func integer(_ name: String) -> Int? {
        guard let value = number(name) else { return nil }
        guard value.rounded() == value, abs(value) < 1e15 else {
            warnings.append(.badField(className: className, field: name))
            return nil
        }
        return Int(value)
    }

    /// A string, or `nil`; a warning when present but not a string.
    mutating func string(_ name: String) -> String? {
        guard let value = fields[name] else { return nil }
        if let text = value as? String { return text }
        warnings.append(.badField(className: className, field: name))
        return nil
    }

    /// A Boolean, or `nil`; a warning when present but not a Boolean.
    mutating func boolean(_ name: String) -> Bool? {
        guard let value = fields[name] else { return nil }
        if let flag = value as? Bool { return flag }
        warnings.append(.badField(className: className, field: name))
        return nil
    }
}
