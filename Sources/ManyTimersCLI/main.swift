// The `many-timers` entry point. The full app is built by the ManyTimersCLI issue; until then it
// prints what it will be.
print(
  "many-timers: a dozen independent timers in your terminal. Coming with the ManyTimersCLI issue.")
