// SPDX-License-Identifier: Apache-2.0
/// `--mask-text REGEX`: masks the words matching a pattern, wherever poppler's text layout
/// finds them, so a PDF made by another tool needs no coordinates for its volatile fields.
enum MaskText {
  struct Pattern {
    let source: String
    let regex: Regex<AnyRegexOutput>
  }

  /// Compiles each pattern, refusing a bad one by name.
  static func patterns(_ sources: [String]) throws(VisualError) -> [Pattern] {
    var result: [Pattern] = []
    for source in sources {
      guard !source.isEmpty else {
        throw VisualError(.invalidArgument, "--mask-text needs a pattern, not an empty string")
      }
      do {
        result.append(Pattern(source: source, regex: try Regex(source)))
      } catch {
        throw VisualError(
          .invalidArgument,
          "--mask-text '\(source)' is not a regular expression (\(error)); escape special characters"
        )
      }
    }
    return result
  }

  /// Boxes (points) of every match of every pattern on a page, widened by half a point so
  /// anti-aliased edges are covered too.
  static func boxes(_ patterns: [Pattern], in text: PageText) -> [PointRect] {
    patterns.flatMap { text.boxes(matching: $0.regex) }.map {
      PointRect(x: $0.x - 0.5, y: $0.y - 0.5, width: $0.width + 1, height: $0.height + 1)
    }
  }
}
