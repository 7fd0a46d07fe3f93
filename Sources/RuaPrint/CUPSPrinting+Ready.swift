// SPDX-License-Identifier: Apache-2.0
internal import CCups

extension CUPSPrinting {
  /// The destination's name when it exists, accepts jobs and is not stopped; otherwise the
  /// reason, in the queue's own words where it gives them (`printer-state-message`). One
  /// request, made before anything is rendered or sent, within `timeoutSeconds`
  /// (`--print-timeout`) for connecting and for the request.
  public static func readyDestination(
    _ name: String?, server: String? = nil, allowStopped: Bool = false,
    timeoutSeconds: Int = 60
  ) throws(PrintError) -> String {
    let connection = try CUPSConnection(server: server, timeout: Double(timeoutSeconds))
    let destination = try connection.destination(named: name)
    let printer = destination.name
    guard destination.isAcceptingJobs else { throw .notAcceptingJobs(printer: printer) }
    let state = connection.printerState(printer)
    if state.stopped, !allowStopped { throw .queueStopped(printer: printer, reason: state.message) }
    return printer
  }
}

extension CUPSConnection {
  /// Whether the queue is stopped (`cupsdisable`), and the message its administrator or
  /// backend left (`cupsdisable -r REASON`, a failing backend's last message).
  func printerState(_ name: String) -> (stopped: Bool, message: String?) {
    guard let request = ippNewRequest(IPP_OP_GET_PRINTER_ATTRIBUTES) else { return (false, nil) }
    ippAddString(
      request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", nil, Self.printerURI(name))
    ippAddString(
      request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", nil, cupsUser())
    guard let response = cupsDoRequest(http, request, "/") else { return (false, nil) }
    defer { ippDelete(response) }
    guard let state = ippFindAttribute(response, "printer-state", IPP_TAG_ENUM) else {
      return (false, nil)
    }
    var message: String?
    if let attribute = ippFindAttribute(response, "printer-state-message", IPP_TAG_TEXT),
      let text = ippGetString(attribute, 0, nil), text.pointee != 0
    {
      message = String(cString: text)
    }
    return (UInt32(ippGetInteger(state, 0)) == IPP_PSTATE_STOPPED.rawValue, message)
  }
}
