import Glibc

/// Seconds on the monotonic clock, for rates and durations (never printed on a document).
enum MonotonicClock {
  static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// Done/total, rate and time left on one terminal line redrawn with `\r`; silent when stderr
/// is not a terminal (the summary line says it all there).
struct BatchProgress {
  let total: Int
  let context: Context
  let started = MonotonicClock.seconds()
  private var lastDraw = 0.0
  private(set) var done = 0

  init(total: Int, context: Context) {
    self.total = total
    self.context = context
  }

  var elapsed: Double { MonotonicClock.seconds() - started }

  mutating func advance() {
    done += 1
    guard context.standardErrorIsTerminal, !context.quiet else { return }
    let now = MonotonicClock.seconds()
    guard done == total || now - lastDraw >= 0.1 else { return }
    lastDraw = now
    let seconds = max(now - started, 1e-6)
    let rate = Double(done) / seconds
    let left = rate > 0 ? Double(total - done) / rate : 0
    let line =
      "batch: \(done)/\(total) documents, \(Self.oneDecimal(rate))/s, ETA \(Self.oneDecimal(left)) s"
    context.standardError(Array(("\r" + line + "\u{1B}[K").utf8))
  }

  func finish() {
    if context.standardErrorIsTerminal && !context.quiet && done > 0 {
      context.standardError(Array("\n".utf8))
    }
  }

  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
