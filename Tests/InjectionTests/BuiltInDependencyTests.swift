import EffectCore
import Foundation
import Injection
import InjectionFoundation
import InjectionFoundationNetworking
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The built-in dependencies: their live values, and test values that fail the test when they
/// are used, never when they are read or set.
@Suite struct BuiltInDependencyTests {
  @Test func settingABuiltInThroughAKeyPathReadsItSilently() {
    withDependencies {
      $0[keyPath: \.uuid] = .incrementing
      $0.date.now = Date(timeIntervalSince1970: 0)
      $0[keyPath: \.continuousClock] = ImmediateClock()
      $0[keyPath: \.suspendingClock] = ImmediateClock()
    } operation: {
      @Dependency(\.uuid) var uuid
      #expect(uuid() == UUID(0))
    }
    // Reading the test values themselves is no use either.
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.continuousClock) var clock
    @Dependency(\.withRandomNumberGenerator) var random
    _ = (uuid, date, clock, random)
  }

  @Test func usingABuiltInsTestValueFailsTheTest() async throws {
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    @Dependency(\.continuousClock) var continuous
    @Dependency(\.suspendingClock) var suspending
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    withKnownIssue {
      _ = uuid()
    } matching: {
      "\($0)".contains(#"'@Dependency(\.uuid)' has no test value"#)
    }
    withKnownIssue {
      _ = date.now
    } matching: {
      "\($0)".contains(#"'@Dependency(\.date)' has no test value"#)
    }
    withKnownIssue {
      _ = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
    } matching: {
      "\($0)".contains("withRandomNumberGenerator")
    }
    try await withKnownIssue {
      try await continuous.sleep(for: .zero)
    } matching: {
      "\($0)".contains(#"Unimplemented: @Dependency(\.continuousClock)"#)
    }
    withKnownIssue {
      _ = suspending.now
    } matching: {
      "\($0)".contains("suspendingClock")
    }
  }

  @Test func readingALocaleCalendarOrTimeZoneInATestFailsIt() {
    @Dependency(\.locale) var locale
    @Dependency(\.calendar) var calendar
    @Dependency(\.timeZone) var timeZone
    @Dependency(\.preferredLocales) var preferredLocales
    withKnownIssue {
      _ = locale
      _ = calendar
      _ = timeZone
      _ = preferredLocales
    } matching: { issue in
      ["locale", "calendar", "timeZone", "preferredLocales"].contains {
        "\(issue)".contains("'@Dependency(\\.\($0))' has no test value")
      }
    }
  }

  @Test func localeCalendarAndTimeZoneOverridden() {
    let locales = [Locale(identifier: "es-ES"), Locale(identifier: "en-US")]
    withDependencies {
      $0.preferredLocales = locales
      $0.locale = Locale(identifier: "fr_FR")
      $0.calendar = Calendar(identifier: .gregorian)
      $0.timeZone = TimeZone(identifier: "UTC")!
    } operation: {
      @Dependency(\.preferredLocales) var preferredLocales
      @Dependency(\.locale) var locale
      @Dependency(\.calendar) var calendar
      @Dependency(\.timeZone) var timeZone
      #expect(preferredLocales == locales)
      #expect(locale.identifier == "fr_FR")
      #expect(calendar.identifier == .gregorian)
      #expect(timeZone.identifier == "UTC" || timeZone.identifier == "GMT")
    }
  }

  @Test func liveValuesOfTheFoundationBuiltIns() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      @Dependency(\.notificationCenter) var center
      #expect(locale == Locale.autoupdatingCurrent)
      #expect(timeZone == TimeZone.autoupdatingCurrent)
      #expect(center === NotificationCenter.default)
    }
  }

  @Test func fireAndForgetWaitsForItsWorkInTests() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let didRun = LockIsolated(false)
    await fireAndForget {
      await Task.yield()
      didRun.withLock { $0 = true }
    }
    #expect(didRun.withLock { $0 })
  }

  @Test func fireAndForgetIsNotCancelledWithItsCaller() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let didRun = LockIsolated(false)
    let started = AsyncStream<Void>.makeStream()
    let task = Task {
      await fireAndForget {
        started.continuation.yield()
        await Task.yield()
        didRun.withLock { $0 = !Task.isCancelled }
      }
    }
    for await _ in started.stream { break }
    task.cancel()
    await task.value
    #expect(didRun.withLock { $0 })
  }

  @Test func fireAndForgetReportsAnError() async {
    @Dependency(\.fireAndForget) var fireAndForget
    struct Failure: Error {}
    await withKnownIssue {
      await fireAndForget { throw Failure() }
    } matching: {
      "\($0)".contains("Failure()")
    }
  }

  @Test func fireAndForgetReturnsAtOnceLiveAndKeepsTheDependencies() async {
    let (stream, continuation) = AsyncStream<Date>.makeStream()
    let gate = AsyncStream<Void>.makeStream()
    await withDependencies {
      $0.context = .live
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget {
        for await _ in gate.stream { break }
        @Dependency(\.date.now) var now
        continuation.yield(now)
      }
    }
    // The call returned before the work could run: it waits for the gate.
    gate.continuation.yield()
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func assertionsFailTheTestAndGoOn() {
    @Dependency(\.assert) var assert
    @Dependency(\.assertionFailure) var assertionFailure
    @Dependency(\.precondition) var precondition
    assert(true)
    assert(true, "Must be true")
    precondition(true, "Must be true")
    withKnownIssue {
      assert(false)
    } matching: {
      "\($0)".contains("Assertion failed")
    }
    withKnownIssue {
      assert(false, "Must be true")
    } matching: {
      "\($0)".contains("Must be true")
    }
    withKnownIssue {
      assertionFailure("Failure")
    } matching: {
      "\($0)".contains("Failure")
    }
    withKnownIssue {
      precondition(false, "Pre")
    } matching: {
      "\($0)".contains("Pre")
    }
  }

  @Test func eachTestHasANotificationCenterOfItsOwn() {
    @Dependency(\.notificationCenter) var center
    #expect(center !== NotificationCenter.default)
    let name = Notification.Name("BuiltInDependencyTests")
    let received = LockIsolated(0)
    let defaultReceived = LockIsolated(0)
    let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in
      received.withLock { $0 += 1 }
    }
    let defaultObserver = NotificationCenter.default.addObserver(
      forName: name, object: nil, queue: nil
    ) { _ in defaultReceived.withLock { $0 += 1 } }
    defer {
      center.removeObserver(observer)
      NotificationCenter.default.removeObserver(defaultObserver)
    }
    func post() {
      @Dependency(\.notificationCenter) var center
      center.post(name: name, object: nil)
    }
    for _ in 1...10 { post() }
    #expect(received.withLock { $0 } == 10)
    #expect(defaultReceived.withLock { $0 } == 0)
  }

  @Test func theTestURLSessionFailsARequest() async throws {
    @Dependency(\.urlSession) var session
    try await withKnownIssue {
      _ = try await session.data(from: URL(string: "https://example.invalid/")!)
    } matching: { issue in
      "\(issue)".contains(#"'@Dependency(\.urlSession)' has no test value"#)
    }
  }

  @Test func uuidOfANegativeNumberCarriesTheSign() {
    #expect(UUID(-1).uuidString == "00000000-0000-0001-0000-000000000001")
    #expect(UUID(-255).uuidString == "00000000-0000-0001-0000-0000000000FF")
    #expect(UUID(Int.min) != UUID(0))
  }
}
