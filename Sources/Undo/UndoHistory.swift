import Observation

/// An undo engine that works everywhere Swift does (Foundation has no `UndoManager` on Linux),
/// and that is safe with effects.
///
/// ```swift
/// let history = UndoHistory()
/// store.send(.rename("Tea"), undoable: history, named: "Rename")
/// history.undoActionName   // "Rename"
/// history.undo()           // the name is back; everything else the store did since stays
/// history.redo()
/// ```
///
/// Steps are recorded by `Store.send(_:undoable:named:coalescing:)` (or
/// ``registerUndo(named:undo:redo:)`` for hand-written inverses). A new step clears the redo
/// stack. ``group(named:_:)`` makes several steps one. ``levelsOfUndo`` bounds the history,
/// dropping the oldest steps.
///
/// The history is `Observable`: a view reading ``canUndo`` or ``undoActionName`` updates when
/// they change, so the Undo menu item stays right. ``changes`` gives the same as an
/// asynchronous sequence.
@MainActor
public final class UndoHistory: Observable {
  private var undoStack: [UndoStep] = []
  private var redoStack: [UndoStep] = []
  private var openGroups: [UndoStep] = []
  private let registrar = ObservationRegistrar()
  private var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
  private var nextContinuation = 0

  /// The most steps kept; the oldest are dropped beyond it. `0` keeps every step.
  public var levelsOfUndo: Int {
    didSet {
      trim()
      notify()
    }
  }

  /// Whether an undo is running; steps sent while it runs are not recorded.
  public private(set) var isUndoing = false

  /// Whether a redo is running.
  public private(set) var isRedoing = false

  /// Whether steps are recorded; set it to `false` around changes that must not be undoable,
  /// such as loading a document. See also ``withoutRecording(_:)``.
  public var isRecording = true

  /// Creates an empty history.
  ///
  /// - Parameter levelsOfUndo: The most steps kept; `0` (the default) keeps every step.
  public init(levelsOfUndo: Int = 0) {
    self.levelsOfUndo = levelsOfUndo
  }

  /// Whether there is a step to undo.
  public var canUndo: Bool {
    registrar.access(self, keyPath: \.canUndo)
    return !undoStack.isEmpty
  }

  /// Whether there is a step to redo.
  public var canRedo: Bool {
    registrar.access(self, keyPath: \.canRedo)
    return !redoStack.isEmpty
  }

  /// The name of the step ``undo()`` takes back, or `""` when it has none.
  public var undoActionName: String {
    registrar.access(self, keyPath: \.undoActionName)
    return undoStack.last?.name ?? ""
  }

  /// The name of the step ``redo()`` does again, or `""` when it has none.
  public var redoActionName: String {
    registrar.access(self, keyPath: \.redoActionName)
    return redoStack.last?.name ?? ""
  }

  /// The number of steps that can be undone.
  public var undoCount: Int {
    registrar.access(self, keyPath: \.undoCount)
    return undoStack.count
  }

  /// One element each time the history changes: a step recorded, undone, redone or dropped.
  public var changes: AsyncStream<Void> {
    AsyncStream { continuation in
      let key = nextContinuation
      nextContinuation += 1
      continuations[key] = continuation
      continuation.onTermination = { [weak self] _ in
        Task { @MainActor in self?.continuations[key] = nil }
      }
    }
  }

  /// Takes back the last step. The state has changed when this returns.
  public func undo() {
    guard var step = undoStack.popLast() else { return }
    isUndoing = true
    step.undo()
    isUndoing = false
    redoStack.append(step)
    notify()
  }

  /// Does the last undone step again. The state has changed when this returns.
  public func redo() {
    guard var step = redoStack.popLast() else { return }
    isRedoing = true
    step.redo()
    isRedoing = false
    undoStack.append(step)
    notify()
  }

  /// Makes the steps recorded in `body` one step.
  ///
  /// ```swift
  /// history.group(named: "Paste") {
  ///   for timer in pasted { store.send(.add(timer), undoable: history) }
  /// }
  /// ```
  ///
  /// Groups nest; the outermost one becomes the step.
  ///
  /// - Parameters:
  ///   - name: The step's name; by default the first recorded step's.
  ///   - body: The work whose steps to group.
  /// - Returns: What `body` returns.
  @discardableResult
  public func group<R>(named name: String? = nil, _ body: () throws -> R) rethrows -> R {
    beginGrouping(named: name)
    defer { endGrouping() }
    return try body()
  }

  /// Starts a group: steps recorded until the matching ``endGrouping()`` become one step.
  ///
  /// - Parameter name: The step's name; by default the first recorded step's.
  public func beginGrouping(named name: String? = nil) {
    openGroups.append(UndoStep(name: name))
  }

  /// Ends the innermost group started by ``beginGrouping(named:)``.
  public func endGrouping() {
    guard let group = openGroups.popLast() else { return }
    guard !group.changes.isEmpty else { return }
    record(group)
  }

  /// Forgets every step, for instance once a document has loaded, so that the loaded state is
  /// the one nothing undoes past.
  public func removeAll() {
    undoStack.removeAll()
    redoStack.removeAll()
    notify()
  }

  /// Runs `body` without recording steps.
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  @discardableResult
  public func withoutRecording<R>(_ body: () throws -> R) rethrows -> R {
    let wasRecording = isRecording
    isRecording = false
    defer { isRecording = wasRecording }
    return try body()
  }

  /// Records a step with hand-written inverses, for features that offer richer undo than
  /// `Store.send(_:undoable:named:coalescing:)`.
  ///
  /// ```swift
  /// history.registerUndo(named: "Delete") {
  ///   store.send(.insert(timer, at: index))
  /// } redo: {
  ///   store.send(.delete(timer.id))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The step's name.
  ///   - undo: Takes the step back.
  ///   - redo: Does it again.
  public func registerUndo(
    named name: String? = nil,
    undo: @escaping @MainActor () -> Void,
    redo: @escaping @MainActor () -> Void
  ) {
    record(UndoStep(name: name, changes: [.custom(undo: undo, redo: redo)]))
  }

  /// Records a step, into the open group if there is one; coalesces it with the last step when
  /// both carry the same key.
  func record(_ step: UndoStep) {
    guard isRecording, !isUndoing, !isRedoing else { return }
    if !openGroups.isEmpty {
      openGroups[openGroups.count - 1].append(step)
      return
    }
    if let key = step.coalescingKey, let last = undoStack.last, last.coalescingKey == key,
      redoStack.isEmpty
    {
      undoStack[undoStack.count - 1].append(step)
    } else {
      undoStack.append(step)
    }
    redoStack.removeAll()
    trim()
    notify()
  }

  /// Takes the last step off the undo stack for a caller that applies it itself (a test store),
  /// then puts the step as it was applied on the redo stack with ``finishUndo(_:)``.
  func popUndo() -> UndoStep? {
    undoStack.popLast()
  }

  /// Puts a step that ``popUndo()`` gave and its caller undid on the redo stack.
  func finishUndo(_ step: UndoStep) {
    redoStack.append(step)
    notify()
  }

  /// Takes the last undone step off the redo stack for a caller that applies it itself, then
  /// puts it back with ``finishRedo(_:)``.
  func popRedo() -> UndoStep? {
    redoStack.popLast()
  }

  /// Puts a step that ``popRedo()`` gave and its caller redid on the undo stack.
  func finishRedo(_ step: UndoStep) {
    undoStack.append(step)
    notify()
  }

  private func trim() {
    guard levelsOfUndo > 0, undoStack.count > levelsOfUndo else { return }
    undoStack.removeFirst(undoStack.count - levelsOfUndo)
  }

  private func notify() {
    registrar.withMutation(of: self, keyPath: \.canUndo) {}
    registrar.withMutation(of: self, keyPath: \.canRedo) {}
    registrar.withMutation(of: self, keyPath: \.undoActionName) {}
    registrar.withMutation(of: self, keyPath: \.redoActionName) {}
    registrar.withMutation(of: self, keyPath: \.undoCount) {}
    for continuation in continuations.values { continuation.yield() }
  }
}
