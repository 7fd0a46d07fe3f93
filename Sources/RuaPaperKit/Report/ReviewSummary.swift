// SPDX-License-Identifier: Apache-2.0
package import RuaVisual

/// The Markdown summary of one or more comparisons, for a pull-request comment.
package enum ReviewSummary {
  package struct Entry {
    let name: String
    /// "same", "different", or a snapshot status ("ok", "FAILED", "missing", …).
    let status: String
    let report: DiffReport?
    /// The HTML page, relative to the summary.
    let page: String?
    /// Pictures of inserted and removed pages: (caption, file relative to the summary).
    var pictures: [(String, String)]

    package init(
      name: String, status: String, report: DiffReport?, page: String?,
      pictures: [(String, String)] = []
    ) {
      self.name = name
      self.status = status
      self.report = report
      self.page = page
      self.pictures = pictures
    }

    var failed: Bool { ["different", "FAILED", "missing"].contains(status) }
  }

  package static func markdown(_ entries: [Entry]) -> String {
    let failing = entries.filter(\.failed)
    var text =
      "## Visual comparison: "
      + (failing.isEmpty
        ? "all \(entries.count) pass" : "\(failing.count) of \(entries.count) fail")
      + "\n\n| document | verdict | pages | regions | first change |\n|---|---|---|---|---|\n"
    for entry in entries {
      let report = entry.report
      let regions = report?.pages.flatMap(\.regions).filter(\.counts) ?? []
      let first =
        report?.structureChanges.first.map(\.description)
        ?? regions.first.map { region in region.textSummary ?? region.kindSummary } ?? ""
      let name = entry.page.map { "[\(cell(entry.name))](\($0))" } ?? cell(entry.name)
      let pages = report?.differingPages.map { String($0.page) }.joined(separator: ", ") ?? ""
      text +=
        "| \(name) | \(entry.failed ? "**\(entry.status)**" : entry.status) | \(pages) | "
        + "\(regions.count) | \(cell(first)) |\n"
    }
    for entry in failing {
      guard let report = entry.report else { continue }
      text += "\n### \(cell(entry.name))\n\n```\n"
      text += String(report.summary(nameA: "A", nameB: "B").map { $0 == "`" ? "'" : $0 })
      text += "```\n"
      for (caption, file) in entry.pictures {
        text += "\n![\(cell(caption))](\(file))\n"
      }
    }
    return text
  }

  private static func cell(_ text: String) -> String {
    String(text.map { $0 == "|" ? "/" : ($0 == "\n" ? " " : $0) })
  }
}
