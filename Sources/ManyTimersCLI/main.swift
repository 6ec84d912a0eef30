#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `many-timers`: see `App` for the modes and `Help` for the usage text.
let status = await App().run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
