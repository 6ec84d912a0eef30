import Foundation
import Injection
import Observation
import Testing

/// `@Dependency` keeps the values in force where it was created, merged with those in force where
/// it is read (the read's win): swift-dependencies' resolution rule, which models outside
/// reducers rely on.
@Suite struct DependencyCaptureTests {
  final class Model {
    @Dependency(\.int) var int
    @Dependency(\.string) var string

    func child() -> Model { withDependencies(from: self) { Model() } }
  }

  @Test func aModelKeepsTheOverridesItWasMadeWith() {
    #expect(Model().int == 42)
    let model = withDependencies {
      $0.int = 1729
    } operation: {
      withDependencies {
        $0.string = "howdy"
      } operation: {
        Model()
      }
    }
    // Read long after `withDependencies` returned.
    #expect(model.int == 1729)
    #expect(model.string == "howdy")
    // The read's own overrides win.
    withDependencies {
      $0.int = 0
      $0.string = "cya"
    } operation: {
      #expect(model.int == 0)
      #expect(model.string == "cya")
    }
    #expect(model.int == 1729)
  }

  @Test func childModelsGetTheirParentsOverrides() {
    let model = withDependencies {
      $0.int = 1729
    } operation: {
      Model()
    }
    let child = model.child()
    let grandchild = child.child()
    #expect(child.int == 1729)
    #expect(grandchild.int == 1729)
    withDependencies {
      $0.int = 0
    } operation: {
      #expect(grandchild.int == 0)
    }
    // Overrides in force where the child is made are laid over the parent's.
    let greatGrandchild = withDependencies {
      $0.int = 9000
    } operation: {
      grandchild.child()
    }
    #expect(greatGrandchild.int == 9000)
    #expect(greatGrandchild.string == "goodbye")
  }

  @Test func childModelsOfAsyncParentsToo() async {
    let model = await withDependencies {
      await Task.yield()
      $0.int = 1729
    } operation: { () -> Model in
      await Task.yield()
      return Model()
    }
    let child = await withDependencies(from: model) {
      $0.string = "async"
    } operation: { () -> Model in
      await Task.yield()
      return Model()
    }
    #expect(child.int == 1729)
    #expect(child.string == "async")
  }

  @Test func aParentWithoutDependencyPropertiesIsKnownByWhatReturnedIt() {
    final class Child { @Dependency(\.date) var date }
    final class Parent {
      func child() -> Child { withDependencies(from: self) { Child() } }
    }
    let parent = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Parent()
    }
    #expect(parent.child().date.now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func aParentWithNoDependenciesIsReported() {
    final class Stranger {}
    let stranger = Stranger()
    withKnownIssue {
      withDependencies(from: stranger) {}
    } matching: { issue in
      "\(issue)".contains("has no dependencies to hand on")
    }
  }

  @MainActor
  @Test func anObservableStyleModelKeepsItsOverridesWhenAButtonIsTappedLater() async throws {
    @MainActor final class FeatureModel {
      @Dependency(\.int) var int
      var shown: [Int] = []
      func buttonTapped() { shown.append(int) }
    }
    let model = withDependencies {
      $0.int = 7
    } operation: {
      FeatureModel()
    }
    // A later tap, on a task that inherited nothing.
    await Task.detached { await model.buttonTapped() }.value
    #expect(model.shown == [7])
  }

  @Test func aDefaultThatReadsOtherDependenciesSeesTheMergedValues() {
    withDependencies {
      $0.context = .test
    } operation: {
      @Dependency(\.earlyBinding) var early
      @Dependency(\.lateBinding) var late
      #expect(early.fetch() == 42)
      #expect(late.fetch() == 42)
      withDependencies {
        $0.base.fetch = { 1729 }
      } operation: {
        #expect(early.fetch() == 1729)
        #expect(late.fetch() == 1729)
      }
      var escapedEarly: EarlyBinding?
      var escapedLate: LateBinding?
      withDependencies {
        $0.base.fetch = { 999 }
      } operation: {
        @Dependency(\.earlyBinding) var early2
        @Dependency(\.lateBinding) var late2
        escapedEarly = early2
        escapedLate = late2
        #expect(early2.fetch() == 999)
        #expect(late2.fetch() == 999)
      }
      // The values were made once in this test, before the override: read here, both see 42.
      #expect(escapedEarly?.fetch() == 42)
      #expect(escapedLate?.fetch() == 42)
      withDependencies {
        $0.base.fetch = { 1_000 }
      } operation: {
        #expect(escapedEarly?.fetch() == 1_000)
        #expect(escapedLate?.fetch() == 1_000)
      }
    }
  }

  @Test func currentValuesCanBeReadAndHandedOn() async {
    let values = withDependencies {
      $0.int = 5
    } operation: {
      DependencyValues._current
    }
    #expect(values.int == 5)
    #expect(DependencyValues._current.int == 42)
    let read = await withDependencies {
      $0 = values
    } operation: {
      await Task { @Sendable in DependencyValues._current.int }.value
    }
    #expect(read == 5)
  }

  @Test func taskAndTaskGroupPropagation() async {
    let task = withDependencies {
      $0.int = 3
    } operation: { () -> Task<Int, Never> in
      @Dependency(\.int) var int
      return Task { int }
    }
    #expect(await task.value == 3)
    let value = await withDependencies {
      $0.int = 4
    } operation: {
      await withTaskGroup(of: Int.self) { group in
        group.addTask { DependencyValues._current.int }
        return await group.next() ?? 0
      }
    }
    #expect(value == 4)
  }
}

struct Base: TestDependencyKey {
  var fetch: @Sendable () -> Int
  static let testValue = Base { 42 }
}

/// Makes its `@Dependency` of `base` when it is made (and reads through it at each call).
struct EarlyBinding: TestDependencyKey {
  var fetch: @Sendable () -> Int
  static var testValue: EarlyBinding {
    @Dependency(\.base) var base
    return EarlyBinding { base.fetch() }
  }
}

/// Reads `base` at each call.
struct LateBinding: TestDependencyKey {
  var fetch: @Sendable () -> Int
  static var testValue: LateBinding {
    LateBinding {
      @Dependency(\.base) var base
      return base.fetch()
    }
  }
}

enum IntKey: TestDependencyKey { static let testValue = 42 }
enum StringKey: TestDependencyKey { static let testValue = "goodbye" }

extension DependencyValues {
  var int: Int {
    get { self[IntKey.self] }
    set { self[IntKey.self] = newValue }
  }
  var string: String {
    get { self[StringKey.self] }
    set { self[StringKey.self] = newValue }
  }
  var base: Base {
    get { self[Base.self] }
    set { self[Base.self] = newValue }
  }
  var earlyBinding: EarlyBinding { self[EarlyBinding.self] }
  var lateBinding: LateBinding { self[LateBinding.self] }
}

/// The vanilla SwiftUI shape: `@Observable` models, dependencies ignored by observation.
@Suite struct ObservableModelDependencyTests {
  @MainActor @Observable final class ParentModel {
    @ObservationIgnored @Dependency(\.int) var int
    var child: ChildModel?
    func showChild() { child = withDependencies(from: self) { ChildModel() } }
  }

  @MainActor @Observable final class ChildModel {
    @ObservationIgnored @Dependency(\.int) var int
    var seen: [Int] = []
    func tapped() { seen.append(int) }
  }

  @MainActor
  @Test func anObservableModelHandsItsOverridesToTheChildItMakesLater() async {
    let parent = withDependencies {
      $0.int = 99
    } operation: {
      ParentModel()
    }
    await Task.yield()
    parent.showChild()
    parent.child?.tapped()
    #expect(parent.child?.seen == [99])
  }
}
