/// Whether a reducer's child is there, and which one it is when its state is `Identifiable`:
/// a child replaced by one with another id is a new child, whose predecessor's effects end
/// (TCA). `ChildLifetime` ends the effects of every child at a place but the one present.
@usableFromInline
enum ChildIdentity: Equatable {
  case absent
  case present(AnyHashable?)

  /// The identity of an optional child state.
  @usableFromInline
  static func of<State>(_ child: State?) -> Self {
    guard let child else { return .absent }
    guard let identifiable = child as? any Identifiable else { return .present(nil) }
    func id(_ value: some Identifiable) -> AnyHashable { AnyHashable(value.id) }
    return .present(id(identifiable))
  }
}

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
