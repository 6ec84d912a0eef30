import EffectIdentifier
import Injection

/// Reads through the context primitive: effect ids under namespaces, dependencies under
/// overrides, each against one bare task-local read.
enum ContextBenchmarks {
  @TaskLocal static var bare = 0
  @TaskLocal static var reference: TaskLocalReference?

  /// What a task-local holds when it holds a reference.
  final class TaskLocalReference: Sendable {}

  /// One task-local read of a class reference, kept until the next read: the baseline of
  /// effect-id, whose read retains the namespace chain the id owns (ARCHITECTURE.md).
  static func taskLocalReferenceRead(_ harness: Harness) -> Double {
    harness.measure(iterations: 2_000_000) { n in
      $reference.withValue(TaskLocalReference()) {
        var last: TaskLocalReference?
        for _ in 0..<n { last = reference }
        blackHole(last)
      }
    }
  }

  static func taskLocalRead(_ harness: Harness) -> Double {
    harness.measure(iterations: 2_000_000) { n in
      $bare.withValue(1) {
        var sum = 0
        for _ in 0..<n { sum &+= bare }
        blackHole(sum)
      }
    }
  }

  static func effectID(_ harness: Harness, baseline: Double) -> Row {
    let ours = harness.measure(iterations: 2_000_000) { n in
      var state: [EffectID] = []
      // Three namespaces in force, as a document around a list around a row.
      let reader = IDLoop(count: n).namespace("row").namespace("list").namespace("document")
      _ = reader.reduce(into: &state, action: ())
      blackHole(state)
    }
    return Row(
      name: "effect-id", ours: ours, baseline: baseline, budget: 2,
      note: "3 namespaces vs task-local reference read")
  }

  static func dependencyRead(_ harness: Harness, baseline: Double) -> Row {
    let ours = harness.measure(iterations: 2_000_000) { n in
      withDependencies {
        $0.benchFirst = 1
      } operation: {
        withDependencies {
          $0.benchSecond = 2
        } operation: {
          withDependencies {
            $0.benchThird = 3
          } operation: {
            @Dependency(\.benchThird) var third
            var sum = 0
            for _ in 0..<n { sum &+= third }
            blackHole(sum)
          }
        }
      }
    }
    return Row(
      name: "dependency-read", ours: ours, baseline: baseline, budget: 3,
      note: "3 overrides vs task-local")
  }
}

/// Reads an `@EffectID` `count` times inside whatever namespaces are in force.
struct IDLoop: Reducer {
  let count: Int

  func reduce(into state: inout [EffectID], action: Void) -> Effect<Void> {
    @EffectID var id
    var last = id
    for _ in 0..<count { last = id }
    state.append(last)
    return .none
  }
}

private enum BenchFirst: DependencyKey { static let liveValue = 0 }
private enum BenchSecond: DependencyKey { static let liveValue = 0 }
private enum BenchThird: DependencyKey { static let liveValue = 0 }

extension DependencyValues {
  fileprivate var benchFirst: Int {
    get { self[BenchFirst.self] }
    set { self[BenchFirst.self] = newValue }
  }
  fileprivate var benchSecond: Int {
    get { self[BenchSecond.self] }
    set { self[BenchSecond.self] = newValue }
  }
  fileprivate var benchThird: Int {
    get { self[BenchThird.self] }
    set { self[BenchThird.self] = newValue }
  }
}
