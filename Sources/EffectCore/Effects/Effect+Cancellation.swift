/// A cancellation id, erased: a user's `Hashable & Sendable` value, possibly scoped to a child
/// (a `forEach` element, an `ifLet` child), or the tag under which `ifLet` and `forEach` mark all
/// of a child's effects so that they can end them with the child; or, only ever cancelled, the
/// children of one place that are no longer there (see `ChildLifetime`).
@usableFromInline
enum CancelID: Hashable, @unchecked Sendable {
  // Only ever built from `Hashable & Sendable` values (and key paths, which are immutable), so
  // the erased boxes are sendable too.
  case user(AnyHashable)
  /// A user id used inside a child: the path says which child, so rows never cancel each other.
  case scoped([AnyHashable], AnyHashable)
  case child([AnyHashable])
  /// The effects of one child of a navigation reducer (`ifLet`, `ifCaseLet`, a presentation or a
  /// stack): the place its state lives (with its parents' path in front) and its identity there.
  case mounted(place: [AnyHashable], key: AnyHashable?)
  /// Cancels the `mounted` effects at `place` of every identity but those in `keeping`.
  case unmounted(place: [AnyHashable], keeping: [AnyHashable?])
  /// Cancels the effects of every element of a collection (`child` ids one longer than `of`,
  /// ending in the element's id) but those whose ids are in `keeping`: what a `forEach` sends
  /// when its collection changed in a way it cannot follow edit by edit.
  case elements(of: [AnyHashable], keeping: Set<AnyHashable>)

  init(_ id: some Hashable & Sendable) {
    self = .user(AnyHashable(id))
  }

  /// Puts a parent's part of the path in front of the id. User ids stay as they are unless
  /// `scopingUserIDs` is set: a `Scope` child's ids are its parent's too, an element's are not.
  func prefixed(with prefix: [AnyHashable], scopingUserIDs: Bool) -> Self {
    switch self {
    case .user(let id): scopingUserIDs ? .scoped(prefix, id) : self
    case .scoped(let path, let id): .scoped(prefix + path, id)
    case .child(let path): .child(prefix + path)
    case .mounted(let place, let key): .mounted(place: prefix + place, key: key)
    case .unmounted(let place, let keeping): .unmounted(place: prefix + place, keeping: keeping)
    case .elements(let path, let keeping): .elements(of: prefix + path, keeping: keeping)
    }
  }
}

extension Effect {
  /// Marks the effect as cancellable with an id, so that ``cancel(id:)`` can stop it.
  ///
  /// Ids are scoped to the store that runs the effect: one store never cancels another's work.
  ///
  /// ```swift
  /// enum CancelID { case timer }
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// .cancellable(id: CancelID.timer, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value.
  ///   - cancelInFlight: Whether to cancel effects already running with this id before this one
  ///     starts.
  /// - Returns: The same effect, cancellable by `id`.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    tagged(with: CancelID(id), cancelInFlight: cancelInFlight)
  }

  /// An effect that cancels every running effect with the given id.
  ///
  /// Cancelling stops the work (the effect's task sees cancellation) and no action it sends
  /// afterwards is delivered.
  ///
  /// - Parameter id: The id given to ``cancellable(id:cancelInFlight:)``.
  /// - Returns: An effect that cancels.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(CancelID(id)))
  }

  func tagged(with id: CancelID, cancelInFlight: Bool = false) -> Self {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(var run):
      run.cancelIDs.append(id)
      run.cancelsInFlight = run.cancelsInFlight || cancelInFlight
      return Self(operation: .run(run))
    case .subscribe(var subscription):
      subscription.cancelIDs.append(id)
      subscription.cancelsInFlight = subscription.cancelsInFlight || cancelInFlight
      return Self(operation: .subscribe(subscription))
    case .merge(let effects):
      if cancelInFlight {
        // Cancel what runs now once, then start every part under the id.
        return Self(
          operation: .merge(
            [Self(operation: .cancel(id))] + effects.map { $0.tagged(with: id) }))
      }
      return Self(operation: .merge(effects.map { $0.tagged(with: id) }))
    }
  }

  /// Puts a parent's part of the path in front of every cancellation id in the effect: the ids
  /// its runs answer to, the ids it cancels, and the ids its runs cancel by at run time.
  /// Higher-order reducers use it to keep their own bookkeeping ids unique per parent.
  func prefixingCancelIDs(with prefix: [AnyHashable], scopingUserIDs: Bool) -> Self {
    switch operation {
    case .none, .send:
      return self
    case .cancel(let id):
      return Self(
        operation: .cancel(id.prefixed(with: prefix, scopingUserIDs: scopingUserIDs)))
    case .run(var run):
      run.cancelIDs = run.cancelIDs.map {
        $0.prefixed(with: prefix, scopingUserIDs: scopingUserIDs)
      }
      if let scope = run.cancelScope {
        run.cancelScope = prefix + scope
      } else if scopingUserIDs {
        run.cancelScope = prefix
      }
      return Self(operation: .run(run))
    case .subscribe(var subscription):
      subscription.cancelIDs = subscription.cancelIDs.map {
        $0.prefixed(with: prefix, scopingUserIDs: scopingUserIDs)
      }
      return Self(operation: .subscribe(subscription))
    case .merge(let effects):
      return Self(
        operation: .merge(
          effects.map { $0.prefixingCancelIDs(with: prefix, scopingUserIDs: scopingUserIDs) }))
    }
  }
}

extension Effect {
  /// Lifts a child's effect into its parent: maps its actions, and puts `pathComponent` in front
  /// of every scoped id and child tag inside it, so that they stay unique when the same child
  /// type appears under several parents. With `scopingUserIDs`, the child's own ids are scoped
  /// to it as well.
  func lifted<Parent>(
    _ transform: @escaping @Sendable (Action) -> Parent,
    under pathComponent: [AnyHashable],
    scopingUserIDs: Bool
  ) -> Effect<Parent> {
    mapping(transform, isEmbedding: true)
      .prefixingCancelIDs(with: pathComponent, scopingUserIDs: scopingUserIDs)
  }
}
