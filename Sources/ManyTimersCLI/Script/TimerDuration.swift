/// Reads the durations the command line and scripts accept: `90`, `90s`, `1m30s`, `5m`, `1h`,
/// `1:30`, `1:02:03`.
enum TimerDuration {
  /// The longest duration accepted: 100 hours.
  static let maximum = 100 * 3600

  /// Whole seconds, or `nil` when `text` is not a duration.
  static func seconds(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 20 else { return nil }
    let total: Int?
    if text.contains(":") {
      total = clock(text)
    } else if text.allSatisfy(\.isASCIIDigit) {
      total = Int(text)
    } else {
      total = units(text)
    }
    guard let total, total <= maximum else { return nil }
    return total
  }

  /// `m:ss` or `h:mm:ss`.
  private static func clock(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
      parts.dropFirst().allSatisfy({ $0.count == 2 })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else {
      return nil
    }
    return numbers.reduce(0) { $0 * 60 + $1 }
  }

  /// `1h2m3s`, each unit at most once, in that order.
  private static func units(_ text: String) -> Int? {
    var total = 0
    var number = ""
    var lastUnit = -1
    for character in text {
      if character.isASCIIDigit {
        number.append(character)
        continue
      }
      let order: [Character: (index: Int, seconds: Int)] = [
        "h": (0, 3600), "m": (1, 60), "s": (2, 1),
      ]
      guard let unit = order[character], unit.index > lastUnit, let value = Int(number),
        number.count <= 7
      else { return nil }
      total += value * unit.seconds
      lastUnit = unit.index
      number = ""
    }
    return number.isEmpty ? total : nil
  }

  /// `m:ss`, as the screen shows remaining time (`h:mm:ss` past an hour).
  static func format(_ seconds: Int) -> String {
    let seconds = max(0, seconds)
    let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
    let (minutes, secs) = rest.quotientAndRemainder(dividingBy: 60)
    let ss = secs < 10 ? "0\(secs)" : "\(secs)"
    guard hours > 0 else { return "\(minutes):\(ss)" }
    return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)"
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
