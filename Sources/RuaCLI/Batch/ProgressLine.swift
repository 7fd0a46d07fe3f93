// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit

/// Done/total, rate and time left on one terminal line redrawn with `\r`; silent when stderr
/// is not a terminal (the summary line says it all there).
struct ProgressLine {
  let context: Context
  private var lastDraw = 0.0
  private var drawn = false

  init(context: Context) { self.context = context }

  mutating func draw(_ progress: BatchProgress) {
    guard context.standardErrorIsTerminal, !context.quiet else { return }
    if let pages = progress.binderPages {
      drawn = true
      let line = "batch: writing the binder (\(pages) page\(pages == 1 ? "" : "s"))…"
      context.standardError(Array(("\r" + line + "\u{1B}[K").utf8))
      return
    }
    guard progress.done > 0 else { return }
    let now = MonotonicClock.seconds()
    guard progress.done == progress.total || now - lastDraw >= 0.1 else { return }
    lastDraw = now
    drawn = true
    let seconds = max(progress.elapsed, 1e-6)
    let rate = Double(progress.done) / seconds
    let left = rate > 0 ? Double(progress.total - progress.done) / rate : 0
    let line =
      "batch: \(progress.done)/\(progress.total) documents, \(BatchProgress.oneDecimal(rate))/s, "
      + "ETA \(BatchProgress.oneDecimal(left)) s"
    context.standardError(Array(("\r" + line + "\u{1B}[K").utf8))
  }

  func finish() {
    if drawn { context.standardError(Array("\n".utf8)) }
  }
}
