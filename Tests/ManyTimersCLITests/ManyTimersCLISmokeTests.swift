import Testing

@testable import ManyTimersCLI
