internal import CQPDF

/// Reads a PDF held in memory with libqpdf for the few things poppler-glib does not expose
/// (`CatalogEntries`, `VolatileMarks`): errors and warnings silenced, since poppler has already
/// reported a damaged file by then.
enum QPDFReading {
  /// `body`'s result for the parsed file, or nil when qpdf cannot read it.
  static func read<T>(_ bytes: [UInt8], _ body: (qpdf_data?) -> T) -> T? {
    var data: qpdf_data? = qpdf_init()
    defer { qpdf_cleanup(&data) }
    qpdf_silence_errors(data)
    qpdf_set_suppress_warnings(data, QPDF_TRUE)
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        qpdf_read_memory(data, "pdf", $0.baseAddress, UInt64($0.count), nil)
      }
    }
    guard status & QPDF_ERRORS == 0 else { return nil }
    return body(data)
  }
}
