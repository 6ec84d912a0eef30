extension Store where Action: BindingActions, Action.State == State {
  /// Reads a property of the state, and sets it by sending a binding action: `store.name =
  /// "Blob"` sends `.binding(.set(\.name, "Blob"))`.
  ///
  /// When no ``ReduceBindings`` applies the action, a runtime warning says so, once per property.
  ///
  /// This is what a SwiftUI binding to a store is made of: with `@Bindable var store`,
  /// `TextField("Name", text: $store.name)` reads through the store and writes by sending.
  ///
  /// ```swift
  /// store.name = "Blob"
  /// store.name   // "Blob", once the feature's ReduceBindings has applied it
  /// ```
  ///
  /// - Parameter keyPath: The property.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { read(keyPath) }
    set {
      let binding = BindingAction.set(keyPath, newValue)
      // The reducer matches the property in either spelling (`\.name`, `\.$name`).
      binding.root.attach(core.state)
      reportUnapplied(binding, keyPath)
      send(.binding(binding))
    }
  }

  /// Warns, once per property, when no ``ReduceBindings`` applies a binding a view sent.
  private func reportUnapplied<Value>(
    _ binding: BindingAction<State>, _ keyPath: WritableKeyPath<State, Value>
  ) {
    #if DEBUG
      // A store whose child is gone (or whose ancestor's is) says so when it ignores the action.
      guard !core.isGone else { return }
      let description = "\(binding)"
      let site = "binding \(State.self) \(keyPath)"
      binding.root.reportingUnapplied {
        RuntimeWarning.report(
          once: site,
          """
          A binding action sent from a store was not handled: \(description). No \
          'ReduceBindings' applied it, so the state did not change. Add 'ReduceBindings()' to \
          the body of the feature's reducer, before the reducers that look at bindings.
          """)
      }
    #endif
  }
}
