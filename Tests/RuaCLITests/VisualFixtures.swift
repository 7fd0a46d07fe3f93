import Glibc
import RuaCLI
import RuaCore
import Synchronization

/// A hand-written PDF (base-14 Helvetica, rectangles), so the CLI tests need no C module.
struct VisualMiniPDF {
  struct Box {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  struct Page {
    var boxes: [Box] = []
    var lines: [(y: Double, text: String)] = []
  }

  var pages: [Page]
  var width = 595.0
  var height = 842.0
  var creationDate = "D:20240101000000Z"
  /// Adds a standard-security /Encrypt dictionary whose check value fits no password, so a
  /// reader asks for one.
  var encrypted = false

  static let base = VisualMiniPDF(pages: [
    Page(boxes: [Box(x: 72, y: 72, width: 200, height: 30)], lines: [(140, "Medication list")]),
    Page(boxes: [Box(x: 100, y: 200, width: 150, height: 80)], lines: [(400, "Take with food")]),
    Page(lines: [(100, "Fall guide"), (130, "Keep the hallway lit")]),
  ])

  static var moved: VisualMiniPDF {
    var pdf = base
    pdf.pages[1].boxes[0].x = 110
    return pdf
  }

  static var reworded: VisualMiniPDF {
    var pdf = base
    pdf.pages[2].lines[1].text = "Keep the stairway lit"
    return pdf
  }

  /// Boxes and lines are placed from the top-left corner, like masks; PDF counts from the bottom.
  func content(_ page: Page) -> String {
    var text = "0.1 0.3 0.8 rg\n"
    for box in page.boxes {
      text += "\(box.x) \(height - box.y - box.height) \(box.width) \(box.height) re f\n"
    }
    for line in page.lines {
      text += "0 g BT /F1 14 Tf 72 \(height - line.y) Td (\(line.text)) Tj ET\n"
    }
    return text
  }

  func bytes() -> [UInt8] {
    var objects: [String] = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [\((0..<pages.count).map { "\(5 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Producer (rua-paper tests) /CreationDate (\(creationDate)) >>",
    ]
    for (index, page) in pages.enumerated() {
      let stream = content(page)
      objects.append(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] "
          + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(6 + 2 * index) 0 R >>")
      objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)endstream")
    }
    var out = "%PDF-1.4\n"
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(out.utf8.count)
      out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let xref = out.utf8.count
    out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      out += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    let hex32 = String(repeating: "5A", count: 32)
    let encryption =
      encrypted
      ? " /Encrypt << /Filter /Standard /V 1 /R 2 /O <\(hex32)> /U <\(hex32)> /P -4 >>"
        + " /ID [<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]" : ""
    out +=
      "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R /Info 4 0 R\(encryption) >>\n"
      + "startxref\n\(xref)\n%%EOF\n"
    return Array(out.utf8)
  }
}

/// A private temporary folder, removed with everything in it.
final class VisualTempFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/rua-visual-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw VisualTestError("mkdtemp failed") }
    path = String(cString: made)
  }

  deinit { Self.remove(path) }

  func write(_ name: String, _ bytes: [UInt8]) throws {
    let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { throw VisualTestError("cannot create \(name)") }
    defer { close(fd) }
    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw VisualTestError("short write \(name)") }
  }

  func read(_ name: String) throws -> [UInt8] {
    let fd = open(path + "/" + name, O_RDONLY)
    guard fd >= 0 else { throw VisualTestError("cannot open \(name)") }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// Names in `folder` (relative to this one), sorted.
  func list(_ folder: String = ".") -> [String] {
    guard let dir = opendir(path + "/" + folder) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  private static func remove(_ path: String) {
    if let dir = opendir(path) {
      var names: [String] = []
      while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(dir)
      for name in names { remove(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}

struct VisualTestError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

/// Runs `rua-paper` in-process in `folder`, capturing stdout and stderr.
struct VisualRun {
  let code: ExitCode
  let output: String
  let errors: String

  init(_ arguments: [String], in folder: VisualTempFolder) {
    let out = Mutex<[UInt8]>([])
    let err = Mutex<[UInt8]>([])
    let context = Context(
      environment: [:], now: Instant(secondsSinceEpoch: 1_700_000_000),
      today: Instant(secondsSinceEpoch: 1_700_000_000).utcDate,
      standardOutput: { bytes in out.withLock { $0 += bytes } },
      standardError: { bytes in err.withLock { $0 += bytes } },
      workingDirectory: folder.path)
    code = RuaPaper.run(arguments, context)
    output = out.withLock { String(decoding: $0, as: UTF8.self) }
    errors = err.withLock { String(decoding: $0, as: UTF8.self) }
  }
}
