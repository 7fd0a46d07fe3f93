internal import CQPDF

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
    let entries = QPDFReading.read(bytes) { data in
      let root = qpdf_get_root(data)
      func entry(_ key: String) -> String {
        guard qpdf_oh_has_key(data, root, key) != 0 else { return "none" }
        let value = qpdf_oh_get_key(data, root, key)
        if qpdf_oh_is_string(data, value) != 0, let text = qpdf_oh_get_utf8_value(data, value) {
          return String(cString: text)
        }
        guard let text = qpdf_oh_unparse_resolved(data, value) else { return "unknown" }
        return String(cString: text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      }
      return (entry("/Lang"), entry("/MarkInfo"))
    }
    guard let entries else { return nil }
    (language, markInfo) = entries
  }
}
