internal import CQPDF

/// The per-print values a PDF marks at the source (rua-paper's printed time and access-log
/// anchor): a marked-content sequence `/Artifact /NAME BDC` whose property list, in the page's
/// `/Resources /Properties`, holds `/RuaPaperVolatile [ << /Field (…) /BBox [l b r t] >> … ]`.
/// Read with libqpdf, which resolves object streams and inherited resources; a property list
/// counts only when the page's content opens a sequence with its name. `diff` and `snapshot`
/// mask the boxes, so a test needs no coordinates for them (docs/visual-regression.md).
public struct VolatileMarks: Sendable, Equatable {
  public struct Field: Sendable, Equatable {
    /// `printed-time`, `log-anchor`.
    public let name: String
    /// Points from the page's top-left corner.
    public let rect: PointRect
  }

  /// By 1-based page.
  public let pages: [Int: [Field]]

  /// No marks (masking turned off).
  public static let none = VolatileMarks(pages: [:])

  init(pages: [Int: [Field]]) { self.pages = pages }

  public var count: Int { pages.values.reduce(0) { $0 + $1.count } }

  /// The boxes of page `page`, widened by half a point so anti-aliased edges are covered.
  public func masks(page: Int) -> [PointRect] {
    (pages[page] ?? []).map {
      PointRect(
        x: $0.rect.x - 0.5, y: $0.rect.y - 0.5, width: $0.rect.width + 1,
        height: $0.rect.height + 1)
    }
  }

  /// No marks when qpdf cannot read the file (poppler reports damage on its own).
  public init(_ bytes: [UInt8]) {
    pages =
      QPDFReading.read(bytes) { data in
        var pages: [Int: [Field]] = [:]
        let count = Int(max(0, qpdf_get_num_pages(data)))
        for index in 0..<count {
          let fields = Self.fields(data, page: qpdf_get_page_n(data, index))
          if !fields.isEmpty { pages[index + 1] = fields }
        }
        return pages
      } ?? [:]
  }

  private static func fields(_ data: qpdf_data?, page: qpdf_oh) -> [Field] {
    let properties = qpdf_oh_get_key(data, inherited(data, page, "/Resources"), "/Properties")
    guard qpdf_oh_is_dictionary(data, properties) != 0 else { return [] }
    var names: [String] = []
    qpdf_oh_begin_dict_key_iter(data, properties)
    while qpdf_oh_dict_more_keys(data) != 0 {
      if let key = qpdf_oh_dict_next_key(data) { names.append(String(cString: key)) }
    }
    guard !names.isEmpty else { return [] }
    let content = contentText(data, page)
    let box = numbers(data, inherited(data, page, "/MediaBox"))
    guard box.count == 4 else { return [] }
    var fields: [Field] = []
    for name in names.sorted() where content.contains(name + " BDC") {
      let list = qpdf_oh_get_key(data, qpdf_oh_get_key(data, properties, name), "/RuaPaperVolatile")
      guard qpdf_oh_is_array(data, list) != 0 else { continue }
      for index in 0..<qpdf_oh_get_array_n_items(data, list) {
        let item = qpdf_oh_get_array_item(data, list, index)
        let field = qpdf_oh_get_key(data, item, "/Field")
        let bbox = numbers(data, qpdf_oh_get_key(data, item, "/BBox"))
        guard bbox.count == 4, bbox[2] > bbox[0], bbox[3] > bbox[1],
          let text = qpdf_oh_get_utf8_value(data, field)
        else { continue }
        fields.append(
          Field(
            name: String(cString: text),
            rect: PointRect(
              x: bbox[0] - box[0], y: box[3] - bbox[3], width: bbox[2] - bbox[0],
              height: bbox[3] - bbox[1])))
      }
    }
    return fields
  }

  /// A page attribute, from the page or the nearest ancestor in the page tree that has it.
  private static func inherited(_ data: qpdf_data?, _ page: qpdf_oh, _ key: String) -> qpdf_oh {
    var node = page
    for _ in 0..<32 {
      if qpdf_oh_has_key(data, node, key) != 0 { return qpdf_oh_get_key(data, node, key) }
      guard qpdf_oh_has_key(data, node, "/Parent") != 0 else { break }
      node = qpdf_oh_get_key(data, node, "/Parent")
    }
    return qpdf_oh_new_null(data)
  }

  private static func numbers(_ data: qpdf_data?, _ array: qpdf_oh) -> [Double] {
    guard qpdf_oh_is_array(data, array) != 0 else { return [] }
    return (0..<qpdf_oh_get_array_n_items(data, array)).compactMap { index in
      let item = qpdf_oh_get_array_item(data, array, index)
      return qpdf_oh_is_number(data, item) != 0 ? qpdf_oh_get_numeric_value(data, item) : nil
    }
  }

  /// The page's content streams, decoded and joined, as Latin-1 text (names are ASCII).
  private static func contentText(_ data: qpdf_data?, _ page: qpdf_oh) -> String {
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    guard qpdf_oh_get_page_content_data(data, page, &buffer, &length) == 0, let buffer else {
      return ""
    }
    defer { free(buffer) }
    return String(
      decoding: UnsafeBufferPointer(start: buffer, count: length).map { $0 < 128 ? $0 : 32 },
      as: UTF8.self)
  }
}
