import Glibc
import RuaFiles

/// Standard input of the real process, for `import -`.
public enum StandardInput {
  @Sendable public static func readAll() throws(CLIError) -> [UInt8] {
    // A terminal would wait for typing that never comes; say what `-` is for instead.
    guard isatty(STDIN_FILENO) == 0 else {
      throw .usage(
        "'-' reads the care circle from standard input, which is a terminal; pipe a file in, "
          + "such as: rua-paper import - < care-circle.json")
    }
    do { return try FileDescriptor.readAll(STDIN_FILENO, path: "standard input") } catch {
      throw CLIError("standard input cannot be read (\(error.reason))", code: .ioError)
    }
  }
}
