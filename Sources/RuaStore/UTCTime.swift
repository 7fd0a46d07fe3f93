internal import RuaCore

/// `YYYY-MM-DDTHH:MM:SSZ` for seconds since the epoch (the caller's clock, never read here).
public enum UTCTime {
  public static func format(_ seconds: Int64) -> String {
    let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    let rest = Int(seconds - Int64(days) * 86_400)
    let date = CivilDate(daysSinceEpoch: days)
    return date.iso + "T" + two(rest / 3600) + ":" + two(rest / 60 % 60) + ":" + two(rest % 60)
      + "Z"
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
