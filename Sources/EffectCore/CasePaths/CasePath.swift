import Synchronization

/// A path from an enum to the payload of one of its cases: it can embed a payload into the enum,
/// and extract the payload back out when the enum holds that case.
///
/// Case paths are to enum cases what key paths are to struct properties. Build one with the `/`
/// prefix operator applied to a case, no macros needed:
///
/// ```swift
/// let child: CasePath<Parent.Action, Counter.Action> = /Parent.Action.child
/// child.extract(from: .child(.increment))   // Optional(.increment)
/// child.embed(.increment)                   // .child(.increment)
///
/// let rows = /Parent.Action.rows            // CasePath<Parent.Action, (Row.ID, Row.Action)>
/// let task = /Parent.Action.task            // CasePath<Parent.Action, Void>
/// ```
///
/// Or spell both directions out with ``init(embed:extract:)`` when the value is not an enum case.
public struct CasePath<Root, Value>: Sendable {
  @usableFromInline let extraction: Extraction

  /// How a path embeds and extracts.
  @usableFromInline
  enum Extraction: Sendable {
    /// A path built with `/` from the one case whose payload is laid out like `Value`, stored in
    /// place (not `indirect`): it reads the tag and the payload itself, and embeds by writing the
    /// payload and the tag, through the runtime's description of the enum. It holds no
    /// reference, so building, copying and dropping one costs nothing but the layout's lookup:
    /// scoping reducers build their paths on every action, and every level of a nested send
    /// drops its own.
    case payload(EnumMetadata, CaseLayouts.Candidate)
    /// Any other path: closures, kept in one object.
    case closures(CasePathClosures<Root, Value>)
  }

  /// Creates a case path from an embedding function and an extraction function.
  ///
  /// ```swift
  /// let child = CasePath<Parent.Action, Counter.Action>(
  ///   embed: Parent.Action.child,
  ///   extract: { if case let .child(action) = $0 { action } else { nil } }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - embed: Wraps a value in the root.
  ///   - extract: Returns the value if the root holds it, otherwise `nil`.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.extraction = .closures(CasePathClosures(embed: embed, extract: extract, label: nil))
  }

  /// A path that says how it is written, for failure messages; with `identifies`, the label
  /// also tells it from any other path (see `caseIdentity`).
  init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?,
    label: @escaping @Sendable () -> String,
    identifies: Bool = true
  ) {
    self.extraction = .closures(
      CasePathClosures(
        embed: embed, extract: extract,
        label: CasePathClosures.Label(text: label, identifies: identifies)))
  }

  /// A path to the payload of `candidate`, a case of the enum `metadata` describes, stored in
  /// place (not `indirect`).
  @inlinable
  init(payloadOf metadata: EnumMetadata, case candidate: CaseLayouts.Candidate) {
    self.extraction = .payload(metadata, candidate)
  }

  /// Wraps `value` in the root: `(/Action.child).embed(.increment) == .child(.increment)`.
  ///
  /// - Parameter value: The payload.
  /// - Returns: The root value holding `value`.
  @inlinable
  public func embed(_ value: Value) -> Root {
    switch extraction {
    case .payload(let metadata, let candidate):
      // The enum's only case, stored in place: the payload is the value, bit for bit.
      if candidate.shortcut == .whole { return unsafeBitCast(value, to: Root.self) }
      return metadata.embed(value, as: Root.self, tag: candidate.tag)
    case .closures(let closures):
      return closures.embed(value)
    }
  }

  /// Returns the payload when `root` holds this case, otherwise `nil`.
  ///
  /// - Parameter root: The enum value.
  /// - Returns: The payload, or `nil` for any other case.
  @inlinable @inline(__always)
  public func extract(from root: Root) -> Value? {
    // The two shortcuts inline where the path is used (every level of a nested send extracts
    // once); everything else is a call.
    guard case .payload(let metadata, let candidate) = extraction else {
      return extractCallingBack(from: root)
    }
    switch candidate.shortcut {
    case .whole:
      // The enum's only case, stored in place: the value is its payload, bit for bit.
      return unsafeBitCast(root, to: Value.self)
    case .inPlace:
      guard metadata.tag(of: root) == candidate.tag else { return nil }
      return EnumMetadata.payloadInPlace(of: root, as: Value.self)
    case .none:
      return extractProjecting(from: root, metadata: metadata, candidate: candidate)
    }
  }

  @inlinable @inline(never)
  func extractProjecting(
    from root: Root, metadata: EnumMetadata, candidate: CaseLayouts.Candidate
  ) -> Value? {
    guard metadata.tag(of: root) == candidate.tag else { return nil }
    return metadata.payload(of: root, as: Value.self, indirect: false)
  }

  @inlinable @inline(never)
  func extractCallingBack(from root: Root) -> Value? {
    switch extraction {
    case .payload(let metadata, let candidate):
      extractProjecting(from: root, metadata: metadata, candidate: candidate)
    case .closures(let closures):
      closures.extract(root)
    }
  }

  /// Composes this path with a path into the payload.
  ///
  /// - Parameter other: A case path from this path's value.
  /// - Returns: A case path from this path's root to `other`'s value.
  public func appending<AppendedValue>(
    path other: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    CasePath<Root, AppendedValue>(
      embed: { self.embed(other.embed($0)) },
      extract: { self.extract(from: $0).flatMap(other.extract(from:)) },
      label: { "\(self) .. \(other)" },
      identifies: caseIdentity != nil && other.caseIdentity != nil
    )
  }
}

extension CasePath where Root == Value {
  /// The identity path: embedding and extracting return the value unchanged.
  ///
  /// It is named (`/Action.self`), as a path made with `/` is: a scope through it, or through
  /// a composition of it with other such paths, keeps its store, as TCA's `\.self` does.
  public static var `self`: CasePath {
    CasePath(
      embed: { $0 }, extract: { $0 }, label: { "/\(CasePathLabel.enumName(Root.self)).self" })
  }
}

prefix operator /

/// Returns a case path for an enum case that has a payload.
///
/// A case with several associated values gives a path to them as one tuple:
///
/// ```swift
/// enum Action { case rows(id: Int, action: Row.Action) }
/// let rows: CasePath<Action, (Int, Row.Action)> = /Action.rows
/// ```
///
/// - Parameter embed: The enum case, used as its constructor (`Action.child`).
/// - Returns: A case path that embeds with the constructor and extracts that case's payload.
@inlinable
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  // The runtime's description of `Root` says which cases carry a payload laid out like `Value`
  // (learned once per pair of types); extraction compares the value's tag with those cases and
  // copies the payload through the runtime's value witnesses, without allocating and without
  // `Mirror`. Where several cases carry a `Value`, `embed` tells which is this path's.
  // Kept small, since `body` builds its paths on every action: the common shape (one case with
  // a payload of this type) is one lookup; every other shape is made out of line.
  guard let (metadata, only) = CaseLayouts.inPlaceCase(of: Root.self, for: Value.self) else {
    return CaseLayouts.path(embed: embed)
  }
  return CasePath(payloadOf: metadata, case: only)
}

/// Returns a case path for an enum case without a payload.
///
/// ```swift
/// let task: CasePath<Action, Void> = /Action.task
/// task.extract(from: .task)   // Optional(())
/// ```
///
/// A case *with* a payload needs the path's type spelled out, `let child: CasePath<Action,
/// Child.Action> = /Action.child`, or a context that gives it (`Scope(state:action:)`,
/// `receive(_:)`): without one, Swift picks this overload for the case's constructor function.
/// Such a path can never extract, and says so at run time with a warning that names the type to
/// write.
///
/// - Parameter case: The case itself (`Action.task`).
/// - Returns: A case path whose value is `Void`.
public prefix func / <Root>(_ case: Root) -> CasePath<Root, Void> {
  guard let metadata = EnumMetadata(Root.self) else {
    let box = UncheckedSendable(`case`)
    return CaseLayouts.nonEnumPath { (_: Void) in box.value }
  }
  let box = UncheckedSendable(`case`)
  let tag = metadata.tag(of: `case`)
  return CasePath(
    embed: { _ in box.value },
    extract: { metadata.tag(of: $0) == tag ? () : nil },
    label: { "/\(CasePathLabel.enumName(Root.self)).\(box.value)" }
  )
}

/// Returns the identity case path of a type: `/Action.self`.
///
/// - Parameter type: The type.
/// - Returns: A path from the type to itself.
public prefix func / <Root>(_ type: Root.Type) -> CasePath<Root, Root> {
  .self
}

/// The closures of a case path that is not a payload read in place (see `CasePath.Extraction`).
@usableFromInline
final class CasePathClosures<Root, Value>: Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root
  @usableFromInline let extract: @Sendable (Root) -> Value?
  /// How to write the path in a failure message (`/Action.child .. .presented`); `nil` for a
  /// path made of closures, which has no case to name.
  let label: Label?

  struct Label: Sendable {
    let text: @Sendable () -> String
    /// Whether the text also tells the path from any other into the same enum: not for a
    /// composition with a path made of closures, which every such path labels alike.
    let identifies: Bool
  }

  init(
    embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?,
    label: Label?
  ) {
    self.embed = embed
    self.extract = extract
    self.label = label
  }
}

/// Extracts a payload with `Mirror`, for enums the runtime cannot describe in full.
@usableFromInline
enum MirrorExtraction {
  @usableFromInline
  static func extract<Root, Value>(
    from root: Root, embed: @Sendable (Value) -> Root
  ) -> Value? {
    let mirror = Mirror(reflecting: root)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else { return nil }
    if let value = child.value as? Value {
      return verified(value, in: root, embed: embed)
    }
    // A case whose payload is a labelled tuple: `as?` refuses it over the labels alone, but a
    // tuple with the same element types has the same layout.
    func open<P>(_ payload: P) -> Value? {
      guard CaseLayouts.sameLayout(P.self, Value.self) else { return nil }
      let value = withUnsafePointer(to: payload) {
        UnsafeRawPointer($0).assumingMemoryBound(to: Value.self).pointee
      }
      return verified(value, in: root, embed: embed)
    }
    return _openExistential(child.value, do: open)
  }

  private static func verified<Root, Value>(
    _ value: Value, in root: Root, embed: @Sendable (Value) -> Root
  ) -> Value? {
    let rootLabel = Mirror(reflecting: root).children.first?.label
    let embeddedLabel = Mirror(reflecting: embed(value)).children.first?.label
    return rootLabel == embeddedLabel ? value : nil
  }
}

/// Which cases of an enum carry a payload of a given type, learned from the runtime's
/// description of the enum once per pair of types and shared by every case path.
@usableFromInline
enum CaseLayouts {
  /// A case that carries a payload: its tag and how extraction reads it, packed in two 32-bit
  /// words, which a case path copies on every `body` evaluation (as a `Bool` and an enum beside
  /// the tag, they measured a few percent slower in the nested-send rows).
  @usableFromInline
  struct Candidate: Sendable {
    @usableFromInline let tag: UInt32
    /// Bit 0: the case is `indirect`; bits 1 and 2: the ``Shortcut``.
    @usableFromInline var flags: UInt32

    /// What the enum's shape lets extraction skip.
    @usableFromInline
    enum Shortcut: UInt32, Sendable {
      /// Nothing: the runtime projects the payload out of a copy of the value.
      case none
      /// The enum has one case with a payload, stored in place (not `indirect`), and other cases
      /// without: the payload is the value's first bytes as they are, so it is read there once
      /// the tag matches (the runtime's projection of a single-payload enum changes nothing).
      case inPlace
      /// The same, and this is the enum's only case: every value holds its payload, so no tag is
      /// read either (`enum Action { case child(Child.Action) }`, a feature wrapping another).
      case whole
    }

    @usableFromInline init(tag: UInt32, isIndirect: Bool) {
      self.tag = tag
      self.flags = isIndirect ? 1 : 0
    }

    @inlinable var isIndirect: Bool { flags & 1 != 0 }

    /// How extraction reads the payload without asking the runtime to project it.
    @inlinable var shortcut: Shortcut {
      get { Shortcut(rawValue: flags >> 1) ?? .none }
      set { flags = flags & 1 | newValue.rawValue << 1 }
    }
  }

  /// Which cases of an enum carry a payload laid out like a given type.
  @usableFromInline
  enum Layout: Sendable {
    /// Exactly one case: the common shape, answered without an array.
    case single(Candidate)
    /// None, or several.
    case cases([Candidate])
    /// A payload type the runtime could not name: extraction falls back to `Mirror`.
    case unreadable
  }

  /// A pair of types, by their metadata addresses.
  private struct Key: Hashable {
    let root: UInt
    let value: UInt

    init(root: UInt, value: UInt) {
      self.root = root
      self.value = value
    }

    init(_ metadata: EnumMetadata, _ value: Any.Type) {
      self.init(
        root: UInt(bitPattern: metadata.pointer), value: unsafeBitCast(value, to: UInt.self))
    }

    /// A slot in a table of `mask + 1` slots: a multiplicative hash of the two addresses,
    /// cheaper than `Hasher`, which this lookup paid on every case path made. In 64 bits on
    /// every platform (the constants do not fit a 32-bit `UInt`), the same slots on 64-bit ones.
    func slot(_ mask: Int) -> Int {
      let mixed =
        UInt64(root) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(value) &* 0xC2B2_AE3D_27D4_EB4F
      return Int(truncatingIfNeeded: mixed >> 32) & mask
    }
  }

  /// One slot of a snapshot; a `root` of 0 marks it empty (no metadata lives at address 0).
  private struct Entry {
    var key: Key
    var layout: Layout
    /// The layout's one case when it is stored in place: what `/` asks for, read without
    /// copying `layout` (an enum that may hold an array).
    var inPlace: Candidate?

    init(key: Key, layout: Layout) {
      self.key = key
      self.layout = layout
      if case .single(let only) = layout, !only.isIndirect { inPlace = only }
    }
  }

  /// Learned layouts. Every `/Action.case` evaluation asks (and `body` is evaluated for every
  /// action), so reads take no lock and touch no reference count: they load the address of the
  /// latest snapshot, an open-addressed table in memory that is never written again nor freed.
  /// There is one snapshot per pair of types a program extracts, a few dozen, each small.
  private static let latest = Atomic<UInt>(0)  // the snapshot's address; 0 before the first
  /// The table itself, where snapshots are made from, one writer at a time.
  private static let writer = LockIsolated<[Key: Layout]>([:])

  /// The table at one moment: `mask + 1` entries, of which at most half are used.
  private struct Snapshot {
    let mask: Int
    let entries: UnsafeMutablePointer<Entry>

    static func make(_ table: [Key: Layout]) -> UnsafeMutablePointer<Snapshot> {
      var capacity = 16
      while capacity < table.count * 2 { capacity *= 2 }
      let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
      let empty = Entry(key: Key(root: 0, value: 0), layout: .unreadable)
      entries.initialize(repeating: empty, count: capacity)
      for (key, layout) in table {
        var slot = key.slot(capacity - 1)
        while entries[slot].key.root != 0 { slot = (slot + 1) & (capacity - 1) }
        entries[slot] = Entry(key: key, layout: layout)
      }
      let snapshot = UnsafeMutablePointer<Snapshot>.allocate(capacity: 1)
      snapshot.initialize(to: Snapshot(mask: capacity - 1, entries: entries))
      return snapshot
    }

    @inline(__always)
    func find(_ key: Key) -> UnsafePointer<Entry>? {
      var slot = key.slot(mask)
      while true {
        let entry = entries + slot
        if entry.pointee.key == key { return UnsafePointer(entry) }
        if entry.pointee.key.root == 0 { return nil }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Adds a learned layout; `false` when another thread learned it first.
  private static func remember(_ layout: Layout, for key: Key) -> Bool {
    writer.withLock { table in
      guard table.updateValue(layout, forKey: key) == nil else { return false }
      latest.store(UInt(bitPattern: Snapshot.make(table)), ordering: .releasing)
      return true
    }
  }

  /// The cases of `metadata`'s enum whose payload is laid out like `value`, learned once per
  /// pair of types.
  @usableFromInline
  static func layout(in metadata: EnumMetadata, for value: Any.Type) -> Layout {
    let key = Key(metadata, value)
    if let known = known(key) { return known.pointee.layout }
    return learn(key, metadata: metadata, value: value)
  }

  /// The one case of the enum `root` whose payload is laid out like `value`, when there is one
  /// and it is stored in place: the common shape, which `/` asks for on every `body` evaluation
  /// (one call, kept small so that `body` stays small where it is inlined). `nil` for any other
  /// shape, and when `root` is not an enum.
  @usableFromInline
  static func inPlaceCase(
    of root: Any.Type, for value: Any.Type
  ) -> (EnumMetadata, Candidate)? {
    guard let metadata = EnumMetadata(root) else { return nil }
    let key = Key(metadata, value)
    let inPlace =
      known(key)?.pointee.inPlace
      ?? Entry(key: key, layout: learn(key, metadata: metadata, value: value)).inPlace
    return inPlace.map { (metadata, $0) }
  }

  /// The entry learned for `key`, in the latest snapshot.
  @inline(__always)
  private static func known(_ key: Key) -> UnsafePointer<Entry>? {
    let snapshot = UnsafePointer<Snapshot>(bitPattern: latest.load(ordering: .acquiring))
    return snapshot?.pointee.find(key)
  }

  private static func learn(_ key: Key, metadata: EnumMetadata, value: Any.Type) -> Layout {
    var candidates: [Candidate] = []
    var layout: Layout? = holdsFunctions(value) ? .unreadable : nil
    for (tag, payload) in metadata.payloadCases().enumerated() where layout == nil {
      guard let type = payload.type else {
        layout = .unreadable
        break
      }
      if sameLayout(type, value) {
        candidates.append(Candidate(tag: UInt32(tag), isIndirect: payload.isIndirect))
      }
    }
    if candidates.count == 1, !candidates[0].isIndirect, metadata.payloadCaseCount == 1 {
      candidates[0].shortcut = metadata.emptyCaseCount == 0 ? .whole : .inPlace
    }
    let learned = layout ?? (candidates.count == 1 ? .single(candidates[0]) : .cases(candidates))
    if remember(learned, for: key), case .cases(let found) = learned, found.isEmpty {
      warnIfNoCaseHolds(value, in: metadata)
    }
    return learned
  }

  /// Warns, once per pair of types (`learn` runs once per pair), when no case of the enum can
  /// carry a `value`: the path was made from a function that is not one of the enum's cases, and
  /// it would return `nil` for every value without a word.
  ///
  /// A payload type that could hold a `value` converted (an optional, an existential, a class, a
  /// function) may still extract through `Mirror`, and a payload that takes no space extracts by
  /// its tag: neither warns.
  private static func warnIfNoCaseHolds(_ value: Any.Type, in metadata: EnumMetadata) {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    let cases = metadata.payloadCases()
    guard _openExistential(value, do: size) > 0,
      !cases.contains(where: { $0.type.map { mightHold($0, value) } ?? true })
    else { return }
    let root = unsafeBitCast(metadata.pointer, to: Any.Type.self)
    let described = cases.map { "\($0.name)(\($0.type.map { "\($0)" } ?? "?"))" }
    RuntimeWarning.report(
      "A case path from \(root) to \(value) can never extract: no case of \(root) carries a "
        + "\(value) (its cases with a payload: "
        + (described.isEmpty ? "none" : described.joined(separator: ", ")) + "). "
        + "Every extract returns nil, so a Scope, ifLet or forEach through it never runs its "
        + "child and a test store's receive never matches.\n"
        + "To fix it, make the path from one of the enum's cases "
        + "(/\(root).\(cases.first?.name ?? "someCase")), or write both "
        + "directions out with CasePath(embed:extract:).")
  }

  /// Whether a payload of type `payload` may hold a `value`: the same layout, or a type that
  /// holds values of other types (an optional, an existential, a class, a function, a
  /// metatype), which an enum case constructor converts to.
  private static func mightHold(_ payload: Any.Type, _ value: Any.Type) -> Bool {
    if sameLayout(payload, value) { return true }
    // MetadataKind: class 0 (or an isa pointer above 0x7FF), optional 0x202, function 0x302,
    // existential 0x303, metatype 0x304, existential metatype 0x306.
    let kind = unsafeBitCast(payload, to: UnsafeRawPointer.self).load(as: UInt.self)
    if kind == 0 || kind > 0x7FF || [0x202, 0x302, 0x303, 0x304, 0x306].contains(kind) {
      return true
    }
    guard let payloads = tupleElementTypes(payload), let values = tupleElementTypes(value),
      payloads.count == values.count
    else { return false }
    return zip(payloads, values).allSatisfy {
      mightHold(unsafeBitCast($0, to: Any.Type.self), unsafeBitCast($1, to: Any.Type.self))
    }
  }

  /// Warns once per pair of types that `/` was given a function into a type that is not an enum.
  private static let warnedNonEnums = LockIsolated<Set<Key>>([])

  /// A path for `/` applied to a function into a type that is not an enum: it embeds, tries
  /// `Mirror` (which only a type that reflects as an enum satisfies), and says so, once per pair
  /// of types.
  @usableFromInline
  static func nonEnumPath<Root, Value>(
    _ embed: @escaping @Sendable (Value) -> Root
  ) -> CasePath<Root, Value> {
    let key = Key(
      root: unsafeBitCast(Root.self as Any.Type, to: UInt.self),
      value: unsafeBitCast(Value.self as Any.Type, to: UInt.self))
    if warnedNonEnums.withLock({ $0.insert(key).inserted }) {
      RuntimeWarning.report(nonEnumMessage(root: Root.self, value: Value.self))
    }
    return mirrorPath(embed)
  }

  private static func nonEnumMessage(root: Any.Type, value: Any.Type) -> String {
    // FunctionTypeMetadata: kind 0x302, flags (parameter count in the low 16 bits), the result
    // type, then the parameter types: `/Action.child` without a type annotation got the path for
    // a case without payload, from the case's constructor `(Payload) -> Action`.
    let metadata = unsafeBitCast(root, to: UnsafeRawPointer.self)
    let word = MemoryLayout<Int>.size
    if metadata.load(as: UInt.self) == 0x302, value == Void.self {
      let count = metadata.load(fromByteOffset: word, as: UInt.self) & 0xFFFF
      let result = metadata.load(fromByteOffset: 2 * word, as: Any.Type.self)
      let parameters = (0..<Int(count)).map {
        "\(metadata.load(fromByteOffset: (3 + $0) * word, as: Any.Type.self))"
      }
      let payload =
        parameters.count == 1 ? parameters[0] : "(\(parameters.joined(separator: ", ")))"
      return
        "A case path to a case of \(result) with a payload was made without its type, so Swift "
        + "chose '/' for a case without payload: it is a CasePath<\(root), Void> and can never "
        + "extract.\n"
        + "To fix it, say the path's type: 'let path: CasePath<\(result), \(payload)> = "
        + "/\(result).case', or pass '/\(result).case' where a case path into \(result) is expected."
    }
    return
      "A case path from \(root) to \(value) can never extract: \(root) is not an enum. '/' makes "
      + "a case path from an enum case (/Action.child, /Action.task).\n"
      + "To fix it, apply '/' to a case of an enum, or write both directions out with "
      + "CasePath(embed:extract:)."
  }

  /// The same as ``layout(in:for:)``, as a list; `nil` when a payload type is unreadable.
  static func candidates(in metadata: EnumMetadata, for value: Any.Type) -> [Candidate]? {
    switch layout(in: metadata, for: value) {
    case .single(let only): [only]
    case .cases(let candidates): candidates
    case .unreadable: nil
    }
  }

  /// A path for every shape but the common one (see `/`): a root that is not an enum, a payload
  /// type the runtime cannot name, a payload type shared by several cases, an `indirect` case,
  /// or a payload that takes no space.
  @usableFromInline
  static func path<Root, Value>(embed: @escaping @Sendable (Value) -> Root) -> CasePath<Root, Value>
  {
    guard let metadata = EnumMetadata(Root.self) else { return nonEnumPath(embed) }
    return path(embed: embed, metadata: metadata, layout: layout(in: metadata, for: Value.self))
  }

  /// A path for the layout looked up (see ``path(embed:)``).
  static func path<Root, Value>(
    embed: @escaping @Sendable (Value) -> Root, metadata: EnumMetadata, layout: Layout
  ) -> CasePath<Root, Value> {
    switch layout {
    case .single(let only) where only.isIndirect:
      return indirectPath(embed: embed, metadata: metadata, case: only)
    case .single(let only):
      return CasePath(payloadOf: metadata, case: only)
    case .unreadable:
      return mirrorPath(embed)
    case .cases(let candidates) where candidates.isEmpty:
      return pathWithoutPayloadCase(embed: embed, metadata: metadata)
    case .cases(let candidates):
      // Which of the candidates `embed` makes is seen when an extraction tries it on an action of
      // one of them (a test store's `receive` does, on what it received); a label then names that
      // one case, even when its payload cannot be made up to find out (see `CasePathLabel`).
      let seen = SeenTag()
      return CasePath(
        embed: embed,
        extract: { root in
          let tag = metadata.tag(of: root)
          guard let candidate = candidates.first(where: { $0.tag == tag }) else { return nil }
          let value = metadata.payload(of: root, as: Value.self, indirect: candidate.isIndirect)
          let embeddedTag = metadata.tag(of: embed(value))
          seen.record(embeddedTag)
          return embeddedTag == tag ? value : nil
        },
        label: {
          CasePathLabel.label(of: embed, among: candidates, in: metadata, seen: seen.tag)
        })
    }
  }

  /// A path to the one `indirect` case whose payload is laid out like `Value`: the payload lives
  /// in a box, which `embed` makes.
  @usableFromInline
  static func indirectPath<Root, Value>(
    embed: @escaping @Sendable (Value) -> Root, metadata: EnumMetadata, case candidate: Candidate
  ) -> CasePath<Root, Value> {
    CasePath(
      embed: embed,
      extract: { root in
        guard metadata.tag(of: root) == candidate.tag else { return nil }
        return metadata.payload(of: root, as: Value.self, indirect: true)
      },
      label: {
        "/\(CasePathLabel.enumName(Root.self)).\(CasePathLabel.name(of: candidate, in: metadata))"
      })
  }

  /// A path that extracts with `Mirror`, for enums the runtime cannot describe in full.
  @usableFromInline
  static func mirrorPath<Root, Value>(
    _ embed: @escaping @Sendable (Value) -> Root
  ) -> CasePath<Root, Value> {
    CasePath(embed: embed) { MirrorExtraction.extract(from: $0, embed: embed) }
  }

  /// A path to a case that the runtime does not count among the payload cases.
  ///
  /// The compiler lays out a case whose payload takes no space (a single-case enum such as
  /// `enum Action { case tap }`, an empty struct) as a case without payload when that keeps the
  /// case numbering, so neither the case list nor `Mirror` shows its payload. Such a payload has
  /// one value, which needs no bytes: the path compares tags. Anything else falls back to
  /// `Mirror`.
  static func pathWithoutPayloadCase<Root, Value>(
    embed: @escaping @Sendable (Value) -> Root, metadata: EnumMetadata
  ) -> CasePath<Root, Value> {
    guard MemoryLayout<Value>.size == 0 else { return mirrorPath(embed) }
    let value = UncheckedSendable(unsafeBitCast((), to: Value.self))
    let tag = metadata.tag(of: embed(value.value))
    return CasePath(embed: embed) { metadata.tag(of: $0) == tag ? value.value : nil }
  }

  /// Whether a value of `type` is, or holds, a function: a function in an enum case is stored in
  /// the calling convention of the case's declared type, which a path generic over its value does
  /// not share, so such payloads are never read or written in place: the path embeds with the
  /// case's constructor, which converts them, and reads through `Mirror` (which converts a
  /// generic enum's, see Docs/EffectCore.md).
  static func holdsFunctions(_ type: Any.Type) -> Bool {
    // MetadataKind: function = 0x302.
    if unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self) == 0x302 { return true }
    return tupleElementTypes(type)?.contains {
      holdsFunctions(unsafeBitCast($0, to: Any.Type.self))
    } ?? false
  }

  /// Whether two types are the same, or tuples of the same element types (labels aside).
  ///
  /// A one-element tuple is its element: the runtime describes the payload of a case with one
  /// labelled value (`case popFrom(id: Int)`) as the tuple `(id: Int)`, laid out like an `Int`,
  /// while the case's constructor takes an `Int`.
  static func sameLayout(_ a: Any.Type, _ b: Any.Type) -> Bool {
    if a == b { return true }
    let a = soleElement(of: a) ?? a
    let b = soleElement(of: b) ?? b
    if a == b { return true }
    guard let elements = tupleElementTypes(a) else { return false }
    return elements == tupleElementTypes(b)
  }

  /// The element type of a one-element tuple type.
  private static func soleElement(of type: Any.Type) -> Any.Type? {
    guard let elements = tupleElementTypes(type), elements.count == 1 else { return nil }
    return unsafeBitCast(elements[0], to: Any.Type.self)
  }
}

/// The element types of a tuple type, or `nil` when `type` is not a tuple.
private func tupleElementTypes(_ type: Any.Type) -> [UnsafeRawPointer]? {
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  // TupleTypeMetadata, in words: kind (0x301), element count, labels, then { type, offset } per
  // element.
  guard metadata.load(as: Int.self) == 0x301 else { return nil }
  let word = MemoryLayout<Int>.size
  let count = metadata.load(fromByteOffset: word, as: Int.self)
  return (0..<count).map {
    metadata.load(fromByteOffset: 3 * word + $0 * 2 * word, as: UnsafeRawPointer.self)
  }
}

/// The tag an enum case constructor was seen to make, once it has run.
final class SeenTag: Sendable {
  private let stored = Atomic<UInt32>(.max)

  /// The tag, or `nil` before the constructor has run.
  var tag: UInt32? {
    let tag = stored.load(ordering: .relaxed)
    return tag == .max ? nil : tag
  }

  /// Remembers `tag`: the constructor always makes the same one, so only the first is stored,
  /// and extractions on many threads do not keep writing one shared word.
  func record(_ tag: UInt32) {
    guard stored.load(ordering: .relaxed) == .max else { return }
    stored.store(tag, ordering: .relaxed)
  }
}
