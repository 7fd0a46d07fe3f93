// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaDocuments

/// Each structure element of a PDF with its `/Lang` and the text it holds itself, read back:
/// the elements and their `/Lang` from qpdf's JSON (the tree from `/StructTreeRoot`, depth
/// first in `/K` order), their texts from `pdfinfo -struct-text` (the same walk), the two
/// matched element by element.
struct StructureLanguageReadBack {
  struct Element {
    var kind: String
    var language: String?
    var text: String
  }

  var elements: [Element] = []
  /// The catalog's `/Lang`: the document's, which every element without its own inherits.
  var documentLanguage: String?
  /// Why the two reads could not be matched, if they could not.
  var mismatch: String?

  init(pdf: [UInt8]) throws {
    let json = try RenderFixture.poppler("qpdf", ["--json"], pdf: pdf)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let list = parsed?["qpdf"] as? [Any]
    let objects = (list?.count ?? 0) > 1 ? list?[1] as? [String: Any] ?? [:] : [:]
    func value(_ reference: String) -> [String: Any]? {
      (objects["obj:" + reference] as? [String: Any])?["value"] as? [String: Any]
    }
    let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any]
    let root = (trailer?["/Root"] as? String).flatMap(value)
    documentLanguage = (root?["/Lang"] as? String).map {
      $0.hasPrefix("u:") ? String($0.dropFirst(2)) : $0
    }
    var walked: [(kind: String, language: String?)] = []
    func walk(_ kids: Any?) {
      let entries = (kids as? [Any]) ?? (kids.map { [$0] } ?? [])
      for entry in entries {
        guard let reference = entry as? String, let element = value(reference),
          element["/S"] != nil, element["/Type"] as? String != "/MCR"
        else { continue }
        let kind = String((element["/S"] as? String ?? "").dropFirst())
        var language = element["/Lang"] as? String
        if let text = language, text.hasPrefix("u:") { language = String(text.dropFirst(2)) }
        walked.append((kind, language))
        walk(element["/K"])
      }
    }
    let tree = (root?["/StructTreeRoot"] as? String).flatMap(value)
    walk(tree?["/K"])
    // pdfinfo: an element per line ("Span (inline)", "TH:"), its attributes below it
    // ("/Scope /Column"), its own texts quoted.
    var read: [Element] = []
    for raw in try RenderFixture.poppler("pdfinfo", ["-struct-text"], pdf: pdf).split(
      separator: "\n")
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("\""), line.hasSuffix("\""), line.count >= 2 {
        read[read.count - 1].text += String(line.dropFirst().dropLast())
      } else if !line.isEmpty, !line.hasPrefix("/") {
        let kind = line.prefix { $0 != " " && $0 != ":" }
        read.append(Element(kind: String(kind), language: nil, text: ""))
      }
    }
    guard read.count == walked.count,
      zip(read, walked).allSatisfy({ $0.kind == $1.kind })
    else {
      mismatch = "pdfinfo read \(read.count) elements, qpdf \(walked.count)"
      elements = read
      return
    }
    elements = zip(read, walked).map {
      Element(kind: $0.kind, language: $1.language, text: $0.text)
    }
  }

  /// Text as a reader compares it: without isolates and marks, spaces collapsed, the
  /// separators between a pair's halves trimmed, brackets left out (poppler mirrors them in
  /// text it reads from a right-to-left page's content).
  static func normal(_ text: String) -> String {
    let scalars = text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
      switch scalar.value {
      case 0x2066...0x2069, 0x200E, 0x200F, 0x28, 0x29: return nil
      case 0xA0, 0x2003, 0x2009, 0x202F, 0x0A: return " "
      default: return scalar
      }
    }
    let joined = String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping
      .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    return joined.trimmingCharacters(in: CharacterSet(charactersIn: " /·:;,—()"))
  }

  /// Problems with the languages: an English half of the document (`english`, the second
  /// language's runs as drawn) not inside elements marked `/Lang` `englishTag`, or an element
  /// so marked holding words that are not English halves.
  func problems(english: [String], englishTag: String) -> [String] {
    if let mismatch { return [mismatch] }
    let marked = elements.filter { $0.language == englishTag }.map { Self.normal($0.text) }
    let markedText = " " + marked.joined(separator: " ") + " "
    let englishText = " " + english.map(Self.normal).joined(separator: " ") + " "
    var problems: [String] = []
    for element in elements where element.language != nil && element.language != englishTag {
      problems.append("'\(element.text.prefix(40))' has /Lang \(element.language ?? "")")
    }
    var seen = Set<String>()
    for line in english.map(Self.normal)
    where line.contains(where: \.isLetter) && seen.insert(line).inserted {
      if !Self.squeezed(markedText).contains(Self.squeezed(line)) {
        problems.append("English '\(line.prefix(60))' is in no element with /Lang \(englishTag)")
      }
    }
    for text in marked where text.contains(where: \.isLetter) {
      if !Self.squeezed(englishText).contains(Self.squeezed(text)) {
        problems.append("'\(text.prefix(60))' has /Lang \(englishTag) but is not English")
      }
    }
    return problems
  }

  /// Without spaces: a span's edge may or may not say the space a line break stood for.
  static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }
}
