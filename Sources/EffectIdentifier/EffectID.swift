/// An effect identifier that is unique to where it is declared, and to the namespaces in force
/// where it is read.
///
/// Declare it once, in a reducer's `reduce` or as a stored property; no type to invent, no id to
/// thread through state:
///
/// ```swift
/// func reduce(into state: inout State, action: Action) -> Effect<Action> {
///   @EffectID var timerID
///   switch action {
///   case .start:
///     return .run { send in ... }.cancellable(id: timerID, cancelInFlight: true)
///   case .stop:
///     return .cancel(id: timerID)
///   }
/// }
/// ```
///
/// Reading the property gives the declaration's identity composed with the namespaces in force,
/// outermost first (see `Reducer.namespace(_:)` and `forEachNamespaced`). The
/// namespaces are in force in the reducer and in every effect it returns, so an id read inside
/// a `.run` equals the one read in the reducer.
///
/// Swift 6 refuses property wrappers on statics (their storage would be a global `var`); for a
/// static id, wrap a local declaration in a computed property; it is one declaration site:
///
/// ```swift
/// static var timerID: EffectID {
///   @EffectID var id
///   return id
/// }
/// ```
///
/// An assigned value augments the identity; two declarations never compare equal, even with the
/// same value:
///
/// ```swift
/// @EffectID var a = "A"
/// @EffectID var b = "A"   // a != b
/// ```
@propertyWrapper
public struct EffectID: Hashable, @unchecked Sendable {
  // `value` only ever holds a `Hashable & Sendable` user value, and `namespace` is immutable,
  // so sharing an id across tasks is safe.
  private let fileID: StaticString
  private let line: UInt
  private let column: UInt
  private let value: AnyHashable?
  private let namespace: Namespace?

  /// Declares an id: `@EffectID var timerID`.
  ///
  /// - Parameters:
  ///   - fileID: The declaration's file; filled in by the compiler.
  ///   - line: The declaration's line; filled in by the compiler.
  ///   - column: The declaration's column; filled in by the compiler.
  public init(fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
    self.init(value: nil, fileID: fileID, line: line, column: column)
  }

  /// Declares an id augmented with a value: `@EffectID var rowID = state.id`.
  ///
  /// - Parameters:
  ///   - wrappedValue: The value that augments the identity.
  ///   - fileID: The declaration's file; filled in by the compiler.
  ///   - line: The declaration's line; filled in by the compiler.
  ///   - column: The declaration's column; filled in by the compiler.
  public init<Value: Hashable & Sendable>(
    wrappedValue: Value, fileID: StaticString = #fileID, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(value: AnyHashable(wrappedValue), fileID: fileID, line: line, column: column)
  }

  private init(value: AnyHashable?, fileID: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.line = line
    self.column = column
    self.value = value
    self.namespace = nil
  }

  private init(_ id: EffectID, in namespace: Namespace?) {
    self.fileID = id.fileID
    self.line = id.line
    self.column = id.column
    self.value = id.value
    self.namespace = namespace
  }

  /// Two ids are equal when they come from the same declaration, with equal values, in equal
  /// namespaces. A declaration's file name is one string literal, compared by address.
  public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column
      && lhs.fileID.utf8Start == rhs.fileID.utf8Start && lhs.value == rhs.value
      && lhs.namespace == rhs.namespace
  }

  /// Hashes the declaration, the value and the namespaces.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(fileID.utf8Start)
    hasher.combine(value)
    hasher.combine(namespace)
  }

  /// The identity composed with the namespaces in force here.
  public var wrappedValue: EffectID {
    EffectID(self, in: Namespace.current)
  }
}

extension EffectID: CustomStringConvertible {
  /// `EffectID(Feature.swift:12:5, "A", in: [document 1, row 3])`.
  public var description: String {
    var parts = ["\(fileID):\(line):\(column)"]
    if let value { parts.append(String(reflecting: value.base)) }
    if let namespace { parts.append("in: \(namespace)") }
    return "EffectID(" + parts.joined(separator: ", ") + ")"
  }
}
