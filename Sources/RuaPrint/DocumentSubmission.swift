// SPDX-License-Identifier: Apache-2.0
internal import CCups

/// Creates a CUPS job and streams a document into it, without any client-side file.
enum DocumentSubmission {
  /// Bytes per `cupsWriteRequestData` call.
  static let chunkSize = 64 * 1024

  /// How streaming ended.
  enum Transfer {
    case sent
    case interrupted
    case failed(detail: String)
  }

  /// Creates the job (Create-Job) and returns its id.
  static func createJob(
    on connection: CUPSConnection, destination: CUPSDestination, title: JobTitle,
    options: PrintJobOptions = PrintJobOptions()
  ) throws(PrintError) -> Int32 {
    let info = try destination.information(on: connection)
    var jobID: Int32 = 0
    let status = options.withCUPSOptions { count, list in
      cupsCreateDestJob(
        connection.http, destination.dest, info, &jobID, title.rawValue, count, list)
    }
    if status.rawValue < IPP_STATUS_REDIRECTION_OTHER_SITE.rawValue, jobID > 0 { return jobID }
    switch status {
    case IPP_STATUS_ERROR_NOT_ACCEPTING_JOBS:
      throw .notAcceptingJobs(printer: destination.name)
    case IPP_STATUS_ERROR_NOT_FOUND:
      throw .unknownPrinter(destination.name)
    case IPP_STATUS_ERROR_SERVICE_UNAVAILABLE:
      throw .noDaemon(server: connection.server)
    default:
      throw .refused(printer: destination.name, detail: CUPSConnection.lastErrorMessage())
    }
  }

  /// Sends `bytes` as the job's only document (Send-Document, application/pdf) in chunks,
  /// checking `cancellation` between chunks.
  static func send(
    _ bytes: [UInt8], jobID: Int32, on connection: CUPSConnection,
    destination: CUPSDestination, cancellation: PrintCancellation?
  ) -> Transfer {
    let info: OpaquePointer
    do { info = try destination.information(on: connection) } catch {
      return .failed(detail: error.message)
    }
    // No document name: CUPS 2.4.2-3+deb12u10 copies `document-name-supplied` into the filter
    // options with a loop that never ends on a space, overrunning its buffer until cupsd dies.
    // The job title (job-name) already names the document generically.
    let started = cupsStartDestDocument(
      connection.http, destination.dest, info, jobID, nil, "application/pdf", 0, nil, 1)
    guard started == HTTP_STATUS_CONTINUE else {
      return .failed(detail: CUPSConnection.lastErrorMessage())
    }
    let written: Transfer = bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        if cancellation?.isCancelled == true { return .interrupted }
        let length = min(chunkSize, raw.count - offset)
        guard let base = raw.baseAddress else { break }
        let chunk = (base + offset).assumingMemoryBound(to: CChar.self)
        guard cupsWriteRequestData(connection.http, chunk, length) == HTTP_STATUS_CONTINUE else {
          return .failed(detail: CUPSConnection.lastErrorMessage())
        }
        offset += length
      }
      return .sent
    }
    guard case .sent = written else { return written }
    let finished = cupsFinishDestDocument(connection.http, destination.dest, info)
    guard finished.rawValue < IPP_STATUS_REDIRECTION_OTHER_SITE.rawValue else {
      return .failed(detail: CUPSConnection.lastErrorMessage())
    }
    return .sent
  }
}
