// SPDX-License-Identifier: Apache-2.0
import Foundation
import RuaPrint
import RuaTestSupport
import Testing

/// A UNIX socket that takes connections (the kernel's backlog) and never answers: a hung
/// scheduler. `--print-timeout` bounds connecting and every request to it.
@Suite("A scheduler that never answers")
struct MuteSchedulerTests {
  final class MuteSocket {
    let folder = TemporaryFolder("rua-mute-cups")
    let path: String
    let fd: Int32

    init() {
      path = folder.file("cups.sock")
      fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      #expect(bound == 0 && listen(fd, 16) == 0)
    }

    deinit { close(fd) }
  }

  @Test func printingSaysTheSchedulerIsNotAnsweringWithinTheTimeout() {
    let mute = MuteSocket()
    let start = Date()
    var submitted = false
    #expect(throws: PrintError.notAnswering(server: mute.path, seconds: 2)) {
      try CUPSPrinting.print(
        MinimalPDF.make(), to: "capture", timeoutSeconds: 2, server: mute.path
      ) { _ in submitted = true }
    }
    #expect(!submitted)
    #expect(Date().timeIntervalSince(start) < 6)
  }

  @Test func theCheckBeforeABatchIsBoundedToo() {
    let mute = MuteSocket()
    let start = Date()
    #expect(throws: PrintError.notAnswering(server: mute.path, seconds: 2)) {
      try CUPSPrinting.readyDestination("capture", server: mute.path, timeoutSeconds: 2)
    }
    #expect(Date().timeIntervalSince(start) < 6)
    #expect(
      PrintError.notAnswering(server: mute.path, seconds: 2).message.hasPrefix(
        "the scheduler is not answering at \(mute.path): nothing came back within 2 s"))
  }
}
