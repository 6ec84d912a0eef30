import Foundation
import Injection
import Testing

/// `prepareDependencies`: set once, at the entry point, under swift-dependencies' rules. What a
/// test prepares belongs to that test alone (each test here prepares another date).
@Suite struct PrepareDependenciesTests {
  @Test(arguments: 1...4)
  func eachTestPreparesItsOwn(seconds: Int) {
    prepareDependencies { $0.date.now = Date(timeIntervalSince1970: Double(seconds)) }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == Double(seconds))
  }

  @Test func setsADependencyAndReturnsWhatTheUpdateReturns() {
    let result = prepareDependencies {
      $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) }
      return 42
    }
    #expect(result == 42)
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func reachesTasksStartedLaterAndStoresMadeAnywhere() async {
    prepareDependencies { $0.int = 77 }
    let read = await Task { DependencyValues._current.int }.value
    #expect(read == 77)
  }

  @Test func setsTheContext() {
    prepareDependencies { $0.context = .live }
    @Dependency(\.context) var context
    #expect(context == .live)
    @Dependency(\.full) var full
    #expect(full.value == 1)
  }

  @Test func setsADependencyInTheLiveContext() {
    withDependencies {
      $0.context = .live
    } operation: {
      prepareDependencies { $0.int = 1729 }
      @Dependency(\.int) var int
      // IntKey has no live value: read in the live context, it is reported; prepared, it is not.
      #expect(int == 1729)
    }
  }

  @Test func settingTwiceInOnePreparationKeepsTheLast() {
    prepareDependencies {
      $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) }
      $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 1729) }
    }
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 1729))
  }

  @Test func settingOneEndpointOfAClient() {
    prepareDependencies { $0.base.fetch = { 42 } }
    @Dependency(\.base) var base
    #expect(base.fetch() == 42)
  }

  @Test func aSecondPreparationIsReportedAndChangesNothing() {
    prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) } }
    withKnownIssue {
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSince1970: 0) } }
    } matching: { issue in
      "\(issue)".contains("has already been used or prepared")
    }
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func preparingAfterAUseIsReported() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      _ = date()
      withKnownIssue {
        prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      } matching: { issue in
        "\(issue)".contains("has already been used or prepared")
      }
      #expect(date() != Date(timeIntervalSinceReferenceDate: 42))
    }
  }

  @Test func aPreviewMayBePreparedAfterAUse() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.date) var date
      _ = date()
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      #expect(date() == Date(timeIntervalSinceReferenceDate: 42))
    }
  }

  @Test func withDependenciesStillWinsOverAPreparedValue() {
    prepareDependencies { $0.date.now = Date(timeIntervalSince1970: 42) }
    withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1729)
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 1729))
    }
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 42))
  }
}

struct Full: DependencyKey {
  var value: Int
  static var liveValue: Full { Full(value: 1) }
  static var previewValue: Full { Full(value: 2) }
  static var testValue: Full { Full(value: 3) }
}

extension DependencyValues {
  var full: Full {
    get { self[Full.self] }
    set { self[Full.self] = newValue }
  }
}
