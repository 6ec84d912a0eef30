/// A read-only key path from a parent's state to a part of it, reduced to the part's byte offset
/// when the path names stored properties of structs: what ``StatePath`` is for writes, for child
/// stores that only read (a list's row stores, the ids a list view watches).
///
/// Read through the key path, a part is copied out by the runtime (a list's buffers retained,
/// then released); through the offset it is read where it lies.
@usableFromInline
struct StateReadPath<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Runs `body` on the part of `root`, in place when there is an offset (a copy otherwise).
  /// `body` must not change it: its parameter is `inout` because an exclusive access is what
  /// lets the compiler lend the value without copying it (see ``StatePath/read(_:_:)``).
  @inlinable
  func read<Result>(_ root: Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else {
      var copy = root[keyPath: keyPath]
      return body(&copy)
    }
    return withUnsafePointer(to: root) { pointer in
      let part = UnsafeMutableRawPointer(mutating: pointer).advanced(by: offset)
        .assumingMemoryBound(to: Value.self)
      return body(&part.pointee)
    }
  }
}
