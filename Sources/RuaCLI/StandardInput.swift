// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaFiles
public import RuaPaperKit

/// Standard input of the real process, for `import -`.
public enum StandardInput {
  @Sendable public static func readAll() throws(PaperError) -> [UInt8] {
    // A terminal would wait for typing that never comes; say what `-` is for instead.
    guard isatty(STDIN_FILENO) == 0 else {
      throw .invalidRequest(
        "'-' reads the care circle from standard input, which is a terminal; pipe a file in, "
          + "such as: rua-paper import - < care-circle.json")
    }
    do { return try Files.readStandardInput(limit: ReadLimit.record) } catch {
      if error.isTooLarge {
        throw PaperError(
          "standard input: \(CareCircleInput.refusal(error)); nothing was imported",
          kind: .invalidData)
      }
      throw PaperError("standard input cannot be read (\(error.reason))", kind: .io)
    }
  }

  /// One line from standard input (at most 200 bytes are kept), without its line break; nil
  /// when input ends before a line does or cannot be read.
  @Sendable public static func readLine() -> String? {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      if line.count < 200 { line.append(byte) }
    }
  }
}
