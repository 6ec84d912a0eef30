/// The id of an element of a ``StackState``: how stack actions name the screen they are for.
///
/// A stack numbers its elements as they are added: 0, 1, 2, … from an empty stack, and never
/// reuses a number, even after the elements that had it are popped (TCA's test ids count the
/// same way). So ids are predictable, and a test writes them as integer literals:
///
/// ```swift
/// var path = StackState<Int>()
/// path.append(42)         // #0
/// path.append(1729)       // #1
/// path.removeAll()
/// path.append(-1)         // #2
/// path[id: 2]             // -1
/// ```
///
/// ```swift
/// try await store.send(.path(.element(id: 0, action: .detail(.saveTapped))))
/// ```
///
/// Each stack counts for itself: two stacks in one state both start at 0. A stack that is built
/// from elements (`StackState([a, b])`) gives them 0, 1, ….
public struct StackElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral {
  /// The element's number in its stack.
  @usableFromInline let generation: Int

  @inlinable
  init(generation: Int) {
    self.generation = generation
  }

  /// The id with a number: what a test writes as `0`, `1`, ….
  ///
  /// - Parameter value: The number.
  @inlinable
  public init(integerLiteral value: Int) {
    self.init(generation: value)
  }

  /// Earlier ids come first: the order in which a stack gave them out.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomStringConvertible, DumpsAsLeaf {
  /// `#0`, `#1`, …
  public var description: String { "#\(generation)" }

  var dumpedLeaf: String { description }
}
