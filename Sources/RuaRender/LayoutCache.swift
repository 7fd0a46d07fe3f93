internal import CPangoCairo
import RuaDocuments

/// The Pango layouts of one document, kept from measuring to drawing: the paginator measures
/// every text box with a real layout, and the painter then draws the very same layout instead
/// of shaping the text a second time (shaping was about a quarter of the render time).
final class LayoutCache {
  private struct Key: Hashable {
    var runs: [String]
    var width: Double
  }

  private let context: OpaquePointer
  private let template: Template
  /// The document's direction: its alignment and which runs are isolated.
  private let direction: TextDirection
  private var layouts: [Key: TextLayout] = [:]

  init(context: OpaquePointer, template: Template, direction: TextDirection) {
    self.context = context
    self.template = template
    self.direction = direction
  }

  func layout(_ text: StyledText, width: Double) throws(RenderError) -> TextLayout {
    var runs: [String] = []
    runs.reserveCapacity(text.runs.count * 2)
    for run in text.runs {
      runs.append(run.secondLanguage ? run.style + "\u{0}second" : run.style)
      runs.append(run.text)
    }
    let key = Key(runs: runs, width: width)
    if let layout = layouts[key] { return layout }
    let layout = try TextLayout(
      text, width: width, context: context, template: template, direction: direction)
    layouts[key] = layout
    return layout
  }
}

@available(*, unavailable) extension LayoutCache: Sendable {}
