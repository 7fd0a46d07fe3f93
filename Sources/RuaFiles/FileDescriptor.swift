// SPDX-License-Identifier: Apache-2.0
internal import Glibc

/// Whole-buffer reads and writes on an open descriptor, retrying EINTR and short transfers.
public enum FileDescriptor {
  /// Reads until end of file, in 64 KiB chunks; more than `limit` bytes is refused
  /// (`FileError.Refusal.tooLarge`) after reading at most `limit + 1`, so `/dev/zero` or a
  /// 3 GB file costs no more memory than the limit.
  /// `expected` (a regular file's size) sizes the buffer once; without it the buffer is
  /// reserved at the limit, which costs address space, not memory, until bytes arrive, so the
  /// peak stays at the bytes read instead of twice that while an array grows.
  public static func readAll(_ fd: Int32, path: String, limit: Int, expected: Int? = nil)
    throws(FileError) -> [UInt8]
  {
    let wanted = limit < Int.max ? limit + 1 : limit
    var out: [UInt8] = []
    out.reserveCapacity(min(wanted, expected.map { $0 + 1 } ?? wanted, 1 << 30))
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while out.count < wanted {
      let got = chunk.withUnsafeMutableBytes {
        Glibc.read(fd, $0.baseAddress, min($0.count, wanted - out.count))
      }
      if got < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN {
          try waitReadable(fd, path: path)
          continue
        }
        throw FileError.current(.read, path)
      }
      if got == 0 { break }
      // The byte past the limit is read but never kept.
      guard out.count + got <= limit else {
        throw FileError(.read, path, code: EFBIG, refusal: .tooLarge(limit: limit))
      }
      out += chunk[0..<got]
    }
    return out
  }

  /// Waits for a non-blocking descriptor (a pipe on standard input) to have bytes.
  private static func waitReadable(_ fd: Int32, path: String) throws(FileError) {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while poll(&entry, 1, -1) < 0 {
      if errno != EINTR { throw FileError.current(.read, path) }
    }
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

  /// fdatasync(2): the bytes and what reading them needs (the size), not the times; the same
  /// probe step as `sync`.
  public static func syncData(_ fd: Int32, path: String) throws(FileError) {
    if let code = FileProbe.observe(.syncFile, path) { throw FileError(.sync, path, code: code) }
    guard fdatasync(fd) == 0 else { throw FileError.current(.sync, path) }
  }
}
