/// XCTest's entry points, called without linking the library (see ``TestFrameworks``).
///
/// XCTest records a failure only in the test case that is running; outside one, it drops it.
enum XCTestEntryPoints {
  private enum Symbols {
    /// `XCTFail(_:file:line:)`.
    static let fail = TestFrameworks.lookUp("$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
    /// `XCTUnwrap(_:_:file:line:)`, generic over the unwrapped type.
    static let unwrap = TestFrameworks.lookUp(
      "$s6XCTest9XCTUnwrap__4file4linexxSgyKXK_SSyXKs12StaticStringVSutKlF")
  }

  /// Records a failure with `XCTFail`.
  ///
  /// - Returns: Whether XCTest is loaded.
  static func fail(_ message: String, at site: CallSite) -> Bool {
    guard let fail = TestFrameworks.pointer(Symbols.fail) else { return false }
    typealias Fail = @convention(thin) (String, StaticString, UInt) -> Void
    unsafeBitCast(fail, to: Fail.self)(message, site.filePath, site.line)
    return true
  }

  /// Records a failure the way `XCTUnwrap` does when it finds `nil`.
  ///
  /// The failure reads `XCTUnwrap failed: expected non-nil value of type "TestStoreAssertion" -`
  /// followed by `message`: XCTest writes that prefix itself.
  ///
  /// - Returns: The error `XCTUnwrap` throws, which XCTest's test runner does not record when a
  ///   test throws it; `nil` if XCTest is not loaded.
  static func failToThrow(_ message: String, at site: CallSite) -> (any Error)? {
    guard let unwrap = TestFrameworks.pointer(Symbols.unwrap) else { return nil }
    // Generic: the unwrapped type's metadata comes last, after the arguments, and a generic
    // parameter's metatype is passed as that metadata (a concrete one would be thin, and absent).
    func unwrapNothing<Unwrapped>(_: Unwrapped.Type) -> (any Error)? {
      typealias Unwrap =
        @convention(thin) (
          () throws -> Unwrapped?, () -> String, StaticString, UInt, Unwrapped.Type
        ) throws -> Unwrapped
      do {
        _ = try unsafeBitCast(unwrap, to: Unwrap.self)(
          { nil }, { message }, site.filePath, site.line, Unwrapped.self)
        return nil
      } catch {
        return error
      }
    }
    return unwrapNothing(TestStoreAssertion.self)
  }

  /// What XCTest names in its failure message: see ``failToThrow(_:at:)``.
  private enum TestStoreAssertion {}

}
