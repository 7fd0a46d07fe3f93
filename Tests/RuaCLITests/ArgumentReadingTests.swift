// SPDX-License-Identifier: Apache-2.0
import RuaPaperKit
import Testing

@testable import RuaCLI

/// Options are read by their declarations (`arguments.value(.paper)`), so a misspelt name does
/// not compile; these check what the compiler cannot: one declaration per name in a command,
/// the typed readers' refusals, and that reading an undeclared option is caught.
@Suite("reading options by their declarations")
struct ArgumentReadingTests {
  static let count = OptionSpec("count", .value, value: "N", help: "a count")
  static let ratio = OptionSpec("ratio", .value, value: "R", help: "a share")
  static let loud = OptionSpec("loud", help: "a flag")

  @Test func noCommandDeclaresOneNameTwice() {
    for command in allCommands {
      let longs = command.allOptions.map(\.long)
      #expect(Set(longs).count == longs.count, "\(command.name): \(longs)")
      let shorts = command.allOptions.compactMap(\.short)
      #expect(Set(shorts).count == shorts.count, "\(command.name): \(shorts)")
      #expect(!longs.contains("help"), "\(command.name): --help is the shell's own")
    }
  }

  @Test func aWholeNumberOutsideItsRangeIsRefusedNamingTheOptionAndTheRange() throws {
    let options = [Self.count]
    let inRange = try ArgumentParser.parse(["--count", "7"], options: options)
    #expect(try inRange.integer(Self.count, in: 1...9) == 7)
    #expect(try ArgumentParser.parse([], options: options).integer(Self.count, in: 1...9) == nil)
    for bad in ["0", "10", "7.5", "seven", ""] {
      let parsed = try ArgumentParser.parse(["--count=\(bad)"], options: options)
      #expect(throws: PaperError.self) { try parsed.integer(Self.count, in: 1...9) }
      do {
        _ = try parsed.integer(Self.count, in: 1...9)
      } catch {
        #expect(error.message == "--count must be a whole number from 1 to 9, not '\(bad)'")
        #expect(error.kind == .invalidRequest)
      }
    }
  }

  @Test func aNumberOutsideItsRangeIsRefusedSayingWhatItIs() throws {
    let options = [Self.ratio]
    #expect(
      try ArgumentParser.parse(["--ratio", "0.25"], options: options)
        .number(Self.ratio, in: 0...1) == 0.25)
    for bad in ["1.5", "-0.1", "nan", "inf", "a"] {
      let parsed = try ArgumentParser.parse(["--ratio", bad], options: options)
      do {
        _ = try parsed.number(Self.ratio, in: 0.1...1, described: "a share")
        Issue.record("'\(bad)' was accepted")
      } catch {
        #expect(error.message == "--ratio must be a share from 0.1 to 1, not '\(bad)'")
      }
    }
  }

  @Test func presentIsTrueForAnyKindGiven() throws {
    let parsed = try ArgumentParser.parse(
      ["--loud", "--count", "3"], options: [Self.loud, Self.count, Self.ratio])
    #expect(parsed.present(Self.loud) && parsed.present(Self.count))
    #expect(!parsed.present(Self.ratio))
    #expect(parsed.flag(Self.loud))
  }

  /// A command reading an option it never declared would silently see it absent: debug builds
  /// (every test run) stop there instead.
  @Test func readingAnUndeclaredOptionStopsADebugBuild() async {
    await #expect(processExitsWith: .failure) {
      let parsed = try ArgumentParser.parse(["--count", "3"], options: [Self.count])
      _ = parsed.value(Self.ratio)
    }
    await #expect(processExitsWith: .failure) {
      let parsed = try ArgumentParser.parse(["--count", "3"], options: [Self.count])
      _ = parsed.flag(Self.count)
    }
  }
}
