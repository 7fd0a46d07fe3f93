// SPDX-License-Identifier: Apache-2.0
/// The PDF cairo 1.16 writes (numbered objects, a classic `xref` table and `trailer`), read
/// into a value graph, edited through `PDFObjectEditing` and written again with one object
/// stream and an xref stream: the finisher's reader–writer on the render path, a fraction of
/// libqpdf's cost for the same edits. Whatever it does not read (an xref stream, object
/// streams, encryption, a generation other than 0, a filter other than Flate) it refuses with
/// `NativePDFError`, and the finisher uses libqpdf instead.
package final class NativePDF {
  package typealias Handle = Int

  /// One value. Containers hold handles: a value got from one is shared, as in libqpdf.
  enum Node {
    case null
    case boolean(Bool)
    case integer(Int)
    /// As written (`595.28`), so it is written back unchanged.
    case real([UInt8])
    /// With its slash, as written (`/Type`).
    case name(String)
    case string([UInt8])
    case array(Int)
    case dictionary(Int)
    case stream(Int)
    /// `N 0 R`, by object number.
    case reference(Int)
  }

  /// A stream: its dictionary (a handle) and its data, as stored in the input or replaced
  /// (unfiltered).
  struct Stream {
    var dictionary: Handle
    var stored: Range<Int>
    var replaced: [UInt8]?
  }

  let input: [UInt8]
  // The graph's four collections without the run-time exclusivity check: `resolve`, `key` and
  // the parser read them for every value (about 5,000 times a sheet), and each check cost
  // more than the read. Nothing can overlap: the class is not Sendable, and each is changed
  // only by one statement (an append, an assignment to one element) whose value is computed
  // before, with no call inside that could read it.
  @exclusivity(unchecked) var nodes: [Node] = [.null]
  @exclusivity(unchecked) var arrays: [[Handle]] = []
  @exclusivity(unchecked) var dictionaries: [[(key: String, value: Handle)]] = []
  var streams: [Stream] = []
  /// Object number → the object's handle.
  @exclusivity(unchecked) var objects = ObjectTable()
  /// Handle → object number, for the handles that are indirect objects.
  var numbers: [Handle: Int] = [:]
  var trailerHandle: Handle = 0
  var pageList: [Handle] = []
  var highestNumber = 0
  /// The first edit that could not be made (a `parse` of text it does not read), thrown by
  /// `write`.
  var failure: NativePDFError?
  /// The SHA-256 of the bytes the last `write` returned, lower-case hex (nil before a write, or
  /// if libcrypto failed): the writer hashes them anyway for the `/ID`.
  package internal(set) var writtenSHA256: String?

  /// Nesting allowed inside one object, and the object count: cairo's output stays far below.
  static let depthLimit = 64
  static let objectLimit = 4_000_000
  /// The most one stream may inflate to.
  static let inflateLimit = 256 << 20

  package init(_ bytes: [UInt8]) throws(NativePDFError) {
    input = bytes
    try read()
  }

  func add(_ node: Node) -> Handle {
    nodes.append(node)
    return nodes.count - 1
  }

  /// Follows references (a reference to a missing object is null).
  func resolve(_ handle: Handle) -> Handle {
    var current = handle
    for _ in 0..<8 {
      guard case .reference(let number) = nodes[current] else { return current }
      current = objects[number] ?? 0
    }
    return 0
  }

  /// The entries of a dictionary or of a stream's dictionary, by their index in `dictionaries`.
  func dictionaryIndex(_ handle: Handle) -> Int? {
    switch nodes[resolve(handle)] {
    case .dictionary(let index): return index
    case .stream(let index):
      guard case .dictionary(let inner) = nodes[streams[index].dictionary] else { return nil }
      return inner
    default: return nil
    }
  }

  func arrayIndex(_ handle: Handle) -> Int? {
    guard case .array(let index) = nodes[resolve(handle)] else { return nil }
    return index
  }

  func streamIndex(_ handle: Handle) -> Int? {
    guard case .stream(let index) = nodes[resolve(handle)] else { return nil }
    return index
  }

  func newDictionary(_ entries: [(key: String, value: Handle)] = []) -> Handle {
    dictionaries.append(entries)
    return add(.dictionary(dictionaries.count - 1))
  }

  func newArray(_ items: [Handle]) -> Handle {
    arrays.append(items)
    return add(.array(arrays.count - 1))
  }
}

@available(*, unavailable) extension NativePDF: Sendable {}
