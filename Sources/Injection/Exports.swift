// Injection builds on EffectCore's reducers and stores; importing it brings them along.
@_exported import EffectCore
