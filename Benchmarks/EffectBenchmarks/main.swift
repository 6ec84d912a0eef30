import EffectCore

// Each row compares a library operation with the bare Swift operation it stands on, measured in
// the same run, and checks the ratio against the budget in ARCHITECTURE.md.
// Usage: swift run -c release EffectBenchmarks [--quick] [--only NAME]
// NAME: send, nested-send, row-send, effect, cancel, effect-id, dependency-read, undo, scaling,
// shared-read-write, shared-rows, observed-send, watch-memory, screen-send, script-lines

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let harness = Harness.fromArguments(arguments)
let only = arguments.firstIndex(of: "--only").flatMap {
  $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
}

var rows: [Row] = []
let send = SendBenchmarks(harness: harness)
if only == nil || only == "send" { rows += send.send() }
if only == nil || only == "nested-send" { rows += send.nestedSend() }
if only == nil || only == "nested-send-generic" { rows += send.nestedGenericSend() }
if only == nil || only == "row-send" {
  let sizes = quick ? [100, 10_000] : [100, 10_000, 100_000]
  rows += send.rowSend(sizes: sizes)
}
let effects = EffectBenchmarks(harness: harness)
if only == nil || only == "effect" { rows += await effects.effect() }
if only == nil || only == "cancel" { rows += await effects.cancel() }
if only == nil || only == "effect-id" || only == "dependency-read" {
  if only != "dependency-read" {
    let referenceRead = ContextBenchmarks.taskLocalReferenceRead(harness)
    rows.append(ContextBenchmarks.effectID(harness, baseline: referenceRead))
  }
  if only != "effect-id" {
    let taskLocal = ContextBenchmarks.taskLocalRead(harness)
    rows.append(ContextBenchmarks.dependencyRead(harness, baseline: taskLocal))
  }
}
if only == nil || only == "undo" {
  let sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
  rows += UndoBenchmarks(harness: harness).rows(sizes: sizes)
}
let scaling = ScalingBenchmarks(harness: harness, small: 10, large: quick ? 10_000 : 100_000)
if only == nil || only == "scaling" {
  rows.append(scaling.send())
  rows.append(await scaling.cancel())
  rows.append(scaling.effectID())
}
let shared = SharedBenchmarks(harness: harness)
if only == nil || only == "shared-read-write" { rows.append(shared.readWrite()) }
if only == nil || only == "shared-rows" { rows += shared.rows(small: 10, large: 10_000) }
let views = ViewBenchmarks(harness: harness)
if only == nil || only == "observed-send" {
  rows += views.observedSend(sizes: quick ? [100, 10_000] : [100, 10_000, 100_000])
}
if only == nil || only == "watch-memory" { rows += views.watchMemory(rows: 10_000) }
if only == nil || only == "screen-send" { rows.append(views.screenSend()) }
if only == nil || only == "script-lines",
  let row = ScriptBenchmarks(harness: harness).advanceLines()
{
  rows.append(row)
}
printReport(rows, quick: quick)
