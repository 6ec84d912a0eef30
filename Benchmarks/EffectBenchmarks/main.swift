import EffectCore

// Each row compares a library operation with the bare Swift operation it stands on, measured in
// the same run, and checks the ratio against the budget in ARCHITECTURE.md.
// Usage: swift run -c release EffectBenchmarks [--quick] [--only NAME[,NAME...]]
// NAME: send, nested-send, row-send, effect, cancel, effect-id, dependency-read, undo, scaling,
// shared-read-write, shared-rows, observed-send, watch-memory, screen-send, script-lines

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let harness = Harness.fromArguments(arguments)
/// The rows asked for with `--only` (several, comma-separated, run in the usual order), or `nil`
/// for all of them.
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap {
  $0 + 1 < arguments.count ? Set(arguments[$0 + 1].split(separator: ",").map(String.init)) : nil
}
/// Whether the run includes `name`.
func runs(_ name: String) -> Bool { only?.contains(name) ?? true }

var rows: [Row] = []
let send = SendBenchmarks(harness: harness)
if runs("send") { rows += send.send() }
if runs("nested-send") { rows += send.nestedSend() }
if runs("nested-send-generic") { rows += send.nestedGenericSend() }
if runs("row-send") {
  let sizes = quick ? [100, 10_000] : [100, 10_000, 100_000]
  rows += send.rowSend(sizes: sizes)
}
let effects = EffectBenchmarks(harness: harness)
if runs("effect") { rows += await effects.effect() }
if runs("cancel") { rows += await effects.cancel() }
if runs("effect-id") || runs("dependency-read") {
  if runs("effect-id") {
    let referenceRead = ContextBenchmarks.taskLocalReferenceRead(harness)
    rows.append(ContextBenchmarks.effectID(harness, baseline: referenceRead))
  }
  if runs("dependency-read") {
    let taskLocal = ContextBenchmarks.taskLocalRead(harness)
    rows.append(ContextBenchmarks.dependencyRead(harness, baseline: taskLocal))
  }
}
if runs("undo") {
  let sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
  rows += UndoBenchmarks(harness: harness).rows(sizes: sizes)
}
let scaling = ScalingBenchmarks(harness: harness, small: 10, large: quick ? 10_000 : 100_000)
if runs("scaling") {
  rows.append(scaling.send())
  rows.append(await scaling.cancel())
  rows.append(scaling.effectID())
}
let shared = SharedBenchmarks(harness: harness)
if runs("shared-read-write") { rows.append(shared.readWrite()) }
if runs("shared-rows") { rows += shared.rows(small: 10, large: 10_000) }
let views = ViewBenchmarks(harness: harness)
if runs("observed-send") {
  rows += views.observedSend(sizes: quick ? [100, 10_000] : [100, 10_000, 100_000])
}
if runs("watch-memory") { rows += views.watchMemory(rows: 10_000) }
if runs("screen-send") { rows.append(views.screenSend()) }
if runs("script-lines"),
  let row = ScriptBenchmarks(harness: harness).advanceLines()
{
  rows.append(row)
}
rows += DirectCallRows.rows(after: rows)
printReport(rows, quick: quick)
