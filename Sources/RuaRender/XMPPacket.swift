// SPDX-License-Identifier: Apache-2.0
import RuaCore

/// The XMP metadata packet, saying what the Info dictionary says (title, language, creator
/// tool, producer, dates), as PDF/UA asks, and the PDF/UA-1 identification (`pdfuaid:part`),
/// claimed since the independent checks of scripts/accessibility-check pass (docs/documents.md).
struct XMPPacket {
  let facts: PDFFacts
  let producer: String

  var bytes: [UInt8] {
    let title = Self.escape(facts.title)
    let text = """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/">
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" \
      xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" \
      xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(title)</rdf:li></rdf:Alt></dc:title>
      <dc:language><rdf:Bag><rdf:li>\(Self.escape(facts.language))</rdf:li></rdf:Bag></dc:language>
      <xmp:CreatorTool>\(Self.escape(facts.creator))</xmp:CreatorTool>
      <xmp:CreateDate>\(facts.date)</xmp:CreateDate>
      <xmp:ModifyDate>\(facts.date)</xmp:ModifyDate>
      <pdf:Producer>\(Self.escape(producer))</pdf:Producer>
      <pdfuaid:part>1</pdfuaid:part>
      </rdf:Description>
      </rdf:RDF>
      </x:xmpmeta>
      <?xpacket end="r"?>
      """
    return Array(text.utf8)
  }

  /// XML character data: `&`, `<`, `>` and quotes escaped.
  static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
