/// Writes to standard error without Foundation.
enum StandardError {
  static func write(_ text: String) {
    OperatingSystem.writeToStandardError(text)
  }
}
