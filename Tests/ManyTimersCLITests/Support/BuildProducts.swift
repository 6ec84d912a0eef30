import Foundation

@testable import ManyTimersCLI

/// The build's products folder (`.build/debug`, Xcode's `Build/Products/Debug`), where the
/// `many-timers` executable is built beside the test bundle.
///
/// Found from the image that holds this test code (`#dsohandle`), not from the process's first
/// argument: that is the test bundle on Linux (`…/debug/EffectKitPackageTests.xctest`), but on
/// macOS the runner that loaded it (`xctest`, SwiftPM's `swiftpm-testing-helper`), elsewhere.
enum BuildProducts {
  static let folder: URL? = imagePath(containing: #dsohandle).flatMap(folder(ofImageAt:))

  /// The file of the loaded image that holds `address`: `dladdr`, which Glibc's module hides
  /// (it needs `_GNU_SOURCE`), looked up at run time.
  private static func imagePath(containing address: UnsafeRawPointer) -> String? {
    // `Dl_info`, four pointers on Linux and macOS: the image's path and base address, the
    // nearest symbol's name and address.
    typealias Info = (
      path: UnsafePointer<CChar>?, base: UnsafeRawPointer?, symbol: UnsafePointer<CChar>?,
      symbolAddress: UnsafeRawPointer?
    )
    typealias AddressInfo = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer) -> Int32
    guard let dladdr = System.symbol(named: "dladdr", as: AddressInfo.self) else { return nil }
    var info: Info = (nil, nil, nil, nil)
    let found = withUnsafeMutableBytes(of: &info) { dladdr(address, $0.baseAddress!) }
    guard found != 0, let path = info.path else { return nil }
    return String(cString: path)
  }

  /// The folder that holds the test bundle an image belongs to: the bundle is the image itself
  /// on Linux, a folder around it on macOS (`….xctest/Contents/MacOS/…`).
  static func folder(ofImageAt path: String) -> URL? {
    var url = URL(fileURLWithPath: path)
    while url.pathComponents.count > 1 {
      if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
      url.deleteLastPathComponent()
    }
    return nil
  }

  /// The executable product `name`, when it is built.
  static func executable(_ name: String) -> URL? {
    guard let candidate = folder?.appendingPathComponent(name),
      FileManager.default.isExecutableFile(atPath: candidate.path)
    else { return nil }
    return candidate
  }
}
