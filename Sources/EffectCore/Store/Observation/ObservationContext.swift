import Observation

/// What every store of one root reports observation through: one registrar, one subject, and
/// the key paths that name what views read.
///
/// Observation names what a view read by a key path on an `Observable` subject. A store reads
/// state members that are not properties of any class, so each observed value (a member of one
/// store's state, the ids of a list, whether a child is there) gets a key path of its own,
/// `\ObservedSubject.[value: n]`, made once. After a batch of actions the stores compare what
/// their views read with the new state and report only the values that changed.
@MainActor
final class ObservationContext {
  let registrar = ObservationRegistrar()
  let subject = ObservedSubject()
  private var count = 0
  /// The observed values that changed in this batch, reported once the whole tree is compared.
  private var changed: [KeyPath<ObservedSubject, Int>] = []

  /// A key path no other observed value of this root has.
  func makeKey() -> KeyPath<ObservedSubject, Int> {
    count += 1
    return \ObservedSubject.[value: count]
  }

  /// Tells observation tracking that a view read the value named `key`.
  func access(_ key: KeyPath<ObservedSubject, Int>) {
    registrar.access(subject, keyPath: key)
  }

  /// Notes that the value named `key` changed; observers hear it at ``flush()``.
  func noteChange(_ key: KeyPath<ObservedSubject, Int>) {
    changed.append(key)
  }

  /// Tells observers of every value noted since the last flush. An observer may send actions
  /// (a new batch, with its own flush); those are not mixed into this one.
  func flush() {
    guard !changed.isEmpty else { return }
    let keys = changed
    changed.removeAll(keepingCapacity: true)
    for key in keys {
      registrar.willSet(subject, keyPath: key)
      registrar.didSet(subject, keyPath: key)
    }
  }
}

/// The `Observable` subject of a root's observed values: it holds nothing, its key paths only
/// name values.
final class ObservedSubject: Observable, Sendable {
  subscript(value value: Int) -> Int { value }
}
