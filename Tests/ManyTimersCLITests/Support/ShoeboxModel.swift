import EffectCore
import Testing

@testable import ManyTimersCLI

/// What the stress test knows of one timer, compared field by field with the store's.
struct ModelTimer: Equatable {
  var id: Int
  var duration: Int
  var remaining: Int
  var status: LonelyTimer.Status

  init(id: Int, duration: Int, remaining: Int, status: LonelyTimer.Status) {
    self.id = id
    self.duration = duration
    self.remaining = remaining
    self.status = status
  }

  init(id: Int, _ state: LonelyTimer.State) {
    self.init(id: id, duration: state.duration, remaining: state.remaining, status: state.status)
  }
}

/// The shoebox as CLI.md describes it, written independently of the reducers, to check them
/// against: the start/stop/toggle/reset/tick table, plus add and remove.
struct ShoeboxModel {
  private(set) var timers: [ModelTimer] = []
  /// Where each timer is in `timers`, by id.
  private var index: [Int: Int] = [:]
  private(set) var nextID = 0
  private(set) var seconds = 0
  /// Ticks the store should have received so far.
  private(set) var ticks = 0

  var countingIDs: [Int] { timers.filter { $0.status == .counting }.map(\.id) }

  mutating func add(duration: Int) {
    index[nextID] = timers.count
    timers.append(ModelTimer(id: nextID, duration: duration, remaining: duration, status: .ready))
    nextID += 1
  }

  /// A random action for a random live timer; now and then an add, a remove or a stop-all.
  func randomAction(using random: inout SplitMix64) -> Shoebox.Action {
    let roll = Int.random(in: 0..<1_000, using: &random)
    if roll < 10 || timers.isEmpty {
      return .add(name: nil, duration: Int.random(in: 1...20, using: &random))
    }
    let id = random.pick(timers).id
    switch roll {
    case ..<20: return .remove(id: id)
    case ..<21: return .stopAll
    case ..<260: return .timers(id: id, action: .start)
    case ..<620: return .timers(id: id, action: .stop)
    case ..<840: return .timers(id: id, action: .toggle)
    default: return .timers(id: id, action: .reset)
    }
  }

  mutating func apply(_ action: Shoebox.Action) {
    switch action {
    case .add(_, let duration):
      add(duration: duration)
    case .remove(let id):
      guard let position = index.removeValue(forKey: id) else { return }
      timers.remove(at: position)
      for later in timers[position...] { index[later.id]! -= 1 }
    case .stopAll:
      for index in timers.indices where timers[index].status == .counting {
        timers[index].status = .ready
      }
    case .timers(let id, let action):
      guard let position = index[id] else { return }
      Self.apply(action, to: &timers[position])
    default:
      Issue.record("the model does not know \(action)")
    }
  }

  private static func apply(_ action: LonelyTimer.Action, to timer: inout ModelTimer) {
    switch action {
    case .start:
      timer.status = .counting
    case .stop:
      timer.status = .ready
    case .toggle:
      switch timer.status {
      case .finished:
        timer.remaining = timer.duration
        timer.status = .ready
      case .ready: timer.status = .counting
      case .counting: timer.status = .ready
      }
    case .reset:
      timer.remaining = timer.duration
      timer.status = .ready
    case .tick, .bell:
      Issue.record("the model does not send \(action)")
    }
  }

  /// One second passes: every counting timer counts down one, and finishes at zero.
  mutating func advance() {
    seconds += 1
    for index in timers.indices where timers[index].status == .counting {
      ticks += 1
      timers[index].remaining -= 1
      if timers[index].remaining <= 0 {
        timers[index].remaining = 0
        timers[index].status = .finished
      }
    }
  }
}

/// Ticks as the shoebox receives them, seen just before it reduces them.
final class TickLog: Sendable {
  private struct Log {
    var total = 0
    var inLastSecond: [Int: Int] = [:]
    var violations: [String] = []
    var actionsFromOutside = 0
  }

  private let log = LockIsolated(Log())

  var total: Int { log.withLock { $0.total } }
  var inLastSecond: [Int: Int] { log.withLock { $0.inLastSecond } }
  /// Start, stop, toggle and reset actions for single timers, however they were sent.
  var actionsFromOutside: Int { log.withLock { $0.actionsFromOutside } }
  /// Ticks that reached a timer that was not counting, or that was gone.
  var violations: [String] { log.withLock { $0.violations } }

  /// Returns the ticks per timer since the last call, and starts counting afresh.
  func takeLastSecond() -> [Int: Int] {
    log.withLock { log in
      defer { log.inLastSecond = [:] }
      return log.inLastSecond
    }
  }

  func record(_ action: Shoebox.Action, in state: Shoebox.State) {
    guard case .timers(let id, let timerAction) = action else { return }
    if case .bell = timerAction { return }
    guard timerAction == .tick else {
      log.withLock { $0.actionsFromOutside += 1 }
      return
    }
    let status = state.timers[id: id]?.status
    log.withLock { log in
      log.total += 1
      log.inLastSecond[id, default: 0] += 1
      if status != .counting {
        log.violations.append(
          "a tick for timer \(id), which is \(status.map(\.rawValue) ?? "gone")")
      }
    }
  }
}
