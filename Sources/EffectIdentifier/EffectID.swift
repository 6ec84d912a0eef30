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
public struct EffectID: Hashable, Sendable {
  // Two references: reading an id in force copies no more than that.
  private let declaration: Declaration
  private let namespace: Namespace?

  /// Declares an id: `@EffectID var timerID`.
  ///
  /// - Parameters:
  ///   - fileID: The declaration's file; filled in by the compiler.
  ///   - line: The declaration's line; filled in by the compiler.
  ///   - column: The declaration's column; filled in by the compiler.
  public init(fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
    declaration = Declaration(fileID: fileID, line: line, column: column, value: nil)
    namespace = nil
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
    declaration = Declaration(
      fileID: fileID, line: line, column: column, value: AnyHashable(wrappedValue))
    namespace = nil
  }

  private init(_ declaration: Declaration, in namespace: Namespace?) {
    self.declaration = declaration
    self.namespace = namespace
  }

  /// The identity composed with the namespaces in force here.
  public var wrappedValue: EffectID {
    EffectID(declaration, in: Namespace.current)
  }
}

/// Where an id is declared, and the value that augments it.
private final class Declaration: Hashable, @unchecked Sendable, CustomStringConvertible {
  // `value` only ever holds a `Hashable & Sendable` user value; nothing here is mutated.
  let fileID: StaticString
  let line: UInt
  let column: UInt
  let value: AnyHashable?

  init(fileID: StaticString, line: UInt, column: UInt, value: AnyHashable?) {
    self.fileID = fileID
    self.line = line
    self.column = column
    self.value = value
  }

  /// The same declaration with equal values. A declaration's file name is one string literal,
  /// compared by address.
  static func == (lhs: Declaration, rhs: Declaration) -> Bool {
    lhs === rhs
      || (lhs.line == rhs.line && lhs.column == rhs.column
        && lhs.fileID.utf8Start == rhs.fileID.utf8Start && lhs.value == rhs.value)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(fileID.utf8Start)
    hasher.combine(value)
  }

  var description: String {
    var parts = ["\(fileID):\(line):\(column)"]
    if let value { parts.append(String(reflecting: value.base)) }
    return parts.joined(separator: ", ")
  }
}

extension EffectID: CustomStringConvertible {
  /// `EffectID(Feature.swift:12:5, "A", in: [document 1, row 3])`.
  public var description: String {
    var parts = [declaration.description]
    if let namespace { parts.append("in: \(namespace)") }
    return "EffectID(" + parts.joined(separator: ", ") + ")"
  }
}
