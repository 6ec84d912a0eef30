#if canImport(ObjectiveC)
  import Foundation
#endif

/// An undo stack that a store can register its steps with, in the way of Foundation's
/// `UndoManager` (which conforms, on Apple platforms): each step registers its own undo, and an
/// undo run while undoing registers the redo.
///
/// A store's `send(_:undoable:named:)` takes any conforming type, so the same
/// code registers with a window's `UndoManager` on Apple platforms and with a stack of your own
/// (or a test's) elsewhere.
///
/// ```swift
/// store.send(.rename(id: 1, "Green tea"), undoable: window.undoManager!, named: "Rename")
/// ```
///
/// For undo that works the same everywhere, and keeps what effects changed, use
/// ``UndoHistory``.
@MainActor
public protocol UndoManaging: AnyObject {
  /// Registers `handler` as the undo of the last change: the stack runs it, given `target`,
  /// when the user undoes it. A handler run while undoing registers the redo, as
  /// `UndoManager.registerUndo(withTarget:handler:)` does.
  ///
  /// - Parameters:
  ///   - target: What the handler acts on (a store).
  ///   - handler: Undoes the change.
  func registerUndoStep<Target: AnyObject & Sendable>(
    target: Target, _ handler: @escaping @MainActor @Sendable (Target) -> Void)

  /// Names the step registered last, for the Undo menu item ("Undo Rename").
  ///
  /// - Parameter name: The step's name.
  func setUndoStepName(_ name: String)
}

#if canImport(ObjectiveC)
  extension UndoManager: UndoManaging {
    /// Registers `handler` with `registerUndo(withTarget:handler:)`, which an `UndoManager` runs
    /// on the main thread for undo from the menu.
    ///
    /// - Parameters:
    ///   - target: What the handler acts on (a store).
    ///   - handler: Undoes the change.
    public func registerUndoStep<Target: AnyObject & Sendable>(
      target: Target, _ handler: @escaping @MainActor @Sendable (Target) -> Void
    ) {
      registerUndo(withTarget: target) { target in
        MainActor.assumeIsolated { handler(target) }
      }
    }

    /// Sets the action name with `setActionName(_:)`.
    ///
    /// - Parameter name: The step's name.
    public func setUndoStepName(_ name: String) {
      setActionName(name)
    }
  }
#endif
