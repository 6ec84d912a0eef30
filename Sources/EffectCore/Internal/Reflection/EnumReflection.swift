// Reads enum case tags and payloads through the Swift runtime's value witness tables, so that a
// `CasePath` built from an enum case constructor can extract without macros and without `Mirror`
// on the hot path. The layouts used here are part of Swift's stable ABI on Apple platforms and
// Linux.

/// One payload case of an enum, as the runtime describes it.
struct PayloadCase {
  let name: String
  let type: Any.Type?
  let isIndirect: Bool
}

/// The runtime metadata of an enum type.
///
/// Inlinable so that case paths specialize their extraction in the module that uses them.
@usableFromInline
struct EnumMetadata: @unchecked Sendable {
  @usableFromInline let pointer: UnsafeRawPointer

  @inlinable
  init?(_ type: Any.Type) {
    let pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // MetadataKind: enum = 0x201, optional = 0x202.
    let kind = pointer.load(as: Int.self)
    guard kind == 0x201 || kind == 0x202 else { return nil }
    self.pointer = pointer
  }

  @inlinable
  var valueWitnesses: UnsafeRawPointer {
    pointer.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
  }

  @usableFromInline typealias GetEnumTag =
    @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32
  @usableFromInline typealias ProjectEnumData =
    @convention(c) (_ value: UnsafeMutableRawPointer, _ metadata: UnsafeRawPointer) -> Void
  /// Writes the tag into a value whose payload is in place: the value, the tag, the metadata.
  @usableFromInline typealias InjectEnumTag =
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  // The enum value witness table extends the common one: 8 function pointers, size and stride
  // (words), flags (UInt32) and extra inhabitant count (UInt32), then getEnumTag and
  // destructiveProjectEnumData and destructiveInjectEnumTag. In words, not bytes: 32-bit targets
  // (arm64_32) have 4-byte ones.
  @inlinable static var sizeOffset: Int { 8 * MemoryLayout<UnsafeRawPointer>.size }
  @inlinable static var strideOffset: Int { sizeOffset + MemoryLayout<Int>.size }
  @inlinable static var getEnumTagOffset: Int {
    strideOffset + MemoryLayout<Int>.size + 2 * MemoryLayout<UInt32>.size
  }
  @inlinable static var projectOffset: Int {
    getEnumTagOffset + MemoryLayout<UnsafeRawPointer>.size
  }
  @inlinable static var injectOffset: Int {
    projectOffset + MemoryLayout<UnsafeRawPointer>.size
  }

  /// The enum value witness at `offset`, to cast to the function it is. (Not generic over the
  /// function's type: in unspecialised code that would look a function type's metadata up on
  /// every read of a tag.)
  @inlinable
  func witness(at offset: Int) -> UnsafeRawPointer {
    valueWitnesses.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
  }

  @inlinable
  func tag<Enum>(of value: Enum) -> UInt32 {
    let getTag = unsafeBitCast(witness(at: Self.getEnumTagOffset), to: GetEnumTag.self)
    return withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), pointer) }
  }

  /// How many cases carry a payload that takes space (the runtime's count, which tags them
  /// `0..<payloadCaseCount`).
  var payloadCaseCount: Int {
    Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
  }

  /// How many cases carry no payload (or one that takes no space).
  var emptyCaseCount: Int { Int(descriptor.load(fromByteOffset: 24, as: UInt32.self)) }

  /// The enum's type descriptor (TypeContextDescriptor: flags, parent, name, accessFunction,
  /// fields, as relative pointers, then NumPayloadCasesAndPayloadSizeOffset and NumEmptyCases).
  private var descriptor: UnsafeRawPointer {
    // Enum metadata, in words: kind, then the type descriptor, then the generic arguments.
    pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
  }

  /// Copies the payload of `value`, an enum with one payload case stored in place (see
  /// ``CaseLayouts/Candidate/Shortcut/inPlace``) whose value is of that case: its payload is its
  /// first bytes.
  @inlinable
  static func payloadInPlace<Enum, Payload>(of value: Enum, as _: Payload.Type) -> Payload {
    withUnsafePointer(to: value) {
      UnsafeRawPointer($0).assumingMemoryBound(to: Payload.self).pointee
    }
  }

  /// The payload cases of the enum, in tag order: each case's static payload type (`nil` when
  /// the runtime cannot resolve it) and whether it is declared `indirect`.
  func payloadCases() -> [PayloadCase] {
    let descriptor = self.descriptor
    // Enum metadata, in words: kind, then the type descriptor, then the generic arguments.
    let genericArguments = pointer + 2 * MemoryLayout<UnsafeRawPointer>.size
    // The descriptor's fields (see `descriptor`), a relative pointer.
    let fieldsOffset = 16
    let relative = descriptor.load(fromByteOffset: fieldsOffset, as: Int32.self)
    guard relative != 0 else { return [] }
    let fields = descriptor + fieldsOffset + Int(relative)
    let payloadCount = payloadCaseCount
    // FieldDescriptor: mangledTypeName, superclass, kind (UInt16), recordSize (UInt16),
    // numFields (UInt32), then records of { flags, mangledTypeName, fieldName }.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    // Payload cases take tags 0..<payloadCount in declaration order.
    var cases: [PayloadCase] = []
    for index in 0..<count {
      let record = fields + 16 + index * recordSize
      let nameOffset = record.load(fromByteOffset: 4, as: Int32.self)
      guard nameOffset != 0 else { continue }
      let name = (record + 4 + Int(nameOffset)).assumingMemoryBound(to: UInt8.self)
      let type = _getTypeByMangledNameInContext(
        name, UInt(Self.mangledNameLength(name)), genericContext: descriptor,
        genericArguments: genericArguments)
      let fieldNameOffset = record.load(fromByteOffset: 8, as: Int32.self)
      let fieldName =
        fieldNameOffset == 0
        ? "?"
        : String(cString: (record + 8 + Int(fieldNameOffset)).assumingMemoryBound(to: UInt8.self))
      cases.append(
        PayloadCase(
          name: fieldName, type: type, isIndirect: record.load(as: UInt32.self) & 0x1 != 0))
    }
    guard cases.count > payloadCount else { return cases }
    // The compiler lays out a case whose payload takes no space (a one-case enum, an empty
    // struct) as a case without payload, among the cases after the payload ones: only the cases
    // that take space hold tags 0..<payloadCount. When that does not account for them all, no
    // case is named, rather than a wrong one.
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    let sized = cases.filter { $0.type.map { _openExistential($0, do: size) > 0 } ?? true }
    guard sized.count != payloadCount else { return sized }
    return Array(
      repeating: PayloadCase(name: "?", type: nil, isIndirect: false), count: payloadCount)
  }

  /// The length of a mangled name, which may embed symbolic references holding zero bytes.
  private static func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
    var length = 0
    while true {
      let byte = name[length]
      switch byte {
      case 0: return length
      case 0x01...0x17: length += 1 + 4  // a relative symbolic reference
      case 0x18...0x1F: length += 1 + MemoryLayout<UnsafeRawPointer>.size  // an absolute one
      default: length += 1
      }
    }
  }

  /// Makes the value of the case tagged `tag`, whose payload is stored in place (not
  /// `indirect`) and laid out like `Payload`: the payload is written where a value of that case
  /// keeps it, its first bytes, and the runtime writes the tag.
  @inlinable
  func embed<Enum, Payload>(_ payload: Payload, as _: Enum.Type, tag: UInt32) -> Enum {
    let inject = unsafeBitCast(witness(at: Self.injectOffset), to: InjectEnumTag.self)
    // Raw bytes, not a buffer of `Enum`: where this runs unspecialised (an effect's lifted
    // `send`), a typed buffer's metadata would be looked up on every call.
    return withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Enum>.size, alignment: MemoryLayout<Enum>.alignment
    ) { buffer in
      let raw = buffer.baseAddress!
      raw.initializeMemory(as: Payload.self, repeating: payload, count: 1)
      inject(raw, tag, pointer)
      return raw.assumingMemoryBound(to: Enum.self).move()
    }
  }

  /// Copies the payload of `value`, which must be of a case whose payload type is `Payload`.
  @inlinable
  func payload<Enum, Payload>(of value: Enum, as _: Payload.Type, indirect: Bool) -> Payload {
    let project = unsafeBitCast(witness(at: Self.projectOffset), to: ProjectEnumData.self)
    // A manually managed copy on the stack: after projection it holds the payload (or the box of
    // an indirect case), not a valid `Enum`, so it must never be destroyed as one.
    return withUnsafeTemporaryAllocation(
      byteCount: MemoryLayout<Enum>.size, alignment: MemoryLayout<Enum>.alignment
    ) { buffer in
      let raw = buffer.baseAddress!
      raw.initializeMemory(as: Enum.self, repeating: value, count: 1)
      project(raw, pointer)
      guard indirect else {
        return raw.assumingMemoryBound(to: Payload.self).move()
      }
      let box = raw.load(as: UnsafeRawPointer.self)
      let alignment = MemoryLayout<Payload>.alignment
      let header = 2 * MemoryLayout<Int>.size
      let offset = (header + alignment - 1) & ~(alignment - 1)
      let result = (box + offset).assumingMemoryBound(to: Payload.self).pointee
      Unmanaged<AnyObject>.fromOpaque(box).release()
      return result
    }
  }
}
