// `many-timers`: see `App` for the modes and `Help` for the usage text.
let status = await App().run(Array(CommandLine.arguments.dropFirst()))
Terminal.exit(status)
