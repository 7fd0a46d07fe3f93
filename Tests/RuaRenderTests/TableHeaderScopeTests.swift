// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import Testing

@testable import RuaRender

/// Every table header cell says what it heads (`/A << /O /Table /Scope … >>`), as read back by
/// qpdf: `Column` in a row of header cells only, `Row` beside data cells; data cells get none.
@Suite struct TableHeaderScopeTests {
  /// The objects of `pdf` by number, as qpdf's QDF text.
  static func objectsByNumber(_ pdf: [UInt8]) throws -> [Int: String] {
    var objects: [Int: String] = [:]
    for object in try RenderFixture.objects(pdf) {
      guard let range = object.range(of: #"(\d+) 0 obj"#, options: .regularExpression),
        let number = Int(object[range].split(separator: " ")[0])
      else { continue }
      objects[number] = String(object[range.upperBound...])
    }
    return objects
  }

  /// (scope of each TH, count of TD with a scope) over every row of the document.
  static func scopes(_ pdf: [UInt8]) throws -> (column: Int, row: Int, wrong: [String]) {
    let objects = try objectsByNumber(pdf)
    var column = 0
    var row = 0
    var wrong: [String] = []
    for (number, text) in objects where text.contains("/S /TR") {
      let kids =
        text.components(separatedBy: "/K [").dropFirst().first?
        .components(separatedBy: "]").first ?? ""
      let cells = kids.split(separator: "R").compactMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first ?? "")
      }.compactMap { objects[$0] }
      let headers = cells.filter { $0.contains("/S /TH") }
      let expected = headers.count == cells.count ? "/Scope /Column" : "/Scope /Row"
      for header in headers {
        if header.contains(expected) {
          if expected.hasSuffix("Column") { column += 1 } else { row += 1 }
        } else {
          wrong.append("row \(number): a TH without \(expected)")
        }
      }
      for cell in cells where cell.contains("/S /TD") && cell.contains("/Scope") {
        wrong.append("row \(number): a TD with a scope")
      }
    }
    return (column, row, wrong)
  }

  @Test func erSheetHeadsItsColumnsAndItsRows() throws {
    let pdf = try RenderFixture.render(SamplePatients.large).bytes
    let found = try Self.scopes(pdf)
    #expect(found.wrong.isEmpty, "\(found.wrong)")
    #expect(found.column > 0, "the medications table has column headers")
    #expect(found.row > 0, "the key–value tables have row headers")
    let ths = try Self.objectsByNumber(pdf).values.filter { $0.contains("/S /TH") }.count
    #expect(ths == found.column + found.row, "every TH has a scope")
  }

  @Test func medicationListHeadsItsColumnsOnEveryPage() throws {
    let pdf = try DocumentFixture.render(DocumentFixture.medicationList(SamplePatients.large))
    #expect(pdf.pageCount >= 2)
    let found = try Self.scopes(pdf.bytes)
    #expect(found.wrong.isEmpty, "\(found.wrong)")
    #expect(found.column > 0)
  }

  @Test func aRowWithoutHeadersIsLeftAlone() throws {
    let pdf = try RenderFixture.render(SamplePatients.large).bytes
    let objects = try Self.objectsByNumber(pdf)
    #expect(!objects.values.contains { $0.contains("/S /TD") && $0.contains("/Scope") })
    #expect(!objects.values.contains { $0.contains("/S /P\n") && $0.contains("/Scope") })
  }
}
