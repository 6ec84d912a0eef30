print("many-timers")
