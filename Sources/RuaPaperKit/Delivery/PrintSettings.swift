// SPDX-License-Identifier: Apache-2.0
public import RuaPrint

/// `--copies N`, `--option KEY=VALUE` (repeatable) and `--print-timeout SECONDS`: how a
/// document is printed, as `lp -n` and `lp -o` take them.
public struct PrintSettings: Sendable {
  public var job = PrintJobOptions(waitWhileStopped: false)
  /// Seconds for a job to complete before it is cancelled with purge.
  public var timeout = 120

  public init() {}
}
