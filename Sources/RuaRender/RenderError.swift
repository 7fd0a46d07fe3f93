// SPDX-License-Identifier: Apache-2.0
/// Why a document could not be drawn. Never carries patient text: a missing glyph names the
/// style, not the words.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The pinned fontconfig file could not be loaded.
  case fontConfiguration(file: String)
  /// The pinned fontconfig file loads, but a family the templates need is not among its fonts.
  case fontsMissing(file: String, family: String)
  /// The document uses a style the template does not define.
  case unknownStyle(name: String, template: String)
  /// Some text in this style has characters none of the pinned fonts can draw.
  case missingGlyphs(style: String)
  /// Cairo reported an error during `operation`.
  case cairo(operation: String, status: String)
  /// libqpdf failed while finishing the PDF cairo wrote (tags, metadata, compression).
  case pdfPostPass(step: String, message: String)

  public var description: String {
    switch self {
    case .fontConfiguration(let file):
      return "\(file): cannot load this fontconfig file; check that it exists and is valid XML"
    case .fontsMissing(let file, let family):
      return
        "\(file): \(family) is not among its fonts; run scripts/setup, whose scripts/make-fonts "
        + "makes the unhinted copies in the fonts folder beside it"
    case .unknownStyle(let name, let template):
      return "\(template): styles.\(name): missing; the document uses it"
    case .missingGlyphs(let style):
      return
        "text in style \"\(style)\" has characters the pinned fonts cannot draw; "
        + "install fonts-noto-core and fonts-noto-cjk, or add a font for that script to templates/fonts.conf"
    case .cairo(let operation, let status):
      return "cairo failed during \(operation): \(status)"
    case .pdfPostPass(let step, let message):
      return
        "qpdf failed \(step) the rendered PDF: \(message); check that libqpdf 11 is installed (scripts/setup)"
    }
  }
}
