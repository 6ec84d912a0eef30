/// A writable key path from a parent's state to a child's, reduced to the child's byte offset
/// when the path names stored properties of structs (the common case).
///
/// Scoping reducers reach the child's state on every action. Through the offset that is a
/// pointer addition; through the key path it is the runtime's projection, which for a read also
/// copies the value out (a collection's buffers retained and released). The offset is worked
/// out where the path is made, in inlinable code, so for a key path literal the optimizer folds
/// it to a constant. The key path itself is then not kept, and a literal that is not kept is
/// not made at all: no runtime call, retain and release per evaluation of a `body`.
@usableFromInline
struct StatePath<Root, Value> {
  /// The key path, kept only when there is no offset (computed properties, properties with
  /// observers, paths through classes).
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>?
  @usableFromInline let offset: Int?

  /// A path that is never followed: a `Scope` whose child lives in an enum case keeps one.
  @inlinable
  init() {
    self.offset = nil
    self.keyPath = nil
  }

  @inlinable @inline(__always)
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    let offset = MemoryLayout<Root>.offset(of: keyPath)
    self.offset = offset
    self.keyPath = offset == nil ? keyPath : nil
  }

  /// Runs `body` on the child's state in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath!]) }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&(bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Runs `body` on the child's state, which `body` holds alone: in place through the offset;
  /// otherwise taken out of the root (which holds `placeholder` meanwhile) and put back.
  ///
  /// For a path through a computed property (a property wrapper's projection, `\.$destination`),
  /// ``modify(_:_:)`` gets a copy, changes it and sets it back, so the copy shares everything it
  /// holds with the original until the set: a change to a shared array inside it copies the
  /// array. Taking the value out first leaves one owner, at the cost of one more set.
  @inlinable
  func modifyAlone<Result>(
    _ root: inout Root, placeholder: @autoclosure () -> Value, _ body: (inout Value) -> Result
  ) -> Result {
    guard let keyPath else { return modify(&root, body) }
    var value = root[keyPath: keyPath]
    root[keyPath: keyPath] = placeholder()
    defer { root[keyPath: keyPath] = value }
    return body(&value)
  }

  /// Reads from the child's state where it lies; `body` must not change it. Its parameter is
  /// `inout` because an exclusive access is what lets the compiler borrow the value in place: a
  /// `borrowing` parameter filled from a pointer's `pointee` still copied the value out (a
  /// collection's buffers retained and released). Without an offset, `body` reads a copy.
  @inlinable
  func read<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else {
      var copy = root[keyPath: keyPath!]
      return body(&copy)
    }
    return withUnsafeMutableBytes(of: &root) { bytes in
      body(&(bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// What names the child in the cancellation tags of effects lifted through it: the key path,
  /// or the parent's type, the offset and the child's type, which name the same storage (two
  /// stored paths of one parent type with one offset and one value type are the same storage).
  @usableFromInline
  var tag: AnyHashable {
    if let keyPath { return AnyHashable(keyPath) }
    return AnyHashable(StoredPropertyTag(root: Root.self, value: Value.self, offset: offset!))
  }
}

/// A stored property of a state, as named in cancellation tags: see `StatePath.tag`.
struct StoredPropertyTag: Hashable, Sendable, CustomStringConvertible {
  let root: Any.Type
  let value: Any.Type
  let offset: Int

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.root == rhs.root && lhs.value == rhs.value && lhs.offset == rhs.offset
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(root))
    hasher.combine(ObjectIdentifier(value))
    hasher.combine(offset)
  }

  /// `Parent.State+16: Counter.State`.
  var description: String { "\(root)+\(offset): \(value)" }
}
