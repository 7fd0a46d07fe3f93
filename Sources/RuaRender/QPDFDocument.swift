internal import CQPDF
internal import Glibc

/// One PDF opened with libqpdf from bytes in memory, edited through object handles and written
/// back to memory. qpdf reads the input lazily, so the copy it reads from lives as long as this
/// object. Errors are collected (never printed) and thrown as `RenderError.pdfPostPass`.
final class QPDFDocument {
  typealias Handle = qpdf_oh

  private var data: qpdf_data?
  private let input: UnsafeMutableBufferPointer<CChar>

  init(_ bytes: [UInt8]) throws(RenderError) {
    input = .allocate(capacity: max(bytes.count, 1))
    _ = bytes.withUnsafeBytes { input.initialize(from: $0.bindMemory(to: CChar.self)) }
    data = qpdf_init()
    qpdf_silence_errors(data)
    qpdf_set_suppress_warnings(data, QPDF_TRUE)
    _ = qpdf_read_memory(data, "the PDF cairo wrote", input.baseAddress, UInt64(bytes.count), nil)
    try check("reading")
  }

  deinit {
    qpdf_cleanup(&data)
    input.deallocate()
  }

  var root: Handle { qpdf_get_root(data) }
  var trailer: Handle { qpdf_get_trailer(data) }
  var pages: [Handle] {
    (0..<max(qpdf_get_num_pages(data), 0)).map { qpdf_get_page_n(data, Int($0)) }
  }

  func key(_ object: Handle, _ name: String) -> Handle { qpdf_oh_get_key(data, object, name) }
  func has(_ object: Handle, _ name: String) -> Bool { qpdf_oh_has_key(data, object, name) != 0 }
  func set(_ object: Handle, _ name: String, _ value: Handle) {
    qpdf_oh_replace_key(data, object, name, value)
  }
  func parse(_ text: String) -> Handle { qpdf_oh_parse(data, text) }
  func makeIndirect(_ object: Handle) -> Handle { qpdf_make_indirect_object(data, object) }
  func text(_ value: String) -> Handle { qpdf_oh_new_unicode_string(data, value) }
  func integer(_ value: Int) -> Handle { qpdf_oh_new_integer(data, Int64(value)) }
  func null() -> Handle { qpdf_oh_new_null(data) }
  func intValue(_ object: Handle) -> Int? {
    qpdf_oh_is_integer(data, object) != 0 ? Int(qpdf_oh_get_int_value(data, object)) : nil
  }
  func isName(_ object: Handle, _ name: String) -> Bool {
    qpdf_oh_is_name_and_equals(data, object, name) != 0
  }
  func isArray(_ object: Handle) -> Bool { qpdf_oh_is_array(data, object) != 0 }
  func isDictionary(_ object: Handle) -> Bool { qpdf_oh_is_dictionary(data, object) != 0 }
  func isStream(_ object: Handle) -> Bool { qpdf_oh_is_stream(data, object) != 0 }
  func count(_ array: Handle) -> Int { Int(qpdf_oh_get_array_n_items(data, array)) }
  func item(_ array: Handle, _ index: Int) -> Handle {
    qpdf_oh_get_array_item(data, array, Int32(index))
  }
  func setItem(_ array: Handle, _ index: Int, _ value: Handle) {
    qpdf_oh_set_array_item(data, array, Int32(index), value)
  }
  func erase(_ array: Handle, _ index: Int) { qpdf_oh_erase_item(data, array, Int32(index)) }
  func utf8(_ object: Handle) -> String? {
    guard qpdf_oh_is_string(data, object) != 0, let value = qpdf_oh_get_utf8_value(data, object)
    else { return nil }
    return String(cString: value)
  }

  /// A new stream (an indirect object) holding `bytes` unfiltered, with `dictionary` entries.
  func newStream(_ bytes: [UInt8], dictionary: [(String, Handle)]) -> Handle {
    let stream = qpdf_oh_new_stream(data)
    replaceData(of: stream, with: bytes)
    let dict = qpdf_oh_get_dict(data, stream)
    for (key, value) in dictionary { set(dict, key, value) }
    return stream
  }

  /// The decoded bytes of a stream, or nil when its filters cannot be decoded.
  func decodedData(_ stream: Handle) throws(RenderError) -> [UInt8]? {
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    _ = qpdf_oh_get_stream_data(data, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
    defer { free(buffer) }
    try check("decoding a content stream")
    guard filtered != 0, let buffer else { return nil }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// Replaces a stream's data with unfiltered `bytes`; the writer compresses it again.
  func replaceData(of stream: Handle, with bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer {
      qpdf_oh_replace_stream_data(
        data, stream, $0.baseAddress, $0.count, qpdf_oh_new_null(data), qpdf_oh_new_null(data))
    }
  }

  /// Writes with object streams, compressed streams and an `/ID` computed from the content,
  /// so the same input always gives the same bytes. Streams cairo already compressed are
  /// copied as they are (decoding and deflating them again was a third of the pass); only the
  /// ones replaced here are compressed.
  func write() throws(RenderError) -> [UInt8] {
    try check("editing")
    _ = qpdf_init_write_memory(data)
    qpdf_set_object_stream_mode(data, qpdf_o_generate)
    qpdf_set_decode_level(data, qpdf_dl_none)
    qpdf_set_compress_streams(data, QPDF_TRUE)
    qpdf_set_deterministic_ID(data, QPDF_TRUE)
    _ = qpdf_write(data)
    try check("writing")
    guard let buffer = qpdf_get_buffer(data) else {
      throw .pdfPostPass(step: "writing", message: "qpdf wrote nothing")
    }
    return Array(UnsafeBufferPointer(start: buffer, count: qpdf_get_buffer_length(data)))
  }

  private func check(_ step: String) throws(RenderError) {
    guard qpdf_has_error(data) != 0 else { return }
    let error = qpdf_get_error(data)
    let message = qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown"
    throw .pdfPostPass(step: step, message: message)
  }
}

@available(*, unavailable) extension QPDFDocument: Sendable {}
