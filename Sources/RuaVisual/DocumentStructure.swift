// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
internal import CPopplerGLib

/// What a reader other than the eye sees in a PDF: the tag tree, language and marking,
/// metadata, fonts, page boxes, outlines, links, and what the catalog runs or names (actions,
/// name trees). Read with poppler-glib; the catalog with libqpdf (`CatalogEntries`), which
/// reads object streams too.
public struct DocumentStructure: Sendable, Equatable {
  /// One line per structure element, indented two spaces per level; nil when untagged.
  public let tags: [String]?
  public let language: String
  public let markInfo: String
  /// Title, author, subject, keywords, creator (dates and producer are left out: they
  /// change with every run or library upgrade, not with the document).
  public let metadata: [String: String]
  /// "DejaVuSans (truetype, embedded, subset)", sorted, subset tags removed.
  public let fonts: [String]
  /// Per page: "612×792 pt" plus the crop box when it differs.
  public let pageBoxes: [String]
  /// One line per outline entry, indented by level.
  public let outlines: [String]
  /// "page 1: uri https://…", "page 2: goto page 3".
  public let links: [String]
  /// What the catalog runs by itself: `/OpenAction` and each `/AA` trigger, one line each.
  public let catalogActions: [String]
  /// The names of the catalog's `/Names` trees ("/JavaScript: init", "/EmbeddedFiles: a.txt").
  public let nameTrees: [String]

  public static let metadataKeys = ["title", "author", "subject", "keywords", "creator"]

  public init(_ document: PDFDocument) throws(VisualError) {
    let handle = document.handle
    tags = Self.tagTree(handle)
    let catalog = CatalogEntries(document.bytes)
    language = catalog?.language ?? "unknown"
    markInfo = catalog?.markInfo ?? "unknown"
    catalogActions = catalog?.actions ?? ["unknown"]
    nameTrees = catalog?.nameTrees ?? ["unknown"]
    var metadata: [String: String] = [:]
    let getters: [(String, (OpaquePointer) -> UnsafeMutablePointer<gchar>?)] = [
      ("title", { poppler_document_get_title($0) }),
      ("author", { poppler_document_get_author($0) }),
      ("subject", { poppler_document_get_subject($0) }),
      ("keywords", { poppler_document_get_keywords($0) }),
      ("creator", { poppler_document_get_creator($0) }),
    ]
    for (key, getter) in getters {
      if let raw = getter(handle) {
        metadata[key] = String(cString: raw)
        g_free(raw)
      }
    }
    self.metadata = metadata
    fonts = Self.fonts(handle, pages: document.pageCount)
    var boxes: [String] = []
    var links: [String] = []
    for page in stride(from: 1, through: document.pageCount, by: 1) {
      let size = try document.pageSize(page)
      boxes.append(
        try document.withPage(page) { pointer in
          var crop = PopplerRectangle()
          poppler_page_get_crop_box(pointer, &crop)
          let text = "\(Self.number(size.width))×\(Self.number(size.height)) pt"
          let cropWidth = abs(crop.x2 - crop.x1)
          let cropHeight = abs(crop.y2 - crop.y1)
          if abs(cropWidth - size.width) < 0.01 && abs(cropHeight - size.height) < 0.01 {
            return text
          }
          return text + ", crop \(Self.number(cropWidth))×\(Self.number(cropHeight))"
        })
      links += try document.withPage(page) { pointer in Self.links(pointer, page: page) }
    }
    pageBoxes = boxes
    self.links = links
    outlines = Self.outlines(handle)
  }

  private static func tagTree(_ document: OpaquePointer) -> [String]? {
    guard let root = poppler_structure_element_iter_new(document) else { return nil }
    defer { poppler_structure_element_iter_free(root) }
    var lines: [String] = []
    walk(root, depth: 0, into: &lines)
    return lines
  }

  private static func walk(_ iter: OpaquePointer, depth: Int, into lines: inout [String]) {
    repeat {
      if let element = poppler_structure_element_iter_get_element(iter) {
        defer { g_object_unref(UnsafeMutableRawPointer(element)) }
        if poppler_structure_element_is_content(element) == 0 {
          let kind = poppler_structure_element_get_kind(element)
          lines.append(
            String(repeating: "  ", count: depth)
              + enumNick(poppler_structure_element_kind_get_type(), Int32(kind.rawValue)))
          if let child = poppler_structure_element_iter_get_child(iter) {
            walk(child, depth: depth + 1, into: &lines)
            poppler_structure_element_iter_free(child)
          }
        }
      }
    } while poppler_structure_element_iter_next(iter) != 0
  }

  private static func fonts(_ document: OpaquePointer, pages: Int) -> [String] {
    guard let info = poppler_font_info_new(document) else { return [] }
    defer { poppler_font_info_free(info) }
    var names = Set<String>()
    var iter: OpaquePointer?
    while poppler_font_info_scan(info, Int32(max(1, pages)), &iter) != 0 {
      guard let current = iter else { continue }
      repeat {
        var name = poppler_fonts_iter_get_name(current).map { String(cString: $0) } ?? "(unnamed)"
        // A subset tag (ABCDEF+) changes with the glyphs used, not with the font.
        if name.count > 7, name.dropFirst(6).first == "+",
          name.prefix(6).allSatisfy({ $0.isUppercase })
        {
          name = String(name.dropFirst(7))
        }
        let type = enumNick(
          poppler_font_type_get_type(), Int32(poppler_fonts_iter_get_font_type(current).rawValue))
        let embedded = poppler_fonts_iter_is_embedded(current) != 0 ? "embedded" : "not embedded"
        let subset = poppler_fonts_iter_is_subset(current) != 0 ? ", subset" : ""
        names.insert("\(name) (\(type), \(embedded)\(subset))")
      } while poppler_fonts_iter_next(current) != 0
      poppler_fonts_iter_free(current)
      iter = nil
    }
    return names.sorted()
  }

  private static func links(_ page: OpaquePointer, page number: Int) -> [String] {
    guard let list = poppler_page_get_link_mapping(page) else { return [] }
    defer { poppler_page_free_link_mapping(list) }
    var found: [String] = []
    var node: UnsafeMutablePointer<GList>? = list
    while let current = node {
      if let data = current.pointee.data {
        let mapping = data.assumingMemoryBound(to: PopplerLinkMapping.self)
        if let action = mapping.pointee.action {
          found.append("page \(number): " + describe(action))
        }
      }
      node = current.pointee.next
    }
    return found.sorted()
  }

  private static func describe(_ action: UnsafeMutablePointer<PopplerAction>) -> String {
    switch action.pointee.type {
    case POPPLER_ACTION_URI:
      return "uri " + (action.pointee.uri.uri.map { String(cString: $0) } ?? "")
    case POPPLER_ACTION_GOTO_DEST:
      guard let dest = action.pointee.goto_dest.dest else { return "goto" }
      if let named = dest.pointee.named_dest { return "goto " + String(cString: named) }
      return "goto page \(dest.pointee.page_num)"
    default:
      return enumNick(poppler_action_type_get_type(), Int32(action.pointee.type.rawValue))
    }
  }

  private static func outlines(_ document: OpaquePointer) -> [String] {
    guard let iter = poppler_index_iter_new(document) else { return [] }
    defer { poppler_index_iter_free(iter) }
    var lines: [String] = []
    walkOutline(iter, depth: 0, into: &lines)
    return lines
  }

  private static func walkOutline(_ iter: OpaquePointer, depth: Int, into lines: inout [String]) {
    repeat {
      if let action = poppler_index_iter_get_action(iter) {
        let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
        lines.append(String(repeating: "  ", count: depth) + title + " → " + describe(action))
        poppler_action_free(action)
      }
      if let child = poppler_index_iter_get_child(iter) {
        walkOutline(child, depth: depth + 1, into: &lines)
        poppler_index_iter_free(child)
      }
    } while poppler_index_iter_next(iter) != 0
  }

  /// The GLib nick of an enum value ("table-row", "truetype").
  private static func enumNick(_ type: GType, _ value: Int32) -> String {
    guard let type = g_type_class_ref(type) else { return String(value) }
    defer { g_type_class_unref(type) }
    let enumClass = type.assumingMemoryBound(to: GEnumClass.self)
    guard let entry = g_enum_get_value(enumClass, value), let nick = entry.pointee.value_nick
    else { return String(value) }
    return String(cString: nick)
  }

  static func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
  }
}
