/// A tiny benchmark harness: warm up, run several timed rounds, keep the median.
struct Harness {
  /// How many timed rounds each measurement takes; the median is reported.
  var rounds: Int
  /// Multiplies every benchmark's iteration count; below 1 in quick mode.
  var scale: Double

  static func fromArguments(_ arguments: [String]) -> Harness {
    arguments.contains("--quick") ? Harness(rounds: 3, scale: 0.02) : Harness(rounds: 7, scale: 0.2)
  }

  func iterations(_ count: Int) -> Int { max(1, Int(Double(count) * scale)) }

  /// Nanoseconds per iteration, the median of the rounds, after one warm-up round.
  func measure(iterations count: Int, _ body: (Int) -> Void) -> Double {
    let n = iterations(count)
    body(n)
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<rounds {
      let elapsed = clock.measure { body(n) }
      samples.append(elapsed.nanoseconds / Double(n))
    }
    return samples.sorted()[samples.count / 2]
  }

  /// Nanoseconds per iteration of `body`, the median of the rounds, after one warm-up round;
  /// `setup` runs before every round, untimed (to record the steps a round then undoes).
  func measure(
    iterations count: Int, setup: (Int) -> Void, _ body: (Int) -> Void
  ) -> Double {
    let n = iterations(count)
    let clock = ContinuousClock()
    var samples: [Double] = []
    for round in 0...rounds {
      setup(n)
      let elapsed = clock.measure { body(n) }
      if round > 0 { samples.append(elapsed.nanoseconds / Double(n)) }
    }
    return samples.sorted()[samples.count / 2]
  }

  /// Nanoseconds per iteration of a baseline and of ours, each with its own iteration count,
  /// timed in alternating rounds so that both see the same machine.
  ///
  /// The baseline is its median; ours is that median times the median of the rounds' ratios. A
  /// virtual machine's speed swings from one round to the next by more than the budgets' margins,
  /// and a slow round slows both of its halves: each round's ratio holds while each figure swings.
  func measureInterleaved(
    baselineIterations: Int, baseline: (Int) -> Void, iterations: Int, ours: (Int) -> Void
  ) -> (baseline: Double, ours: Double) {
    let baselineCount = self.iterations(baselineIterations)
    let count = self.iterations(iterations)
    baseline(baselineCount)
    ours(count)
    let clock = ContinuousClock()
    var baselineSamples: [Double] = []
    var ourSamples: [Double] = []
    for _ in 0..<rounds {
      baselineSamples.append(
        clock.measure { baseline(baselineCount) }.nanoseconds / Double(baselineCount))
      ourSamples.append(clock.measure { ours(count) }.nanoseconds / Double(count))
    }
    return pairedMedians(baseline: baselineSamples, ours: ourSamples)
  }

  /// ``measureInterleaved(baselineIterations:baseline:iterations:ours:)`` for bodies that time
  /// only part of each iteration themselves: each returns the time of the parts it timed.
  func measureInterleavedParts(
    baselineIterations: Int, baseline: (Int) -> Duration, iterations: Int,
    ours: (Int) -> Duration
  ) -> (baseline: Double, ours: Double) {
    let baselineCount = self.iterations(baselineIterations)
    let count = self.iterations(iterations)
    _ = baseline(baselineCount)
    _ = ours(count)
    var baselineSamples: [Double] = []
    var ourSamples: [Double] = []
    for _ in 0..<rounds {
      baselineSamples.append(baseline(baselineCount).nanoseconds / Double(baselineCount))
      ourSamples.append(ours(count).nanoseconds / Double(count))
    }
    return pairedMedians(baseline: baselineSamples, ours: ourSamples)
  }

  /// Nanoseconds per iteration of several bodies that time their own parts, in rounds that run
  /// each once in turn, so that all see the same machine: per round, one figure per body.
  func measureRounds(_ bodies: [(iterations: Int, body: (Int) -> Duration)]) -> [[Double]] {
    let counts = bodies.map { self.iterations($0.iterations) }
    for (body, count) in zip(bodies, counts) { _ = body.body(count) }
    return (0..<rounds).map { _ in
      zip(bodies, counts).map { body, count in body.body(count).nanoseconds / Double(count) }
    }
  }

  /// The median of some samples.
  func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

  /// The asynchronous form of ``measure(iterations:_:)``.
  func measure(
    iterations count: Int,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Int) async -> Void
  ) async -> Double {
    let n = iterations(count)
    await body(n)
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = clock.now
      await body(n)
      samples.append((clock.now - start).nanoseconds / Double(n))
    }
    return samples.sorted()[samples.count / 2]
  }
}

extension Harness {
  /// Nanoseconds per iteration of a baseline and of ours, timed in alternating rounds so that
  /// both see the same machine: on a shared machine the cost of a task hop moves by 2× within
  /// a minute, and timing one after the other compared two different machines. Ours is given as
  /// the baseline's median times the median of the rounds' ratios, as in the synchronous form.
  func measureInterleaved(
    iterations count: Int,
    isolation: isolated (any Actor)? = #isolation,
    baseline: (Int) async -> Void,
    ours: (Int) async -> Void
  ) async -> (baseline: Double, ours: Double) {
    let n = iterations(count)
    await baseline(n)
    await ours(n)
    let clock = ContinuousClock()
    func timed(_ body: (Int) async -> Void) async -> Double {
      let start = clock.now
      await body(n)
      return (clock.now - start).nanoseconds / Double(n)
    }
    var baselineSamples: [Double] = []
    var ourSamples: [Double] = []
    // The two take turns at going first: a machine that slows down or speeds up during a
    // round then favours neither.
    for round in 0..<rounds {
      if round % 2 == 1 {
        ourSamples.append(await timed(ours))
        baselineSamples.append(await timed(baseline))
      } else {
        baselineSamples.append(await timed(baseline))
        ourSamples.append(await timed(ours))
      }
    }
    return pairedMedians(baseline: baselineSamples, ours: ourSamples)
  }

  /// The baseline's median, and ours as that median times the median of the rounds' ratios (see
  /// ``measureInterleaved(baselineIterations:baseline:iterations:ours:)``).
  private func pairedMedians(
    baseline: [Double], ours: [Double]
  ) -> (baseline: Double, ours: Double) {
    let median = { (samples: [Double]) in samples.sorted()[samples.count / 2] }
    let baselineMedian = median(baseline)
    return (baselineMedian, baselineMedian * median(zip(ours, baseline).map { $0 / $1 }))
  }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// One row of the report: our figure against its baseline, and the budget for the ratio.
struct Row {
  let name: String
  let ours: Double
  let baseline: Double
  let budget: Double
  let note: String
  /// Whether the budget bounds the ratio to the baseline or our figure itself.
  var kind = Kind.ratio
  /// Whether the row gets a verdict; the same operation at sizes the budget does not name is
  /// printed for its shape.
  var judged = true

  enum Kind {
    case ratio
    /// The budget bounds our figure, in `unit`; the row has no baseline.
    case absolute(unit: String)
  }

  var ratio: Double { ours / baseline }
  var passes: Bool {
    switch kind {
    case .ratio: ratio <= budget
    case .absolute: ours <= budget
    }
  }
}

func printReport(_ rows: [Row], quick: Bool) {
  func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
  func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)"
  }
  print(
    pad("benchmark", 34) + pad("ours ns", 12) + pad("baseline ns", 13) + pad("ratio", 9)
      + pad("budget", 12) + "result")
  for row in rows {
    let verdict = quick ? "(quick)" : !row.judged ? "(shape)" : row.passes ? "pass" : "FAIL"
    let figures: String
    switch row.kind {
    case .ratio:
      figures =
        pad(format(row.ours), 12) + pad(format(row.baseline), 13) + pad(format(row.ratio) + "x", 9)
        + pad("<= " + format(row.budget) + "x", 12)
    case .absolute(let unit):
      figures =
        pad(format(row.ours) + " " + unit, 12) + pad("-", 13) + pad("-", 9)
        + pad("<= " + format(row.budget) + " " + unit, 12)
    }
    print(
      pad(row.name, 34) + figures + verdict + (row.note.isEmpty ? "" : "  " + row.note))
  }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
