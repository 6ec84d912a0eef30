import Foundation
import Testing

@testable import ManyTimersCLI

/// many-timers' platform layer (`System`), and how its tests find the program.
@Suite struct SystemTests {
  @Test func thePeakResidentSizeIsInBytes() throws {
    // `ru_maxrss` counts kilobytes on Linux and bytes on macOS: read in the wrong unit, the peak
    // would be a thousandth of what is resident now, or a thousand times too much.
    #if os(Linux)
      let now = try #require(System.currentResidentBytes())
    #endif
    let peak = System.peakResidentBytes()
    #expect(peak > 1 << 20)
    #expect(peak < 1 << 40)
    #if os(Linux)
      // The kernel updates the peak lazily, and tests running beside this one allocate: the
      // peak may trail what is resident by a little, never by the factor of 1,024 a wrong unit
      // makes.
      #expect(peak >= now / 2)
    #endif
  }

  @Test func aWrittenFileIsFlushedAndABadDescriptorSaysWhy() throws {
    let folder = TemporaryFolder()
    let path = folder.write("saved", to: "flushed")
    let descriptor = open(path, O_RDWR)
    try #require(descriptor >= 0)
    #expect(System.flushToDisk(descriptor) == 0)
    close(descriptor)
    #expect(System.flushToDisk(-1) == EBADF)
  }

  @Test func functionsAreFoundInEveryLoadedImage() {
    typealias GetPID = @convention(c) () -> pid_t
    #expect(System.symbol(named: "getpid", as: GetPID.self)?() == getpid())
    #expect(System.symbol(named: "many_timers_no_such_function", as: GetPID.self) == nil)
    #if canImport(Glibc)
      #expect(System.syncFileSystem != nil)
    #endif
  }

  @Test func aFileStampReadsItsModificationTime() throws {
    let folder = TemporaryFolder()
    let path = folder.write("stamped", to: "file")
    var info = stat()
    try #require(stat(path, &info) == 0)
    let modified = try #require(
      FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    let (seconds, _) = System.modifiedAndChanged(info)
    #expect(seconds[0] == Int(modified.timeIntervalSince1970.rounded(.down)))
  }

  @Test func theProgramIsFoundAmongTheBuildProducts() throws {
    #expect(
      BuildProducts.folder(ofImageAt: "/p/.build/x86_64-unknown-linux-gnu/debug/EKTests.xctest")?
        .path == "/p/.build/x86_64-unknown-linux-gnu/debug")
    #expect(
      BuildProducts.folder(
        ofImageAt: "/p/.build/arm64-apple-macosx/debug/EKTests.xctest/Contents/MacOS/EKTests")?
        .path == "/p/.build/arm64-apple-macosx/debug")
    #expect(BuildProducts.folder(ofImageAt: "/usr/bin/xctest") == nil)
    let folder = try #require(BuildProducts.folder)
    #expect(ExecutableTests.executable == folder.appendingPathComponent("many-timers"))
  }
}
