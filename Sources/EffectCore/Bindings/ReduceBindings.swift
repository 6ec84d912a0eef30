/// Applies binding actions to the state: `.binding(.set(\.$name, "Blob"))` sets `name`.
///
/// Put it in a feature's body, before or after the feature's own logic:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   ReduceBindings()
///   Reduce { state, action in
///     switch action {
///     case .binding: return .none      // already applied
///     case .incrementAccessCount: state.accessCount += 1; return .none
///     }
///   }
/// }
/// ```
public struct ReduceBindings<State, Action: BindingActions>: Reducer where Action.State == State {
  private let extractor: BindingExtractor<Action>

  /// Creates the reducer.
  public init() {
    self.extractor = BindingExtractor()
  }

  /// Applies a binding action; ignores everything else.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let binding = extractor.binding(in: action) else { return .none }
    // The reducers after this one match the action's property in either spelling.
    binding.root.applied(to: state)
    binding.apply(to: &state)
    return .none
  }
}

/// Finds the `binding` case of an action by its enum tag, learned once from a sample.
private struct BindingExtractor<Action: BindingActions> {
  let metadata: EnumMetadata?
  let tag: UInt32
  let isIndirect: Bool

  init() {
    // `body` makes this reducer on every action: the common shape (one case carries binding
    // actions) is answered by the cached layout alone. A sample action, which needs a key path
    // made anew in this generic context each time, is built only when several cases could be
    // the binding case.
    let metadata = EnumMetadata(Action.self)
    self.metadata = metadata
    guard let metadata else {
      (tag, isIndirect) = (0, false)
      return
    }
    let layout = CaseLayouts.layout(in: metadata, for: BindingAction<Action.State>.self)
    if case .single(let only) = layout {
      (tag, isIndirect) = (only.tag, only.isIndirect)
      return
    }
    let tag = metadata.tag(of: Action.binding(BindingAction<Action.State>.placeholder))
    let candidates = CaseLayouts.candidates(in: metadata, for: BindingAction<Action.State>.self)
    self.tag = tag
    self.isIndirect = candidates?.first { $0.tag == tag }?.isIndirect ?? false
  }

  func binding(in action: Action) -> BindingAction<Action.State>? {
    guard let metadata else {
      return Mirror(reflecting: action).children.first?.value as? BindingAction<Action.State>
    }
    guard metadata.tag(of: action) == tag else { return nil }
    return metadata.payload(of: action, as: BindingAction<Action.State>.self, indirect: isIndirect)
  }
}
