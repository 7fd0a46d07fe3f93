import RuaVisual

/// The Markdown summary of one or more comparisons, for a pull-request comment.
enum ReviewSummary {
  struct Entry {
    let name: String
    let report: DiffReport
    /// The HTML page, relative to the summary.
    let page: String?
  }

  static func markdown(_ entries: [Entry]) -> String {
    let failing = entries.filter { !$0.report.isSame }
    var text = "## Visual comparison: \(failing.isEmpty ? "all same" : "\(failing.count) of \(entries.count) different")\n\n"
    text += "| document | verdict | pages | regions | first change |\n|---|---|---|---|---|\n"
    for entry in entries {
      let report = entry.report
      let regions = report.pages.flatMap(\.regions).filter(\.counts)
      let first =
        report.structureChanges.first.map(\.description)
        ?? regions.first.map { region in region.textSummary ?? region.kindSummary } ?? ""
      let name = entry.page.map { "[\(cell(entry.name))](\($0))" } ?? cell(entry.name)
      text +=
        "| \(name) | \(report.isSame ? "same" : "**different**") | "
        + "\(report.differingPages.map { String($0.page) }.joined(separator: ", ")) | "
        + "\(regions.count) | \(cell(first)) |\n"
    }
    for entry in failing {
      text += "\n### \(cell(entry.name))\n\n```\n"
      text += entry.report.summary(nameA: "A", nameB: "B").replacingBackticks()
      text += "```\n"
    }
    return text
  }

  private static func cell(_ text: String) -> String {
    String(text.map { $0 == "|" ? "/" : ($0 == "\n" ? " " : $0) })
  }
}

extension String {
  /// Keeps a code block closed whatever the document text holds.
  fileprivate func replacingBackticks() -> String { String(map { $0 == "`" ? "'" : $0 }) }
}
