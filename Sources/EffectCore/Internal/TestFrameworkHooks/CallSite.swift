/// Where a test called an assertion: what a failure is reported at.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// `Module/File.swift:12`, as failures print it.
  var description: String { "\(fileID):\(line)" }
}
