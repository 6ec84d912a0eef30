/// A line diff of two texts: unchanged lines indented by two spaces, removed lines marked `-`,
/// added lines marked `+`.
enum LineDiff {
  static func diff(_ old: [String], _ new: [String]) -> String {
    // Longest common subsequence, by dynamic programming: states are small.
    let n = old.count
    let m = new.count
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] =
          old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        lines.append("  " + old[i])
        i += 1
        j += 1
      } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
        lines.append("- " + old[i])
        i += 1
      } else {
        lines.append("+ " + new[j])
        j += 1
      }
    }
    return lines.joined(separator: "\n")
  }

  static func diff(_ old: Any, _ new: Any) -> String {
    diff(Dump.lines(old), Dump.lines(new))
  }
}
