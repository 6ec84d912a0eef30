#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DependencyValues {
  /// The locale to format and parse with. Live: the user's current locale, following their
  /// settings. In tests, reading it without an override is a test failure, after which it is
  /// the live one: a test that formats sets it (`$0.locale = Locale(identifier: "en_US")`).
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The user's preferred locales, most preferred first. Live: from the user's preferred
  /// languages. In tests, as ``locale``.
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self].locales }
    set { self[PreferredLocalesKey.self] = PreferredLocales(constant: newValue) }
  }

  /// The calendar to compute dates with. Live: the user's current calendar. In tests, as
  /// ``locale``: set one (`$0.calendar = Calendar(identifier: .gregorian)`).
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The time zone to show and compute dates in. Live: the user's current time zone. In tests,
  /// as ``locale``: set one (`$0.timeZone = TimeZone(identifier: "UTC")!`).
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

/// The keys of values a test reads as it uses them (a value type has no use apart from its
/// read): in tests, a read is reported (not while a dependency is set), then the live value is
/// given, as swift-dependencies' keys without a test value do.
private protocol ReportedWhenRead: DependencyKey {
  static var property: String { get }
  static var fix: String { get }
}

extension ReportedWhenRead {
  static var testValue: Value {
    DependencyIssue.reportUnimplemented(property, use: "read it", fix: fix)
    return liveValue
  }
}

private enum LocaleKey: ReportedWhenRead {
  static var liveValue: Locale { .autoupdatingCurrent }
  static let property = "locale"
  static let fix = #"$0.locale = Locale(identifier: "en_US")"#
}

private enum CalendarKey: ReportedWhenRead {
  static var liveValue: Calendar { .autoupdatingCurrent }
  static let property = "calendar"
  static let fix = "$0.calendar = Calendar(identifier: .gregorian)"
}

private enum TimeZoneKey: ReportedWhenRead {
  static var liveValue: TimeZone { .autoupdatingCurrent }
  static let property = "timeZone"
  static let fix = #"$0.timeZone = TimeZone(identifier: "UTC")!"#
}

private enum PreferredLocalesKey: ReportedWhenRead {
  static var liveValue: PreferredLocales { PreferredLocales(constant: nil) }
  static let property = "preferredLocales"
  static let fix = #"$0.preferredLocales = [Locale(identifier: "en_US")]"#
}

/// The preferred locales: set ones, or the user's, read when asked.
private struct PreferredLocales: Sendable {
  let constant: [Locale]?

  var locales: [Locale] {
    constant ?? Locale.preferredLanguages.map { Locale(identifier: $0) }
  }
}
