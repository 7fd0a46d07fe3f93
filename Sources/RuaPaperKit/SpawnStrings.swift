// SPDX-License-Identifier: Apache-2.0
import Glibc

/// posix_spawn's argv and envp: nil-terminated arrays of C strings, alive for one call.
public enum SpawnStrings {
  /// Calls `body` with `arguments` and `environment` (each `KEY=value`, in key order, so a
  /// child sees the same environment every run) as C string arrays, freed when it returns.
  public static func with<Result, Failure: Error>(
    arguments: [String], environment: [String: String],
    _ body: ([UnsafeMutablePointer<CChar>?], [UnsafeMutablePointer<CChar>?]) throws(Failure)
      -> Result
  ) throws(Failure) -> Result {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    return try body(argv, envp)
  }
}
