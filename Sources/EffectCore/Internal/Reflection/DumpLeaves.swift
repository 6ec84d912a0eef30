/// Values that dump in one line, as custom-dump prints them, rather than as their storage: a
/// `URL` is `URL(https://…)`, not fifty lines of its internals.
///
/// EffectCore does not import Foundation, so Foundation's types are told by name, once per type.
enum DumpLeaves {
  private enum Kind {
    case url, date, uuid, data, plain
  }

  private static let kinds = LockIsolated<[ObjectIdentifier: Kind?]>([:])

  /// The one-line form of `value`, if it is such a leaf.
  static func description(of value: Any) -> String? {
    if let duration = value as? Duration { return describe(duration) }
    let type = Swift.type(of: value)
    let kind = kinds.withLock { known -> Kind? in
      if let kind = known[ObjectIdentifier(type)] { return kind }
      let kind = Self.kind(of: type)
      known[ObjectIdentifier(type)] = .some(kind)
      return kind
    }
    guard let kind else { return nil }
    let text = (value as? any CustomStringConvertible)?.description ?? "\(value)"
    switch kind {
    case .url: return "URL(\(text))"
    case .uuid: return "UUID(\(text))"
    case .data: return "Data(\(text))"
    case .plain: return text
    case .date:
      let seconds = Mirror(reflecting: value).children.first?.value as? Double
      guard let seconds else { return "Date(\(text))" }
      return "Date(\(iso8601(sinceReferenceDate: seconds)))"
    }
  }

  private static func kind(of type: Any.Type) -> Kind? {
    let name = String(reflecting: type)
    let foundation = ["Foundation.", "FoundationEssentials."]
    guard let prefix = foundation.first(where: name.hasPrefix) else { return nil }
    switch name.dropFirst(prefix.count) {
    case "URL": return .url
    case "Date": return .date
    case "UUID": return .uuid
    case "Data": return .data
    case "Decimal", "Locale", "TimeZone", "Calendar": return .plain
    default: return nil
    }
  }

  /// `2009-02-13T23:31:30.123Z`, from seconds since 2001-01-01 00:00 UTC.
  static func iso8601(sinceReferenceDate seconds: Double) -> String {
    let milliseconds = Int64((seconds * 1000).rounded(.down))
    let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
    // Days from 1970-01-01 to 2001-01-01: 11,323.
    let (year, month, day) = civilDate(daysSince1970: days + 11_323)
    let hour = dayMilliseconds / 3_600_000
    let minute = dayMilliseconds / 60_000 % 60
    let second = dayMilliseconds / 1000 % 60
    let millisecond = dayMilliseconds % 1000
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
      + "\(pad(second, 2)).\(pad(millisecond, 3))Z"
  }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
  private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `1 second`, `1 minute, 30 seconds`, `250 milliseconds`: its non-zero units, largest first,
  /// as custom-dump's wide unit style names them.
  static func describe(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    guard seconds != 0 || attoseconds != 0 else { return "0 seconds" }
    let negative = seconds < 0 || (seconds == 0 && attoseconds < 0)
    var whole = seconds.magnitude
    var fraction = attoseconds.magnitude
    if seconds < 0, attoseconds > 0 {
      whole -= 1
      fraction = 1_000_000_000_000_000_000 - fraction
    }
    let units: [(UInt64, String)] = [
      (whole / 86_400, "day"), (whole / 3_600 % 24, "hour"), (whole / 60 % 60, "minute"),
      (whole % 60, "second"), (fraction / 1_000_000_000_000_000, "millisecond"),
      (fraction / 1_000_000_000_000 % 1000, "microsecond"),
      (fraction / 1_000_000_000 % 1000, "nanosecond"),
    ]
    let parts = units.filter { $0.0 != 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
    let text = parts.isEmpty ? "0 seconds" : parts.joined(separator: ", ")
    return negative ? "-" + text : text
  }
}
