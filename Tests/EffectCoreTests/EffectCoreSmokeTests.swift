import Testing
@testable import EffectCore
