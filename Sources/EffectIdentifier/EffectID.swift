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
  // Three words, so that an id fits `AnyHashable`'s inline buffer and reading one in force
  // retains one reference (the namespace chain) and allocates nothing: the declaration site is
  // stored inline, and an assigned value travels as the innermost link of the chain.
  private let site: Site
  private let scope: Namespace

  /// Declares an id: `@EffectID var timerID`.
  ///
  /// - Parameters:
  ///   - fileID: The declaration's file; filled in by the compiler.
  ///   - line: The declaration's line; filled in by the compiler.
  ///   - column: The declaration's column; filled in by the compiler.
  public init(fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
    site = Site(fileID: fileID, line: line, column: column)
    scope = .root
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
    site = Site(fileID: fileID, line: line, column: column)
    scope = Namespace(augmenting: AnyHashable(wrappedValue), parent: .root)
  }

  private init(site: Site, scope: Namespace) {
    self.site = site
    self.scope = scope
  }

  /// The identity composed with the namespaces in force here.
  public var wrappedValue: EffectID {
    let current = Namespace.inForce
    guard scope.isAugment else { return EffectID(site: site, scope: current) }
    return EffectID(site: site, scope: Namespace(augmenting: scope.value, parent: current))
  }
}

/// Where an id is declared: the address of its `#fileID` literal (one per file), its line and
/// column, and the literal's length for descriptions. Trivial to copy and compare.
private struct Site: Hashable {
  let file: UnsafeRawPointer
  // line << 32 | column << 16 | file name length, each clamped to its field.
  let position: UInt64

  init(fileID: StaticString, line: UInt, column: UInt) {
    precondition(fileID.hasPointerRepresentation, "#fileID is a string literal")
    file = UnsafeRawPointer(fileID.utf8Start)
    position =
      UInt64(min(line, UInt(UInt32.max))) << 32 | UInt64(min(column, 0xFFFF)) << 16
      | UInt64(min(fileID.utf8CodeUnitCount, 0xFFFF))
  }

  var description: String {
    let bytes = UnsafeRawBufferPointer(start: file, count: Int(position & 0xFFFF))
    return "\(String(decoding: bytes, as: UTF8.self)):\(position >> 32):\(position >> 16 & 0xFFFF)"
  }
}

// The site's pointer is the address of an immutable string literal.
extension Site: @unchecked Sendable {}

extension EffectID: CustomStringConvertible {
  /// `EffectID(Feature.swift:12:5, "A", in: [document 1, row 3])`.
  public var description: String {
    var parts = [site.description]
    var namespace = scope
    if scope.isAugment, let parent = scope.parent {
      parts.append(String(reflecting: scope.value.base))
      namespace = parent
    }
    if !namespace.isRoot { parts.append("in: \(namespace)") }
    return "EffectID(" + parts.joined(separator: ", ") + ")"
  }
}
