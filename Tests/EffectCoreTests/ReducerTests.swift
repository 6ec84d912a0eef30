import EffectCore
import Testing

@MainActor
@Suite struct ReducerTests {
  struct Logger: Reducer {
    let name: String
    func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
      state.append(name)
      return .none
    }
  }

  struct Composed: Reducer {
    var includeOptional: Bool
    var useFirst: Bool
    var plugins: [String]
    var body: some Reducer<[String], Bool> {
      Logger(name: "a")
      if includeOptional { Logger(name: "optional") }
      if useFirst { Logger(name: "first") } else { Logger(name: "second") }
      for plugin in plugins { Logger(name: plugin) }
      CombineReducers {
        Logger(name: "combined")
        EmptyReducer()
      }
    }
  }

  /// A reducer held as an existential composes in a builder (TCA's `ReducerBuilderTests`).
  struct Existential: Reducer {
    let plugin: any Reducer<[String], Bool>
    var body: some Reducer<[String], Bool> {
      Logger(name: "a") as any Reducer<[String], Bool>
      plugin as any Reducer<[String], Bool>
      Logger(name: "b")
    }
  }

  @Test func anExistentialReducerRunsInItsPlaceInABuilder() {
    var state: [String] = []
    _ = Existential(plugin: Logger(name: "plugin")).reduce(into: &state, action: true)
    #expect(state == ["a", "plugin", "b"])
    // A reducer of a known type keeps it: only the existentials are wrapped.
    let body = Existential(plugin: Logger(name: "plugin")).body
    #expect(
      type(of: body)
        == ReducerSequence<
          ReducerSequence<Reduce<[String], Bool>, Reduce<[String], Bool>>, Logger
        >.self)
  }

  @Test(arguments: [true, false])
  func builderRunsInTheOrderWritten(flag: Bool) {
    var state: [String] = []
    _ = Composed(includeOptional: flag, useFirst: flag, plugins: ["p1", "p2"]).reduce(
      into: &state, action: true)
    let expected = flag ? ["a", "optional", "first"] : ["a", "second"]
    #expect(state == expected + ["p1", "p2", "combined"])
  }

  @Test func onChangeRunsWhenTheValueChanges() {
    var changes: [String] = []
    let reducer = Reduce<Counter.State, Counter.Action> { state, action in
      if action == .increment { state.count += 1 }
      return .none
    }
    .onChange(of: \.count) { old, new, _ in
      changes.append("\(old)->\(new)")
      return .none
    }
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    _ = reducer.reduce(into: &state, action: .decrement)
    #expect(changes == ["0->1"])
  }

  @Test func printChangesLogsActionAndDiff() {
    var lines: [String] = []
    let reducer = Counter().printChanges { lines.append($0) }
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    _ = reducer.reduce(into: &state, action: .delayedIncrement)
    #expect(lines.count == 2)
    #expect(lines[0].contains(".increment"))
    #expect(lines[0].contains("-   count: 0"))
    #expect(lines[0].contains("+   count: 1"))
    #expect(lines[1].contains("(No state changes)"))
  }
}
