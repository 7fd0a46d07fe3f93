// SPDX-License-Identifier: Apache-2.0
internal import CCups

/// What the user asked of the job besides its bytes: copies and IPP options such as
/// `media=A4` or `sides=two-sided-long-edge` (as `lp -n` and `lp -o` take them), and whether
/// to wait for a stopped queue.
public struct PrintJobOptions: Sendable, Equatable {
  public var copies: Int
  /// KEY=VALUE pairs passed to CUPS as job options, in order.
  public var options: [(key: String, value: String)]
  /// False: a queue that is stopped, or stops while the job waits (a failing backend), ends
  /// the wait at once with the queue's reason; true: wait until the timeout (`--print-timeout`).
  public var waitWhileStopped: Bool

  public init(
    copies: Int = 1, options: [(key: String, value: String)] = [], waitWhileStopped: Bool = true
  ) {
    self.copies = copies
    self.options = options
    self.waitWhileStopped = waitWhileStopped
  }

  public static func == (a: PrintJobOptions, b: PrintJobOptions) -> Bool {
    a.copies == b.copies && a.waitWhileStopped == b.waitWhileStopped
      && a.options.map(\.key) == b.options.map(\.key)
      && a.options.map(\.value) == b.options.map(\.value)
  }

  /// Options a caller may not set: the title stays generic (no name in CUPS logs) and the
  /// format is always PDF.
  public static let reserved: Set<String> = [
    "job-name", "title", "document-format", "document-name", "copies", "requesting-user-name",
  ]

  /// Options that make CUPS print the page at its actual size, never scaled to the paper:
  /// `print-scaling=none` (IPP) and `fit-to-page=false` (the older CUPS filters). A wallet
  /// card that came out at 97 % would not fit a card sleeve.
  public static let actualSize = [("print-scaling", "none"), ("fit-to-page", "false")]

  /// These options with `actualSize` added, except where the caller set the same key.
  public func atActualSize() -> PrintJobOptions {
    var copy = self
    let keys = Set(options.map { $0.key.lowercased() })
    copy.options += Self.actualSize.filter { !keys.contains($0.0) }.map { (key: $0.0, value: $0.1) }
    return copy
  }

  /// Runs `body` with the options as libcups' `cups_option_t` array (freed afterwards).
  func withCUPSOptions<T>(_ body: (Int32, UnsafeMutablePointer<cups_option_t>?) -> T) -> T {
    var count: Int32 = 0
    var list: UnsafeMutablePointer<cups_option_t>?
    if copies != 1 { count = cupsAddOption("copies", String(copies), count, &list) }
    for option in options { count = cupsAddOption(option.key, option.value, count, &list) }
    defer { cupsFreeOptions(count, list) }
    return body(count, list)
  }
}
