/// Text as data: the title, message and button labels of an ``AlertState`` or a
/// ``ConfirmationDialogState``, which tests compare and views turn into text.
///
/// ```swift
/// let title = TextState("Delete \"Morning\"?")
/// String(state: title)   // Delete "Morning"?
/// ```
public struct TextState: Equatable, Hashable, Sendable {
  /// The text.
  @usableFromInline let content: String

  /// Text from a string.
  ///
  /// - Parameter content: The text.
  @inlinable
  public init(_ content: some StringProtocol) {
    self.content = String(content)
  }

  /// Text from a string, shown as it is.
  ///
  /// TCA tells this initializer from the localized one; here both show the string as it is.
  ///
  /// - Parameter content: The text.
  @inlinable
  public init(verbatim content: String) {
    self.content = content
  }

  /// Two texts, one after the other.
  ///
  /// - Parameters:
  ///   - lhs: The first text.
  ///   - rhs: The text after it.
  /// - Returns: Both texts together.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(lhs.content + rhs.content)
  }
}

extension String {
  /// The text that a ``TextState`` holds, to show it.
  ///
  /// - Parameter state: The text.
  public init(state: TextState) {
    self = state.content
  }
}

extension TextState: DumpsAsLeaf {
  var dumpedLeaf: String { "TextState(\(content.debugDescription))" }
}
