import Foundation
import Testing

@testable import ManyTimersCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard streams that are closed, full or read by nobody, and names that would steer the
/// terminal (issue 29, points 2, 3, 10, 11, 12 and 13): the run saves its documents, says what
/// failed, and never crashes or dies of SIGPIPE.
@Suite struct StreamSafetyTests {
  /// Runs `command` in bash, with `$0` the built `many-timers` and the working folder `folder`.
  func shell(_ command: String, in folder: TemporaryFolder, input: String = "") async throws
    -> (status: Int32, out: String, err: String)
  {
    let executable = try #require(ExecutableTests.executable, "build many-timers first")
    let run = try await runToEnd(
      URL(fileURLWithPath: "/bin/bash"),
      ["-c", "cd \"$1\" && " + command, executable.path, folder.path], input: Data(input.utf8))
    return (
      run.status, String(decoding: run.out, as: UTF8.self), String(decoding: run.err, as: UTF8.self)
    )
  }

  func savedName(_ folder: TemporaryFolder, _ name: String = "s.timer") throws -> String {
    try DocumentFile.read(folder.file(name)).timer.name
  }

  @Test func aClosedOutputPipeStillSavesTheDocument() async throws {
    let folder = TemporaryFolder()
    _ = folder.write(TimerDocument.json(), to: "s.timer")
    let script = (["rename 1 Kept"] + Array(repeating: "dump", count: 2_000)).joined(
      separator: "\n")
    _ = folder.write(script + "\n", to: "script")
    let result = try await shell(
      #""$0" run --virtual-clock --open s.timer < script | head -c 1 > /dev/null; "#
        + #"echo "status=${PIPESTATUS[0]}""#, in: folder)
    #expect(result.out == "status=74\n")
    #expect(result.err.contains("error: standard output: broken pipe"))
    #expect(try savedName(folder) == "Kept")
  }

  @Test func aClosedStandardErrorAndABadLineStillSave() async throws {
    let folder = TemporaryFolder()
    _ = folder.write(TimerDocument.json(), to: "s.timer")
    let result = try await shell(
      #"printf 'rename 1 Kept\nbogus\n' | "$0" run --open s.timer 2>&-; echo "status=$?""#,
      in: folder)
    #expect(result.out == "status=65\n")
    #expect(try savedName(folder) == "Kept")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["s.timer"])
  }

  // `/dev/full`, a device whose writes fail with ENOSPC, is Linux's.
  #if os(Linux)
    @Test func aFullStandardErrorStillSaves() async throws {
      let folder = TemporaryFolder()
      _ = folder.write(TimerDocument.json(), to: "s.timer")
      let result = try await shell(
        #"printf 'rename 1 Kept\nbogus\n' | "$0" run --open s.timer 2>/dev/full; echo "status=$?""#,
        in: folder)
      #expect(result.out == "status=65\n")
      #expect(try savedName(folder) == "Kept")
    }

    @Test func aFullStandardOutputIsAnError() async throws {
      let folder = TemporaryFolder()
      let result = try await shell(
        #"echo dump | "$0" run --virtual-clock > /dev/full; echo "status=$?""#, in: folder)
      #expect(result.out == "status=74\n")
      #expect(result.err.contains("error: standard output: no space left on device"))
    }
  #endif

  @Test func closedStandardStreamsCrashNoMode() async throws {
    let folder = TemporaryFolder()
    _ = folder.write(TimerDocument.json(), to: "s.timer")
    let result = try await shell(
      #""$0" <&-; echo "a=$?"; "$0" run <&-; echo "b=$?"; "$0" open s.timer <&-; echo "c=$?"; "#
        + #""$0" shoebox --timers 2 <&- >&-; echo "d=$?"; "$0" --help >&-; echo "e=$?""#,
      in: folder)
    #expect(result.out == "a=0\nb=0\nc=0\nd=0\ne=74\n")
    #expect(try savedName(folder) == "Tea")
  }

  @Test func pathsAreSanitizedInEveryMessage() async throws {
    let folder = TemporaryFolder()
    let evil = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J.timer"
    let created = try await shell(
      #""$0" new -- "$2""#.replacingOccurrences(of: "$2", with: evil), in: folder)
    #expect(created.status == 0)
    #expect(created.out == "created evil?]0;pwned??[2J.timer\n")
    let again = try await shell(
      #""$0" new -- "$2""#.replacingOccurrences(of: "$2", with: evil), in: folder)
    #expect(again.status == 73)
    #expect(again.err.hasPrefix("error: evil?]0;pwned??[2J.timer: already exists"))
    let missing = try await shell(#""$0" open $'x\e[2J.timer' < /dev/null"#, in: folder)
    #expect(missing.err == "error: x?[2J.timer: no such file\n")
    let script = try await shell(#""$0" run --script $'s\a.txt'"#, in: folder)
    #expect(!script.err.contains("\u{07}"))
    #expect(script.status == 66)
  }

  @MainActor
  @Test func everyDocumentThatCouldNotBeSavedIsNamed() async throws {
    let folder = TemporaryFolder()
    var paths: [String] = []
    for name in ["a", "b", "c"] {
      let path = folder.write(TimerDocument.json(name: name), to: "\(name).timer")
      chmod(path, 0o444)
      paths.append(path)
    }
    let console = Console(input: ["rename 1 A", "rename 2 B", "rename 3 C"])
    #expect(await console.run(["run", "--virtual-clock", "--open"] + paths) == .ioError)
    #expect(console.errors.count == 3)
    for (path, error) in zip(paths, console.errors) {
      #expect(error.hasPrefix("error: \(path): cannot save"))
    }
  }
}
