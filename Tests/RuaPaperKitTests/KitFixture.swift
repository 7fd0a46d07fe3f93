// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore
import RuaTestSupport

/// A real encrypted store holding the bundled sample circle, in a private temporary folder
/// removed afterwards, and a session over it with its own ledger.
final class KitFixture {
  private let temporary = TemporaryFolder("rua-kit-test")
  var folder: String { temporary.path }
  let location: StoreLocation
  let ledger = DeliveryLedger()
  let now = Instant(secondsSinceEpoch: 1_795_000_000)
  let notices = NoticeLog()

  /// `circle`: care-circle JSON; the bundled sample when nil.
  /// `changedSecondsBefore`: how long before `now` the record was written (its last change).
  init(circle: String? = nil, changedSecondsBefore: Int64 = 3600) throws {
    location = StoreLocation(
      database: temporary.file("store.db"), keyFile: temporary.file("key"))
    let bytes = try circle.map { Array($0.utf8) } ?? SampleCircles.shipped()
    let decoded = try CareCircleDecoder.decode(bytes, today: now.utcDate)
    _ = try Store.create(location, actor: .current()).save(
      decoded, now: Instant(secondsSinceEpoch: now.secondsSinceEpoch - changedSecondsBefore))
  }

  var host: HostEnvironment {
    let notices = self.notices
    return HostEnvironment(
      environment: [:], now: now, today: now.utcDate, workingDirectory: folder,
      notice: { notices.append($0) })
  }

  func session() throws(PaperError) -> Session {
    try Session.open(location, host: host, ledger: ledger, closingAbandoned: true)
  }

  func settings(language: String? = nil) throws(PaperError) -> DocumentSettings {
    DocumentSettings(
      paper: .letter, explicitLanguage: language, now: now, today: now.utcDate,
      templates: try TemplatesLocation.resolve(PackageRoot.templates, host))
  }
}

/// What the application told the user, in order.
final class NoticeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
