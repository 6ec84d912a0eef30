import EffectCore
import Testing

/// `..` composes case paths through presentation and stack actions, for `receive` and
/// extraction.
@Suite struct CasePathCompositionTests {
  enum Child: Equatable {
    case tap
    case rename(String)
  }
  enum Action: Equatable {
    case sheet(PresentationAction<Child>)
    case path(StackAction<Int, Child>)
  }

  @Test func composesThroughAPresentation() {
    let rename = /Action.sheet .. .presented .. /Child.rename
    #expect(rename.extract(from: .sheet(.presented(.rename("a")))) == "a")
    #expect(rename.extract(from: .sheet(.presented(.tap))) == nil)
    #expect(rename.extract(from: .sheet(.dismiss)) == nil)
    #expect(rename.embed("b") == .sheet(.presented(.rename("b"))))

    let spelledOut: CasePath<Action, String> =
      /Action.sheet .. /PresentationAction.presented .. Child.rename
    #expect(spelledOut.extract(from: .sheet(.presented(.rename("c")))) == "c")
  }

  @Test func composesThroughAStackElementByID() {
    let second = /Action.path .. .element(id: 1) .. /Child.rename
    #expect(second.extract(from: .path(.element(id: 1, action: .rename("x")))) == "x")
    #expect(second.extract(from: .path(.element(id: 0, action: .rename("x")))) == nil)
    #expect(second.extract(from: .path(.popFrom(id: 1))) == nil)
    #expect(second.embed("y") == .path(.element(id: 1, action: .rename("y"))))
    let popFrom: CasePath<Action, StackElementID> = /Action.path .. /StackAction.popFrom
    #expect(popFrom.extract(from: .path(.popFrom(id: 4))) == 4)
  }

  @Test func presentationStateIsAValue() throws {
    struct State: Equatable, Codable {
      @PresentationState var child: [Int]?
    }
    var a = State(child: [1])
    let b = a
    a.child?.append(2)
    #expect(a.child == [1, 2])
    #expect(b.child == [1])
    #expect(a != b)
    a.child = [1]
    #expect(a == b)
    a.child = nil
    #expect(a.child == nil)
    #expect(State() == a)
  }
}
