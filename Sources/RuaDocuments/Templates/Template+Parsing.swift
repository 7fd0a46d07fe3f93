// SPDX-License-Identifier: Apache-2.0
import RuaCore

extension Template {
  /// Parses a template file's text. `file` names it in errors (`templates/er-sheet.json`).
  public static func parse(_ text: String, file: String) throws(TemplateError) -> Template {
    let reader = JSONFieldReader(file: file)
    let root = try reader.parse(text)
    _ = try reader.members(root, "")
    let paperName = try reader.oneOf(root["paper"], "paper", Paper.allCases.map(\.rawValue))
    let paper = Paper(rawValue: paperName) ?? .letter
    let margins = root["margins"]
    _ = try reader.members(margins, "margins")
    func margin(_ side: String) throws(TemplateError) -> Double {
      try reader.number(margins?[side], "margins.\(side)", 0...144)
    }
    let spacing = root["spacing"]
    _ = try reader.members(spacing, "spacing")
    func space(_ key: String, _ range: ClosedRange<Double> = 0...72) throws(TemplateError) -> Double
    {
      try reader.number(spacing?[key], "spacing.\(key)", range)
    }
    let columns = root["columns"]
    _ = try reader.members(columns, "columns")
    let layout = PageLayout(
      pageWidth: paper.width, pageHeight: paper.height,
      marginTop: try margin("top"), marginRight: try margin("right"),
      marginBottom: try margin("bottom"), marginLeft: try margin("left"),
      headerHeight: try reader.number(root["regions"]?["header"], "regions.header", 0...144),
      footerHeight: try reader.number(root["regions"]?["footer"], "regions.footer", 0...144),
      columnCount: Int(try reader.number(columns?["count"], "columns.count", 1...3)),
      columnGap: try reader.number(columns?["gap"], "columns.gap", 0...72),
      blockGap: try space("block"), headingGap: try space("heading"),
      cellPaddingX: try space("cellPaddingX"), cellPaddingY: try space("cellPaddingY"),
      bandPadding: try space("band"), bandLabelWidth: try space("bandLabelWidth", 20...300),
      labelFraction: try space("labelFraction", 0.1...0.7),
      checkboxSize: try space("checkbox", 4...24))
    var template = Template(
      file: file,
      document: try reader.string(root["document"], "document"),
      version: try reader.string(root["version"], "version"),
      paper: paper, layout: layout,
      styles: try parseStyles(root["styles"], reader),
      tones: try parseTones(root["tones"], reader),
      sections: try parseSections(root["sections"], reader))
    template.lineHeight = try space("lineHeight", 0.7...2)
    if root["staleAfterDays"] != nil {
      template.staleAfterDays = Int(
        try reader.number(root["staleAfterDays"], "staleAfterDays", 1...730))
    }
    if root["orientation"] != nil {
      let name = try reader.oneOf(
        root["orientation"], "orientation", Orientation.allCases.map(\.rawValue))
      template = template.with(orientation: Orientation(rawValue: name) ?? .portrait)
    }
    return template
  }

  /// The same template on another paper size (margins, styles and orientation kept).
  public func with(paper: Paper) -> Template {
    var copy = self
    copy.paper = paper
    let landscape = orientation == .landscape
    copy.layout.pageWidth = landscape ? paper.height : paper.width
    copy.layout.pageHeight = landscape ? paper.width : paper.height
    return copy
  }

  /// The same template turned to `orientation` (the page's width and height swap).
  public func with(orientation: Orientation) -> Template {
    var copy = self
    copy.orientation = orientation
    return copy.with(paper: paper)
  }

  private static func parseStyles(_ json: JSON?, _ reader: JSONFieldReader) throws(TemplateError)
    -> [String: TextStyle]
  {
    var styles: [String: TextStyle] = [:]
    for (name, value) in try reader.members(json, "styles") {
      let key = "styles.\(name)"
      _ = try reader.members(value, key)
      let colourText = try reader.string(value["colour"], "\(key).colour")
      guard let colour = Colour(hex: colourText) else {
        throw reader.fail("\(key).colour", "must be a colour written #rrggbb")
      }
      styles[name] = TextStyle(
        family: try reader.string(value["family"], "\(key).family"),
        size: try reader.number(value["size"], "\(key).size", 6...72),
        weight: try reader.oneOf(
          value["weight"], "\(key).weight", ["normal", "medium", "semibold", "bold"]),
        italic: try reader.bool(value["italic"], "\(key).italic", default: false),
        colour: colour,
        align: value["align"] == nil
          ? "left" : try reader.oneOf(value["align"], "\(key).align", ["left", "center", "right"]))
    }
    if styles["body"] == nil {
      throw reader.fail("styles.body", "missing; every template needs it")
    }
    return styles
  }

  private static func parseTones(_ json: JSON?, _ reader: JSONFieldReader) throws(TemplateError)
    -> [Tone: ToneColours]
  {
    _ = try reader.members(json, "tones")
    var tones: [Tone: ToneColours] = [:]
    for tone in Tone.allCases {
      let key = "tones.\(tone.rawValue)"
      _ = try reader.members(json?[tone.rawValue], key)
      func colour(_ part: String) throws(TemplateError) -> Colour {
        let text = try reader.string(json?[tone.rawValue]?[part], "\(key).\(part)")
        guard let colour = Colour(hex: text) else {
          throw reader.fail("\(key).\(part)", "must be a colour written #rrggbb")
        }
        return colour
      }
      tones[tone] = ToneColours(fill: try colour("fill"), border: try colour("border"))
    }
    return tones
  }

  private static func parseSections(_ json: JSON?, _ reader: JSONFieldReader) throws(TemplateError)
    -> [SectionSpec]
  {
    var sections: [SectionSpec] = []
    for (index, item) in try reader.array(json, "sections").enumerated() {
      let key = "sections[\(index)]"
      _ = try reader.members(item, key)
      let id = try reader.string(item["id"], "\(key).id")
      if sections.contains(where: { $0.id == id }) {
        throw reader.fail("\(key).id", "\"\(id)\" is listed twice")
      }
      let span = try reader.oneOf(item["span"], "\(key).span", ["full", "column"])
      sections.append(
        SectionSpec(
          id: id, visible: try reader.bool(item["visible"], "\(key).visible", default: true),
          span: SectionSpan(rawValue: span) ?? .full))
    }
    return sections
  }
}
