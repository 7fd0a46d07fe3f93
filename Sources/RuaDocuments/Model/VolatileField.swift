/// A value that changes with every print of the same record: the printed time and the access
/// log's head in the footer. The renderer marks where each is drawn in the PDF (a marked-content
/// property list, docs/visual-regression.md "Per-print fields"), so `diff` and `snapshot` can
/// ignore them without coordinates. Dates that follow from the record or from the day (ages,
/// run-out dates, "review by") are content and are not marked.
public enum VolatileField: String, Sendable, CaseIterable {
  case printedTime = "printed-time"
  case logAnchor = "log-anchor"
}
