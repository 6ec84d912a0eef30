import Synchronization

/// The lines of the timers the screen shows, each kept until its timer's store says the timer
/// changed: a tick of one timer draws one line again, however many timers there are.
///
/// Each shown timer is read through its own store, under observation (``TimerHost/watchRows(_:onChange:)``):
/// the store tells once, at that timer's next change, and the row is drawn and watched again at
/// the next draw. Timers coming, going or moving, and the bell, are watched as a whole
/// (``TimerHost/watchList(_:)``) and draw every shown row again.
@MainActor
final class ScreenRows {
  private struct Kept {
    let line: String
    let isSelected: Bool
  }

  private let host: any TimerHost
  private let onChange: @Sendable () -> Void
  private var kept: [Int: Kept] = [:]
  /// What the stores told since the last draw; they tell from their observers, which are
  /// `Sendable`.
  private final class Signals: Sendable {
    /// The rows whose timers changed since they were drawn.
    let changed = Mutex<Set<Int>>([])
    /// Whether timers came, went or moved, or the bell changed, since the last draw.
    let listChanged = Atomic<Bool>(true)
  }

  private let signals = Signals()
  private var width = 0
  private var color = false
  /// How many timer lines were drawn so far: what a tick costs, for tests.
  private(set) var drawnLines = 0

  /// - Parameters:
  ///   - host: The timers.
  ///   - onChange: Called (on the main actor) when something shown changed: the screen draws at
  ///     its next heartbeat.
  init(host: any TimerHost, onChange: @escaping @Sendable () -> Void) {
    self.host = host
    self.onChange = onChange
  }

  /// The lines of the timers in `shown`, drawing only those that changed or were not shown.
  func lines(for shown: Range<Int>, selected: Int, renderer: ScreenRenderer) -> [String] {
    if signals.listChanged.exchange(false, ordering: .relaxed) || renderer.width != width
      || renderer.color != color
    {
      kept.removeAll()
      width = renderer.width
      color = renderer.color
      host.watchList { [signals, onChange] in
        signals.listChanged.store(true, ordering: .relaxed)
        onChange()
      }
    }
    let changedRows = signals.changed.withLock { rows in
      defer { rows.removeAll() }
      return rows
    }
    let toDraw = shown.filter { row in
      guard let line = kept[row] else { return true }
      return changedRows.contains(row) || line.isSelected != (row == selected)
    }
    if !toDraw.isEmpty {
      let timers = host.watchRows(toDraw) { [signals, onChange] row in
        signals.changed.withLock { _ = $0.insert(row) }
        onChange()
      }
      for (row, timer) in zip(toDraw, timers) {
        let isSelected = row == selected
        kept[row] = Kept(
          line: renderer.row(timer, number: row + 1, isSelected: isSelected),
          isSelected: isSelected)
      }
      drawnLines += toDraw.count
    }
    if kept.count > shown.count {
      kept = kept.filter { shown.contains($0.key) }
    }
    return shown.map { kept[$0]?.line ?? "" }
  }
}
