// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import CPopplerGLib
internal import RuaFiles

/// An open PDF, read by poppler-glib from bytes held in memory.
///
/// Not thread-safe: poppler documents must not be shared between threads.
public final class PDFDocument {
  /// The name used in messages (usually the path as the user typed it).
  public let name: String
  /// The file's bytes, kept for the identical-bytes fast path.
  public let bytes: [UInt8]
  let handle: OpaquePointer
  /// Called before each piece of poppler work on one page (drawing it, reading its text or
  /// size) with the page number; the closure it returns is called when that work ends. The
  /// command line arms its `--page-timeout` watchdog here.
  public var pageWatch: ((Int) -> () -> Void)?

  /// Opens a PDF from bytes; `name` identifies it in errors.
  public init(bytes: [UInt8], name: String) throws(VisualError) {
    try PopplerLoading.require()
    guard Self.hasPDFHeader(bytes) else {
      throw VisualError(
        .notPDF,
        "\(name) is not a PDF (it does not start with %PDF-); give a PDF file")
    }
    let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(gbytes) }
    var error: UnsafeMutablePointer<GError>?
    // > poppler_document_new_from_bytes: Creates a new PopplerDocument from bytes. The returned
    // > document will hold a reference to bytes.
    let document = poppler_document_new_from_bytes(gbytes, nil, &error)
    defer { g_clear_error(&error) }
    guard let document else {
      throw Self.openError(error, name: name)
    }
    self.name = name
    self.bytes = bytes
    self.handle = document
  }

  /// Reads and opens the PDF at `path`; errors name `shownAs` (default `path`).
  public convenience init(path: String, shownAs name: String? = nil) throws(VisualError) {
    try self.init(bytes: try Self.readFile(path, shownAs: name ?? path), name: name ?? path)
  }

  // Freeing the document frees its fonts in poppler's shared FreeType library (PopplerLock).
  deinit {
    let handle = handle
    PopplerLock.run { g_object_unref(UnsafeMutableRawPointer(handle)) }
  }

  /// The number of pages.
  public var pageCount: Int { Int(poppler_document_get_n_pages(handle)) }

  /// The size of page `page` (1-based) in points, after its rotation.
  public func pageSize(_ page: Int) throws(VisualError) -> PageSize {
    try withPage(page) { pointer in
      var width = 0.0
      var height = 0.0
      poppler_page_get_size(pointer, &width, &height)
      return PageSize(width: width, height: height)
    }
  }

  /// The text of page `page` (1-based) as poppler extracts it, lines separated by "\n".
  public func text(page: Int) throws(VisualError) -> String {
    try withPage(page) { pointer in
      guard let text = poppler_page_get_text(pointer) else { return "" }
      defer { g_free(text) }
      return String(cString: text)
    }
  }

  /// Calls `body` with page `page` (1-based), releasing it afterwards.
  func withPage<T>(_ page: Int, _ body: (OpaquePointer) throws(VisualError) -> T)
    throws(VisualError) -> T
  {
    guard page >= 1, page <= pageCount else {
      throw VisualError(
        .pageOutOfRange, "\(name) has \(pageCount) page(s); page \(page) does not exist")
    }
    guard let pointer = poppler_document_get_page(handle, Int32(page - 1)) else {
      throw VisualError(.damaged, "\(name): poppler could not load page \(page)")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    let finished = pageWatch?(page)
    defer { finished?() }
    return try body(pointer)
  }

  /// PDF readers accept the header anywhere in the first 1024 bytes.
  static func hasPDFHeader(_ bytes: [UInt8]) -> Bool {
    let marker = Array("%PDF-".utf8)
    let limit = min(bytes.count, 1024) - marker.count
    guard limit >= 0 else { return false }
    for start in 0...limit where bytes[start] == marker[0] {
      if Array(bytes[start..<start + marker.count]) == marker { return true }
    }
    return false
  }

  private static func openError(_ error: UnsafeMutablePointer<GError>?, name: String)
    -> VisualError
  {
    let detail = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown"
    if let error, error.pointee.domain == poppler_error_quark(),
      error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
    {
      return VisualError(
        .encrypted, "\(name) is encrypted (password protected); give an unencrypted PDF")
    }
    return VisualError(
      .damaged, "\(name) is damaged: poppler cannot read it (\(detail)); regenerate the PDF")
  }

  /// A failed read as `VisualError`: too large and not-a-file refusals say the limit or kind.
  static func readError(_ error: FileError, name: String) -> VisualError {
    switch error.refusal {
    case .tooLarge(let limit):
      VisualError(
        .unreadable,
        "\(name) is larger than \(ReadLimit.describe(limit)), the most rua-paper reads from one "
          + "PDF; nothing was compared")
    case .notRegular(let kind):
      VisualError(.unreadable, "\(name) is a \(kind), not a regular file; give a PDF file or '-'")
    case nil: VisualError(.unreadable, "cannot read \(name): \(error.reason)")
    }
  }

  /// The whole file; errors carry the system's reason.
  static func readFile(_ path: String, shownAs name: String) throws(VisualError) -> [UInt8] {
    do { return try Files.read(path, limit: ReadLimit.pdf) } catch {
      throw readError(error, name: name)
    }
  }

  /// Reads a PDF from standard input (`diff - b.pdf`); errors name it "standard input".
  public convenience init(standardInput name: String = "standard input") throws(VisualError) {
    let bytes: [UInt8]
    do { bytes = try Files.readStandardInput(limit: ReadLimit.pdf) } catch {
      throw Self.readError(error, name: name)
    }
    try self.init(bytes: bytes, name: name)
  }
}

@available(*, unavailable)
extension PDFDocument: Sendable {}
