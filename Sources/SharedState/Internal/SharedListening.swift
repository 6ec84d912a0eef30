/// What ``SharedBox/listen(_:)`` returns: stops telling the listener about changes, once, when
/// cancelled (a stream of `asyncValues` ended).
typealias SharedListening = StopOnce

extension Shared.Reference {
  /// Tells `body` the value now, then every later value of the root, as this reference reads it.
  func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    switch self {
    case .root(let box): box.listen(body)
    case .derived(let projection): projection.listen(body)
    }
  }
}

extension SharedReader {
  /// Tells `body` the value now, then every later value of the root, as this reader reads it.
  func listen(_ body: @escaping @Sendable (Value) -> Void) -> SharedListening {
    switch source {
    case .shared(let reference): reference.listen(body)
    case .derived(let projection): projection.listen(body)
    }
  }
}
