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
  /// The number's magnitude fills the last 8 bytes, big-endian; a negative number sets the
  /// eighth byte to 1, as swift-dependencies does: `UUID(-1)` is
  /// `00000000-0000-0001-0000-000000000001`. The other bytes are zero. Such UUIDs are not valid
  /// random (version 4) UUIDs: use them where a test needs predictable ids.
  ///
  /// - Parameter intValue: The number: any `Int`.
  public init(_ intValue: Int) {
    let magnitude = UInt64(intValue.magnitude)
    let sign: UInt8 = intValue < 0 ? 1 : 0
    func byte(_ index: Int) -> UInt8 {
      UInt8(truncatingIfNeeded: magnitude >> (8 * (7 - index)))
    }
    self.init(
      uuid: (
        0, 0, 0, 0, 0, 0, 0, sign,
        byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7)
      ))
  }
}
