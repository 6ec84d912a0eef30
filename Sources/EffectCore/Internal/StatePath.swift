/// A writable key path from a parent's state to a child's, with the child's byte offset when
/// the path names stored properties of structs (the common case).
///
/// Scoping reducers reach the child's state on every action. Through the offset that is a
/// pointer addition; through the key path it is the runtime's projection, which for a read also
/// copies the value out (a collection's buffers retained and released). The offset is worked
/// out where the path is made, in inlinable code, so for a key path literal the optimizer folds
/// it to a constant; the key path stays for everything else (cancellation tags, computed paths).
@usableFromInline
struct StatePath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Runs `body` on the child's state in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&(bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Reads from the child's state where it lies; `body` must not change it. Its parameter is
  /// `inout` because an exclusive access is what lets the compiler borrow the value in place: a
  /// `borrowing` parameter filled from a pointer's `pointee` still copied the value out (a
  /// collection's buffers retained and released). Without an offset, `body` reads a copy.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else {
      var copy = root[keyPath: keyPath]
      return body(&copy)
    }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&(bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}
