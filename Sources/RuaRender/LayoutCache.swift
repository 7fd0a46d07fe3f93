// SPDX-License-Identifier: Apache-2.0
internal import CPangoCairo
import RuaDocuments

/// Pango layouts kept from measuring to drawing, and from one document to the next: the
/// paginator measures every text box with a real layout, the painter then draws the very same
/// layout instead of shaping the text again (shaping was about a quarter of the render time),
/// and the next document of a batch finds its labels, headings and guide sentences already
/// shaped. A cache serves one template, one language and one direction (each changes how text
/// is shaped or aligned).
final class LayoutCache {
  private struct Key: Hashable {
    var runs: [String]
    var baseStyle: String?
    var width: Double
  }

  /// Layouts kept before the cache is trimmed to what the last document used (the labels,
  /// headings and sentences every document has stay): a few documents' worth of distinct
  /// texts (a layout is a few kilobytes), so memory stays flat over any batch.
  static let capacity = 1_024

  let context: OpaquePointer
  let template: Template
  let language: String
  /// The document's direction: its alignment and which runs are isolated.
  let direction: TextDirection
  private var layouts: [Key: TextLayout] = [:]
  /// The keys the current document used.
  private var used: Set<Key> = []

  init(context: OpaquePointer, template: Template, language: String, direction: TextDirection) {
    self.context = context
    self.template = template
    self.language = language
    self.direction = direction
  }

  /// True when this cache can serve `document` laid out with `template`.
  func serves(_ document: Document, _ template: Template) -> Bool {
    language == document.language && direction == document.direction
      && self.template == template
  }

  /// Makes room for the next document's layouts; called between documents, never while a
  /// painter holds layouts of this one.
  func trim() {
    if layouts.count > Self.capacity { layouts = layouts.filter { used.contains($0.key) } }
    used.removeAll(keepingCapacity: true)
  }

  func layout(_ text: StyledText, width: Double) throws(RenderError) -> TextLayout {
    var runs: [String] = []
    runs.reserveCapacity(text.runs.count * 2)
    for run in text.runs {
      // Everything of a run that changes its layout or its marks, the text aside.
      var style = run.style
      if run.secondLanguage { style += "\u{0}second" }
      if let field = run.volatile { style += "\u{0}" + field.rawValue }
      if run.keepsWhole { style += "\u{0}whole" }
      runs.append(style)
      runs.append(run.text)
    }
    let key = Key(runs: runs, baseStyle: text.baseStyle, width: width)
    used.insert(key)
    if let layout = layouts[key] { return layout }
    let layout = try TextLayout(
      text, width: width, context: context, template: template, direction: direction)
    layouts[key] = layout
    return layout
  }
}

@available(*, unavailable) extension LayoutCache: Sendable {}
