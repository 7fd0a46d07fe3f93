import Foundation
import RuaCore
import RuaDocuments
import RuaPaperKit
import RuaStore

/// A real encrypted store holding the bundled sample circle, in a private temporary folder
/// removed afterwards, and a session over it with its own ledger.
final class KitFixture {
  let folder: String
  let location: StoreLocation
  let ledger = DeliveryLedger()
  let now = Instant(secondsSinceEpoch: 1_795_000_000)
  let notices = NoticeLog()

  init() throws {
    folder = NSTemporaryDirectory() + "rua-kit-test-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    location = StoreLocation(database: folder + "/store.db", keyFile: folder + "/key")
    let sample = try Data(
      contentsOf: URL(fileURLWithPath: Self.packageRoot + "/samples/care-circle.json"))
    let circle = try CareCircleDecoder.decode([UInt8](sample), today: now.utcDate)
    _ = try Store.create(location, actor: .current()).save(
      circle, now: Instant(secondsSinceEpoch: now.secondsSinceEpoch - 3600))
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  static var packageRoot: String {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.path + "/Package.swift") { return url.path }
    }
    return FileManager.default.currentDirectoryPath
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
      templates: try TemplatesLocation.resolve(Self.packageRoot + "/templates", host))
  }
}

/// What the application told the user, in order.
final class NoticeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func append(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
