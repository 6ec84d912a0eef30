/// The one line of JSON that `dump` prints:
/// `{"bell":true,"timers":[{"name":"Timer 1","duration":4,"remaining":4,"status":"ready"}]}`.
enum StateDump {
  @MainActor
  static func line(_ host: any TimerHost) -> String {
    let timers = host.rows.map { timer in
      "{\"name\":\(JSONText.string(timer.name)),\"duration\":\(timer.duration),"
        + "\"remaining\":\(timer.remaining),\"status\":\"\(timer.status.rawValue)\"}"
    }
    return "{\"bell\":\(host.bell),\"timers\":[" + timers.joined(separator: ",") + "]}"
  }
}
