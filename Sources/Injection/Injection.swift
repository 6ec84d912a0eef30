@_exported import EffectCore
