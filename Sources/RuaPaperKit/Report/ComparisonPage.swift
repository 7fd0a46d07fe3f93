// SPDX-License-Identifier: Apache-2.0
import RuaCore
package import RuaVisual

/// The HTML page of one comparison: per differing page A | B | diff with the counted regions
/// outlined and numbered, a slider that wipes from A to B, and the list of regions with their
/// text change. Self-contained apart from the PNGs beside it; no scripts from elsewhere.
package enum ComparisonPage {
  package static func html(
    _ report: DiffReport, nameA: String, nameB: String, pictures: [Int: DiffPictures]
  ) -> String {
    let verdict = report.isSame ? "same" : "different"
    var body =
      "<h1>\(escape(nameA)) ↔ \(escape(nameB)): <span class=\"\(verdict)\">\(verdict)</span></h1>\n"
    body += "<pre class=\"summary\">\(escape(report.summary(nameA: nameA, nameB: nameB)))</pre>\n"
    if !report.structureChanges.isEmpty {
      body += "<h2>Structure</h2>\n<ul>\n"
      for change in report.structureChanges { body += "<li>\(escape(change.description))</li>\n" }
      body += "</ul>\n"
    }
    for page in report.pages where page.isDifferent || !page.regions.isEmpty {
      body += section(page, pictures[page.pictureKey], nameA: nameA, nameB: nameB)
    }
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <title>rua-paper diff: \(escape(nameA)) ↔ \(escape(nameB))</title>
      <style>\(style)</style></head>
      <body>
      \(body)<script>\(script)</script>
      </body></html>

      """
  }

  private static func section(
    _ page: PageDiff, _ pictures: DiffPictures?, nameA: String, nameB: String
  ) -> String {
    var title = "Page \(page.page)"
    if let b = page.pageB, b != page.page { title += " (B page \(b))" }
    if page.pageA == nil { title = "Page \(page.pageB ?? 0) of B: inserted" }
    if page.pageB == nil { title = "Page \(page.page) of A: removed" }
    var text = "<section>\n<h2>\(title)</h2>\n"
    if let pictures {
      let counted = page.regions.filter(\.counts)
      let boxes = counted.enumerated().map { index, region in
        box(region, index + 1, pictures)
      }.joined()
      text += "<div class=\"views\">\n"
      for (caption, file) in [
        ("A: \(nameA)", pictures.a), ("B: \(nameB)", pictures.b), ("diff", pictures.diff),
      ] {
        text +=
          "<figure><figcaption>\(escape(caption))</figcaption><div class=\"frame\">"
          + "<img src=\"\(escape(file))\" alt=\"\(escape(caption))\">\(boxes)</div></figure>\n"
      }
      text += "</div>\n"
      text +=
        "<div class=\"wipe\"><label>A ◀ slide ▶ B <input type=\"range\" min=\"0\" max=\"100\" value=\"50\"></label>"
        + "<div class=\"frame stack\"><img src=\"\(escape(pictures.b))\" alt=\"B\">"
        + "<div class=\"top\" style=\"width:50%\"><img src=\"\(escape(pictures.a))\" alt=\"A\" "
        + "style=\"width:\(pictures.width)px\"></div>\(boxes)</div></div>\n"
    }
    if !page.regions.isEmpty {
      text += "<ol class=\"regions\">\n"
      var number = 0
      for region in page.regions {
        let box = region.points
        var label = ""
        if region.counts {
          number += 1
          label = "<b>\(number)</b> "
        }
        text +=
          "<li class=\"\(region.counts ? "counts" : "ignored")\">\(label)"
          + "x \(short(box.x)) y \(short(box.y)) w \(short(box.width)) h \(short(box.height)) pt, "
          + "\(region.pixelCount) px, \(escape(region.kindSummary))"
          + (region.counts ? "" : " (not counted)")
          + (region.textSummary.map { ": " + escape($0) } ?? "")
          + " <code>--mask \(region.mask(page: page.page))</code></li>\n"
      }
      text += "</ol>\n"
    }
    return text + "</section>\n"
  }

  /// A numbered outline over the image, placed in percent so it scales with the image.
  private static func box(_ region: ChangeRegion, _ number: Int, _ pictures: DiffPictures)
    -> String
  {
    let w = Double(pictures.width)
    let h = Double(pictures.height)
    let r = region.pixels
    let pad = 3.0
    return "<div class=\"box\" style=\"left:\(percent((Double(r.x) - pad) / w));"
      + "top:\(percent((Double(r.y) - pad) / h));width:\(percent((Double(r.width) + 2 * pad) / w));"
      + "height:\(percent((Double(r.height) + 2 * pad) / h))\"><span>\(number)</span></div>"
  }

  private static func percent(_ value: Double) -> String {
    short(max(0, value) * 100, digits: 3) + "%"
  }

  package static func short(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// Escapes text for HTML element content and attribute values.
  package static func escape(_ text: String) -> String { MarkupText.escaped(text) }

  private static let style = """
    body{font:14px/1.4 sans-serif;margin:1.5em;color:#222}
    h1 .different{color:#b00}h1 .same{color:#070}
    pre.summary{background:#f4f4f4;padding:.6em;overflow:auto;font-size:12px}
    .views{display:flex;gap:12px;align-items:flex-start}
    figure{margin:0;flex:1}figcaption{font-weight:bold;margin-bottom:4px}
    .frame{position:relative;border:1px solid #999;line-height:0}
    .frame img{width:100%;display:block}
    .box{position:absolute;border:2px solid #f70;box-sizing:border-box}
    .box span{position:absolute;left:-2px;top:-18px;background:#f70;color:#fff;font:bold 12px/16px sans-serif;padding:0 4px}
    .wipe{margin:1em 0;max-width:900px}.stack .top{position:absolute;left:0;top:0;height:100%;overflow:hidden;border-right:2px solid #06c}
    .stack .top img{max-width:none}
    ol.regions li.ignored{color:#777}code{font-size:12px}
    """

  private static let script = """
    document.querySelectorAll('.wipe').forEach(function(w){
      var input=w.querySelector('input'),top=w.querySelector('.top'),img=top.querySelector('img'),base=w.querySelector('.stack>img');
      function size(){img.style.width=base.clientWidth+'px';}
      function move(){top.style.width=input.value+'%';}
      input.addEventListener('input',move);window.addEventListener('resize',size);
      if(base.complete){size();}else{base.addEventListener('load',size);}
    });
    """
}
