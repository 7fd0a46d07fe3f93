internal import CPangoCairo
import RuaDocuments

/// Pango layouts kept from measuring to drawing, and from one document to the next: the
/// paginator measures every text box with a real layout, the painter then draws the very same
/// layout instead of shaping the text again (shaping was about a quarter of the render time),
/// and the next document of a batch finds its labels, headings and guide sentences already
/// shaped. A cache serves one template and one language (both change how text is shaped).
final class LayoutCache {
  private struct Key: Hashable {
    var runs: [String]
    var baseStyle: String?
    var width: Double
  }

  /// Layouts kept before the cache starts again: a few documents' worth of distinct texts
  /// (a layout is a few kilobytes), so memory stays flat over any batch.
  static let capacity = 4_096

  private let context: OpaquePointer
  let template: Template
  let language: String
  private var layouts: [Key: TextLayout] = [:]

  init(context: OpaquePointer, template: Template, language: String) {
    self.context = context
    self.template = template
    self.language = language
  }

  /// True when this cache can serve a document in `language` laid out with `template`.
  func serves(_ template: Template, language: String) -> Bool {
    self.language == language && self.template == template
  }

  /// Makes room for the next document's layouts; called between documents, never while a
  /// painter holds layouts of this one.
  func trim() {
    if layouts.count > Self.capacity { layouts.removeAll(keepingCapacity: true) }
  }

  func layout(_ text: StyledText, width: Double) throws(RenderError) -> TextLayout {
    var runs: [String] = []
    runs.reserveCapacity(text.runs.count * 2)
    for run in text.runs {
      runs.append(run.style)
      runs.append(run.text)
    }
    let key = Key(runs: runs, baseStyle: text.baseStyle, width: width)
    if let layout = layouts[key] { return layout }
    let layout = try TextLayout(text, width: width, context: context, template: template)
    layouts[key] = layout
    return layout
  }
}

@available(*, unavailable) extension LayoutCache: Sendable {}
