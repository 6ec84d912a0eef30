/// Which child is at a place: the one identity rule of every child a reducer runs and a store
/// scopes (an optional child, a presented destination, one case of an enum).
///
/// - An absent child is ``absent``.
/// - An `Identifiable` child is its id; an alert or a dialog is the presentation it was made for.
/// - An enum child (an enum destination, an enum state scoped to a case) is its case and, when
///   the case's payload is `Identifiable` (or an alert), the payload's id.
/// - Any other child is there, with no identity of its own.
///
/// A child whose identity changes is a new child, as in TCA: the reducers end its predecessor's
/// effects (``ChildLifetime``), and the stores stop its predecessor's store, tell the views that
/// scoped it, and give a new store.
@usableFromInline
enum ChildIdentity: Equatable {
  case absent
  case present(AnyHashable?)

  /// The identity of a child state, `nil` when there is none.
  @usableFromInline
  static func of<State>(_ child: State?) -> Self {
    guard let child else { return .absent }
    if let identifiable = child as? any Identifiable {
      func id(_ value: some Identifiable) -> AnyHashable { AnyHashable(value.id) }
      return .present(id(identifiable))
    }
    if let presentation = child as? any PresentationInstance {
      return .present(AnyHashable(presentation.instance))
    }
    // Optional's kind is an enum's too; a child that is itself optional is not an enum child.
    guard let metadata = EnumMetadata(State.self), !(State.self is any OptionalProtocol.Type)
    else { return .present(nil) }
    return .present(AnyHashable(EnumCaseIdentity(of: child, in: metadata)))
  }
}

/// Which child an enum value is: its case, and its payload's id.
struct EnumCaseIdentity: Hashable, @unchecked Sendable {
  // Built from `Hashable & Sendable` ids only (those of `Identifiable` states and alerts), like
  // `CancelID`.
  let tag: UInt32
  let id: AnyHashable?

  init<Enum>(of value: Enum, in metadata: EnumMetadata) {
    self.tag = metadata.tag(of: value)
    self.id = DestinationCases.payloadID(of: value, in: metadata)
  }
}

/// Tells optionals apart from other enums.
protocol OptionalProtocol {}
extension Optional: OptionalProtocol {}

extension Effect {
  /// Lifts an effect of a child that owns its ids (a `forEach` element) into its parent, and marks it with the child's tag, so that the parent
  /// ends it with the child.
  @usableFromInline
  func liftedFromChild<Parent>(
    _ embed: @escaping @Sendable (Action) -> Parent, tag: [AnyHashable]
  ) -> Effect<Parent> {
    lifted(embed, under: tag, scopingUserIDs: true).tagged(with: .child(tag))
  }
}
