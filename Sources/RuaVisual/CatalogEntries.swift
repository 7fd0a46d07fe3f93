internal import RuaPDF

/// `/Lang` and `/MarkInfo` of a PDF's catalog, read with libqpdf, which poppler-glib does not
/// expose. The catalog may sit in a compressed object stream (rua-paper writes object streams),
/// so scanning the bytes for "/Type /Catalog" is not enough.
struct CatalogEntries: Equatable, Sendable {
  /// "en-US", or "none" when the catalog has no `/Lang`.
  let language: String
  /// "<< /Marked true >>", or "none".
  let markInfo: String

  /// Nil when qpdf cannot read the file.
  init?(_ bytes: [UInt8]) {
    guard let pdf = try? QPDFDocument(bytes, name: "pdf") else { return nil }
    let root = pdf.root
    func entry(_ key: String) -> String {
      guard pdf.has(root, key) else { return "none" }
      let value = pdf.key(root, key)
      if let text = pdf.utf8(value) { return text }
      guard let text = pdf.unparseResolved(value) else { return "unknown" }
      return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    (language, markInfo) = (entry("/Lang"), entry("/MarkInfo"))
  }
}
