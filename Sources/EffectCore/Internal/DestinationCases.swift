/// What presentation reducers learn about an enum destination's cases: their payload types, read
/// from the runtime once per enum type and kept for the life of the process.
///
/// A destination's identity includes its case (a `.detail` replaced by an `.edit` is a new child,
/// whose predecessor's effects end) and the `Identifiable` id of its case's payload, as TCA's
/// navigation ids do; an alert case closes on an action of its own action type.
enum DestinationCases {
  /// One payload case.
  struct Case: @unchecked Sendable {
    // Metatypes are immutable and never deallocated.
    let type: Any.Type?
    let isIndirect: Bool
    /// Whether the payload says which child it is: `Identifiable`, or an alert.
    let hasIdentity: Bool
    /// The action type of an `EphemeralState` payload.
    let ephemeralAction: Any.Type?
  }

  private static let known = LockIsolated<[UInt: [Case]]>([:])  // by metadata address

  /// The payload cases of an enum, by tag.
  static func cases(of metadata: EnumMetadata) -> [Case] {
    let key = UInt(bitPattern: metadata.pointer)
    if let cases = known.withLock({ $0[key] }) { return cases }
    let cases = metadata.payloadCases().map { payload in
      Case(
        type: payload.type, isIndirect: payload.isIndirect,
        hasIdentity: payload.type.map {
          $0 is any Identifiable.Type || $0 is any PresentationInstance.Type
        } ?? false,
        ephemeralAction: payload.type.flatMap(ephemeralAction(of:)))
    }
    known.withLock { $0[key] = cases }
    return cases
  }

  /// The payload case of `value`'s case, if it has one.
  static func payloadCase<Enum>(of value: Enum, in metadata: EnumMetadata) -> Case? {
    let cases = cases(of: metadata)
    let tag = Int(metadata.tag(of: value))
    return tag < cases.count ? cases[tag] : nil
  }

  /// The id of the payload of `value`'s case, when the payload is `Identifiable` (or an alert).
  static func payloadID<Enum>(of value: Enum, in metadata: EnumMetadata) -> AnyHashable? {
    guard let payload = payloadCase(of: value, in: metadata), payload.hasIdentity,
      let type = payload.type
    else { return nil }
    func id<Payload>(_: Payload.Type) -> AnyHashable? {
      let payloadValue = metadata.payload(of: value, as: Payload.self, indirect: payload.isIndirect)
      if let presentation = payloadValue as? any PresentationInstance {
        return AnyHashable(presentation.instance)
      }
      guard let identifiable = payloadValue as? any Identifiable else { return nil }
      func id(_ value: some Identifiable) -> AnyHashable { AnyHashable(value.id) }
      return id(identifiable)
    }
    return _openExistential(type, do: id)
  }

  /// The action type of an ephemeral state type (an alert's, a dialog's).
  static func ephemeralAction(of type: Any.Type) -> Any.Type? {
    func action<Ephemeral: EphemeralState>(_: Ephemeral.Type) -> Any.Type { Ephemeral.Action.self }
    guard let ephemeral = type as? any EphemeralState.Type else { return nil }
    return action(ephemeral)
  }
}

/// Which presented child a destination state is: its enum case and its id.
struct DestinationIdentity: Hashable, @unchecked Sendable {
  // Built from `Hashable & Sendable` ids only (those of `Identifiable` states), like `CancelID`.
  let tag: UInt32
  let id: AnyHashable?
}

extension ChildIdentity {
  /// The identity of a presented child: its id when its state is `Identifiable`, the alert it
  /// is for an alert or dialog; for an enum destination, its case and the identity of the
  /// case's payload.
  @usableFromInline
  static func ofDestination<State>(_ destination: State?) -> Self {
    guard let destination else { return .absent }
    if State.self is any Identifiable.Type { return of(destination) }
    if let presentation = destination as? any PresentationInstance {
      return .present(AnyHashable(presentation.instance))
    }
    // Optional's kind is an enum's too; a presented optional is not a destination enum.
    guard let metadata = EnumMetadata(State.self), !(State.self is any OptionalProtocol.Type)
    else { return .present(nil) }
    return .present(
      AnyHashable(
        DestinationIdentity(
          tag: metadata.tag(of: destination),
          id: DestinationCases.payloadID(of: destination, in: metadata))))
  }
}

/// Tells optionals apart from other enums.
protocol OptionalProtocol {}
extension Optional: OptionalProtocol {}

/// Whether an ephemeral presented state closes on a child action: when the state is an alert or
/// dialog and the action is of its action type, directly or as the payload of the action's case
/// (an enum destination's alert case).
@usableFromInline
func ephemeralStateCloses<State, Action>(_ state: State, on action: Action) -> Bool {
  let closingAction: Any.Type
  if let direct = DestinationCases.ephemeralAction(of: State.self) {
    closingAction = direct
  } else if let metadata = EnumMetadata(State.self),
    let ephemeral = DestinationCases.payloadCase(of: state, in: metadata)?.ephemeralAction
  {
    closingAction = ephemeral
  } else {
    return false
  }
  if Action.self == closingAction { return true }
  guard let metadata = EnumMetadata(Action.self) else { return false }
  guard let payload = DestinationCases.payloadCase(of: action, in: metadata) else {
    // A case laid out without payload: one whose payload takes no space, which an alert's
    // actions do when they are a one-case enum.
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(closingAction, do: size) == 0
  }
  return payload.type == closingAction
}
