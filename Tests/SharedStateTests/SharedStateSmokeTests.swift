import Testing

@testable import SharedState
