#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The thread that made it: tells a deinit whether it runs there (on the main actor's thread,
/// for a main actor object), where it may assume the actor's isolation.
struct CurrentThread: @unchecked Sendable {
  // Only compared, never used to reach the thread.
  private let thread = pthread_self()

  /// Whether the caller runs on the thread that made this value.
  var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
