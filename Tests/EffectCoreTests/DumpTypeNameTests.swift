import Testing

@testable import EffectCore

/// Diffs name types as code in a module that imports theirs does, with the types they are
/// nested in and without module names, as TCA's do: `Feature.State(`.
@Suite struct DumpTypeNameTests {
  struct Feature {
    struct State {}
    struct Box<Value> { var value: Value }
  }

  @Test func nestedTypesKeepTheirEnclosingTypes() {
    #expect(Dump.typeName(Feature.State.self) == "DumpTypeNameTests.Feature.State")
  }

  @Test func genericArgumentsLoseTheirModulesToo() {
    #expect(
      Dump.typeName(Feature.Box<Feature.State>.self)
        == "DumpTypeNameTests.Feature.Box<DumpTypeNameTests.Feature.State>")
    #expect(Dump.typeName([Int: String?].self) == "Dictionary<Int, Optional<String>>")
    #expect(Dump.typeName((Int, Feature.State).self) == "(Int, DumpTypeNameTests.Feature.State)")
  }

  @Test func aLocalTypeIsNamedFromWhereTheRuntimeCanSay() {
    struct Local { struct State {} }
    // The function it is declared in has no name at run time; the type it is in has.
    #expect(Dump.typeName(Local.State.self) == "DumpTypeNameTests.Local.State")
  }

  @Test func theDumpOfAValueStartsWithItsTypeName() {
    struct Payload { var a = 1 }
    #expect(
      Dump.lines(Feature.Box(value: Payload())).first
        == "DumpTypeNameTests.Feature.Box<DumpTypeNameTests.Payload>(")
  }
}
