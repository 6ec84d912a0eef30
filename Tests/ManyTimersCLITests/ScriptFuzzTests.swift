import Foundation
import Testing

@testable import ManyTimersCLI

/// Fixed-seed fuzzing of what many-timers reads as commands: script lines, whole scripts and
/// the command line. Every input is either understood or refused with a message; none crashes
/// (a crash would end the whole test run). Only the tests that run the `App` need the main
/// actor; the others run on the concurrency pool, beside the rest of the suite.
@Suite struct ScriptFuzzTests {
  static let verbs = [
    "start", "stop", "toggle", "reset", "remove", "add", "rename", "duration", "advance", "bell",
    "undo", "redo", "dump", "save", "quit", "all", "on", "off", "#", "Start", "",
  ]

  @Test func randomBytesAreParsedOrRefusedWithAReason() {
    var random = SplitMix64(seed: 0xF022_0001)
    for _ in 0..<2_000 {
      let bytes = random.bytes(Int.random(in: 0...48, using: &random))
      checkParse(String(decoding: bytes, as: UTF8.self))
    }
  }

  @Test func randomCommandLinesAreParsedOrRefusedWithAReason() {
    var random = SplitMix64(seed: 0xF022_0002)
    let separators = [" ", " ", " ", "  ", "\t", "\u{A0}", "\u{2028}"]
    for _ in 0..<5_000 {
      let words = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        random.word(from: Self.verbs)
      }
      var line = ""
      for word in words { line += word + random.pick(separators) }
      checkParse(line)
    }
  }

  /// Parses one line: a command that keeps its promises, or an error that says something.
  private func checkParse(_ line: String) {
    let command: ScriptCommand?
    do {
      command = try ScriptCommand.parse(line)
    } catch {
      #expect(!error.description.isEmpty, "empty error for \(line.debugDescription)")
      return
    }
    guard let command else { return }
    let durations = 0...TimerDuration.maximum
    switch command {
    case .timer(_, let number), .remove(let number):
      #expect(number >= 1, "\(line.debugDescription)")
    case .rename(let number, let name):
      #expect(number >= 1, "\(line.debugDescription)")
      #expect(!name.isEmpty, "\(line.debugDescription)")
      #expect(name.count <= TimerDocument.maximumNameLength, "\(line.debugDescription)")
    case .add(let name, let seconds):
      #expect(durations.contains(seconds), "\(line.debugDescription)")
      #expect(name.map { !$0.isEmpty } ?? true, "\(line.debugDescription)")
      #expect(
        (name?.count ?? 0) <= TimerDocument.maximumNameLength, "\(line.debugDescription)")
    case .duration(let number, let seconds):
      #expect(number >= 1, "\(line.debugDescription)")
      #expect(durations.contains(seconds), "\(line.debugDescription)")
    case .advance(let seconds):
      #expect(durations.contains(seconds), "\(line.debugDescription)")
    case .all, .undo, .redo, .bell, .dump, .save, .quit:
      break
    }
  }

  @MainActor
  @Test func randomScriptsRunWithoutCrashingAndKeepEveryTimerInRange() async throws {
    var random = SplitMix64(seed: 0xF022_0003)
    let lines = [
      "start 1", "stop 2", "toggle 3", "reset 1", "start all", "stop all", "add", "add Tea 3",
      "add 2", "remove 1", "remove 3", "rename 2 Green  tea", "duration 1 2", "duration 2 0",
      "undo", "undo", "redo", "advance 1", "advance 3", "bell off", "bell on", "dump", "save",
    ]
    // Without `quit`, so that the closing `dump` always runs.
    let verbs = Self.verbs.filter { $0 != "quit" }
    for script in 0..<60 {
      let input = (0..<Int.random(in: 1...25, using: &random)).map { _ in
        random.chance(85) ? random.pick(lines) : random.word(from: verbs) + " " + random.text()
      }
      let console = Console(input: input + ["dump"])
      let status = await console.run(["run", "--virtual-clock", "--timers", "3"])
      #expect(status == .success || status == .dataError, "script \(script): \(input)")
      for error in console.errors {
        #expect(error.hasPrefix("error: line "), "script \(script): \(error)")
      }
      let dump = try #require(console.output.last, "script \(script): \(input)")
      let timers = try #require(Self.timers(inDump: dump), "script \(script): \(dump)")
      for timer in timers {
        #expect((0...timer.duration).contains(timer.remaining), "script \(script): \(dump)")
      }
    }
  }

  /// The timers of a `dump` line, or `nil` if it is not the documented JSON.
  static func timers(inDump line: String) -> [(duration: Int, remaining: Int)]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
      let dump = object as? [String: Any], dump["bell"] is Bool,
      let timers = dump["timers"] as? [[String: Any]]
    else { return nil }
    return timers.compactMap { timer in
      guard let duration = timer["duration"] as? Int, let remaining = timer["remaining"] as? Int,
        timer["name"] is String, timer["status"] is String
      else { return nil }
      return (duration, remaining)
    }
  }

  @Test func randomArgumentVectorsAreParsedOrRefusedWithAUsageError() {
    var random = SplitMix64(seed: 0xF022_0004)
    let vocabulary = [
      "shoebox", "open", "new", "run", "bench", "help", "-h", "--help", "--version", "--timers",
      "--open", "--script", "--virtual-clock", "--name", "--duration", "--seconds", "-", "--",
      "a.timer", "b.timer", "script.txt",
    ]
    for _ in 0..<5_000 {
      let arguments = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        random.word(from: vocabulary)
      }
      let mode: Mode
      do {
        mode = try Arguments.parse(arguments)
      } catch {
        // `parse` throws only `UsageError`, by its type; it must say what is wrong.
        #expect(!error.description.isEmpty, "\(arguments)")
        continue
      }
      switch mode {
      case .interactive(let source), .run(_, _, let source):
        switch source {
        case .shoebox(let count): #expect((0...1_000_000).contains(count), "\(arguments)")
        case .documents(let paths): #expect(!paths.isEmpty, "\(arguments)")
        }
      case .new(let path, _, let duration):
        #expect(!path.hasPrefix("-"), "\(arguments)")
        #expect(duration.map { (0...TimerDuration.maximum).contains($0) } ?? true, "\(arguments)")
      case .bench(let timers, let seconds):
        #expect((0...1_000_000).contains(timers), "\(arguments)")
        #expect(seconds >= 1, "\(arguments)")
      case .help, .version:
        break
      }
    }
  }
}
