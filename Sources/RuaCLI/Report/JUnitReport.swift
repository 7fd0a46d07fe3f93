// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import RuaVisual

/// JUnit XML as CI systems read it: one test case per page (plus one for the structure).
enum JUnitReport {
  struct Case {
    let className: String
    let name: String
    /// nil when it passed.
    let failure: String?
  }

  static func cases(_ report: DiffReport, nameA: String, nameB: String) -> [Case] {
    let className = "\(nameA) vs \(nameB)"
    if report.identicalBytes {
      return (1...max(1, report.pageCountA)).map {
        Case(className: className, name: "page \($0)", failure: nil)
      }
    }
    var cases: [Case] = report.pages.map { page in
      var name = "page \(page.page)"
      if page.pageA == nil { name = "page \(page.pageB ?? 0) of B" }
      if let a = page.pageA, let b = page.pageB, a != b { name = "page \(a) (B page \(b))" }
      guard page.isDifferent else { return Case(className: className, name: name, failure: nil) }
      if page.pageA == nil {
        return Case(className: className, name: name, failure: "inserted in \(nameB)")
      }
      if page.pageB == nil {
        return Case(className: className, name: name, failure: "removed: not in \(nameB)")
      }
      var lines = ["reasons: " + page.reasons.map(\.rawValue).joined(separator: ", ")]
      if page.differingPixels > 0 {
        lines.append("\(page.differingPixels) pixel(s) differ (allowed \(page.allowedPixels))")
      }
      for region in page.regions where region.counts {
        lines.append(
          "region --mask \(region.mask(page: page.page)): \(region.kindSummary)"
            + (region.textSummary.map { "; " + $0 } ?? ""))
      }
      return Case(className: className, name: name, failure: lines.joined(separator: "\n"))
    }
    if report.options.compareStructure {
      cases.append(
        Case(
          className: className, name: "structure",
          failure: report.structureChanges.isEmpty
            ? nil : report.structureChanges.map(\.description).joined(separator: "\n")))
    }
    return cases
  }

  static func xml(suite: String, cases: [Case]) -> String {
    let failures = cases.filter { $0.failure != nil }.count
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text +=
      "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
      + "  <testsuite name=\"\(escape(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
    for item in cases {
      text += "    <testcase classname=\"\(escape(item.className))\" name=\"\(escape(item.name))\""
      if let failure = item.failure {
        let first = failure.split(separator: "\n").first.map(String.init) ?? failure
        text +=
          ">\n      <failure message=\"\(escape(first))\">\(escape(failure))</failure>\n    </testcase>\n"
      } else {
        text += "/>\n"
      }
    }
    return text + "  </testsuite>\n</testsuites>\n"
  }

  private static func escape(_ text: String) -> String { ComparisonPage.escape(text) }
}
