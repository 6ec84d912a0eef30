/// The exit statuses of `many-timers`, from BSD's sysexits.
enum ExitCode: Int32 {
  case success = 0
  case usage = 64
  case dataError = 65
  case noInput = 66
  case cannotCreate = 73
  case ioError = 74
}
