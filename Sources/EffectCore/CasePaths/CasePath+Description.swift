extension CasePath: CustomStringConvertible, CustomDebugStringConvertible {
  /// The path as it is written: `/Action.numberFactResponse .. /Result.failure`,
  /// `/Action.path .. .element(id: 0) .. /Path.Action.detail`.
  ///
  /// A test store names the path this way when a `receive` by case path fails. A path made
  /// with ``init(embed:extract:)`` has no case to name: it is `CasePath<Root, Value>`.
  public var description: String {
    switch extraction {
    case .payload(let metadata, let candidate):
      return
        "/\(CasePathLabel.enumName(Root.self)).\(CasePathLabel.name(of: candidate, in: metadata))"
    case .closures(let closures):
      guard let label = closures.label else {
        return "CasePath<\(Dump.typeName(Root.self)), \(Dump.typeName(Value.self))>"
      }
      return label.text()
    }
  }

  /// The same as ``description``.
  public var debugDescription: String { description }
}

/// How case paths name their cases in failure messages.
enum CasePathLabel {
  /// The enum's name as TCA's paths write it: nested in its types, without its module or its
  /// generic arguments (`/Result.failure`, `/PresentationAction.presented`).
  static func enumName(_ type: Any.Type) -> String {
    let name = Dump.typeName(type)
    guard let generic = name.firstIndex(of: "<") else { return name }
    return String(name[..<generic])
  }

  /// The name of the payload case a candidate stands for.
  static func name(of candidate: CaseLayouts.Candidate, in metadata: EnumMetadata) -> String {
    let cases = metadata.payloadCases()
    return Int(candidate.tag) < cases.count ? cases[Int(candidate.tag)].name : "?"
  }

  /// Names the case that `embed` makes, among several with the same payload type: the one it was
  /// seen to make (the path tries it on every action of those cases it extracts from), or found by
  /// embedding a zeroed payload when the payload is plain data; otherwise all of them.
  static func label<Root, Value>(
    of embed: @Sendable (Value) -> Root, among candidates: [CaseLayouts.Candidate],
    in metadata: EnumMetadata, seen: UInt32?
  ) -> String {
    let root = "/\(enumName(Root.self))."
    if let seen, let candidate = candidates.first(where: { $0.tag == seen }) {
      return root + name(of: candidate, in: metadata)
    }
    if _isPOD(Value.self) {
      let tag = withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer -> UInt32 in
        let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Value>.size)
        return metadata.tag(of: embed(buffer.baseAddress!.pointee))
      }
      if let candidate = candidates.first(where: { $0.tag == tag }) {
        return root + name(of: candidate, in: metadata)
      }
    }
    return candidates.map { root + name(of: $0, in: metadata) }.joined(separator: " or ")
  }
}
