// SPDX-License-Identifier: Apache-2.0
internal import CCups
import Glibc

/// One HTTP connection to a CUPS scheduler. Owns the `http_t` and closes it on deinit.
///
/// libcups keeps its server setting per thread, so every connection first resets it
/// (`cupsSetServer`), which makes libcups read `CUPS_SERVER` and `client.conf` again on whatever
/// thread this runs.
final class CUPSConnection {
  let http: OpaquePointer
  /// The server as libcups resolved it: a socket path or `host`.
  let server: String

  /// Seconds allowed for connecting and for each request without progress.
  let timeout: Double

  /// Connects to `server` (a socket path or `host:port`), or to libcups' configured server,
  /// within `timeout` seconds; each request on the connection then fails after `timeout`
  /// seconds without progress (`--print-timeout`).
  init(server requested: String?, timeout: Double = requestTimeoutSeconds) throws(PrintError) {
    try CUPSLoading.require()
    cupsSetServer(requested)
    let host = String(cString: cupsServer())
    let port = ippPort()
    server = host.hasPrefix("/") ? host : "\(host):\(port)"
    self.timeout = max(1, timeout)
    // > httpConnect2 ... msec: Connection timeout in milliseconds, 0 means don't connect.
    let milliseconds = Int32(min(self.timeout, 3600) * 1000)
    let started = MonotonicClock.seconds()
    guard
      let http = httpConnect2(
        host, port, nil, AF_UNSPEC, cupsEncryption(), 1, milliseconds, nil)
    else {
      if MonotonicClock.seconds() - started >= self.timeout - 0.5 {
        throw .notAnswering(server: server, seconds: Int(self.timeout))
      }
      throw .noDaemon(server: server)
    }
    // A scheduler that stops reading or answering fails the request instead of hanging.
    httpSetTimeout(http, self.timeout, nil, nil)
    // libcups makes some requests on connections of its own, with its own 60 s wait, so first
    // ask this one (`OPTIONS *`, which cupsd answers at once) whether anything answers.
    guard Self.answers(http) else {
      httpClose(http)
      throw .notAnswering(server: server, seconds: Int(self.timeout))
    }
    self.http = http
  }

  /// True when the scheduler answers `OPTIONS *` on `http` within its timeout.
  private static func answers(_ http: OpaquePointer) -> Bool {
    guard httpOptions(http, "*") == 0 else { return false }
    var status = HTTP_STATUS_CONTINUE
    repeat { status = httpUpdate(http) } while status == HTTP_STATUS_CONTINUE
    guard status != HTTP_STATUS_ERROR else { return false }
    httpFlush(http)
    return true
  }

  /// Seconds without progress after which a request fails, unless the caller gives its own.
  static let requestTimeoutSeconds = 60.0

  /// `body`'s result; when it failed after waiting the whole timeout, the scheduler took the
  /// connection but is not answering, which is said as such (not as "no such printer").
  func answered<T>(_ body: () -> T?) throws(PrintError) -> T? {
    httpSetTimeout(http, timeout, nil, nil)
    let started = MonotonicClock.seconds()
    let result = body()
    if result == nil, MonotonicClock.seconds() - started >= timeout - 0.5 {
      throw .notAnswering(server: server, seconds: Int(timeout))
    }
    return result
  }

  deinit {
    httpClose(http)
  }

  /// The destination named `name`, or the default destination when `name` is nil.
  func destination(named name: String?) throws(PrintError) -> CUPSDestination {
    if let dest = try answered({ cupsGetNamedDest(http, name, nil) }) {
      return CUPSDestination(owning: dest)
    }
    if Self.lastErrorMeansNoScheduler() { throw .noDaemon(server: server) }
    if let name { throw .unknownPrinter(name) }
    throw .noDefaultDestination
  }

  /// The names of all printers and classes the scheduler offers, sorted, without duplicates.
  func destinationNames() -> [String] {
    var dests: UnsafeMutablePointer<cups_dest_t>?
    let count = cupsGetDests2(http, &dests)
    defer { cupsFreeDests(count, dests) }
    guard let dests, count > 0 else { return [] }
    var names = Set<String>()
    for index in 0..<Int(count) {
      names.insert(String(cString: dests[index].name))
    }
    return names.sorted()
  }

  /// True when the printer's state is "stopped" (`cupsdisable`).
  func printerIsStopped(_ name: String) -> Bool {
    guard let request = ippNewRequest(IPP_OP_GET_PRINTER_ATTRIBUTES) else { return false }
    ippAddString(
      request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", nil, Self.printerURI(name))
    ippAddString(
      request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", nil, cupsUser())
    guard let response = cupsDoRequest(http, request, "/") else { return false }
    defer { ippDelete(response) }
    guard let state = ippFindAttribute(response, "printer-state", IPP_TAG_ENUM) else {
      return false
    }
    return UInt32(ippGetInteger(state, 0)) == IPP_PSTATE_STOPPED.rawValue
  }

  /// Cancels the job and purges it (document and history) from the spool. True on success.
  @discardableResult
  func cancelAndPurge(jobID: Int32) -> Bool {
    // With a nil name libcups addresses the job by its job-uri.
    let status = cupsCancelJob2(http, nil, jobID, 1)
    return status == IPP_STATUS_OK || status == IPP_STATUS_ERROR_NOT_FOUND
  }

  /// The scheduler's message for the last failed request on this thread.
  static func lastErrorMessage() -> String {
    guard let text = cupsLastErrorString() else { return "unknown error" }
    let message = String(cString: text)
    return message.isEmpty ? "unknown error" : message
  }

  /// True when the last request failed because nothing answered (libcups reports a lost or
  /// refused connection as service-unavailable).
  static func lastErrorMeansNoScheduler() -> Bool {
    cupsLastError() == IPP_STATUS_ERROR_SERVICE_UNAVAILABLE
  }

  static func printerURI(_ name: String) -> String {
    var allowed = ""
    for scalar in name.unicodeScalars {
      let safe =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9") || "-_.~".unicodeScalars.contains(scalar)
      if safe {
        allowed.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 {
          allowed += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
      }
    }
    return "ipp://localhost/printers/\(allowed)"
  }
}

@available(*, unavailable)
extension CUPSConnection: Sendable {}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
