// SPDX-License-Identifier: Apache-2.0
internal import RuaPDF

/// What the post-pass writes into every PDF rua-paper makes.
struct PDFFacts {
  /// Names the document and, for a patient document, the person ("Emergency information
  /// sheet: Agnès Doré-Ramírez"); viewers show it instead of the file name.
  var title: String
  /// BCP 47, e.g. `en-US`.
  var language: String
  var creator: String
  /// ISO 8601 in UTC, `2026-11-01T09:00:00Z`: both dates, in Info and in XMP.
  var date: String
}

/// Finishes the PDF cairo wrote, in memory: what cairo 1.16 cannot write
/// (`/MarkInfo`, `/Lang`, `DisplayDocTitle`, XMP, `D:` dates, a trailer `/ID`), page furniture
/// as artifacts, `TH /Scope`, the root outline count, then object streams. Deterministic: the `/ID` is a
/// hash of the content, so the same input still gives the same bytes. The edits are written once,
/// over `PDFObjectEditing`: rua-paper's own reader–writer (`NativePDF`) makes them, and libqpdf
/// when that refuses the input.
enum PDFPostPass {
  /// Which reader–writer finishes: `automatic` is `NativePDF`, libqpdf when it refuses.
  enum Backend {
    case automatic, native, qpdf
  }

  /// `marks`: where each page's per-print values were drawn (`Painter.draw`), page by page.
  static func finish(
    _ bytes: [UInt8], _ facts: PDFFacts, marks: [PageMarks] = [],
    using backend: Backend = .automatic
  ) throws(RenderError) -> [UInt8] {
    try finished(bytes, facts, marks: marks, using: backend).bytes
  }

  /// The finished bytes and, from `NativePDF`, their SHA-256 (hashed while writing the `/ID`);
  /// nil from libqpdf.
  static func finished(
    _ bytes: [UInt8], _ facts: PDFFacts, marks: [PageMarks] = [],
    using backend: Backend = .automatic
  ) throws(RenderError) -> (bytes: [UInt8], sha256: String?) {
    if backend != .qpdf {
      do throws(NativePDFError) {
        let pdf = try NativePDF(bytes)
        let finished = try finish(pdf, facts, marks: marks)
        return (finished, pdf.writtenSHA256)
      } catch {
        if backend == .native { throw .pdfPostPass(step: error.step, message: error.message) }
      }
    }
    do throws(QPDFError) {
      return (try finish(QPDFDocument(bytes), facts, marks: marks), nil)
    } catch {
      throw .pdfPostPass(step: error.step, message: error.message)
    }
  }

  private static func finish<PDF: PDFObjectEditing>(
    _ pdf: PDF, _ facts: PDFFacts, marks: [PageMarks]
  ) throws(PDF.Failure) -> [UInt8] {
    let root = pdf.root
    pdf.set(root, "/MarkInfo", pdf.parse("<< /Marked true >>"))
    pdf.set(root, "/Lang", pdf.text(facts.language))
    pdf.set(root, "/ViewerPreferences", pdf.parse("<< /DisplayDocTitle true >>"))
    let producer = setInfo(pdf, facts)
    let xmp = XMPPacket(facts: facts, producer: producer).bytes
    pdf.set(
      root, "/Metadata",
      pdf.newStream(
        xmp, dictionary: [("/Type", pdf.parse("/Metadata")), ("/Subtype", pdf.parse("/XML"))]))
    describeElements(pdf, marks)
    try markArtifacts(pdf, marks)
    scopeTableHeaders(pdf)
    wrapInDocument(pdf)
    fixOutlineCount(pdf)
    return try pdf.write()
  }

  /// Title and `D:` dates in the Info dictionary; returns the Producer cairo wrote.
  private static func setInfo<PDF: PDFObjectEditing>(_ pdf: PDF, _ facts: PDFFacts) -> String {
    var info = pdf.key(pdf.trailer, "/Info")
    if !pdf.isDictionary(info) {
      info = pdf.parse("<< >>")
      pdf.set(pdf.trailer, "/Info", info)
    }
    pdf.set(info, "/Title", pdf.text(facts.title))
    pdf.set(info, "/Creator", pdf.text(facts.creator))
    let date = "D:" + facts.date.filter { $0.isNumber } + "Z"
    pdf.set(info, "/CreationDate", pdf.text(date))
    pdf.set(info, "/ModDate", pdf.text(date))
    return pdf.utf8(pdf.key(info, "/Producer")) ?? ""
  }

  /// Rewrites furniture in every page's content as `/Artifact` and prunes its elements.
  /// Each libqpdf call costs thousands of instructions, so the tree is touched only where the
  /// content rewrite found furniture.
  private static func markArtifacts<PDF: PDFObjectEditing>(_ pdf: PDF, _ marks: [PageMarks])
    throws(PDF.Failure)
  {
    // The page's /StructParents key in the parent tree → the marked-content ids made artifacts.
    var artifacts: [Int: [Int]] = [:]
    // Only a document with elements that say their own /ActualText can have spans to remove.
    let speaks = marks.contains { !$0.elementActualTexts.isEmpty }
    var spans = false
    for (number, page) in pdf.pages.enumerated() {
      let pageMarks = number < marks.count ? marks[number] : nil
      let names = VolatileMarking.addProperties(pdf, page: page, number: number, pageMarks)
      var ids: [Int] = []
      for stream in pdf.contentStreams(page) {
        guard let data = try pdf.decodedData(stream) else { continue }
        let rewritten = ArtifactMarking.rewrite(
          data, first: ids.count, properties: { names[$0] }, kind: { pageMarks?.kinds[$0] })
        let content = rewritten?.content ?? data
        let stripped = BidiControlSpans.strip(content)
        if speaks, !spans { spans = NestedActualTextSpans.present(in: stripped ?? content) }
        guard rewritten != nil || stripped != nil else { continue }
        pdf.replaceData(of: stream, with: stripped ?? content)
        ids += rewritten?.ids ?? []
      }
      if !ids.isEmpty, let key = pdf.intValue(pdf.key(page, "/StructParents")) {
        artifacts[key, default: []] += ids
      }
    }
    if spans { try removeNestedSpans(pdf) }
    guard !artifacts.isEmpty else { return }
    let tree = pdf.key(pdf.root, "/StructTreeRoot")
    pruneArtifacts(pdf, in: tree)
    clearParentTree(pdf, pdf.key(tree, "/ParentTree"), artifacts)
  }

  /// Removes the `Private` elements hanging on the tree root: furniture is always drawn outside
  /// any other tag (`PageFrame`), so it never sits deeper. One pass into a new array: libqpdf
  /// 11's `qpdf_oh_erase_item` costs time in proportion to the array's length wherever the
  /// item stands (even the last), so erasing a binder's thousands of furniture elements one by
  /// one was quadratic.
  static func pruneArtifacts<PDF: PDFObjectEditing>(_ pdf: PDF, in tree: PDF.Handle) {
    let kids = pdf.key(tree, "/K")
    guard pdf.isArray(kids) else { return }
    let kept = pdf.newArray()
    for index in 0..<pdf.count(kids) {
      let kid = pdf.item(kids, index)
      if pdf.isDictionary(kid), pdf.isName(pdf.key(kid, "/S"), ArtifactMarking.structureType) {
        continue
      }
      pdf.append(kept, kid)
    }
    pdf.set(tree, "/K", kept)
  }

  /// The parent tree maps each page's marked-content ids to their elements: the furniture's
  /// slots become null.
  private static func clearParentTree<PDF: PDFObjectEditing>(
    _ pdf: PDF, _ node: PDF.Handle, _ artifacts: [Int: [Int]]
  ) {
    let nums = pdf.key(node, "/Nums")
    if pdf.isArray(nums) {
      for index in stride(from: 0, to: pdf.count(nums) - 1, by: 2) {
        guard let key = pdf.intValue(pdf.item(nums, index)), let ids = artifacts[key] else {
          continue
        }
        let parents = pdf.item(nums, index + 1)
        guard pdf.isArray(parents) else { continue }
        let count = pdf.count(parents)
        for id in ids where id < count { pdf.setItem(parents, id, pdf.null()) }
      }
    }
    let kids = pdf.key(node, "/Kids")
    if pdf.isArray(kids) {
      for index in 0..<pdf.count(kids) { clearParentTree(pdf, pdf.item(kids, index), artifacts) }
    }
  }

  /// Writes what the painter asked for on single elements, which cairo 1.16's tags cannot
  /// carry: `/Lang` on a bilingual label's English line (its `Span`), `/ActualText` on a
  /// fill-in line; and moves the elements to read first (the review stamp) before the H1. The
  /// painter counted every tag it opened on each page; cairo makes one
  /// element of each in that order, so the tree, read depth first before the furniture is
  /// pruned, finds them by count. Only elements of the type expected are touched.
  static func describeElements<PDF: PDFObjectEditing>(_ pdf: PDF, _ marks: [PageMarks]) {
    var wanted: [Int: (language: String?, actualText: String?)] = [:]
    var first = Set<Int>()
    var offset = 0
    for page in marks {
      first.formUnion(page.readFirst.map { offset + $0 })
      for (place, language) in page.elementLanguages {
        wanted[offset + place, default: (nil, nil)].language = language
      }
      for (place, text) in page.elementActualTexts {
        wanted[offset + place, default: (nil, nil)].actualText = text
      }
      offset += page.tags
    }
    guard !wanted.isEmpty || !first.isEmpty else { return }
    var count = 0
    func visit(_ kids: PDF.Handle) {
      for element in elements(pdf, kids)
      where pdf.isName(pdf.key(element, "/Type"), "/StructElem") {
        if let properties = wanted[count] {
          if let language = properties.language, pdf.isName(pdf.key(element, "/S"), "/Span") {
            pdf.set(element, "/Lang", pdf.text(language))
          }
          if let text = properties.actualText {
            pdf.set(element, "/ActualText", pdf.text(text))
          }
        }
        count += 1
        visit(pdf.key(element, "/K"))
      }
    }
    let tree = pdf.key(pdf.root, "/StructTreeRoot")
    let kids = pdf.key(tree, "/K")
    guard pdf.isArray(kids) else {
      visit(kids)
      return
    }
    // The top-level elements, each visited in turn: those holding a place in `first` move
    // before the first H1 that precedes them.
    var order: [(element: PDF.Handle, first: Bool, heading: Bool)] = []
    for index in 0..<pdf.count(kids) {
      let kid = pdf.item(kids, index)
      let start = count
      visit(kid)
      let isElement = pdf.isDictionary(kid) && pdf.isName(pdf.key(kid, "/Type"), "/StructElem")
      order.append(
        (
          kid, isElement && (start..<count).contains { first.contains($0) },
          isElement && pdf.isName(pdf.key(kid, "/S"), "/H1")
        ))
    }
    guard order.contains(where: \.first),
      let heading = order.firstIndex(where: \.heading)
    else { return }
    let moved = order.enumerated().filter { $0.offset > heading && $0.element.first }.map(\.offset)
    guard !moved.isEmpty else { return }
    let reordered = pdf.newArray()
    for (index, entry) in order.enumerated() {
      if index == heading { for place in moved { pdf.append(reordered, order[place].element) } }
      if !moved.contains(index) { pdf.append(reordered, entry.element) }
    }
    pdf.set(tree, "/K", reordered)
  }

  /// Every header cell says what it heads (`/A << /O /Table /Scope … >>`, ISO 32000-1
  /// 14.8.5.7), which cairo 1.16 cannot write: `Column` in a row of header cells only (a table's
  /// column headers, repeated on each page it spans), `Row` in a row that also holds data cells
  /// (the label of a key–value table). Tables hang on the tree root (the painter opens them
  /// outside any other tag), so only the root's `Table` elements and their rows are read.
  static func scopeTableHeaders<PDF: PDFObjectEditing>(_ pdf: PDF) {
    let kids = pdf.key(pdf.key(pdf.root, "/StructTreeRoot"), "/K")
    for table in elements(pdf, kids) where pdf.isName(pdf.key(table, "/S"), "/Table") {
      for row in elements(pdf, pdf.key(table, "/K")) where pdf.isName(pdf.key(row, "/S"), "/TR") {
        let cells = elements(pdf, pdf.key(row, "/K"))
        let headers = cells.filter { pdf.isName(pdf.key($0, "/S"), "/TH") }
        guard !headers.isEmpty else { continue }
        let scope = headers.count == cells.count ? "/Column" : "/Row"
        for header in headers {
          pdf.set(header, "/A", pdf.parse("<< /O /Table /Scope \(scope) >>"))
        }
      }
    }
  }

  /// The structure elements among `kids` (an array, or one element), marked-content ids left out.
  private static func elements<PDF: PDFObjectEditing>(_ pdf: PDF, _ kids: PDF.Handle)
    -> [PDF.Handle]
  {
    let items = pdf.isArray(kids) ? (0..<pdf.count(kids)).map { pdf.item(kids, $0) } : [kids]
    return items.filter { pdf.isDictionary($0) }
  }

  /// A tagged PDF's structure tree has one root element, `Document`; cairo 1.16 hangs every
  /// top-level element on the tree root itself.
  private static func wrapInDocument<PDF: PDFObjectEditing>(_ pdf: PDF) {
    let tree = pdf.key(pdf.root, "/StructTreeRoot")
    let kids = pdf.key(tree, "/K")
    guard pdf.isArray(kids) else { return }
    let document = pdf.makeIndirect(pdf.parse("<< /Type /StructElem /S /Document >>"))
    pdf.set(document, "/P", tree)
    pdf.set(document, "/K", kids)
    for index in 0..<pdf.count(kids) where pdf.isDictionary(pdf.item(kids, index)) {
      pdf.set(pdf.item(kids, index), "/P", document)
    }
    pdf.set(tree, "/K", document)
  }

  /// cairo 1.16 writes the root outline's `/Count` negative; the PDF reference says the root's
  /// count is the number of visible items and never negative.
  private static func fixOutlineCount<PDF: PDFObjectEditing>(_ pdf: PDF) {
    let outlines = pdf.key(pdf.root, "/Outlines")
    guard pdf.isDictionary(outlines), let count = pdf.intValue(pdf.key(outlines, "/Count")),
      count < 0
    else { return }
    pdf.set(outlines, "/Count", pdf.integer(-count))
  }
}

extension PDFFacts {
  /// The catalog `/Lang` for a document language: the locales are written for the United
  /// States, so `en` → `en-US`, `es` → `es-US`; a tag with a region is kept.
  static func languageTag(_ language: String) -> String {
    language.contains("-") || language.isEmpty ? language : language + "-US"
  }
}
