internal import Glibc

/// Whole-buffer reads and writes on an open descriptor, retrying EINTR and short transfers.
public enum FileDescriptor {
  /// Reads until end of file (or `limit` bytes).
  public static func readAll(_ fd: Int32, path: String, limit: Int = Int.max)
    throws(FileError) -> [UInt8]
  {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while out.count < limit {
      let got = chunk.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress, min($0.count, limit - out.count))
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw FileError.current(.read, path)
      }
      if got == 0 { break }
      out += chunk[0..<got]
    }
    return out
  }

  /// Writes every byte; a short write continues where it stopped, EINTR retries, any other
  /// error (EPIPE, ENOSPC, EIO on /dev/full …) throws.
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError.current(.write, path)
      }
      if written == 0 { throw FileError(.write, path, code: EIO) }
      offset += written
    }
  }

  /// fsync(2), naming `path` in the error.
  public static func sync(_ fd: Int32, path: String) throws(FileError) {
    if let code = FileProbe.observe(.syncFile, path) { throw FileError(.sync, path, code: code) }
    guard fsync(fd) == 0 else { throw FileError.current(.sync, path) }
  }
}
