extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements, failing on duplicate ids.
  public init(from decoder: any Decoder) throws {
    let elements = try [Element](from: decoder)
    var seen = Set<ID>()
    for element in elements where !seen.insert(element.id).inserted {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "Duplicate element id \(element.id)"))
    }
    self.init(uniqueElements: elements)
  }
}
