// SPDX-License-Identifier: Apache-2.0
/// Reading cairo's output: the header, the last `startxref`, one classic `xref` table and its
/// `trailer`, then every object the table lists, at its offset. Streams take their `/Length`
/// (direct, or the indirect integer cairo writes after the stream) and must end in `endstream`.
extension NativePDF {
  func read() throws(NativePDFError) {
    guard input.starts(with: Array("%PDF-1.".utf8)) else {
      throw .reading("not a PDF: no %PDF-1. header")
    }
    let offsets = try readXref()
    objects.reserveCapacity(offsets.count + 8)
    numbers.reserveCapacity(offsets.count + 8)
    nodes.reserveCapacity(offsets.count * 8)
    for (number, offset) in offsets.sorted(by: { $0.key < $1.key }) where objects[number] == nil {
      try readObject(number, at: offset, offsets: offsets)
    }
    highestNumber = max(highestNumber, offsets.keys.max() ?? 0)
    guard isDictionary(root), isName(key(root, "/Type"), "/Catalog") else {
      throw .reading("the trailer has no catalog")
    }
    try collectPages()
  }

  /// The object offsets of the classic xref table, and the trailer.
  private func readXref() throws(NativePDFError) -> [Int: Int] {
    let tail = input.suffix(1024)
    let marker = Array("startxref".utf8)
    guard let found = lastIndex(of: marker, in: tail) else {
      throw .reading("no startxref")
    }
    var parser = PDFObjectParser(input[...], at: found + marker.count, into: self)
    let start = try parser.unsigned()
    guard start < input.count else { throw .reading("startxref points past the end") }
    parser.position = start
    try parser.expect("xref")
    var offsets: [Int: Int] = [:]
    while true {
      parser.skipSpace()
      let mark = parser.position
      if PDFObjectParser.matches(parser.word(), "trailer") { break }
      parser.position = mark
      let first = try parser.unsigned()
      let count = try parser.unsigned()
      guard first + count <= Self.objectLimit else { throw .reading("too many objects") }
      for number in first..<(first + count) {
        let offset = try parser.unsigned()
        let generation = try parser.unsigned()
        parser.skipSpace()
        let kind = parser.word()
        if PDFObjectParser.matches(kind, "n") {
          guard generation == 0 else { throw .reading("an object of generation \(generation)") }
          guard offset < input.count else { throw .reading("an xref offset past the end") }
          offsets[number] = offset
        } else if !PDFObjectParser.matches(kind, "f") {
          throw .reading("an xref entry that is neither n nor f")
        }
      }
    }
    trailerHandle = try parser.value()
    for refused in ["/Prev", "/XRefStm", "/Encrypt"] where has(trailerHandle, refused) {
      throw .reading("a trailer with \(refused)")
    }
    return offsets
  }

  /// Reads `number N 0 obj … endobj` at `offset`; a stream's indirect `/Length` first.
  private func readObject(
    _ number: Int, at offset: Int, offsets: [Int: Int], forLength: Bool = false
  ) throws(NativePDFError) {
    var parser = PDFObjectParser(input[...], at: offset, into: self)
    guard try parser.unsigned() == number, try parser.unsigned() == 0 else {
      throw .reading("object \(number) is not at its xref offset")
    }
    try parser.expect("obj")
    var handle = try parser.value()
    parser.skipSpace()
    let mark = parser.position
    if PDFObjectParser.matches(parser.word(), "stream") {
      guard case .dictionary = nodes[handle] else { throw .reading("a stream without dictionary") }
      if parser.current == 0x0d { parser.position += 1 }
      guard parser.current == 0x0a else { throw .reading("stream not followed by a line end") }
      let start = parser.position + 1
      guard !forLength else { throw .reading("a stream's /Length is a stream") }
      let length = try streamLength(handle, offsets: offsets)
      guard length <= input.count - start else { throw .reading("a stream longer than the file") }
      parser.position = start + length
      try parser.expect("endstream")
      if isName(key(handle, "/Type"), "/ObjStm") || isName(key(handle, "/Type"), "/XRef") {
        throw .reading("an object or xref stream")
      }
      streams.append(Stream(dictionary: handle, stored: start..<(start + length), replaced: nil))
      handle = add(.stream(streams.count - 1))
    } else {
      parser.position = mark
    }
    try parser.expect("endobj")
    objects[number] = handle
    numbers[handle] = number
  }

  /// A stream's `/Length`: an integer, or a reference to one (read now when not yet read).
  private func streamLength(_ dictionary: Handle, offsets: [Int: Int]) throws(NativePDFError)
    -> Int
  {
    guard let index = dictionaryIndex(dictionary),
      let entry = dictionaries[index].first(where: { $0.key == "/Length" })
    else { throw .reading("a stream without /Length") }
    if case .reference(let number) = nodes[entry.value], objects[number] == nil {
      guard let offset = offsets[number] else { throw .reading("a /Length that is not there") }
      try readObject(number, at: offset, offsets: offsets, forLength: true)
    }
    guard let length = intValue(entry.value), length >= 0 else {
      throw .reading("a /Length that is not a number")
    }
    return length
  }

  /// The page tree's leaves in order; a tree deeper than 32 or a node met twice is refused.
  private func collectPages() throws(NativePDFError) {
    var seen = Set<Handle>()
    func walk(_ node: Handle, depth: Int) throws(NativePDFError) {
      guard depth < 32, seen.insert(node).inserted else { throw .reading("a page tree loop") }
      if isName(key(node, "/Type"), "/Page") {
        pageList.append(node)
        return
      }
      let kids = key(node, "/Kids")
      for index in 0..<count(kids) { try walk(item(kids, index), depth: depth + 1) }
    }
    try walk(key(root, "/Pages"), depth: 0)
  }

  private func lastIndex(of marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= marker.count else { return nil }
    var index = bytes.endIndex - marker.count
    while index >= bytes.startIndex {
      if bytes[index..<(index + marker.count)].elementsEqual(marker) { return index }
      index -= 1
    }
    return nil
  }
}
