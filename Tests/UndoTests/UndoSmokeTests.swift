import Testing

@testable import Undo
