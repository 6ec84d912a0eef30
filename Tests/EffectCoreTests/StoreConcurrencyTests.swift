import Testing

@testable import EffectCore

/// Many tasks send into one store at the same time, directly and through effects: no action is
/// lost, and each sender's actions arrive in the order it sent them.
@MainActor
@Suite struct StoreConcurrencyTests {

  /// Counts actions per sender, and how many arrived out of the sender's order.
  struct Tally: Reducer {
    struct State: Equatable, Sendable {
      var counts = Array(repeating: 0, count: 2 * Load.senders)
      var outOfOrder = 0
      var batches = 0
    }
    enum Action: Equatable, Sendable {
      case count(sender: Int, sequence: Int)
      /// Starts one effect per sender, numbered from `firstSender`, each sending `each` actions.
      case fanOut(firstSender: Int, senders: Int, each: Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .count(let sender, let sequence):
        if sequence != state.counts[sender] { state.outOfOrder += 1 }
        state.counts[sender] += 1
        return .none
      case .fanOut(let first, let senders, let each):
        return .merge(
          (first..<first + senders).map { sender in
            .run { send in
              for sequence in 0..<each where !Task.isCancelled {
                await send(.count(sender: sender, sequence: sequence))
              }
            }
          })
      }
    }
  }

  @Test func concurrentSendersAndEffectsLoseNoAction() async {
    let store = Store(initialState: Tally.State()) { Tally() }
    var notified = 0
    _ = store.core.addObserver { notified += 1 }
    let senders = Load.senders
    let sendsEach = Load.sendsEach
    await withTaskGroup(of: Void.self) { group in
      for sender in 0..<senders {
        group.addTask {
          for sequence in 0..<sendsEach {
            await MainActor.run { _ = store.send(.count(sender: sender, sequence: sequence)) }
          }
        }
      }
      group.addTask {
        let effects = await MainActor.run {
          store.send(.fanOut(firstSender: senders, senders: senders, each: sendsEach))
        }
        await effects.finish()
      }
    }
    #expect(store.counts == Array(repeating: sendsEach, count: 2 * senders))
    #expect(store.outOfOrder == 0)
    // One batch per send from outside the store, one per action an effect delivered, plus the
    // fan-out itself.
    #expect(notified == 2 * senders * sendsEach + 1)
  }

  @Test func sendsFromEffectsThatRaceTheirCancellationEitherLandOrAreDropped() async {
    // Effects deliver while the test cancels them: every action that lands is in order, and
    // once `cancel()` has returned none lands any more, not even one already on its way to the
    // main actor.
    let store = Store(initialState: Tally.State()) { Tally() }
    for round in 0..<20 {
      let effects = store.send(.fanOut(firstSender: 0, senders: Load.senders, each: 10_000))
      for _ in 0..<round { await Task.yield() }
      effects.cancel()
      let landed = store.counts
      await effects.finish()
      for _ in 0..<50 { await Task.yield() }
      #expect(store.counts == landed, "round \(round): an action landed after its cancellation")
      #expect(store.outOfOrder == 0)
      store.restoreState { $0.counts = Array(repeating: 0, count: $0.counts.count) }
    }
  }
}

/// How many senders, and how many actions each sends.
private enum Load {
  static let senders = 8
  static let sendsEach = 1_000
}

/// Effects that never stop sending must not keep the main actor to themselves: the store
/// reduces what waits in its mailbox, then lets the main actor's other work run.
@MainActor
@Suite struct MailboxFairnessTests {
  @Test func jobsPostedDuringADrainWaitForTheMainActorsOtherWork() async {
    let registry = EffectRegistry()
    let order = LockIsolated<[String]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      registry.post {
        order.withLock { $0.append("first") }
        // Posted while the mailbox drains: it must not jump ahead of the task below.
        registry.post {
          order.withLock { $0.append("posted during the drain") }
          done.resume()
        }
        Task { @MainActor in order.withLock { $0.append("other main-actor work") } }
      }
    }
    #expect(order.value == ["first", "other main-actor work", "posted during the drain"])
  }

  /// Jobs that came faster than they ran (20,000 timers ticking on a debug build) made one
  /// drain take every one of them: a key press waited seconds behind it. A drain stops after its
  /// turn and lets the rest wait, in order, behind the main actor's other work.
  @Test func aDrainOfJobsThatTakeLongerThanItsTurnLetsOtherWorkIn() async {
    let registry = EffectRegistry()
    let jobs = 200
    let ran = LockIsolated<[Int]>([])
    let otherRanAfter = LockIsolated<Int?>(nil)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for job in 0..<jobs {
        registry.post {
          if job == 0 {
            Task { @MainActor in otherRanAfter.withLock { $0 = ran.value.count } }
          }
          // Each job takes a millisecond: all of them, twenty turns.
          let end = ContinuousClock.now.advanced(by: .milliseconds(1))
          while ContinuousClock.now < end {}
          ran.withLock { $0.append(job) }
          if job == jobs - 1 { done.resume() }
        }
      }
    }
    #expect(ran.value == Array(0..<jobs), "the jobs ran out of order")
    let after = otherRanAfter.value ?? jobs
    #expect(after < jobs, "the other work waited for all \(jobs) jobs")
  }
}
