// EffectIdentifier builds on EffectCore's reducers and effects; importing it brings them along.
@_exported import EffectCore
