/// The contexts that modules above EffectCore put around a test store's feature, one per type,
/// changeable between sends: Injection keeps the store's dependencies here.
///
/// They are read for each action, so a change reaches every later action and every effect that
/// starts after it, and they are in force in the store's assertion closures.
final class TestStoreContexts: Sendable {
  private let contexts = LockIsolated<[any ReducerContext]>([])

  /// Every context, outermost first.
  var all: [any ReducerContext] { contexts.value }

  subscript<Context: ReducerContext>(type: Context.Type) -> Context? {
    get { contexts.withLock { $0.lazy.compactMap { $0 as? Context }.first } }
    set {
      contexts.withLock { contexts in
        let index = contexts.firstIndex { $0 is Context }
        switch (index, newValue) {
        case (let index?, let context?): contexts[index] = context
        case (let index?, nil): contexts.remove(at: index)
        case (nil, let context?): contexts.append(context)
        case (nil, nil): break
        }
      }
    }
  }
}

extension TestStore {
  /// The context of a given type that this test store runs its feature in, if any. Set it to
  /// change what every later action, every effect started after, and every assertion closure
  /// run in; `nil` removes it.
  ///
  /// For modules that build on the test store, as Injection's `store.dependencies` does:
  ///
  /// ```swift
  /// store[context: DependencyScope.self] = DependencyScope(values: newValue)
  /// ```
  ///
  /// - Parameter type: The context's type.
  @_spi(Contexts)
  public subscript<Context: ReducerContext>(context type: Context.Type) -> Context? {
    get { contexts[type] }
    set { contexts[type] = newValue }
  }
}
