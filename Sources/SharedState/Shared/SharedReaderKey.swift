/// Where a read-only shared value comes from, and how it is kept up to date: a persistence
/// strategy that ``SharedReader`` (and, through ``SharedKey``, ``Shared``) uses.
///
/// Every reference made with keys of equal ``id`` holds one value. A key loads the value when
/// the first reference is made, and tells it about changes made outside (another program,
/// another process, a server) through the subscriber it is given:
///
/// ```swift
/// struct ServerTimeKey: SharedReaderKey {
///   var id: String { "server-time" }
///   func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///     continuation.resumeReturningInitialValue()
///   }
///   func subscribe(
///     context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
/// }
/// ```
///
/// The key's methods run with no lock of the shared value (nor of any storage) held: they may
/// read and change shared values themselves.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value.
  associatedtype Value: Sendable
  /// What tells two keys for the same value apart from keys for others; the key itself unless
  /// told.
  associatedtype ID: Hashable = Self

  /// Equal for keys that name the same value.
  var id: ID { get }

  /// Loads the value from outside, and resumes `continuation` once, with the value, with the
  /// initial value (`resumeReturningInitialValue()`, when there is none outside), or with an
  /// error (which the reference's `loadError` then holds).
  ///
  /// - Parameters:
  ///   - context: Why the value is loaded: the reference was just made (`.initialValue`), or
  ///     `load()` was called (`.userInitiated`).
  ///   - continuation: What to resume with the loaded value.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts telling `subscriber` about changes made outside, until the returned subscription is
  /// cancelled (or released: the reference releases it when its last holder goes away).
  ///
  /// - Parameters:
  ///   - context: As in ``load(context:continuation:)``.
  ///   - subscriber: What to yield each outside change to.
  /// - Returns: What stops the subscription.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// The key itself: keys that are equal name the same value.
  public var id: Self { self }
}

/// Why a key loads its value.
public enum LoadContext<Value: Sendable>: Sendable {
  /// The reference is being made, with this default value (the value after `=` in the
  /// declaration).
  case initialValue(Value)
  /// A holder asked for a fresh value (`$shared.load()`).
  case userInitiated

  /// The default value, when the reference is being made.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}
