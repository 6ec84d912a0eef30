// Reads enum case tags and payloads through the Swift runtime's value witness tables, so that a
// `CasePath` built from an enum case constructor can extract without macros and without `Mirror`
// on the hot path. The layouts used here are part of Swift's stable ABI on Apple platforms and
// Linux.

/// The runtime metadata of an enum type.
struct EnumMetadata: @unchecked Sendable {
  let pointer: UnsafeRawPointer

  init?(_ type: Any.Type) {
    let pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // MetadataKind: enum = 0x201, optional = 0x202.
    let kind = pointer.load(as: Int.self)
    guard kind == 0x201 || kind == 0x202 else { return nil }
    self.pointer = pointer
  }

  private var valueWitnesses: UnsafeRawPointer {
    pointer.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
  }

  private typealias GetEnumTag =
    @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32
  private typealias ProjectEnumData =
    @convention(c) (_ value: UnsafeMutableRawPointer, _ metadata: UnsafeRawPointer) -> Void

  // The enum value witness table extends the common one: 8 function pointers, size, stride,
  // flags (UInt32) and extra inhabitant count (UInt32), then getEnumTag and
  // destructiveProjectEnumData.
  private static let getEnumTagOffset = 8 * MemoryLayout<UnsafeRawPointer>.size + 2 * 8 + 8
  private static let projectOffset = getEnumTagOffset + MemoryLayout<UnsafeRawPointer>.size

  func tag<Enum>(of value: Enum) -> UInt32 {
    let getTag = unsafeBitCast(
      valueWitnesses.load(fromByteOffset: Self.getEnumTagOffset, as: UnsafeRawPointer.self),
      to: GetEnumTag.self)
    return withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), pointer) }
  }

  /// Whether the case with the given tag is declared `indirect` (its payload lives in a box).
  func isIndirect(tag: UInt32) -> Bool {
    // Enum metadata: kind, then the type descriptor.
    let descriptor = pointer.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
    // TypeContextDescriptor: flags, parent, name, accessFunction, fields (relative pointers),
    // then NumPayloadCasesAndPayloadSizeOffset and NumEmptyCases.
    let fieldsOffset = 16
    let relative = descriptor.load(fromByteOffset: fieldsOffset, as: Int32.self)
    guard relative != 0 else { return false }
    let fields = descriptor + fieldsOffset + Int(relative)
    let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
    // FieldDescriptor: mangledTypeName, superclass, kind (UInt16), recordSize (UInt16),
    // numFields (UInt32), then records of { flags, mangledTypeName, fieldName }.
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    // Payload cases take tags 0..<payloadCases in declaration order.
    var payloadIndex = 0
    for index in 0..<count {
      let record = fields + 16 + index * recordSize
      let hasPayload = record.load(fromByteOffset: 4, as: Int32.self) != 0
      guard hasPayload else { continue }
      if payloadIndex == Int(tag) {
        return record.load(as: UInt32.self) & 0x1 != 0
      }
      payloadIndex += 1
      if payloadIndex >= payloadCases { break }
    }
    return false
  }

  /// Copies the payload of `value`, which must be of a case whose payload type is `Payload`.
  func payload<Enum, Payload>(of value: Enum, as _: Payload.Type, indirect: Bool) -> Payload {
    let project = unsafeBitCast(
      valueWitnesses.load(fromByteOffset: Self.projectOffset, as: UnsafeRawPointer.self),
      to: ProjectEnumData.self)
    // A manually managed copy: after projection it holds the payload (or the box of an indirect
    // case), not a valid `Enum`, so it must never be destroyed as one.
    let buffer = UnsafeMutablePointer<Enum>.allocate(capacity: 1)
    defer { buffer.deallocate() }
    buffer.initialize(to: value)
    let raw = UnsafeMutableRawPointer(buffer)
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
