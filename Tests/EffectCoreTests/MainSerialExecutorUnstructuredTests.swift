import Testing

@testable import EffectCore

/// Unstructured tasks made inside `withMainSerialExecutor`, or by a test store's effects, run on
/// the main serial executor too, although a `Task { }` does not inherit a task executor
/// preference: swift-concurrency-extras' tests of unstructured tasks, translated. Tasks made
/// outside the scope are untouched.
@Suite struct MainSerialExecutorUnstructuredTests {
  @Test(arguments: 0..<3) func unstructuredTasksRunInTheOrderTheyWereMade(_ round: Int) async {
    await bounded {
      await withMainSerialExecutor {
        let values = LockIsolated<[Int]>([])
        for value in 1...1000 {
          Task { values.withLock { $0.append(value) } }
        }
        while values.value.count < 1000 { await Task.yield() }
        #expect(values.value == Array(1...1000))
      }
    }
  }

  @Test(arguments: 0..<5) func anUnstructuredTaskTakesItsTurnOnTheQueue(_ round: Int) async {
    await bounded {
      let log = Probe()
      let task = await withMainSerialExecutor {
        let task = Task {
          log.record("task")
          return SerialFamilies.isMember(ClockActivity.currentTask)
        }
        log.record("scope")
        await Task.yield()
        log.record("after a yield")
        return task
      }
      #expect(log.all == ["scope", "task", "after a yield"])
      #expect(await task.value)
    }
  }

  @Test func tasksMadeByThoseTasksToo() async {
    await bounded {
      let values = LockIsolated<[String]>([])
      await withMainSerialExecutor {
        await Task {
          await Task {
            values.withLock { $0.append("inner") }
            #expect(SerialFamilies.isMember(ClockActivity.currentTask))
          }.value
          values.withLock { $0.append("outer") }
        }.value
      }
      #expect(values.value == ["inner", "outer"])
    }
  }

  actor Owner {
    let values = LockIsolated<[Int]>([])

    /// Makes the tasks from the actor's isolation, through a nonisolated function.
    func makeTasks() async -> [Int] {
      await withMainSerialExecutor {
        for value in 1...500 { Self.append(value, to: values) }
        while values.value.count < 500 { await Task.yield() }
        return values.value
      }
    }

    nonisolated static func append(_ value: Int, to values: LockIsolated<[Int]>) {
      Task { values.withLock { $0.append(value) } }
    }
  }

  @Test func fromAnActorsIsolation() async {
    await bounded {
      #expect(await Owner().makeTasks() == Array(1...500))
    }
  }

  @MainActor @Test func fromTheMainActor() async {
    await bounded { @MainActor in
      await withMainSerialExecutor {
        let values = LockIsolated<[Int]>([])
        for value in 1...500 { Owner.append(value, to: values) }
        while values.value.count < 500 { await Task.yield() }
        #expect(values.value == Array(1...500))
      }
    }
  }

  @Test func aTaskMadeOutsideTheScopeEscapesIt() async {
    await bounded {
      let (inScope, enter) = AsyncStream<Void>.makeStream()
      let (madeTask, made) = AsyncStream<Task<Bool, Never>>.makeStream()
      // Made before the scope; it makes its task while the scope runs.
      let outside = Task {
        for await _ in inScope { break }
        made.yield(Task { SerialFamilies.isMember(ClockActivity.currentTask) })
        made.finish()
      }
      await withMainSerialExecutor {
        enter.yield()
        enter.finish()
        for await task in madeTask {
          #expect(await task.value == false)
        }
      }
      await outside.value
    }
  }

  @Test func theFamilyEndsWithTheScope() async {
    await bounded {
      let (task, wasMember) = await withMainSerialExecutor {
        let task = Task { try? await Task.never() }
        await Task.yield()
        return (task, SerialFamilies.isMember(unsafeBitCast(task, to: UInt.self)))
      }
      #expect(wasMember)
      #expect(!SerialFamilies.isMember(unsafeBitCast(task, to: UInt.self)))
      task.cancel()
    }
  }

  @Test func aNestedScopeKeepsTheOuterOnesTasksSerialised() async {
    await bounded {
      let (proceed, go) = AsyncStream<Void>.makeStream()
      await withMainSerialExecutor {
        let task = await withMainSerialExecutor {
          let task = Task {
            for await _ in proceed { break }
            return SerialFamilies.isMember(ClockActivity.currentTask)
          }
          await Task.yield()
          return task
        }
        go.yield()
        go.finish()
        #expect(await task.value)
      }
    }
  }

  @MainActor @Test func aTestStoresEffectsUnstructuredTasksRunInOrder() async throws {
    let values = LockIsolated<[Int]>([])
    let members = LockIsolated<[Bool]>([])
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        .run { _ in
          for value in 1...200 {
            Task {
              values.withLock { $0.append(value) }
              members.withLock { $0.append(SerialFamilies.isMember(ClockActivity.currentTask)) }
            }
          }
        }
      }
    }
    try await store.send(true)
    await bounded { @MainActor in
      while values.value.count < 200 { await Task.yield() }
    }
    #expect(values.value == Array(1...200))
    #expect(members.value.allSatisfy { $0 })
    try await store.finish()
  }
}
