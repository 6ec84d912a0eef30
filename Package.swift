// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
  name: "EffectKit",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "EffectCore", targets: ["EffectCore"]),
    .library(name: "EffectIdentifier", targets: ["EffectIdentifier"]),
    .library(name: "SharedState", targets: ["SharedState"]),
    .library(name: "Injection", targets: ["Injection"]),
    .library(name: "InjectionTestSupport", targets: ["InjectionTestSupport"]),
    .library(name: "InjectionFoundation", targets: ["InjectionFoundation"]),
    .library(name: "InjectionFoundationNetworking", targets: ["InjectionFoundationNetworking"]),
    .library(name: "Undo", targets: ["Undo"]),
    .executable(name: "many-timers", targets: ["ManyTimersCLI"]),
    // `.appStorage`, on UserDefaults: full Foundation, so a product of its own.
    .library(name: "SharedAppStorage", targets: ["SharedAppStorage"]),
  ],
  targets: [
    .target(name: "EffectCore", swiftSettings: strictSettings),
    .target(name: "Injection", dependencies: ["EffectCore"], swiftSettings: strictSettings),
    // The only module that imports Testing: the test traits. Apps never link it.
    .target(
      name: "InjectionTestSupport", dependencies: ["Injection"], swiftSettings: strictSettings),
    // The built-in dependencies of full Foundation and of FoundationNetworking, each in a product
    // of its own: on Linux, an app links those libraries only when it asks for them.
    .target(
      name: "InjectionFoundation", dependencies: ["Injection"], swiftSettings: strictSettings),
    .target(
      name: "InjectionFoundationNetworking", dependencies: ["Injection"],
      swiftSettings: strictSettings),
    .target(name: "EffectIdentifier", dependencies: ["EffectCore"], swiftSettings: strictSettings),
    .target(
      name: "SharedState", dependencies: ["EffectCore", "Injection"], swiftSettings: strictSettings),
    .target(name: "Undo", dependencies: ["EffectCore"], swiftSettings: strictSettings),
    .executableTarget(
      name: "ManyTimersCLI",
      dependencies: ["EffectCore", "EffectIdentifier", "SharedState", "Injection", "Undo"],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "EffectBenchmarks",
      dependencies: ["EffectCore", "EffectIdentifier", "Injection", "SharedState", "Undo"],
      path: "Benchmarks/EffectBenchmarks", swiftSettings: strictSettings),
    .testTarget(name: "EffectCoreTests", dependencies: ["EffectCore"], swiftSettings: strictSettings),
    .testTarget(
      name: "InjectionTests", dependencies: [
        "Injection", "InjectionTestSupport", "InjectionFoundation", "InjectionFoundationNetworking",
        "EffectCore",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "EffectIdentifierTests", dependencies: ["EffectIdentifier", "EffectCore"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SharedStateTests", dependencies: ["SharedState", "Injection", "EffectCore"],
      swiftSettings: strictSettings),
    .testTarget(name: "UndoTests", dependencies: ["Undo", "EffectCore"], swiftSettings: strictSettings),
    .testTarget(
      name: "ManyTimersCLITests", dependencies: ["ManyTimersCLI", "EffectCore"],
      swiftSettings: strictSettings),
    // `.appStorage` (SharedAppStorage): its target and its tests.
    .target(
      name: "SharedAppStorage", dependencies: ["SharedState"], swiftSettings: strictSettings),
    .testTarget(
      name: "SharedAppStorageTests", dependencies: ["SharedAppStorage"],
      swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
