// SPDX-License-Identifier: Apache-2.0
/// Who wrote an access_log row: the operating-system user (real uid, so a setuid wrapper still
/// names the person who ran it), the host, and the run: one id shared by every row one command
/// writes (a batch of 1,500 documents is one run). The caller reads these from the system and
/// gives them to `Store.open`/`Store.create`; the store itself never does.
public struct AccessActor: Sendable, Equatable {
  public var userID: Int
  public var userName: String
  public var host: String
  public var runID: String

  public init(userID: Int, userName: String, host: String, runID: String) {
    self.userID = userID
    self.userName = userName
    self.host = host
    self.runID = runID
  }

  /// For a store opened only to read (`inspect`): it writes no row, so it names no one.
  static let readingOnly = AccessActor(userID: -1, userName: "", host: "", runID: "")
}
