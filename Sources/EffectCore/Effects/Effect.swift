/// Work a reducer asks the store to do after it has changed the state: send more actions, run
/// asynchronous operations that send actions back, or cancel earlier work.
///
/// Reducers return effects; stores run them. An effect is a description, not running work: it
/// does nothing until a store executes it, and the same value can be returned many times.
///
/// ```swift
/// case .delayedIncrement:
///   return .run { send in
///     try await clock.sleep(for: .seconds(1))
///     await send(.increment)
///   }
///   .cancellable(id: CancelID.delay, cancelInFlight: true)
/// ```
public struct Effect<Action> {
  @usableFromInline
  enum Operation {
    case none
    case send(Action)
    case run(EffectRun<Action>)
    case subscribe(EffectSubscription<Action>)
    case cancel(CancelID)
    case merge([Effect<Action>])
  }

  /// Holds an operation other than `.none`.
  @usableFromInline
  final class Box {
    @usableFromInline let operation: Operation

    @usableFromInline
    init(_ operation: Operation) {
      self.operation = operation
    }
  }

  // One optional reference: most reducers return `.none` most of the time, and a `nil` box
  // is copied and destroyed as a null pointer, in generic code too (the layout does not depend
  // on `Action`), instead of through the operation enum's value witnesses.
  @usableFromInline
  let box: Box?

  @usableFromInline
  var operation: Operation { box?.operation ?? .none }

  /// Whether this effect does nothing: cheaper than matching ``operation`` against `.none`.
  @inlinable @inline(__always)
  var isNone: Bool { box == nil }

  @usableFromInline
  init(operation: Operation) {
    if case .none = operation {
      box = nil
    } else {
      box = Box(operation)
    }
  }

  @inlinable
  init() {
    box = nil
  }
}

extension Effect {
  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self() }

  /// An effect that sends an action right after the current one, before any other action.
  ///
  /// Prefer calling shared logic directly over sending actions to yourself; use `.send` to
  /// notify a parent or to reuse a case that other features also send.
  ///
  /// - Parameter action: The action to send.
  /// - Returns: An effect that sends `action` synchronously.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// An effect that runs an asynchronous operation, which sends actions back into the store.
  ///
  /// The operation runs in a task of its own. It stops when it returns, when it is cancelled
  /// (``cancellable(id:cancelInFlight:)``, ``cancel(id:)``), or when its store is released. It
  /// keeps the dependency overrides and other contexts in force where it is made, as well as
  /// those of the reducers that return it.
  ///
  /// ```swift
  /// return .run { send in
  ///   let user = try await api.fetchUser()
  ///   await send(.userLoaded(user))
  /// } catch: { error, send in
  ///   await send(.failed(error.localizedDescription))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - operation: The work. Call `send` to deliver actions to the store.
  ///   - handler: Called when `operation` throws anything but a `CancellationError`. Without a
  ///     handler such an error is reported as a runtime warning.
  ///   - fileID: Where the effect was created, for the warning.
  ///   - line: Where the effect was created, for the warning.
  /// - Returns: An effect that runs `operation`.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    var run = EffectRun<Action>(priority: priority) { send in
      {
        defer { send.finishEffect() }
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          guard let handler else {
            if !Task.isCancelled {
              RuntimeWarning.report(
                "An effect created at \(fileID):\(line) threw \(error), which nothing caught. "
                  + "Add a 'catch:' handler to 'Effect.run' to turn errors into actions.")
            }
            return
          }
          await handler(error, send)
        }
      }
    }
    // Like swift-dependencies' effects, an effect keeps the contexts in force where it is made
    // (`withDependencies { ... } operation: { .run { ... } }` inside a reducer) for its whole
    // life, inside those of the reducers that return it.
    for context in InheritedContext.current.reversed() { run.enter(context) }
    return Self(operation: .run(run))
  }

  /// Runs several effects at once.
  ///
  /// - Parameter effects: The effects to run side by side.
  /// - Returns: One effect that runs them all.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs several effects at once.
  ///
  /// - Parameter effects: The effects to run side by side.
  /// - Returns: One effect that runs them all.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var parts: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .merge(let inner): parts.append(contentsOf: inner)
      default: parts.append(effect)
      }
    }
    switch parts.count {
    case 0: return .none
    case 1: return parts[0]
    default: return Self(operation: .merge(parts))
    }
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  ///
  /// - Parameter effects: The effects, in order.
  /// - Returns: One effect that runs them in sequence.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs effects one after another: each starts when the previous one has finished.
  ///
  /// - Parameter effects: The effects, in order.
  /// - Returns: One effect that runs them in sequence.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let parts = effects.filter { !$0.isNone }
    if parts.allSatisfy(\.isSynchronous) { return merge(parts) }
    let sequence = UncheckedSendable(parts)
    return Self(
      operation: .run(
        EffectRun(priority: nil) { send in
          {
            defer { send.finishEffect() }
            for effect in sequence.value {
              guard !Task.isCancelled else { return }
              await effect.runToCompletion(send)
            }
          }
        }))
  }

  /// This effect and another, run at once: the common case of combining reducers, kept free of
  /// allocation when either is `.none`.
  @inlinable
  func merging(_ other: Self) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return .merge([self, other])
  }

  /// Whether running this effect needs no task: it only sends actions, subscribes or cancels.
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .subscribe: true
    case .run: false
    case .merge(let effects): effects.allSatisfy(\.isSynchronous)
    }
  }
}

// An effect is immutable: its box is never written after it is made, and every part of an
// operation but a sent action is `Sendable` (the work, a subscription, cancel ids, contexts).
// So it may cross isolation when its actions may, as TCA's `Effect` does.
extension Effect: @unchecked Sendable where Action: Sendable {}
