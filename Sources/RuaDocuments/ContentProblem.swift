// SPDX-License-Identifier: Apache-2.0
/// One thing wrong with the shipped content: which file, which block (or key path), and why.
///
/// `file` is relative to the templates folder (`content/falls.es.json`); the command line puts
/// the folder in front when it prints the problem.
public struct ContentProblem: Equatable, Sendable {
  public let file: String
  /// The block, table entry or label the problem is about, when there is one.
  public let block: String?
  /// Where in the JSON the problem is (`blocks[3].sources`), for schema problems.
  public let keyPath: String?
  public let reason: String

  public init(file: String, block: String? = nil, keyPath: String? = nil, reason: String) {
    self.file = file
    self.block = block
    self.keyPath = keyPath
    self.reason = reason
  }

  /// One line: `folder/file: location: reason`, where the location is the key path (with the
  /// block id after the reason) or the block id.
  public func line(folder: String) -> String {
    let shown = folder.isEmpty || folder == "." ? file : folder + "/" + file
    switch (keyPath, block) {
    case (let path?, let block?): return "\(shown): \(path): \(reason) (block \(block))"
    case (let path?, nil): return "\(shown): \(path): \(reason)"
    case (nil, let block?): return "\(shown): \(block): \(reason)"
    case (nil, nil): return "\(shown): \(reason)"
    }
  }
}

/// A file that could not be read as content, with every problem found in it.
public struct ContentFileError: Error, Equatable, Sendable {
  public let problems: [ContentProblem]

  public init(_ problems: [ContentProblem]) { self.problems = problems }
}
