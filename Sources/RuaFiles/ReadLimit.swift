// SPDX-License-Identifier: Apache-2.0
/// The most bytes rua-paper reads from one input; more is refused, naming the input and the
/// limit, after reading at most one byte more (docs/security.md, "Bounded inputs").
public enum ReadLimit {
  /// A care-circle or FHIR file, on a path or on standard input (`import`).
  public static let record = 64 << 20
  /// A PDF given to `diff` or `rasterize`, on a path or on standard input.
  public static let pdf = 256 << 20
  /// A small file the tool itself keeps (anchor, stamp, manifest, configuration).
  public static let small = 64 << 20

  /// "64 MiB", "4 KiB", "100 bytes".
  public static func describe(_ limit: Int) -> String {
    if limit >= 1 << 20, limit % (1 << 20) == 0 { return "\(limit >> 20) MiB" }
    if limit >= 1 << 10, limit % (1 << 10) == 0 { return "\(limit >> 10) KiB" }
    return "\(limit) bytes"
  }
}

extension ReadLimit {
  /// The store's own database file, copied whole only for a migration snapshot: its size is the
  /// store's, not an input's, so it is not capped here.
  public static let store = Int.max
}
