// SPDX-License-Identifier: Apache-2.0
internal import CCups
import RuaFiles

/// Which scheduler a job was given to, so a log row names the job unambiguously: CUPS reuses
/// job ids after a restart with an empty spool, so "job 8" alone may later mean another job.
public enum CUPSScheduler {
  /// When the scheduler at `server` (a local socket) started listening: the socket's change
  /// time, set when cupsd creates it. Nil for a remote scheduler or when there is no socket.
  public static func startTime(server: String?) -> Int64? {
    cupsSetServer(server)
    let host = String(cString: cupsServer())
    guard host.hasPrefix("/") else { return nil }
    guard let status = try? Files.status(host), status.kind == .socket else { return nil }
    return status.changed.seconds
  }

  /// The job's URI as the scheduler names it (`ipp://localhost/jobs/12`).
  public static func jobURI(_ jobID: Int32, server: String?) -> String {
    cupsSetServer(server)
    let host = String(cString: cupsServer())
    return host.hasPrefix("/")
      ? "ipp://localhost/jobs/\(jobID)" : "ipp://\(host):\(ippPort())/jobs/\(jobID)"
  }
}
