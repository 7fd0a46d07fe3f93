// SPDX-License-Identifier: Apache-2.0
internal import CCups

/// What the scheduler says about a job.
enum JobQuery {
  case found(JobStatus)
  /// The scheduler no longer knows the job (purged by someone, or history expired).
  case gone
  /// The request failed: the scheduler could not be reached or did not answer.
  case unreachable
}

extension CUPSConnection {
  /// Asks the scheduler for the job's state (Get-Job-Attributes).
  func queryJob(_ jobID: Int32) -> JobQuery {
    guard let request = ippNewRequest(IPP_OP_GET_JOB_ATTRIBUTES) else { return .unreachable }
    ippAddString(
      request, IPP_TAG_OPERATION, IPP_TAG_URI, "job-uri", nil, "ipp://localhost/jobs/\(jobID)")
    ippAddString(
      request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", nil, cupsUser())
    // > cupsDoRequest: ... The request is freed with ippDelete.
    let response = cupsDoRequest(http, request, "/")
    defer { if let response { ippDelete(response) } }
    let status = cupsLastError()
    if status == IPP_STATUS_ERROR_NOT_FOUND { return .gone }
    guard let response, status.rawValue < IPP_STATUS_REDIRECTION_OTHER_SITE.rawValue,
      let job = JobStatus(response: response)
    else { return .unreachable }
    return .found(job)
  }
}
