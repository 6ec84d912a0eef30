/// A continuation that its owner takes out under a lock and resumes once, on every path: a test
/// clock's sleepers and its settle waiters, an effect's delivery to its store.
///
/// Checked in debug builds, where a misuse traps with a message and ThreadSanitizer sees the
/// hand-off's synchronization (an unchecked continuation's is in the runtime, which it does not
/// see, so it reports the resumed task's frame as a race); unchecked in release builds, where a
/// checked one's bookkeeping, an object made and an atomic exchange on resume, was a tenth of a
/// virtual tick.
#if DEBUG
  typealias ResumedOnce<T, E: Error> = CheckedContinuation<T, E>
#else
  typealias ResumedOnce<T, E: Error> = UnsafeContinuation<T, E>
#endif

/// Suspends the current task until `body`'s continuation is resumed (see ``ResumedOnce``).
func suspend<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation, _ body: (ResumedOnce<T, Never>) -> Void
) async -> T {
  #if DEBUG
    await withCheckedContinuation(isolation: isolation, body)
  #else
    await withUnsafeContinuation(isolation: isolation, body)
  #endif
}

/// Suspends the current task until `body`'s continuation is resumed, or resumed throwing (see
/// ``ResumedOnce``).
func suspendThrowing<T: Sendable>(
  isolation: isolated (any Actor)? = #isolation, _ body: (ResumedOnce<T, any Error>) -> Void
) async throws -> T {
  #if DEBUG
    try await withCheckedThrowingContinuation(isolation: isolation, body)
  #else
    try await withUnsafeThrowingContinuation(isolation: isolation, body)
  #endif
}
