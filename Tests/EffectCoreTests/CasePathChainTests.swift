import Testing

@testable import EffectCore

/// Receive chains through presentations and stacks written with short members (`.presented`,
/// `.dismiss`, `.element(id:)`, `.popFrom(id:)`, a child's case), and failures that name the one
/// case a chain expects.
@MainActor
@Suite struct CasePathChainTests {
  struct Editor: Reducer {
    struct State: Equatable {}
    enum Action: Equatable {
      case saveTapped
      case renamed(String)
      case retitled(String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .saveTapped: .send(.retitled("Draft"))
      case .renamed, .retitled: .none
      }
    }
  }

  struct Feature: Reducer {
    struct State: Equatable {
      @PresentationState var editor: Editor.State?
      var path = StackState<Editor.State>()
      var log: [String] = []
    }
    enum Action: Equatable {
      case editor(PresentationAction<Editor.Action>)
      case path(StackAction<Editor.State, Editor.Action>)
      case closeTapped, popTapped
    }
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .editor(.presented(.retitled(let title))):
          state.log.append(title)
          return .send(.editor(.dismiss))
        case .closeTapped: return .send(.editor(.dismiss))
        case .popTapped: return .send(.path(.popFrom(id: 0)))
        case .editor, .path: return .none
        }
      }
      .ifLet(\.$editor, action: /Action.editor) { Editor() }
      .forEach(\.path, action: /Action.path) { Editor() }
    }
  }

  @Test func membersMatchTheCaseTheyName() {
    let save = /Feature.Action.editor .. .presented .. .saveTapped
    #expect(save.extract(from: .editor(.presented(.saveTapped))) != nil)
    #expect(save.extract(from: .editor(.presented(.renamed("a")))) == nil)
    #expect(save.embed(()) == .editor(.presented(.saveTapped)))

    let dismiss = /Feature.Action.editor .. .dismiss
    #expect(dismiss.extract(from: .editor(.dismiss)) != nil)
    #expect(dismiss.extract(from: .editor(.presented(.saveTapped))) == nil)

    let pop = /Feature.Action.path .. .popFrom(id: 1)
    #expect(pop.extract(from: .path(.popFrom(id: 1))) != nil)
    #expect(pop.extract(from: .path(.popFrom(id: 0))) == nil)
    #expect(pop.embed(()) == .path(.popFrom(id: 1)))

    let renamed = /Feature.Action.path .. .element(id: 0) .. Editor.Action.renamed
    #expect(renamed.extract(from: .path(.element(id: 0, action: .renamed("b")))) == "b")
    #expect(renamed.extract(from: .path(.element(id: 0, action: .retitled("b")))) == nil)
  }

  @Test func membersAreNamedAsTheyAreWritten() {
    #expect(
      "\(/Feature.Action.editor .. .presented .. .saveTapped)"
        == "/CasePathChainTests.Feature.Action.editor .. /PresentationAction.presented .. "
        + ".saveTapped")
    #expect(
      "\(/Feature.Action.editor .. .dismiss)"
        == "/CasePathChainTests.Feature.Action.editor .. .dismiss")
    #expect(
      "\(/Feature.Action.path .. .popFrom(id: 2))"
        == "/CasePathChainTests.Feature.Action.path .. .popFrom(id: #2)")
  }

  /// A payload that is not `Equatable` is compared by its dump.
  @Test func aValueThatIsNotEquatableMatchesByItsDump() {
    struct Note { var text: String }
    enum Action { case note(Note) }
    let hello = /Action.note .. Note(text: "hello")
    #expect(hello.extract(from: .note(Note(text: "hello"))) != nil)
    #expect(hello.extract(from: .note(Note(text: "bye"))) == nil)
  }

  @Test func aStoreReceivesThroughShortChains() async throws {
    let store = TestStore(initialState: Feature.State(editor: Editor.State())) { Feature() }
    try await store.send(.editor(.presented(.saveTapped)))
    try await store.receive(/Feature.Action.editor .. .presented .. Editor.Action.retitled) {
      $0.log = ["Draft"]
    }
    try await store.receive(/Feature.Action.editor .. .dismiss) { $0.editor = nil }
    try await store.finish()
  }

  /// Two cases of `Editor.Action` carry a `String`, which cannot be made up to see which case
  /// `Editor.Action.renamed` makes: the message names the one the path was seen to make.
  @Test func aFailingReceiveNamesTheOneCaseExpected() async throws {
    let store = TestStore(initialState: Feature.State(editor: Editor.State())) { Feature() }
    try await store.send(.editor(.presented(.saveTapped)))
    let failures = try await TestStoreFailure.collect {
      try await store.receive(/Feature.Action.editor .. .presented .. Editor.Action.renamed)
    }
    let message = try #require(failures.only?.message)
    #expect(message.contains("expected an action matching "))
    #expect(message.contains(".presented .. /CasePathChainTests.Editor.Action.renamed:"))
    #expect(!message.contains(" or "))
    await store.skipReceivedActions()
  }

  /// Before it has seen an action of one of the cases that share its payload type, a path whose
  /// payload is not plain data names them all; once it has, only its own.
  @Test func aPathNamesItsCaseOnceItHasTriedASibling() {
    let renamed: CasePath<Editor.Action, String> = /Editor.Action.renamed
    #expect(
      "\(renamed)"
        == "/CasePathChainTests.Editor.Action.renamed or "
        + "/CasePathChainTests.Editor.Action.retitled")
    #expect(renamed.extract(from: .retitled("a")) == nil)
    #expect("\(renamed)" == "/CasePathChainTests.Editor.Action.renamed")
  }
}
