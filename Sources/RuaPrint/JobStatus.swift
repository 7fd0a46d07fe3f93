// SPDX-License-Identifier: Apache-2.0
internal import CCups

/// A job's state as Get-Job-Attributes reports it.
struct JobStatus: Equatable {
  /// The IPP job states rua-paper tells apart (RFC 8011 §5.3.7).
  enum State: Equatable {
    case waiting  // pending, held, processing or processing-stopped
    case completed
    case cancelled
    case aborted
  }

  let state: State
  /// The job-state-reasons keywords.
  let reasons: [String]
  /// The job-state-message, if any.
  let message: String?

  init(state: State, reasons: [String], message: String?) {
    self.state = state
    self.reasons = reasons
    self.message = message
  }

  init?(response: OpaquePointer) {
    guard let stateAttribute = ippFindAttribute(response, "job-state", IPP_TAG_ENUM) else {
      return nil
    }
    switch UInt32(ippGetInteger(stateAttribute, 0)) {
    case IPP_JSTATE_COMPLETED.rawValue: state = .completed
    case IPP_JSTATE_CANCELED.rawValue: state = .cancelled
    case IPP_JSTATE_ABORTED.rawValue: state = .aborted
    default: state = .waiting
    }
    var reasons: [String] = []
    if let attribute = ippFindAttribute(response, "job-state-reasons", IPP_TAG_KEYWORD) {
      for index in 0..<ippGetCount(attribute) {
        if let text = ippGetString(attribute, index, nil) { reasons.append(String(cString: text)) }
      }
    }
    self.reasons = reasons
    if let attribute = ippFindAttribute(response, "job-state-message", IPP_TAG_TEXT),
      let text = ippGetString(attribute, 0, nil), text.pointee != 0
    {
      message = String(cString: text)
    } else {
      message = nil
    }
  }

  /// A short reason for a failed job: the scheduler's message, else its reasons.
  var failureReason: String {
    if let message { return message }
    let shown = reasons.filter { $0 != "none" }
    return shown.isEmpty ? "aborted by the scheduler" : shown.joined(separator: ", ")
  }
}
