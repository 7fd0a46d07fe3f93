// SPDX-License-Identifier: Apache-2.0
/// The finisher's edits on the value graph.
extension NativePDF: PDFObjectEditing {
  package var root: Handle { key(trailerHandle, "/Root") }
  package var trailer: Handle { trailerHandle }
  package var pages: [Handle] { pageList }

  package func key(_ object: Handle, _ name: String) -> Handle {
    guard let index = dictionaryIndex(object) else { return 0 }
    for entry in dictionaries[index] where entry.key == name { return resolve(entry.value) }
    return 0
  }

  package func has(_ object: Handle, _ name: String) -> Bool {
    guard let index = dictionaryIndex(object) else { return false }
    return dictionaries[index].contains { $0.key == name }
  }

  package func set(_ object: Handle, _ name: String, _ value: Handle) {
    guard let index = dictionaryIndex(object) else { return }
    if let place = dictionaries[index].firstIndex(where: { $0.key == name }) {
      dictionaries[index][place].value = value
    } else {
      dictionaries[index].append((name, value))
    }
  }

  package func keys(_ dictionary: Handle) -> [String] {
    guard let index = dictionaryIndex(dictionary) else { return [] }
    return dictionaries[index].map(\.key)
  }

  package func parse(_ text: String) -> Handle {
    var parser = PDFObjectParser(Array(text.utf8)[...], into: self)
    do throws(NativePDFError) {
      return try parser.value()
    } catch {
      failure = failure ?? NativePDFError(stage: .editing, message: error.message)
      return 0
    }
  }

  package func makeIndirect(_ object: Handle) -> Handle {
    if numbers[object] != nil { return object }
    highestNumber += 1
    objects[highestNumber] = object
    numbers[object] = highestNumber
    return object
  }

  /// ASCII as it is; anything else as UTF-16BE with its byte-order mark.
  package func text(_ value: String) -> Handle {
    if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return add(.string(Array(value.utf8))) }
    var bytes: [UInt8] = [0xfe, 0xff]
    for unit in value.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xff)] }
    return add(.string(bytes))
  }

  package func integer(_ value: Int) -> Handle { add(.integer(value)) }
  package func null() -> Handle { 0 }

  package func intValue(_ object: Handle) -> Int? {
    guard case .integer(let value) = nodes[resolve(object)] else { return nil }
    return value
  }

  /// A text string: UTF-16BE after its byte-order mark, else each byte one character (the
  /// PDFDocEncoding of cairo's ASCII).
  package func utf8(_ object: Handle) -> String? {
    guard case .string(let bytes) = nodes[resolve(object)] else { return nil }
    guard bytes.count >= 2, bytes[0] == 0xfe, bytes[1] == 0xff else {
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
    let units = stride(from: 2, to: bytes.count - 1, by: 2).map {
      UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
    }
    return String(decoding: units, as: UTF16.self)
  }

  package func isName(_ object: Handle, _ name: String) -> Bool {
    guard case .name(let value) = nodes[resolve(object)] else { return false }
    return value == name
  }

  package func isArray(_ object: Handle) -> Bool { arrayIndex(object) != nil }

  package func isDictionary(_ object: Handle) -> Bool {
    guard case .dictionary = nodes[resolve(object)] else { return false }
    return true
  }

  package func isStream(_ object: Handle) -> Bool { streamIndex(object) != nil }

  package func count(_ array: Handle) -> Int { arrayIndex(array).map { arrays[$0].count } ?? 0 }

  package func item(_ array: Handle, _ index: Int) -> Handle {
    guard let array = arrayIndex(array), arrays[array].indices.contains(index) else { return 0 }
    return resolve(arrays[array][index])
  }

  package func setItem(_ array: Handle, _ index: Int, _ value: Handle) {
    guard let array = arrayIndex(array), arrays[array].indices.contains(index) else { return }
    arrays[array][index] = value
  }

  package func newArray() -> Handle { newArray([]) }

  package func append(_ array: Handle, _ item: Handle) {
    guard let array = arrayIndex(array) else { return }
    arrays[array].append(item)
  }

  package func newStream(_ bytes: [UInt8], dictionary: [(String, Handle)]) -> Handle {
    let entries = newDictionary(dictionary.map { (key: $0.0, value: $0.1) })
    streams.append(Stream(dictionary: entries, stored: 0..<0, replaced: bytes))
    return makeIndirect(add(.stream(streams.count - 1)))
  }

  /// Unfiltered, or one `/FlateDecode` without parameters; nil for any other filter.
  package func decodedData(_ stream: Handle) throws(NativePDFError) -> [UInt8]? {
    guard let index = streamIndex(stream) else { return nil }
    if let replaced = streams[index].replaced { return replaced }
    let stored = input[streams[index].stored]
    let dictionary = streams[index].dictionary
    guard !has(dictionary, "/DecodeParms") || nodes[key(dictionary, "/DecodeParms")].isNull
    else { return nil }
    var filter = key(dictionary, "/Filter")
    if count(filter) == 1 { filter = item(filter, 0) }
    if case .null = nodes[filter] { return Array(stored) }
    guard isName(filter, "/FlateDecode") else { return nil }
    guard let data = Flate.inflate(stored, limit: Self.inflateLimit) else {
      throw NativePDFError(
        stage: .decoding, message: "a Flate stream that does not inflate")
    }
    return data
  }

  package func replaceData(of stream: Handle, with bytes: [UInt8]) {
    guard let index = streamIndex(stream) else { return }
    streams[index].replaced = bytes
  }
}

extension NativePDF.Node {
  var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}
