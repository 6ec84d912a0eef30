// The one place EffectKit's libraries reach the operating system. Porting them to a new platform
// means adding a branch here, and nowhere else: Injection, SharedState and Undo use this layer
// (its declarations are `package`: the package's modules see them, its clients do not) and
// import no C library of their own. `.ci/platform-lint` fails on a
// platform import anywhere else in the libraries.
//
// One implementation per platform family, each written from its documented API:
// - POSIX: glibc (Linux), musl (the static Linux SDK), Bionic (Android), Darwin (Apple).
// - Windows: the Windows SDK (critical sections, module enumeration, `Sleep`) and the UCRT (`_write`,
//   `memcmp`, `getenv`).
//
// Only Linux with glibc is built and tested on this project's machines; the other branches are
// written to their platforms' documentation and are not compiled here (README, "Platforms").

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import ucrt
  import WinSDK
#else
  #error("EffectCore has no platform layer for this system: add a branch to this file")
#endif

/// What EffectKit's libraries need from the operating system, and nothing more.
package enum OperatingSystem {
  /// Writes `text` to standard error, whole, unbuffered.
  package static func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { writeToStandardError(UnsafeRawBufferPointer($0)) }
  }

  /// Writes `bytes` to standard error, whole, without Foundation and without buffering. A
  /// failed write (a closed descriptor) drops the rest: there is nowhere left to say it.
  package static func writeToStandardError(_ bytes: UnsafeRawBufferPointer) {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      #if os(Windows)
        let written = Int(_write(2, next, UInt32(truncatingIfNeeded: min(remaining, 1 << 30))))
      #else
        let written = write(2, next, remaining)
      #endif
      guard written > 0 else { return }
      next += written
      remaining -= written
    }
  }

  /// The address of an exported symbol of any image loaded in the process, or `nil`.
  ///
  /// - Linux (glibc), Android: `dlsym` in the global scope (`dlopen(NULL)`), which holds the
  ///   executable and every library loaded with it (the test runner and its testing libraries).
  /// - Darwin: `dlsym(RTLD_DEFAULT)`, which searches every image loaded, in load order; a handle
  ///   from `dlopen(NULL)` there searches the main executable (the test runner) only.
  /// - musl's static SDK: `dlopen` and `dlsym` are stubs in a static executable, so nothing is
  ///   found (README, "Platforms").
  /// - Windows: `GetProcAddress` in each module `K32EnumProcessModules` lists (kernel32's name
  ///   of psapi's `EnumProcessModules`, which Swift sees as a function, not a macro).
  package static func symbolAddress(named name: String) -> UInt? {
    #if canImport(Darwin)
      // RTLD_DEFAULT, `((void *) -2)` in Darwin's <dlfcn.h>.
      let everyImage = UnsafeMutableRawPointer(bitPattern: -2)
      return dlsym(everyImage, name).map { UInt(bitPattern: $0) }
    #elseif os(Windows)
      return windowsSymbolAddress(named: name)
    #else
      return dlsym(dlopen(nil, RTLD_LAZY), name).map { UInt(bitPattern: $0) }
    #endif
  }

  /// Whether `count` bytes at `lhs` and `rhs` are the same: the C library's `memcmp`, which
  /// compares a word or a vector at a time.
  @inlinable
  package static func bytesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, count: Int)
    -> Bool
  {
    memcmp(lhs, rhs, count) == 0
  }

  /// Suspends the calling thread for about `microseconds` (at least a millisecond on Windows,
  /// whose `Sleep` counts in them).
  package static func pause(microseconds: Int) {
    #if os(Windows)
      Sleep(DWORD(max(1, microseconds / 1000)))
    #else
      usleep(useconds_t(truncatingIfNeeded: microseconds))
    #endif
  }

  /// The value of an environment variable, read from the process's environment block.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  #if os(Windows)
    private static func windowsSymbolAddress(named name: String) -> UInt? {
      let process = GetCurrentProcess()
      var needed: DWORD = 0
      guard K32EnumProcessModules(process, nil, 0, &needed) else { return nil }
      var modules = [HMODULE?](
        repeating: nil, count: Int(needed) / MemoryLayout<HMODULE?>.stride)
      let size = DWORD(modules.count * MemoryLayout<HMODULE?>.stride)
      guard K32EnumProcessModules(process, &modules, size, &needed) else { return nil }
      for module in modules.prefix(Int(min(needed, size)) / MemoryLayout<HMODULE?>.stride) {
        if let address = GetProcAddress(module, name) {
          return UInt(bitPattern: unsafeBitCast(address, to: Int.self))
        }
      }
      return nil
    }
  #endif
}

/// A lock of the operating system's, which sanitizers understand (a POSIX mutex, a Windows
/// critical section), in memory of its own that never moves.
///
/// A value type over that memory, so that a lock costs one allocation and its operations are
/// inlined into the code that takes it. Whoever makes one frees it with ``deallocate()``, once.
@usableFromInline
package struct SystemLock: @unchecked Sendable {
  #if os(Windows)
    // A critical section is re-entrant, as a recursive mutex: a lock asked not to be never
    // re-enters, which makes no difference to the code that takes it.
    @usableFromInline typealias Primitive = CRITICAL_SECTION
  #else
    @usableFromInline typealias Primitive = pthread_mutex_t
  #endif

  @usableFromInline let primitive: UnsafeMutablePointer<Primitive>

  /// Makes a lock.
  ///
  /// - Parameter recursive: Whether the thread that holds it may take it again (and must then
  ///   release it as many times).
  package init(recursive: Bool = false) {
    primitive = .allocate(capacity: 1)
    #if os(Windows)
      InitializeCriticalSection(primitive)
    #else
      primitive.initialize(to: pthread_mutex_t())
      if recursive {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(primitive, &attributes)
        pthread_mutexattr_destroy(&attributes)
      } else {
        pthread_mutex_init(primitive, nil)
      }
    #endif
  }

  /// Frees the lock, which nobody holds.
  package func deallocate() {
    #if os(Windows)
      DeleteCriticalSection(primitive)
    #else
      pthread_mutex_destroy(primitive)
      primitive.deinitialize(count: 1)
    #endif
    primitive.deallocate()
  }

  /// Takes the lock, waiting for as long as another thread holds it.
  @inlinable package func lock() {
    #if os(Windows)
      EnterCriticalSection(primitive)
    #else
      pthread_mutex_lock(primitive)
    #endif
  }

  /// Releases the lock, which the calling thread holds.
  @inlinable package func unlock() {
    #if os(Windows)
      LeaveCriticalSection(primitive)
    #else
      pthread_mutex_unlock(primitive)
    #endif
  }

  /// Takes the lock if it is free (or, re-entrant, held by this thread).
  ///
  /// - Returns: Whether the lock is now held.
  @inlinable package func tryLock() -> Bool {
    #if os(Windows)
      TryEnterCriticalSection(primitive)
    #else
      pthread_mutex_trylock(primitive) == 0
    #endif
  }

  /// Takes the lock, waiting at most `timeout` for another thread to release it.
  ///
  /// glibc, musl and Bionic wait in `pthread_mutex_timedlock`. Darwin has no such call, and a
  /// critical section no timed wait: there the lock is tried again and again, with pauses that
  /// grow to a millisecond (``lock(pollingFor:)``).
  ///
  /// - Returns: Whether the lock is now held; `false` once `timeout` passed without it.
  package func lock(waitingAtMost timeout: Duration) -> Bool {
    #if canImport(Darwin) || os(Windows)
      return lock(pollingFor: timeout)
    #else
      var deadline = timespec()
      clock_gettime(CLOCK_REALTIME, &deadline)
      let (seconds, attoseconds) = timeout.components
      let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
      deadline.tv_sec += time_t(seconds) + time_t(nanoseconds / 1_000_000_000)
      deadline.tv_nsec = .init(nanoseconds % 1_000_000_000)
      return pthread_mutex_timedlock(primitive, &deadline) == 0
    #endif
  }

  /// ``lock(waitingAtMost:)`` for a system without a timed lock: tries, pausing between tries.
  /// Compiled everywhere, so that Linux's tests run what Darwin and Windows run.
  func lock(pollingFor timeout: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause = 20
    while !tryLock() {
      guard clock.now < deadline else { return false }
      OperatingSystem.pause(microseconds: pause)
      pause = min(pause * 2, 1000)
    }
    return true
  }
}
