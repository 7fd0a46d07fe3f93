// SPDX-License-Identifier: Apache-2.0
/// The object edits the finisher (`PDFPostPass` in RuaRender) makes, and nothing more: libqpdf
/// (`QPDFDocument`) and rua-paper's own reader–writer for cairo's output (`NativePDF`) both
/// provide them, so every edit is written once. Handles behave as libqpdf's: a handle got from a
/// dictionary or array refers to that value, so editing it edits the document; setting an
/// indirect object's handle stores a reference to it.
package protocol PDFObjectEditing {
  associatedtype Handle
  associatedtype Failure: Error

  var root: Handle { get }
  var trailer: Handle { get }
  var pages: [Handle] { get }

  func key(_ object: Handle, _ name: String) -> Handle
  func has(_ object: Handle, _ name: String) -> Bool
  func set(_ object: Handle, _ name: String, _ value: Handle)
  /// The keys of a dictionary, with their slash.
  func keys(_ dictionary: Handle) -> [String]
  /// A direct object written in PDF syntax.
  func parse(_ text: String) -> Handle
  func makeIndirect(_ object: Handle) -> Handle
  func text(_ value: String) -> Handle
  func integer(_ value: Int) -> Handle
  func null() -> Handle
  func intValue(_ object: Handle) -> Int?
  func utf8(_ object: Handle) -> String?
  func isName(_ object: Handle, _ name: String) -> Bool
  func isArray(_ object: Handle) -> Bool
  func isDictionary(_ object: Handle) -> Bool
  func isStream(_ object: Handle) -> Bool
  func count(_ array: Handle) -> Int
  func item(_ array: Handle, _ index: Int) -> Handle
  func setItem(_ array: Handle, _ index: Int, _ value: Handle)
  func newArray() -> Handle
  func append(_ array: Handle, _ item: Handle)
  /// A new indirect stream holding `bytes` unfiltered, with `dictionary` entries.
  func newStream(_ bytes: [UInt8], dictionary: [(String, Handle)]) -> Handle
  /// The decoded bytes of a stream, or nil when its filters are not ones the reader decodes.
  func decodedData(_ stream: Handle) throws(Failure) -> [UInt8]?
  /// Replaces a stream's data with unfiltered `bytes`; the writer compresses it.
  func replaceData(of stream: Handle, with bytes: [UInt8])
  /// The finished PDF: object streams, compressed streams, an `/ID` hashed from the content.
  func write() throws(Failure) -> [UInt8]
}

extension QPDFDocument: PDFObjectEditing {}

extension PDFObjectEditing {
  /// A page attribute, from the page or the nearest ancestor in the page tree that has it.
  package func inherited(_ page: Handle, _ name: String) -> Handle {
    var node = page
    for _ in 0..<32 {
      if has(node, name) { return key(node, name) }
      guard has(node, "/Parent") else { break }
      node = key(node, "/Parent")
    }
    return null()
  }

  /// The page's content streams, each as it stands (`/Contents` is one stream or an array).
  package func contentStreams(_ page: Handle) -> [Handle] {
    let contents = key(page, "/Contents")
    let streams = isArray(contents) ? (0..<count(contents)).map { item(contents, $0) } : [contents]
    return streams.filter { isStream($0) }
  }
}
