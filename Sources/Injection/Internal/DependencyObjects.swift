import EffectCore

/// The dependencies each model was made with, for
/// ``withDependencies(from:operation:fileID:filePath:line:column:)``: those its first
/// `@Dependency` property captured, found by reflection, or, for a model with none, those in force
/// when `withDependencies` returned it (held weakly, as swift-dependencies does).
enum DependencyObjects {
  private struct Entry: @unchecked Sendable {  // a weak reference, read and written under the lock
    weak var object: AnyObject?
    let values: DependencyValues
  }

  private static let entries = LockIsolated<[ObjectIdentifier: Entry]>([:])

  /// Remembers the values `result` was made with, when it is an object.
  static func remember<R>(_ result: R, values: DependencyValues) {
    guard R.self is AnyClass else { return }
    let object = result as AnyObject
    entries.withLock { entries in
      // Entries of objects gone are dropped as new ones come, so the table stays as large as
      // the models alive.
      if entries.count >= 64, entries.count.isPowerOf2 {
        entries = entries.filter { $0.value.object != nil }
      }
      entries[ObjectIdentifier(object)] = Entry(object: object, values: values)
    }
  }

  /// The values `model` was made with, if it is known.
  static func values(of model: AnyObject) -> DependencyValues? {
    for child in Mirror(reflecting: model).children {
      if let property = child.value as? any CapturesDependencies { return property.capturedValues }
    }
    return entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(model)], entry.object === model else { return nil }
      return entry.values
    }
  }

  static func reportNoValues(
    _ model: Any.Type, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    DependencyIssue.report(
      "withDependencies(from:) was given a '\(model)', which has no dependencies to hand on.\n"
        + "To fix it, create the '\(model)' inside withDependencies { … } operation: { … } (or "
        + "withDependencies(from:) itself), or give it at least one @Dependency property.",
      warnsOutsideTests: true, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Int {
  fileprivate var isPowerOf2: Bool { self > 0 && self & (self - 1) == 0 }
}
