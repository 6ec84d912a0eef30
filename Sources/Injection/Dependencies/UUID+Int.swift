#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UUID {
  /// A UUID made from a number, for tests: `UUID(0)` is `00000000-0000-0000-0000-000000000000`,
  /// `UUID(1)` is `00000000-0000-0000-0000-000000000001`, `UUID(255)` ends in `0000000000FF`.
  ///
  /// The values `UUIDGenerator.incrementing` gives, in order, so an expected state can name
  /// them:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Todos.State()) { Todos() } withDependencies: {
  ///   $0.uuid = .incrementing
  /// }
  /// try await store.send(.addTodo) { $0.todos = [Todo(id: UUID(0))] }
  /// ```
  ///
  /// The number fills the last 8 bytes, big-endian; the first 8 are zero. Such UUIDs are not
  /// valid random (version 4) UUIDs: use them where a test needs predictable ids.
  ///
  /// - Parameter intValue: The number, zero or more (checked with a precondition).
  public init(_ intValue: Int) {
    precondition(intValue >= 0, "UUID(\(intValue)): the number must not be negative")
    let value = UInt64(intValue)
    func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> (8 * (7 - index))) }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, 0,
        byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
      ))
  }
}
