// SharedState builds on EffectCore's reducers and on Injection's dependencies (`parentState` is
// one); importing it brings both along.
@_exported import EffectCore
@_exported import Injection
