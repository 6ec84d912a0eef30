import Injection

// Stands for the live module: it makes the interface's key a `DependencyKey`.
extension NumberClientKey: DependencyKey {
  static let liveValue = NumberClient(fetch: { [$0, $0 + 1] }, count: { 2 })
}
