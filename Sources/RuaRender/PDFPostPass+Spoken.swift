// SPDX-License-Identifier: Apache-2.0
internal import RuaPDF

/// Which marked-content ids of one page belong to an element that says its own /ActualText
/// (or sits inside one that does), read from the parent tree once per id asked.
final class SpokenElements<PDF: PDFObjectEditing> {
  private let pdf: PDF
  private let parents: PDF.Handle?
  private var known: [Int: Bool] = [:]

  /// `parents`: the page's array of the parent tree (marked-content id → element).
  init(_ pdf: PDF, _ parents: PDF.Handle?) {
    self.pdf = pdf
    self.parents = parents
  }

  func says(_ mcid: Int) -> Bool {
    if let answer = known[mcid] { return answer }
    var answer = false
    if let parents, pdf.isArray(parents), mcid >= 0, mcid < pdf.count(parents) {
      var element = pdf.item(parents, mcid)
      // The chain up to the tree root is short (an element, its row, its table).
      var depth = 0
      while depth < 32, pdf.isDictionary(element), pdf.has(element, "/S") {
        if pdf.has(element, "/ActualText") {
          answer = true
          break
        }
        element = pdf.key(element, "/P")
        depth += 1
      }
    }
    known[mcid] = answer
    return answer
  }
}

extension PDFPostPass {
  /// Removes the ActualText spans nested in spoken elements and artifacts from every page
  /// (`NestedActualTextSpans`), then maps the glyphs whose every use said one text
  /// (`ToUnicodeRepair`). Every stream is read, spans or not: a glyph drawn plainly anywhere
  /// keeps its entry.
  static func removeNestedSpans<PDF: PDFObjectEditing>(_ pdf: PDF) throws(PDF.Failure) {
    let parents = parentArrays(pdf)
    var uses = GlyphUses()
    var fonts: [String: PDF.Handle] = [:]
    var maps: [String: [[UInt8]: [UInt8]]] = [:]
    func mapped(_ font: String, _ code: [UInt8]) -> [UInt8]? {
      if maps[font] == nil {
        let stream = fonts[font].map { pdf.key($0, "/ToUnicode") }
        let data = stream.flatMap { pdf.isStream($0) ? try? pdf.decodedData($0) : nil }
        maps[font] = data.map(ToUnicodeRepair.entries) ?? [:]
      }
      return maps[font]?[code]
    }
    for page in pdf.pages {
      let spoken = SpokenElements(pdf, parents[pdf.intValue(pdf.key(page, "/StructParents")) ?? -1])
      let widths = fontCodeWidths(pdf, page, into: &fonts)
      for stream in pdf.contentStreams(page) {
        guard let data = try pdf.decodedData(stream),
          let stripped = NestedActualTextSpans.strip(
            data, spoken: spoken.says, codeWidth: { widths[$0] ?? 1 }, mapped: mapped,
            uses: &uses)
        else { continue }
        pdf.replaceData(of: stream, with: stripped)
      }
    }
    try ToUnicodeRepair.apply(pdf, uses, fonts: fonts)
  }

  /// The parent tree's arrays by their key (a page's `/StructParents`), leaves of `/Kids` too.
  static func parentArrays<PDF: PDFObjectEditing>(_ pdf: PDF) -> [Int: PDF.Handle] {
    var arrays: [Int: PDF.Handle] = [:]
    func read(_ node: PDF.Handle, depth: Int) {
      guard depth < 16 else { return }
      let nums = pdf.key(node, "/Nums")
      if pdf.isArray(nums) {
        for index in stride(from: 0, to: pdf.count(nums) - 1, by: 2) {
          if let key = pdf.intValue(pdf.item(nums, index)) {
            arrays[key] = pdf.item(nums, index + 1)
          }
        }
      }
      let kids = pdf.key(node, "/Kids")
      if pdf.isArray(kids) {
        for index in 0..<pdf.count(kids) { read(pdf.item(kids, index), depth: depth + 1) }
      }
    }
    read(pdf.key(pdf.key(pdf.root, "/StructTreeRoot"), "/ParentTree"), depth: 0)
    return arrays
  }

  /// The bytes per glyph code of each font resource of `page` (2 for a `Type0` font, else 1),
  /// adding each font dictionary to `fonts` by its resource name.
  static func fontCodeWidths<PDF: PDFObjectEditing>(
    _ pdf: PDF, _ page: PDF.Handle,
    into fonts: inout [String: PDF.Handle]
  ) -> [String: Int] {
    let resources = pdf.key(pdf.inherited(page, "/Resources"), "/Font")
    guard pdf.isDictionary(resources) else { return [:] }
    var widths: [String: Int] = [:]
    for key in pdf.keys(resources) {
      let font = pdf.key(resources, key)
      let name = String(key.dropFirst())
      if fonts[name] == nil { fonts[name] = font }
      widths[name] = pdf.isName(pdf.key(font, "/Subtype"), "/Type0") ? 2 : 1
    }
    return widths
  }
}
