// SharedAppStorage adds `.appStorage` to SharedState; importing it brings SharedState along.
// A module of its own because `UserDefaults` is in Foundation, not FoundationEssentials: an app
// that never uses `.appStorage` does not link full Foundation on Linux.
@_exported import SharedState
