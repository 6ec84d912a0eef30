import EffectIdentifier
import Testing

@MainActor
@Suite struct EffectIDTests {
  // Swift 6 refuses a property wrapper on a static (its storage is a global `var`), so a static
  // id is a computed property around a local declaration: one declaration site, namespaced.
  static var staticID: EffectID {
    @EffectID var id
    return id
  }
  @EffectID var instanceID

  @Test func eachIDEqualsItselfAndDeclarationsDiffer() {
    @EffectID var a = 1
    @EffectID var b = 1
    @EffectID var c
    #expect(a == a)
    #expect(a != b)
    #expect(c == c)
    #expect(c != a)
    #expect(Self.staticID == Self.staticID)
    #expect(instanceID == EffectIDTests().instanceID)
    #expect(instanceID != Self.staticID)
  }

  @Test func theSameDeclarationGivesTheSameIDEachTime() {
    func read() -> EffectID {
      @EffectID var id = "row"
      return id
    }
    #expect(read() == read())
    #expect(Set([read(), read()]).count == 1)
  }

  @Test func assignedValuesAugmentTheIdentity() {
    func read(_ value: Int) -> EffectID {
      @EffectID var id = value
      return id
    }
    #expect(read(1) != read(2))
    #expect(read(1) == read(1))
  }

  @Test func anIDIsThreeWordsSoAnyHashableStoresItInline() {
    // AnyHashable keeps up to three words inline; a larger id would allocate a box for every
    // cancellation id built from it.
    #expect(MemoryLayout<EffectID>.size <= 3 * MemoryLayout<Int>.size)
  }

  @Test func anAssignedValueIsNotANamespace() {
    func read(_ value: String) -> EffectID {
      @EffectID var id = value
      return id
    }
    let plain = read("row")
    let namespaced = Store(initialState: [EffectID]()) {
      Reduce<[EffectID], Void> { state, _ in
        state.append(read("row"))
        return .none
      }
      .namespace("row")
    }
    namespaced.send(())
    #expect(plain != namespaced.state[0])
    #expect(plain.description.hasSuffix("\"row\")"))
    #expect(namespaced.state[0].description.hasSuffix("\"row\", in: [row])"))
  }

  @Test func idsReadInAnyTaskSeeTheNamespacesBoundThere() async {
    @Sendable nonisolated func read() -> EffectID {
      @EffectID var id
      return id
    }
    let outside = read()
    let detached = await Task.detached { read() }.value
    #expect(outside == detached)
    #expect(!outside.description.contains("in:"))
  }

  @Test func descriptionNamesTheDeclaration() {
    @EffectID var id = "A"
    #expect(id.description.contains("EffectIDTests.swift"))
    #expect(id.description.contains("\"A\""))
  }
}

@Suite struct IdentifiedTests {
  struct Value: Equatable, Hashable, Codable, Sendable { var name: String }

  @Test func conformancesAndDynamicMemberLookup() throws {
    var identified = Identified(Value(name: "Tea"), id: 3)
    #expect(identified.name == "Tea")
    identified.name = "Coffee"
    #expect(identified.value.name == "Coffee")
    #expect(identified.id == 3)
    #expect(identified == Identified(Value(name: "Coffee"), id: 3))
    #expect(Set([identified, identified]).count == 1)
    let array: IdentifiedArrayOf<Identified<Int, Value>> = [identified]
    #expect(array[id: 3]?.name == "Coffee")
  }
}
