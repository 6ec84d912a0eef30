// `many-timers`: see `App` for the modes and `Help` for the usage text.
StandardStreams.prepare()
let status = await App(endsProcessAfterRun: true).run(Array(CommandLine.arguments.dropFirst()))
Terminal.exit(status)
