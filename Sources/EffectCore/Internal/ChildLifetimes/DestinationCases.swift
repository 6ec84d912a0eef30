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
