extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements, failing on a duplicate id with where it is: "Duplicate
  /// element id 1 at offset 1", as swift-identified-collections says where.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    var seen = Set<ID>()
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      guard seen.insert(element.id).inserted else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription: "Duplicate element id \(element.id) at offset \(offset)"))
      }
      elements.append(element)
    }
    self.init(uniqueElements: elements)
  }
}
