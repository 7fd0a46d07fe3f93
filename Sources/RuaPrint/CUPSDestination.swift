// SPDX-License-Identifier: Apache-2.0
internal import CCups

/// A destination (printer or class) from `cupsGetNamedDest`, with its `cupsCopyDestInfo` once
/// asked for. Owns both and frees them on deinit.
final class CUPSDestination {
  let dest: UnsafeMutablePointer<cups_dest_t>
  private var info: OpaquePointer?

  init(owning dest: UnsafeMutablePointer<cups_dest_t>) {
    self.dest = dest
  }

  deinit {
    if let info { cupsFreeDestInfo(info) }
    // > The returned destination must be freed using cupsFreeDests with a "num_dests" value of 1.
    cupsFreeDests(1, dest)
  }

  /// The destination's name as CUPS knows it.
  var name: String { String(cString: dest.pointee.name) }

  /// False when the queue says it rejects jobs (`printer-is-accepting-jobs` is false).
  var isAcceptingJobs: Bool {
    guard
      let value = cupsGetOption(
        "printer-is-accepting-jobs", dest.pointee.num_options,
        dest.pointee.options)
    else { return true }
    return String(cString: value) != "false"
  }

  /// The destination's capabilities, needed to create a job and send documents.
  func information(on connection: CUPSConnection) throws(PrintError) -> OpaquePointer {
    if let info { return info }
    guard let copied = cupsCopyDestInfo(connection.http, dest) else {
      if CUPSConnection.lastErrorMeansNoScheduler() {
        throw .noDaemon(server: connection.server)
      }
      throw .refused(printer: name, detail: CUPSConnection.lastErrorMessage())
    }
    info = copied
    return copied
  }
}

@available(*, unavailable)
extension CUPSDestination: Sendable {}
