import Foundation
import Testing

@testable import EffectCore

/// The platform layer: locks (the timed attempt both ways, as glibc waits and as Darwin and
/// Windows poll), symbol lookup, byte comparison.
@Suite struct OperatingSystemTests {
  @Test func aTimedAttemptOnAHeldLockGivesUp() {
    let lock = SystemLock()
    defer { lock.deallocate() }
    lock.lock()
    // A plain lock is not re-entrant: held by this thread, every attempt fails.
    #expect(!lock.lock(waitingAtMost: .milliseconds(5)))
    #expect(!lock.lock(pollingFor: .milliseconds(5)))
    #expect(!lock.tryLock())
    lock.unlock()
    #expect(lock.lock(waitingAtMost: .milliseconds(5)))
    lock.unlock()
    #expect(lock.lock(pollingFor: .milliseconds(5)))
    lock.unlock()
  }

  @Test func aRecursiveLockIsTakenAgainByItsHolder() {
    let lock = SystemLock(recursive: true)
    defer { lock.deallocate() }
    lock.lock()
    #expect(lock.tryLock())
    #expect(lock.lock(pollingFor: .milliseconds(5)))
    #expect(lock.lock(waitingAtMost: .milliseconds(5)))
    for _ in 0..<4 { lock.unlock() }
  }

  @Test(arguments: [false, true])
  func aTimedAttemptGetsTheLockOnceItsHolderReleasesIt(polling: Bool) async throws {
    let lock = SystemLock()
    let outcome = LockIsolated<Bool?>(nil)
    let waiting = LockIsolated(false)
    // The lock is taken and released on one thread (a mutex belongs to the thread that took
    // it), and waited for on another; the wait's limit is far beyond the test's.
    let holder = Thread {
      lock.lock()
      let waiter = Thread {
        waiting.setValue(true)
        let got =
          polling
          ? lock.lock(pollingFor: .seconds(600)) : lock.lock(waitingAtMost: .seconds(600))
        if got { lock.unlock() }
        outcome.setValue(got)
      }
      waiter.start()
      while !waiting.value { OperatingSystem.pause(microseconds: 100) }
      OperatingSystem.pause(microseconds: 2000)
      lock.unlock()
    }
    holder.start()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while outcome.value == nil, clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
    #expect(outcome.value == true)
    if outcome.value != nil { lock.deallocate() }
  }

  @Test func symbolsAreFoundInTheLoadedLibraries() {
    // `Test.current`'s getter, in Swift Testing, which the test runner loaded.
    #expect(OperatingSystem.symbolAddress(named: "$s7Testing4TestV7currentACSgvgZ") != nil)
    #expect(OperatingSystem.symbolAddress(named: "effectkit_no_such_symbol") == nil)
  }

  @Test func bytesCompareByValue() {
    let a: [UInt8] = [1, 2, 3, 4, 5]
    let b: [UInt8] = [1, 2, 3, 4, 6]
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        #expect(OperatingSystem.bytesEqual(a.baseAddress!, b.baseAddress!, count: 4))
        #expect(!OperatingSystem.bytesEqual(a.baseAddress!, b.baseAddress!, count: 5))
      }
    }
  }

  @Test func theEnvironmentIsRead() {
    #expect(OperatingSystem.environmentValue("PATH") != nil)
    #expect(OperatingSystem.environmentValue("EFFECTKIT_NO_SUCH_VARIABLE") == nil)
  }
}

/// The runtime layouts case paths read, at the offsets computed from the word size (4 bytes on
/// arm64_32 and other 32-bit targets, 8 here): on 64-bit they are the offsets that were
/// constants, and each is checked against what the runtime holds there.
@Suite struct WordSizeLayoutTests {
  enum Sample: Equatable {
    case empty
    case number(Int)
    case pair(Int, String)
    indirect case nested(Sample)
  }

  @Test func valueWitnessSizeAndStrideAreWhereTheOffsetsSay() throws {
    let metadata = try #require(EnumMetadata(Sample.self))
    let witnesses = metadata.valueWitnesses
    #expect(
      witnesses.load(fromByteOffset: EnumMetadata.sizeOffset, as: Int.self)
        == MemoryLayout<Sample>.size)
    #expect(
      witnesses.load(fromByteOffset: EnumMetadata.strideOffset, as: Int.self)
        == MemoryLayout<Sample>.stride)
    #expect(EnumMetadata.getEnumTagOffset == 10 * MemoryLayout<Int>.size + 8)
  }

  @Test func tagsPayloadsAndCasesReadThroughTheOffsets() throws {
    let metadata = try #require(EnumMetadata(Sample.self))
    let cases = metadata.payloadCases()
    #expect(cases.map(\.name) == ["number", "pair", "nested"])
    #expect(cases.map(\.isIndirect) == [false, false, true])
    #expect(metadata.tag(of: Sample.pair(1, "a")) == 1)
    #expect(metadata.payload(of: Sample.number(7), as: Int.self, indirect: false) == 7)
    #expect(
      metadata.payload(of: Sample.nested(.number(3)), as: Sample.self, indirect: true)
        == .number(3))
    let pair = metadata.payload(of: Sample.pair(2, "b"), as: (Int, String).self, indirect: false)
    #expect(pair == (2, "b"))
  }

  @Test func casePathsExtractTuplePayloads() {
    let path: CasePath<Sample, (Int, String)> = /Sample.pair
    #expect(path.extract(from: .pair(4, "d")).map { $0 == (4, "d") } == true)
    #expect(path.extract(from: .number(4)) == nil)
  }
}
