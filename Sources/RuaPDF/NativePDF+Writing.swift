// SPDX-License-Identifier: Apache-2.0
internal import CCrypto

extension NativePDF {
  /// The PDF again: the objects reachable from the trailer's `/Root` and `/Info`, numbered in
  /// the order met, streams as top-level objects (replaced ones compressed), every other object
  /// in one object stream, then an xref stream with an `/ID` hashed from everything before it,
  /// so the same input and edits give the same bytes.
  package func write() throws(NativePDFError) -> [UInt8] {
    if let failure { throw failure }
    let info = key(trailerHandle, "/Info")
    if isDictionary(info) { _ = makeIndirect(info) }
    var writer = NativePDFWriter(pdf: self)
    return try writer.write()
  }
}

/// One `NativePDF.write`.
struct NativePDFWriter {
  typealias Handle = NativePDF.Handle

  /// An xref stream entry: type 1 (offset, 0) or type 2 (object stream, index).
  struct Entry {
    var type: UInt8
    var field: Int
    var index: Int
  }

  /// Unowned without its reference count: a writer lives only inside `NativePDF.write`.
  unowned(unsafe) let pdf: NativePDF
  // The graph as it stands, read without the class's exclusivity checks (each a call).
  let nodes: [NativePDF.Node]
  let arrays: [[Handle]]
  let dictionaries: [[(key: String, value: Handle)]]
  let objects: ObjectTable
  /// By handle: whether it is an indirect object (written as a reference inside another), and
  /// its new number (0 before it is met). Arrays, not dictionaries: every value written asks.
  let indirect: [Bool]
  var out: [UInt8] = []
  var assigned: [Int]
  var queue: [Handle] = []
  var entries: [Entry] = []

  init(pdf: NativePDF) {
    self.pdf = pdf
    nodes = pdf.nodes
    arrays = pdf.arrays
    dictionaries = pdf.dictionaries
    objects = pdf.objects
    var flags = [Bool](repeating: false, count: pdf.nodes.count)
    for handle in pdf.numbers.keys { flags[handle] = true }
    indirect = flags
    assigned = [Int](repeating: 0, count: pdf.nodes.count)
  }

  mutating func write() throws(NativePDFError) -> [UInt8] {
    let info = pdf.key(pdf.trailerHandle, "/Info")
    let root = pdf.root
    let rootNumber = number(root)
    let infoNumber = pdf.isDictionary(info) ? number(info) : nil
    let minor = pdf.input.count > 7 ? max(Int(pdf.input[7]) - 0x30, 5) : 5
    out = Array("%PDF-1.\(min(minor, 7))\n%".utf8) + [0xbf, 0xf7, 0xa2, 0xfe, 0x0a]
    // The objects that go in the object stream, serialized one after another into `bodies`.
    var packed: [(number: Int, offset: Int)] = []
    var bodies: [UInt8] = []
    var next = 0
    while next < queue.count {
      let handle = queue[next]
      next += 1
      if case .stream(let index) = nodes[handle] {
        entries.append(Entry(type: 1, field: out.count, index: 0))
        try writeStream(index, number: next)
      } else {
        packed.append((next, bodies.count))
        try serialize(handle, into: &bodies, depth: 0)
        bodies.append(0x0a)
        entries.append(Entry(type: 2, field: 0, index: 0))
      }
      guard queue.count <= NativePDF.objectLimit else {
        throw NativePDFError(stage: .writing, message: "too many objects")
      }
    }
    let objectStream = queue.count + 1
    for (place, object) in packed.enumerated() {
      entries[object.number - 1] = Entry(type: 2, field: objectStream, index: place)
    }
    entries.append(Entry(type: 1, field: out.count, index: 0))
    try writeObjectStream(packed, bodies, number: objectStream)
    let xref = objectStream + 1
    entries.append(Entry(type: 1, field: out.count, index: 0))
    // One pass of SHA-256 gives the `/ID` (everything before the xref stream) and, carried on
    // over the xref stream, the whole file's digest, which delivery records.
    let digest = RunningSHA256()
    digest.update(out[...])
    let id = Self.hex(digest.current()?.prefix(16) ?? ArraySlice(repeating: 0, count: 16))
    let widths = [1, byteWidth(entries.map(\.field).max() ?? 0), byteWidth(max(packed.count, 1))]
    var table: [UInt8] = []
    for entry in [Entry(type: 0, field: 0, index: 0)] + entries {
      table.append(entry.type)
      bigEndian(entry.field, widths[1], into: &table)
      bigEndian(entry.index, widths[2], into: &table)
    }
    guard let compressed = Flate.deflate(table) else { throw deflateFailure }
    var dictionary =
      "<< /Type /XRef /Size \(xref + 1) /W [ 1 \(widths[1]) \(widths[2]) ] /Root \(rootNumber) 0 R"
    if let infoNumber { dictionary += " /Info \(infoNumber) 0 R" }
    dictionary += " /ID [ <\(id)> <\(id)> ] /Filter /FlateDecode /Length \(compressed.count) >>"
    let tail = out.count
    append("\(xref) 0 obj\n\(dictionary)\nstream\n")
    out += compressed
    append("\nendstream\nendobj\nstartxref\n\(entries[xref - 1].field)\n%%EOF\n")
    digest.update(out[tail...])
    pdf.writtenSHA256 = digest.current().map { Self.hex($0[...]) }
    return out
  }

  /// The object's new number, given (and queued) the first time it is met.
  mutating func number(_ handle: Handle) -> Int {
    let known = assigned[handle]
    if known != 0 { return known }
    queue.append(handle)
    assigned[handle] = queue.count
    return queue.count
  }

  private mutating func append(_ text: String) { out += text.utf8 }

  private var deflateFailure: NativePDFError {
    NativePDFError(stage: .writing, message: "zlib could not compress a stream")
  }

  private mutating func writeStream(_ index: Int, number: Int) throws(NativePDFError) {
    let stream = pdf.streams[index]
    let dictionary = stream.dictionary
    var data: [UInt8] = []
    var extra = ""
    var skipped: Set<String> = ["/Length"]
    if let replaced = stream.replaced {
      skipped.formUnion(["/Filter", "/DecodeParms"])
      // XMP stays readable as text, as libqpdf leaves it.
      if pdf.isName(pdf.key(dictionary, "/Type"), "/Metadata") {
        data = replaced
      } else {
        guard let compressed = Flate.deflate(replaced) else { throw deflateFailure }
        data = compressed
        extra = " /Filter /FlateDecode"
      }
    }
    var head: [UInt8] = []
    let length = stream.replaced == nil ? stream.stored.count : data.count
    try serializeDictionary(dictionary, into: &head, depth: 1, skipping: skipped) {
      $0 += Array("\(extra) /Length \(length)".utf8)
    }
    append("\(number) 0 obj\n")
    out += head
    append("\nstream\n")
    if stream.replaced == nil { out += pdf.input[stream.stored] } else { out += data }
    append("\nendstream\nendobj\n")
  }

  private mutating func writeObjectStream(
    _ packed: [(number: Int, offset: Int)], _ bodies: [UInt8], number: Int
  ) throws(NativePDFError) {
    var header: [UInt8] = []
    for object in packed {
      Self.decimal(object.number, into: &header)
      header.append(0x20)
      Self.decimal(object.offset, into: &header)
      header.append(0x20)
    }
    guard let compressed = Flate.deflate(header + bodies) else { throw deflateFailure }
    append(
      "\(number) 0 obj\n<< /Type /ObjStm /N \(packed.count) /First \(header.count)"
        + " /Filter /FlateDecode /Length \(compressed.count) >>\nstream\n")
    out += compressed
    append("\nendstream\nendobj\n")
  }

  /// The value as PDF syntax; an indirect object inside another as its reference.
  mutating func serialize(_ handle: Handle, into buffer: inout [UInt8], depth: Int)
    throws(NativePDFError)
  {
    guard depth < NativePDF.depthLimit else {
      throw NativePDFError(stage: .writing, message: "objects nested too deep (a loop?)")
    }
    if depth > 0, indirect[handle] {
      Self.decimal(number(handle), into: &buffer)
      buffer.append(contentsOf: " 0 R".utf8)
      return
    }
    switch nodes[handle] {
    case .null: buffer.append(contentsOf: "null".utf8)
    case .boolean(let value): buffer.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): Self.decimal(value, into: &buffer)
    case .real(let text): buffer.append(contentsOf: text)
    case .name(let name): Self.utf8(name, into: &buffer)
    case .string(let bytes): Self.string(bytes, into: &buffer)
    case .reference(let target):
      if let object = objects[target] {
        try serialize(object, into: &buffer, depth: max(depth, 1))
      } else {
        buffer.append(contentsOf: "null".utf8)
      }
    case .array(let index):
      buffer.append(UInt8(ascii: "["))
      for item in arrays[index] {
        buffer.append(0x20)
        try serialize(item, into: &buffer, depth: depth + 1)
      }
      buffer.append(contentsOf: " ]".utf8)
    case .dictionary:
      try serializeDictionary(handle, into: &buffer, depth: depth + 1, skipping: []) { _ in }
    case .stream:
      throw NativePDFError(stage: .writing, message: "a stream that is not an indirect object")
    }
  }

  /// Whether a value is null, or a reference to an object that is not there.
  private func isNull(_ handle: Handle) -> Bool {
    switch nodes[handle] {
    case .null: return true
    case .reference(let target):
      guard let object = objects[target] else { return true }
      if case .null = nodes[object] { return true }
      return false
    default: return false
    }
  }

  /// `<< … >>`, null entries left out (a null value means the key is absent).
  private mutating func serializeDictionary(
    _ handle: Handle, into buffer: inout [UInt8], depth: Int, skipping: Set<String>,
    then extra: (inout [UInt8]) -> Void
  ) throws(NativePDFError) {
    guard case .dictionary(let index) = nodes[handle] else {
      throw NativePDFError(stage: .writing, message: "a stream without dictionary")
    }
    buffer.append(contentsOf: "<<".utf8)
    for entry in dictionaries[index] {
      if isNull(entry.value) || (!skipping.isEmpty && skipping.contains(entry.key)) { continue }
      buffer.append(0x20)
      Self.utf8(entry.key, into: &buffer)
      buffer.append(0x20)
      try serialize(entry.value, into: &buffer, depth: depth)
    }
    extra(&buffer)
    buffer.append(contentsOf: " >>".utf8)
  }

  /// A name's bytes through its contiguous storage (appending its `utf8` view goes element
  /// by element).
  static func utf8(_ text: String, into buffer: inout [UInt8]) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
  }

  /// An integer in decimal, without making a String.
  static func decimal(_ value: Int, into buffer: inout [UInt8]) {
    if value < 0 { buffer.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var divisor: UInt = 1
    while divisor <= rest / 10 { divisor *= 10 }
    repeat {
      buffer.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// Printable ASCII as a literal string, anything else in hex.
  static func string(_ bytes: [UInt8], into buffer: inout [UInt8]) {
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) {
      buffer.append(UInt8(ascii: "("))
      for byte in bytes {
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
          buffer.append(UInt8(ascii: "\\"))
        }
        buffer.append(byte)
      }
      buffer.append(UInt8(ascii: ")"))
      return
    }
    let digits = Array("0123456789abcdef".utf8)
    buffer.append(UInt8(ascii: "<"))
    for byte in bytes {
      buffer.append(digits[Int(byte >> 4)])
      buffer.append(digits[Int(byte & 0xf)])
    }
    buffer.append(UInt8(ascii: ">"))
  }

  private func byteWidth(_ value: Int) -> Int {
    var width = 1
    while width < 8, value >> (8 * width) != 0 { width += 1 }
    return width
  }

  private func bigEndian(_ value: Int, _ width: Int, into buffer: inout [UInt8]) {
    for shift in stride(from: 8 * (width - 1), through: 0, by: -8) {
      buffer.append(UInt8((value >> shift) & 0xff))
    }
  }

  /// Lower-case hex, as delivery writes a digest.
  private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    let text = bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xf)]] }
    return String(decoding: text, as: UTF8.self)
  }
}

/// libcrypto's SHA-256 over bytes given piece by piece; `current` is the digest of every piece
/// so far, and more may follow.
final class RunningSHA256 {
  private let context = EVP_MD_CTX_new()
  private var failed: Bool

  init() {
    failed = context == nil || EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1
  }

  deinit { EVP_MD_CTX_free(context) }

  func update(_ bytes: ArraySlice<UInt8>) {
    guard !failed else { return }
    failed = bytes.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) } != 1
  }

  /// Nil if libcrypto failed.
  func current() -> [UInt8]? {
    guard !failed, let copy = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(copy) }
    guard EVP_MD_CTX_copy_ex(copy, context) == 1 else { return nil }
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    let ok = digest.withUnsafeMutableBufferPointer {
      EVP_DigestFinal_ex(copy, $0.baseAddress, &length)
    }
    return ok == 1 && length == 32 ? digest : nil
  }
}
