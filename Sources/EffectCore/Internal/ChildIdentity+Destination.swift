/// Which presented child a destination state is: its enum case and its id.
struct DestinationIdentity: Hashable, @unchecked Sendable {
  // Built from `Hashable & Sendable` ids only (those of `Identifiable` states and alerts), like
  // `CancelID`.
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
