// Undo builds on EffectCore's stores; importing it brings them along.
@_exported import EffectCore
