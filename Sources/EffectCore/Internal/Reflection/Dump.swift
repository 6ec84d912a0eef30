/// Renders a value as indented lines, one property per line, for diffs in test failures and
/// `printChanges`.
enum Dump {
  static func lines(_ value: Any) -> [String] {
    var lines: [String] = []
    render(value, prefix: "", indent: 0, suffix: "", into: &lines)
    return lines
  }

  static func string(_ value: Any) -> String {
    lines(value).joined(separator: "\n")
  }

  private static func render(
    _ value: Any, prefix: String, indent: Int, suffix: String, into lines: inout [String]
  ) {
    if let wrapper = value as? any DumpsAsWrappedValue {
      return render(
        wrapper.dumpedValue, prefix: prefix, indent: indent, suffix: suffix, into: &lines)
    }
    if let shared = value as? any SharedStateReference {
      return render(
        shared.sharedStateValue, prefix: prefix, indent: indent, suffix: suffix, into: &lines)
    }
    let pad = String(repeating: " ", count: indent)
    if let leaf = leafDescription(value) {
      lines.append(pad + prefix + leaf + suffix)
      return
    }
    let mirror = Mirror(reflecting: value)
    let typeName = Dump.typeName(type(of: value))
    let children = Array(mirror.children)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = children.first?.value else {
        lines.append(pad + prefix + "nil" + suffix)
        return
      }
      render(wrapped, prefix: prefix, indent: indent, suffix: suffix, into: &lines)
    case .enum:
      let name = children.first?.label ?? "\(value)"
      guard let payload = children.first?.value else {
        lines.append(pad + prefix + "." + name + suffix)
        return
      }
      if let leaf = leafDescription(payload) {
        lines.append(pad + prefix + ".\(name)(\(leaf))" + suffix)
        return
      }
      let payloadMirror = Mirror(reflecting: payload)
      if payloadMirror.displayStyle == .tuple {
        block(
          open: prefix + ".\(name)(", close: ")" + suffix, children: Array(payloadMirror.children),
          indent: indent, into: &lines)
      } else {
        lines.append(pad + prefix + ".\(name)(")
        render(payload, prefix: "", indent: indent + 2, suffix: "", into: &lines)
        lines.append(pad + ")" + suffix)
      }
    case .collection, .set:
      guard !children.isEmpty else {
        lines.append(pad + prefix + "[]" + suffix)
        return
      }
      block(
        open: prefix + "[", close: "]" + suffix, children: children, indent: indent, into: &lines)
    case .dictionary:
      guard !children.isEmpty else {
        lines.append(pad + prefix + "[:]" + suffix)
        return
      }
      lines.append(pad + prefix + "[")
      let pairs = children.map { Array(Mirror(reflecting: $0.value).children) }
        .map { (key: string($0[0].value), value: $0[1].value) }
        .sorted { $0.key < $1.key }
      for (offset, pair) in pairs.enumerated() {
        render(
          pair.value, prefix: pair.key + ": ", indent: indent + 2,
          suffix: offset == pairs.count - 1 ? "" : ",", into: &lines)
      }
      lines.append(pad + "]" + suffix)
    case .tuple:
      block(
        open: prefix + "(", close: ")" + suffix, children: children, indent: indent, into: &lines)
    default:
      guard !children.isEmpty else {
        lines.append(pad + prefix + typeName + "()" + suffix)
        return
      }
      block(
        open: prefix + typeName + "(", close: ")" + suffix, children: children, indent: indent,
        into: &lines)
    }
  }

  /// The type's name as it is written in code where its module is imported, with the types it
  /// is nested in: `Feature.State`, `Optional<Feature.State>`, as TCA's diffs name types. Local
  /// and private types lose the context that the runtime cannot name.
  static func typeName(_ type: Any.Type) -> String {
    let reflected = String(reflecting: type)
    // `Module.(unknown context at $10a3c).Local`: a function or a private declaration.
    var name = Substring()
    var rest = reflected[...]
    let unknown = "(unknown context at "
    while let open = rest.firstIndex(of: "(") {
      name += rest[..<open]
      rest = rest[open...]
      guard rest.hasPrefix(unknown), let close = rest.firstIndex(of: ")") else {
        name.append(rest.removeFirst())
        continue
      }
      rest = rest[rest.index(after: close)...]
      if rest.first == "." { rest.removeFirst() }
    }
    name += rest
    // Every qualified name starts with its module: drop it.
    var result = ""
    var index = name.startIndex
    while index < name.endIndex {
      let character = name[index]
      guard character.isLetter || character == "_" else {
        result.append(character)
        index = name.index(after: index)
        continue
      }
      let identifierEnd =
        name[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? name.endIndex
      let startsAPath = index == name.startIndex || name[name.index(before: index)] != "."
      let continues = identifierEnd < name.endIndex && name[identifierEnd] == "."
      if startsAPath, continues {
        index = name.index(after: identifierEnd)
      } else {
        result += name[index..<identifierEnd]
        index = identifierEnd
      }
    }
    return result
  }

  private static func block(
    open: String, close: String, children: [Mirror.Child], indent: Int, into lines: inout [String]
  ) {
    let pad = String(repeating: " ", count: indent)
    lines.append(pad + open)
    for (offset, child) in children.enumerated() {
      var label = child.label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? ""
      if label.hasPrefix("_"), label.count > 3 { label.removeFirst() }
      render(
        child.value, prefix: label, indent: indent + 2,
        suffix: offset == children.count - 1 ? "" : ",", into: &lines)
    }
    lines.append(pad + close)
  }

  private static func leafDescription(_ value: Any) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let character as Character: return String(character).debugDescription
    case is any Numeric, is Bool: return "\(value)"
    case let keyPath as AnyKeyPath: return "\(keyPath)"
    case let action as any CustomStringConvertible & DumpsAsDescription: return action.description
    case let leaf as any DumpsAsLeaf: return leaf.dumpedLeaf
    default: break
    }
    if let leaf = DumpLeaves.description(of: value) { return leaf }
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty, mirror.displayStyle != .enum, mirror.displayStyle != .optional,
      mirror.displayStyle != .collection, mirror.displayStyle != .dictionary,
      mirror.displayStyle != .set
    {
      if let convertible = value as? any CustomStringConvertible {
        return convertible.description
      }
      return mirror.displayStyle == nil ? "\(value)" : nil
    }
    return nil
  }
}

/// Property wrappers that dump as the value they wrap.
protocol DumpsAsWrappedValue {
  var dumpedValue: Any { get }
}

extension Bound: DumpsAsWrappedValue {
  var dumpedValue: Any { wrappedValue }
}

/// Types that dump as one line of their own making rather than as their structure.
protocol DumpsAsLeaf {
  var dumpedLeaf: String { get }
}

/// Types that dump as their `description` rather than their structure.
protocol DumpsAsDescription {}
extension BindingAction: DumpsAsDescription {}
