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

/// Finishes the PDF cairo wrote, in memory, with libqpdf: what cairo 1.16 cannot write
/// (`/MarkInfo`, `/Lang`, `DisplayDocTitle`, XMP, `D:` dates, a trailer `/ID`), page furniture
/// as artifacts, the root outline count, then object streams. Deterministic: the `/ID` is a
/// hash of the content, so the same input still gives the same bytes.
enum PDFPostPass {
  static func finish(_ bytes: [UInt8], _ facts: PDFFacts) throws(RenderError) -> [UInt8] {
    let pdf = try QPDFDocument(bytes)
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
    try markArtifacts(pdf)
    wrapInDocument(pdf)
    fixOutlineCount(pdf)
    return try pdf.write()
  }

  /// Title and `D:` dates in the Info dictionary; returns the Producer cairo wrote.
  private static func setInfo(_ pdf: QPDFDocument, _ facts: PDFFacts) -> String {
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
  private static func markArtifacts(_ pdf: QPDFDocument) throws(RenderError) {
    var found = false
    for page in pdf.pages {
      let contents = pdf.key(page, "/Contents")
      let streams =
        pdf.isArray(contents)
        ? (0..<pdf.count(contents)).map { pdf.item(contents, $0) } : [contents]
      for stream in streams where pdf.isStream(stream) {
        guard let data = try pdf.decodedData(stream), let rewritten = ArtifactMarking.rewrite(data)
        else { continue }
        pdf.replaceData(of: stream, with: rewritten)
        found = true
      }
    }
    guard found else { return }
    let tree = pdf.key(pdf.root, "/StructTreeRoot")
    pruneArtifacts(pdf, in: tree)
    clearParentTree(pdf, pdf.key(tree, "/ParentTree"))
  }

  private static func isArtifact(_ pdf: QPDFDocument, _ element: QPDFDocument.Handle) -> Bool {
    pdf.isDictionary(element) && pdf.isName(pdf.key(element, "/S"), ArtifactMarking.structureType)
  }

  /// Removes `Private` elements from every `/K` below `element`.
  private static func pruneArtifacts(_ pdf: QPDFDocument, in element: QPDFDocument.Handle) {
    let kids = pdf.key(element, "/K")
    if pdf.isArray(kids) {
      var index = pdf.count(kids) - 1
      while index >= 0 {
        let kid = pdf.item(kids, index)
        if isArtifact(pdf, kid) {
          pdf.erase(kids, index)
        } else if pdf.isDictionary(kid) {
          pruneArtifacts(pdf, in: kid)
        }
        index -= 1
      }
    } else if pdf.isDictionary(kids) {
      pruneArtifacts(pdf, in: kids)
    }
  }

  /// The parent tree maps each marked-content id to its element: furniture ids become null.
  private static func clearParentTree(_ pdf: QPDFDocument, _ node: QPDFDocument.Handle) {
    let nums = pdf.key(node, "/Nums")
    if pdf.isArray(nums) {
      for index in stride(from: 1, to: pdf.count(nums), by: 2) {
        let parents = pdf.item(nums, index)
        guard pdf.isArray(parents) else { continue }
        for slot in 0..<pdf.count(parents) where isArtifact(pdf, pdf.item(parents, slot)) {
          pdf.setItem(parents, slot, pdf.null())
        }
      }
    }
    let kids = pdf.key(node, "/Kids")
    if pdf.isArray(kids) {
      for index in 0..<pdf.count(kids) { clearParentTree(pdf, pdf.item(kids, index)) }
    }
  }

  /// A tagged PDF's structure tree has one root element, `Document`; cairo 1.16 hangs every
  /// top-level element on the tree root itself.
  private static func wrapInDocument(_ pdf: QPDFDocument) {
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
  private static func fixOutlineCount(_ pdf: QPDFDocument) {
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
