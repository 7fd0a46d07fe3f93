// SPDX-License-Identifier: Apache-2.0
import Glibc
import RuaFiles
import RuaPaperKit

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
}
