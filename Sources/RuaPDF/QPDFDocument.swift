// SPDX-License-Identifier: Apache-2.0
internal import CLazyLibraries
internal import CQPDF
internal import Glibc

/// One PDF opened with libqpdf from bytes in memory, read and edited through object handles and
/// written back to memory: the one qpdf wrapper, used by `diff`'s readers (`RuaVisual`) and by the
/// tests that check the finisher. qpdf reads the input lazily, so the copy it reads from lives as
/// long as this object. Errors and warnings are collected (never printed) and thrown as
/// `QPDFError`.
package final class QPDFDocument {
  package typealias Handle = UInt32

  private var data: qpdf_data?
  private let input: UnsafeMutableBufferPointer<CChar>

  package init(_ bytes: [UInt8], name: String = "the PDF cairo wrote") throws(QPDFError) {
    // libqpdf is loaded on first use (CLazyLibraries): a missing one is this error, not an exit.
    if let reason = QPDFLoading.failure { throw QPDFError(step: "loading", message: reason) }
    input = .allocate(capacity: max(bytes.count, 1))
    _ = bytes.withUnsafeBytes { input.initialize(from: $0.bindMemory(to: CChar.self)) }
    data = qpdf_init()
    qpdf_silence_errors(data)
    qpdf_set_suppress_warnings(data, QPDF_TRUE)
    _ = qpdf_read_memory(data, name, input.baseAddress, UInt64(bytes.count), nil)
    try check("reading")
  }

  deinit {
    qpdf_cleanup(&data)
    input.deallocate()
  }

  package var root: Handle { qpdf_get_root(data) }
  package var trailer: Handle { qpdf_get_trailer(data) }
  package var pages: [Handle] {
    (0..<max(qpdf_get_num_pages(data), 0)).map { qpdf_get_page_n(data, Int($0)) }
  }

  package func key(_ object: Handle, _ name: String) -> Handle {
    qpdf_oh_get_key(data, object, name)
  }
  package func has(_ object: Handle, _ name: String) -> Bool {
    qpdf_oh_has_key(data, object, name) != 0
  }
  package func set(_ object: Handle, _ name: String, _ value: Handle) {
    qpdf_oh_replace_key(data, object, name, value)
  }
  package func parse(_ text: String) -> Handle { qpdf_oh_parse(data, text) }
  package func makeIndirect(_ object: Handle) -> Handle { qpdf_make_indirect_object(data, object) }
  package func text(_ value: String) -> Handle { qpdf_oh_new_unicode_string(data, value) }
  package func integer(_ value: Int) -> Handle { qpdf_oh_new_integer(data, Int64(value)) }
  package func null() -> Handle { qpdf_oh_new_null(data) }
  package func intValue(_ object: Handle) -> Int? {
    qpdf_oh_is_integer(data, object) != 0 ? Int(qpdf_oh_get_int_value(data, object)) : nil
  }
  package func isName(_ object: Handle, _ name: String) -> Bool {
    qpdf_oh_is_name_and_equals(data, object, name) != 0
  }
  package func isArray(_ object: Handle) -> Bool { qpdf_oh_is_array(data, object) != 0 }
  package func isDictionary(_ object: Handle) -> Bool { qpdf_oh_is_dictionary(data, object) != 0 }
  package func isStream(_ object: Handle) -> Bool { qpdf_oh_is_stream(data, object) != 0 }
  package func count(_ array: Handle) -> Int { Int(qpdf_oh_get_array_n_items(data, array)) }
  package func item(_ array: Handle, _ index: Int) -> Handle {
    qpdf_oh_get_array_item(data, array, Int32(index))
  }
  package func setItem(_ array: Handle, _ index: Int, _ value: Handle) {
    qpdf_oh_set_array_item(data, array, Int32(index), value)
  }
  package func newArray() -> Handle { qpdf_oh_new_array(data) }
  package func append(_ array: Handle, _ item: Handle) { qpdf_oh_append_item(data, array, item) }
  package func isString(_ object: Handle) -> Bool { qpdf_oh_is_string(data, object) != 0 }
  package func isNumber(_ object: Handle) -> Bool { qpdf_oh_is_number(data, object) != 0 }
  package func number(_ object: Handle) -> Double? {
    isNumber(object) ? qpdf_oh_get_numeric_value(data, object) : nil
  }
  /// The numbers of an array (non-numbers skipped); empty when `array` is not one.
  package func numbers(_ array: Handle) -> [Double] {
    guard isArray(array) else { return [] }
    return (0..<count(array)).compactMap { number(item(array, $0)) }
  }
  /// The keys of a dictionary, with their slash.
  package func keys(_ dictionary: Handle) -> [String] {
    var names: [String] = []
    qpdf_oh_begin_dict_key_iter(data, dictionary)
    while qpdf_oh_dict_more_keys(data) != 0 {
      if let key = qpdf_oh_dict_next_key(data) { names.append(String(cString: key)) }
    }
    return names
  }
  /// The object written as PDF syntax, indirect references resolved.
  package func unparseResolved(_ object: Handle) -> String? {
    qpdf_oh_unparse_resolved(data, object).map { String(cString: $0) }
  }
  /// The page's content streams, decoded and joined; nil when qpdf cannot decode them.
  package func pageContent(_ page: Handle) -> [UInt8]? {
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    guard qpdf_oh_get_page_content_data(data, page, &buffer, &length) == 0, let buffer else {
      return nil
    }
    defer { free(buffer) }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }
  package func utf8(_ object: Handle) -> String? {
    guard qpdf_oh_is_string(data, object) != 0, let value = qpdf_oh_get_utf8_value(data, object)
    else { return nil }
    return String(cString: value)
  }

  /// A new stream (an indirect object) holding `bytes` unfiltered, with `dictionary` entries.
  package func newStream(_ bytes: [UInt8], dictionary: [(String, Handle)]) -> Handle {
    let stream = qpdf_oh_new_stream(data)
    replaceData(of: stream, with: bytes)
    let dict = qpdf_oh_get_dict(data, stream)
    for (key, value) in dictionary { set(dict, key, value) }
    return stream
  }

  /// The decoded bytes of a stream, or nil when its filters cannot be decoded.
  package func decodedData(_ stream: Handle) throws(QPDFError) -> [UInt8]? {
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    _ = qpdf_oh_get_stream_data(data, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
    defer { free(buffer) }
    try check("decoding a content stream")
    guard filtered != 0, let buffer else { return nil }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// The bytes of a stream as stored, filters not applied; nil when qpdf cannot read them.
  package func rawData(_ stream: Handle) -> [UInt8]? {
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    let failed = qpdf_oh_get_stream_data(data, stream, qpdf_dl_none, nil, &buffer, &length)
    defer { free(buffer) }
    guard failed == 0, let buffer else { return nil }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// Replaces a stream's data with unfiltered `bytes`; the writer compresses it again.
  package func replaceData(of stream: Handle, with bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer {
      qpdf_oh_replace_stream_data(
        data, stream, $0.baseAddress, $0.count, qpdf_oh_new_null(data), qpdf_oh_new_null(data))
    }
  }

  /// Writes with object streams, compressed streams and an `/ID` computed from the content,
  /// so the same input always gives the same bytes. Streams cairo already compressed are
  /// copied as they are (decoding and deflating them again was a third of the pass); only the
  /// ones replaced here are compressed.
  package func write() throws(QPDFError) -> [UInt8] {
    try check("editing")
    _ = qpdf_init_write_memory(data)
    qpdf_set_object_stream_mode(data, qpdf_o_generate)
    qpdf_set_decode_level(data, qpdf_dl_none)
    qpdf_set_compress_streams(data, QPDF_TRUE)
    qpdf_set_deterministic_ID(data, QPDF_TRUE)
    _ = qpdf_write(data)
    try check("writing")
    guard let buffer = qpdf_get_buffer(data) else {
      throw QPDFError(step: "writing", message: "qpdf wrote nothing")
    }
    return Array(UnsafeBufferPointer(start: buffer, count: qpdf_get_buffer_length(data)))
  }

  private func check(_ step: String) throws(QPDFError) {
    guard qpdf_has_error(data) != 0 else { return }
    let error = qpdf_get_error(data)
    let message = qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown"
    throw QPDFError(step: step, message: message)
  }
}

@available(*, unavailable) extension QPDFDocument: Sendable {}
