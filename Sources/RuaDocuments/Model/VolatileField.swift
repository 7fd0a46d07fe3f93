// SPDX-License-Identifier: Apache-2.0
/// A value that changes with every print of the same record: the printed time and the access
/// log's head in the footer. The renderer marks where each is drawn in the PDF (a marked-content
/// property list, docs/visual-regression.md "Per-print fields"), so `diff` and `snapshot` can
/// ignore them without coordinates. Dates that follow from the record or from the day (ages,
/// run-out dates, "review by") are content and are not marked.
public enum VolatileField: String, Sendable, CaseIterable {
  case printedTime = "printed-time"
  case logAnchor = "log-anchor"
}

extension VolatileField {
  /// Text at least as wide as any other value of this field shaped like `text`. The printed
  /// time: each digit as 0 (the document fonts' digits share one width). The log anchor: each
  /// digit and hex letter as d (wider than any of 0–9 and a–f), since its hash mixes them.
  /// The footer is laid out with it, so a value's neighbours stay in place between prints.
  func reserve(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          switch (self, scalar) {
          case (.printedTime, "0"..."9"): return "0"
          case (.logAnchor, "0"..."9"), (.logAnchor, "a"..."f"): return "d"
          default: return scalar
          }
        }))
  }
}

extension StyledText {
  /// The text with each marked run as its field's `reserve`; nil when nothing is marked.
  var reservingVolatile: StyledText? {
    guard runs.contains(where: { $0.volatile != nil }) else { return nil }
    return StyledText(
      runs.map { run in
        guard let field = run.volatile else { return run }
        var reserved = run
        reserved.text = field.reserve(run.text)
        return reserved
      })
  }
}
