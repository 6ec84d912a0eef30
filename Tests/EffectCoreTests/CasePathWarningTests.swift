import EffectCore
import Testing

/// A case path that cannot extract says so, once, instead of returning `nil` forever. Each test
/// uses types of its own: the warning is given once per pair of types in the process.
@Suite struct CasePathWarningTests {
  enum Search: Equatable {
    case query(String)
    case page(Int)
  }

  @Test func aPathFromAFunctionThatIsNoCaseWarnsOnceNamingItsTypes() {
    let reported = warnings {
      for _ in 0..<3 {
        let path: CasePath<Search, Double> = /{ (value: Double) in Search.query("\(value)") }
        #expect(path.extract(from: .query("1.0")) == nil)
      }
    }
    #expect(reported.count == 1)
    let message = reported.first
    #expect(message?.contains("from Search to Double can never extract") == true)
    #expect(message?.contains("query(String), page(Int)") == true)
    #expect(message?.contains("(/Search.query)") == true)
    #expect(message?.contains("CasePath(embed:extract:)") == true)
  }

  enum Route: Equatable {
    case detail(id: Int)
    case list
  }

  @Test func aPayloadCaseWithoutATypeAnnotationWarnsWithTheTypeToWrite() {
    let reported = warnings {
      let path = /Route.detail
      _ = path
      _ = /Route.detail
    }
    #expect(reported.count == 1)
    let message = reported.first
    #expect(message?.contains("can never extract") == true)
    #expect(message?.contains("let path: CasePath<Route, Int> = /Route.case") == true)
  }

  /// Why the unannotated path cannot reach a store: its root is the constructor, not `Route`,
  /// so `receive`, `Scope` and `extract(from: sheet)` do not compile with it.
  @Test func aPayloadCaseWithoutATypeAnnotationIsAPathFromTheConstructor() {
    enum Sheet: Equatable {
      case page(Int)
      case none
    }
    let path = /Sheet.page
    #expect(type(of: path) == CasePath<@Sendable (Int) -> Sheet, Void>.self)
    let annotated: CasePath<Sheet, Int> = /Sheet.page
    #expect(annotated.extract(from: .page(7)) == 7)
  }

  struct NotAnEnum: Equatable { var value: Int }

  @Test func aPathIntoAStructWarns() {
    let reported = warnings {
      let path: CasePath<NotAnEnum, Int> = /NotAnEnum.init(value:)
      #expect(path.extract(from: NotAnEnum(value: 1)) == nil)
      #expect(path.embed(2) == NotAnEnum(value: 2))
    }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("NotAnEnum is not an enum") == true)
  }

  enum Tab: Equatable {
    case select(index: Int)
    case rename(id: Int, title: String)
    case close
  }

  @Test func pathsThatExtractSayNothing() {
    let reported = warnings {
      let select: CasePath<Tab, Int> = /Tab.select
      let rename: CasePath<Tab, (Int, String)> = /Tab.rename
      let close: CasePath<Tab, Void> = /Tab.close
      #expect(select.extract(from: .select(index: 2)) == 2)
      #expect(rename.extract(from: .rename(id: 1, title: "a"))?.1 == "a")
      #expect(close.extract(from: .close) != nil)
    }
    #expect(reported.isEmpty)
  }
}
