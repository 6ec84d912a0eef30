import EffectCore
import Testing

/// Enums with one case that carries a payload: extraction reads the payload in place (and,
/// when that is the only case, without reading the tag). Each shape against the general one.
@Suite struct CasePathSinglePayloadTests {
  final class Token: Equatable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
  }

  struct Child: Equatable, Sendable {
    var title: String
    var token: Token
    var count: Int
  }

  /// One case, as a feature that wraps another: `.whole`.
  enum Wrapper: Equatable {
    case child(Child)
  }

  /// One payload case among empty ones, as `PresentationAction`: `.inPlace`.
  enum Presentation: Equatable {
    case dismiss
    case presented(Child)
    case cancel
  }

  /// A generic one-case enum, as `Wrap<Inner>.Action`, nested.
  enum Generic<Inner: Equatable>: Equatable {
    case inner(Inner)
  }

  /// One payload case, `indirect`: the payload lives in a box, so no shortcut applies.
  indirect enum Boxed: Equatable {
    case end
    case link(Child)
  }

  /// A payload with spare bits the empty cases use (a class reference).
  enum Reference: Equatable {
    case none
    case some(Token)
    case other
  }

  let child = Child(title: String(repeating: "long title ", count: 4), token: Token("t"), count: 7)

  @Test func theOnlyCaseIsAlwaysItsPayload() {
    let path: CasePath<Wrapper, Child> = /Wrapper.child
    for _ in 0..<3 { #expect(path.extract(from: .child(child)) == child) }
    #expect(path.embed(child) == .child(child))
  }

  @Test func onePayloadCaseAmongEmptyOnes() {
    let path: CasePath<Presentation, Child> = /Presentation.presented
    for _ in 0..<3 {
      #expect(path.extract(from: .presented(child)) == child)
      #expect(path.extract(from: .dismiss) == nil)
      #expect(path.extract(from: .cancel) == nil)
    }
  }

  @Test func aPayloadWhoseSpareBitsHoldTheOtherCases() {
    let token = Token("shared")
    let path: CasePath<Reference, Token> = /Reference.some
    for _ in 0..<3 {
      #expect(path.extract(from: .some(token)) === token)
      #expect(path.extract(from: .none) == nil)
      #expect(path.extract(from: .other) == nil)
    }
  }

  @Test func genericOneCaseEnumsNested() {
    typealias Two = Generic<Generic<Child>>
    let outer: CasePath<Two, Generic<Child>> = /Two.inner
    let inner: CasePath<Generic<Child>, Child> = /Generic<Child>.inner
    let value = Two.inner(.inner(child))
    for _ in 0..<3 {
      #expect(outer.extract(from: value).flatMap(inner.extract(from:)) == child)
    }
  }

  @Test func anIndirectPayloadIsStillProjected() {
    let path: CasePath<Boxed, Child> = /Boxed.link
    for _ in 0..<3 {
      #expect(path.extract(from: .link(child)) == child)
      #expect(path.extract(from: .end) == nil)
    }
  }

  @Test func extractedReferencesStayAliveAfterTheEnumIsGone() {
    weak var weakToken: Token?
    var extracted: Child?
    do {
      let token = Token("kept")
      weakToken = token
      let path: CasePath<Presentation, Child> = /Presentation.presented
      var value: Presentation? = .presented(Child(title: "t", token: token, count: 1))
      extracted = value.flatMap(path.extract(from:))
      value = nil
    }
    #expect(weakToken != nil)
    #expect(extracted?.token.name == "kept")
    extracted = nil
    #expect(weakToken == nil)
  }
}
