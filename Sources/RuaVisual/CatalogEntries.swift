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
    var data: qpdf_data? = qpdf_init()
    defer { qpdf_cleanup(&data) }
    qpdf_silence_errors(data)
    qpdf_set_suppress_warnings(data, QPDF_TRUE)
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        qpdf_read_memory(data, "catalog", $0.baseAddress, UInt64($0.count), nil)
      }
    }
    guard status & QPDF_ERRORS == 0 else { return nil }
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
    language = entry("/Lang")
    markInfo = entry("/MarkInfo")
  }
}
