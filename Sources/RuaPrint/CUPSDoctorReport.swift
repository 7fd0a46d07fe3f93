// SPDX-License-Identifier: Apache-2.0
/// What `doctor` found about CUPS.
public struct CUPSDoctorReport: Equatable, Sendable {
  /// Whether the scheduler keeps the document (`d…` spool file) after a job ends.
  public enum JobFileRetention: Equatable, Sendable {
    /// `PreserveJobFiles No`: the document leaves the spool when the job ends.
    case removed
    /// The scheduler keeps a copy of each document (the default is one day).
    case preserved
    /// The configuration could not be read; the reason says why and what to do.
    case unknown(String)
  }

  /// The `cupsd.conf` that was read.
  public let configPath: String
  /// What the configuration says about document retention.
  public let jobFiles: JobFileRetention
  /// The default destination, or nil when none is set or no scheduler answers.
  public let defaultDestination: String?

  /// Creates a report.
  public init(configPath: String, jobFiles: JobFileRetention, defaultDestination: String?) {
    self.configPath = configPath
    self.jobFiles = jobFiles
    self.defaultDestination = defaultDestination
  }

  /// True when nothing needs an administrator's attention.
  public var isHealthy: Bool { jobFiles == .removed }

  /// Lines for the terminal, each starting with `ok`, `warning` or `note`.
  public var lines: [String] {
    var lines: [String] = []
    switch jobFiles {
    case .removed:
      lines.append("ok: \(configPath) has PreserveJobFiles No; printed documents leave the spool")
    case .preserved:
      lines.append("warning: \(configPath): \(CUPSConfigCheck.preserveJobFilesAdvice)")
    case .unknown(let reason):
      lines.append("warning: \(reason)")
    }
    if let defaultDestination {
      lines.append("ok: the default printer is \"\(defaultDestination)\"")
    } else {
      lines.append(
        "note: CUPS has no default printer; name a printer when printing (see `lpstat -p`) "
          + "or set a default with `lpoptions -d PRINTER`")
    }
    return lines
  }
}
