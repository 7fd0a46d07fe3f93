// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Seconds on the monotonic clock, for rates and durations (never printed on a document).
public enum MonotonicClock {
  public static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// How far a batch is: reported after each delivered chunk, and once more at the end.
public struct BatchProgress: Sendable, Equatable {
  public let done: Int
  public let total: Int
  /// Seconds since the first document was handed to the workers.
  public let elapsed: Double
  /// Set once, after the documents, when the binder of this many document pages is about to
  /// be drawn (minutes for hundreds of people): "writing the binder (N pages)…".
  public let binderPages: Int?

  public init(done: Int, total: Int, elapsed: Double, binderPages: Int? = nil) {
    self.done = done
    self.total = total
    self.elapsed = elapsed
    self.binderPages = binderPages
  }

  /// "12.3": rates and seconds as progress lines and summaries print them.
  public static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
