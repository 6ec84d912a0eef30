import Testing

@testable import EffectIdentifier
