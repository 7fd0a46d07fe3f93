// SPDX-License-Identifier: Apache-2.0
internal import RuaPDF

/// `/Lang`, `/MarkInfo`, the actions and the name trees of a PDF's catalog, read with libqpdf,
/// which poppler-glib does not expose. The catalog may sit in a compressed object stream
/// (rua-paper writes object streams), so scanning the bytes for "/Type /Catalog" is not enough.
struct CatalogEntries: Equatable, Sendable {
  /// "en-US", or "none" when the catalog has no `/Lang`.
  let language: String
  /// "<< /Marked true >>", or "none".
  let markInfo: String
  /// What the viewer runs by itself: "/OpenAction << /S /JavaScript … >>", one line per
  /// `/AA` trigger ("/AA /WC …"); empty when there are none.
  let actions: [String]
  /// One line per name of every `/Names` tree ("/JavaScript: init", "/EmbeddedFiles: a.txt"),
  /// and "/Dests: 12 names"-style counts for the trees a reader only navigates with.
  let nameTrees: [String]

  /// Longest text of one action kept (a hostile file can hold megabytes of script).
  static let actionLimit = 300
  /// Bounds on walking a name tree of a hostile file.
  static let treeDepth = 32
  static let treeNames = 10_000

  /// Nil when qpdf cannot read the file.
  init?(_ bytes: [UInt8]) {
    guard let pdf = try? QPDFDocument(bytes, name: "pdf") else { return nil }
    let root = pdf.root
    func entry(_ key: String) -> String {
      guard pdf.has(root, key) else { return "none" }
      let value = pdf.key(root, key)
      if let text = pdf.utf8(value) { return text }
      return Self.oneLine(pdf.unparseResolved(value)) ?? "unknown"
    }
    (language, markInfo) = (entry("/Lang"), entry("/MarkInfo"))
    var actions: [String] = []
    if pdf.has(root, "/OpenAction") {
      actions.append("/OpenAction " + Self.describe(pdf, pdf.key(root, "/OpenAction")))
    }
    if pdf.has(root, "/AA") {
      let triggers = pdf.key(root, "/AA")
      for trigger in pdf.isDictionary(triggers) ? pdf.keys(triggers).sorted() : [] {
        actions.append("/AA \(trigger) " + Self.describe(pdf, pdf.key(triggers, trigger)))
      }
      if !pdf.isDictionary(triggers) { actions.append("/AA " + Self.describe(pdf, triggers)) }
    }
    self.actions = actions
    var trees: [String] = []
    let names = pdf.key(root, "/Names")
    if pdf.has(root, "/Names"), pdf.isDictionary(names) {
      for tree in pdf.keys(names).sorted() {
        var found: [String] = []
        Self.walk(pdf, pdf.key(names, tree), depth: 0, into: &found)
        if tree == "/Dests" {
          trees.append("\(tree): \(found.count) names")
        } else {
          trees += found.map { "\(tree): \($0)" }
        }
      }
    }
    nameTrees = trees
  }

  /// An action (or destination) as one line of PDF syntax, cut at `actionLimit` characters;
  /// a script held in a stream is told by its stored length and hash.
  private static func describe(_ pdf: QPDFDocument, _ action: QPDFDocument.Handle) -> String {
    var text = oneLine(pdf.unparseResolved(action)) ?? "unknown"
    if pdf.isDictionary(action), pdf.has(action, "/JS") {
      let script = pdf.key(action, "/JS")
      // The script as stored (not decoded: a hostile stream may inflate without bound).
      if pdf.isStream(script), let bytes = pdf.rawData(script) {
        text += " script stream of \(bytes.count) bytes, FNV-1a \(fnv1a(bytes))"
      }
    }
    return text.count > actionLimit ? String(text.prefix(actionLimit)) + "…" : text
  }

  /// The keys of a name tree node and its kids, depth- and count-bounded.
  private static func walk(
    _ pdf: QPDFDocument, _ node: QPDFDocument.Handle, depth: Int, into found: inout [String]
  ) {
    guard depth < treeDepth, found.count < treeNames, pdf.isDictionary(node) else { return }
    if pdf.has(node, "/Names") {
      let pairs = pdf.key(node, "/Names")
      if pdf.isArray(pairs) {
        for index in stride(from: 0, to: pdf.count(pairs), by: 2) where found.count < treeNames {
          let key = pdf.item(pairs, index)
          found.append(pdf.utf8(key) ?? oneLine(pdf.unparseResolved(key)) ?? "unknown")
        }
      }
    }
    if pdf.has(node, "/Kids") {
      let kids = pdf.key(node, "/Kids")
      if pdf.isArray(kids) {
        for index in 0..<pdf.count(kids) {
          walk(pdf, pdf.item(kids, index), depth: depth + 1, into: &found)
        }
      }
    }
  }

  /// 64-bit FNV-1a, hex: enough to tell two scripts apart in a report.
  private static func fnv1a(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
  }

  private static func oneLine(_ text: String?) -> String? {
    text.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
  }
}
