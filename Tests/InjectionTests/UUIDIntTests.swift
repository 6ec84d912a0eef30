import Foundation
import Injection
import Testing

@Suite struct UUIDIntTests {
  @Test func numbersMakeTheUUIDsTestsExpect() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    // A value past 32 bits exists only where `Int` has 64 (not on watchOS devices).
    #if _pointerBitWidth(_64)
      #expect(UUID(0x1_0000_0000_0000).uuidString == "00000000-0000-0000-0001-000000000000")
    #endif
    #expect(UUID(0x1_0000).uuidString == "00000000-0000-0000-0000-000000010000")
    #expect(UUID(7) == UUID(7))
    #expect(UUID(7) != UUID(8))
  }

  @Test func incrementingCountsThroughTheSameUUIDs() {
    let uuid = UUIDGenerator.incrementing
    #expect((0..<20).map { _ in uuid() } == (0..<20).map { UUID($0) })
  }
}
