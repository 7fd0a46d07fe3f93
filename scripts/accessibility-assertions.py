# SPDX-License-Identifier: Apache-2.0
"""rua-paper's own accessibility assertions over tagged PDFs (run by scripts/accessibility-check).

Reads each PDF back with poppler (`pdfinfo -struct-text`), qpdf (`--json`), pikepdf and
pdfplumber, never with rua-paper's own code, and asserts:

  scope     every TH has a /Scope (Row or Column)
  glue      no element's text (its /ActualText when it has one: what a reader says) glues a
            label to its value: a lower-case or digit run straight
            after an upper-case word ("ALLERGIESpenicillin"), a year glued to a number
            ("202624 days"), Latin glued to Arabic or CJK ("Fecha de nacimientoDate of birth"
            is caught as a lower-case letter followed by a capital that starts a known label);
            nor do two adjacent Spans of one element meet without a space drawn or said
  lang      on a page in a language other than English, every element that says an English
            label (templates/locales/en.json, or one of three words or more inside its text:
            the English half of a bilingual label) that the page's own locale does not use
            has /Lang en, down to a label's half on a line shared with the first language
  stamp     the "PENDING CLINICIAN REVIEW" text, when the page shows it, precedes the first
            heading in reading order
  text      the struct text equals the page text: the characters of the tagged content
            (pdfplumber: everything but artifacts) are all in what the elements say (poppler's
            struct text, or an element's /ActualText; a bracket counts as its mirrored twin, as
            a right-to-left line draws it), so no element is cut short; and no marked content
            is nested in an element's (an ActualText span stops poppler)
  poppler   an element with an /ActualText reads whole in poppler too (which reads glyphs,
            not /ActualText): the same letters, so no nested span or unmapped glyph cuts it
  artifact  every artifact names its type (/Pagination with /Header or /Footer, or /Layout)

Prints one line per finding and a summary; exits 1 when any assertion fails.
Findings matching RUA_A11Y_KNOWN (comma-separated "check:REGEX", the regex searched in
"PATH: MESSAGE") are known limitations: counted and printed in the summary, not failed.
"""

import collections
import json
import multiprocessing
import os
import re
import subprocess
import sys
import unicodedata

import pdfplumber
import pikepdf

STAMP_WORDS = ("PENDING CLINICIAN REVIEW",)


def struct_text(path):
    """(tag, depth, text, attributes) for every element of `pdfinfo -struct-text`, in order."""
    out = subprocess.run(
        ["pdfinfo", "-struct-text", path], capture_output=True, text=True, check=True
    ).stdout
    elements = []
    for line in out.splitlines():
        stripped = line.lstrip(" ")
        depth = len(line) - len(stripped)
        if stripped.startswith('"') and elements:
            elements[-1]["text"] += stripped[1:-1] if stripped.endswith('"') else stripped[1:]
        elif stripped.startswith("/") and elements:
            elements[-1]["attributes"].append(stripped)
        elif stripped:
            tag = stripped.split(" ")[0].rstrip(":")
            elements.append({"tag": tag, "depth": depth, "text": "", "attributes": []})
    return elements


def script_of(character):
    name = unicodedata.name(character, "")
    for script in ("ARABIC", "CJK", "HANGUL", "CYRILLIC", "HIRAGANA", "KATAKANA"):
        if name.startswith(script) or (" " + script) in name[:20]:
            return script
    if character.isalpha() and character.isascii():
        return "LATIN"
    return None


GLUES = [
    # An upper-case label run into its value: "ALLERGIESPenicillin", "CODE STATUSDNR".
    re.compile(r"\b[A-Z]{4,}(?=[A-Z][a-z])"),
    re.compile(r"\b[A-Z]{4,}(?=[a-z0-9])"),
    # A four-digit year run into a count: "Dec 25, 202624 days left".
    re.compile(r"\b(19|20)\d\d\d+ (days?|day left)"),
    # A lower-case word run into a capitalised one: "nacimientoDate", "Doré.Brings".
    re.compile(r"[a-zà-ÿ]{2,}[.:;]?[A-Z][a-z]{2,}"),
    # Arabic run straight into Latin or the other way ("الدواءMedication"). (Chinese sets
    # Latin names without a space, so Chinese is not checked this way.)
    re.compile(r"[\u0620-\u064A\u066E-\u06D3][A-Za-z]|[A-Za-z][\u0620-\u064A\u066E-\u06D3]"),
]
# Words that legitimately mix cases ("McDonald", "iPhone", "HCl") are few in the samples.
GLUE_ALLOWED = re.compile(r"\b(Mc|Mac|Mg|HCl|mL|mmHg|STOPPFall)[A-Z]?")


def lang_elements(path):
    """(catalog language, [(element /S, /Lang or None, ancestors' /Lang)]) by pikepdf."""
    with pikepdf.open(path) as pdf:
        catalog = str(pdf.Root.get("/Lang", ""))
        found = []

        def walk(node, inherited):
            if not isinstance(node, pikepdf.Dictionary) or "/S" not in node:
                return
            own = str(node["/Lang"]) if "/Lang" in node else None
            actual = str(node["/ActualText"]) if "/ActualText" in node else None
            found.append((str(node["/S"]), own, own or inherited, actual))
            kids = node.get("/K")
            if isinstance(kids, pikepdf.Array):
                for kid in kids:
                    walk(kid, own or inherited)
            elif kids is not None:
                walk(kids, own or inherited)

        root = pdf.Root.get("/StructTreeRoot")
        kids = root.get("/K") if root is not None else None
        if isinstance(kids, pikepdf.Array):
            for kid in kids:
                walk(kid, catalog)
        elif kids is not None:
            walk(kids, catalog)
        artifacts = []
        for number, page in enumerate(pdf.pages, 1):
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "BMC" and str(operands[0]) == "/Artifact":
                    artifacts.append(f"page {number}: an artifact without a type (BMC)")
                elif str(operator) == "BDC" and str(operands[0]) == "/Artifact":
                    props = operands[1]
                    if isinstance(props, pikepdf.Name):
                        props = page.Resources.Properties[props]
                    kind = str(props.get("/Type", ""))
                    sub = str(props.get("/Subtype", ""))
                    if kind == "/Pagination" and sub not in ("/Header", "/Footer"):
                        artifacts.append(f"page {number}: a /Pagination artifact without /Header or /Footer")
                    elif kind not in ("/Pagination", "/Layout", "/Page"):
                        artifacts.append(f"page {number}: an artifact without /Type")
        return catalog, found, artifacts


def locale_values(name):
    """Every string of templates/locales/NAME.json; empty when there is no such file."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "templates", "locales",
                        name + ".json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    values = []

    def collect(node):
        if isinstance(node, dict):
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)
        elif isinstance(node, str):
            values.append(node)

    collect(data)
    return values


_ENGLISH = None


def english_labels():
    """Every English label of templates/locales/en.json without placeholders, as printed."""
    global _ENGLISH
    if _ENGLISH is None:
        _ENGLISH = {v.strip() for v in locale_values("en") if "{" not in v and len(v) >= 4}
    return _ENGLISH


_LOCALES = {}


def locale_strings(catalog):
    """Every string of the locale a page's catalog /Lang names ("es-US" → es.json), as printed:
    an English label that the locale itself uses ("OK", a drug name) is not English there."""
    name = catalog[:-3] if catalog.endswith("-US") else catalog
    if name not in _LOCALES:
        _LOCALES[name] = {v.strip() for v in locale_values(name)}
    return _LOCALES[name]


_PHRASES = None


def english_phrases():
    """The English labels of three words or more (found inside a longer text too)."""
    global _PHRASES
    if _PHRASES is None:
        _PHRASES = sorted((l for l in english_labels() if len(l.split()) >= 3), key=len, reverse=True)
    return _PHRASES


def tagged_characters(path):
    """The characters inside elements' marked content (pdfplumber, by marked-content id)."""
    characters = collections.Counter()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                if char.get("mcid") is None or char.get("tag") == "Artifact":
                    continue
                for c in unicodedata.normalize("NFKC", char["text"]):
                    # A fill-in line's blanks are said as "…" (its /ActualText).
                    if not c.isspace() and c != "_":
                        characters[BRACKETS.get(c, c)] += 1
    return characters


BRACKETS = {")": "(", "]": "[", "}": "{", "»": "«", "›": "‹"}


def nested_spans(path):
    """Marked content nested inside an element's own (poppler stops reading the element at
    it), in elements without an /ActualText of their own or of an ancestor, by page."""
    found = []
    with pikepdf.open(path) as pdf:
        tree = pdf.Root.get("/StructTreeRoot")
        parents = {}
        if tree is not None and "/ParentTree" in tree:
            def read(node):
                nums = node.get("/Nums")
                if nums is not None:
                    for i in range(0, len(nums) - 1, 2):
                        parents[int(nums[i])] = nums[i + 1]
                for kid in node.get("/Kids", []):
                    read(kid)
            read(tree.ParentTree)

        for number, page in enumerate(pdf.pages, 1):
            key = page.get("/StructParents")
            elements = parents.get(int(key)) if key is not None else None
            stack = []
            for operands, operator in pikepdf.parse_content_stream(page):
                op = str(operator)
                if op in ("BDC", "BMC"):
                    mcid = None
                    if op == "BDC" and isinstance(operands[1], pikepdf.Dictionary) and "/MCID" in operands[1]:
                        mcid = int(operands[1]["/MCID"])
                    outer = next((m for m in reversed(stack) if m is not None), None)
                    if outer is not None and str(operands[0]) != "/Artifact":
                        # poppler stops at the span whatever the element says in /ActualText.
                        found.append(f"page {number}, id {outer}: {operands[0]} "
                                         f"{operands[1] if op == 'BDC' else ''}"[:90])
                    stack.append(mcid)
                elif op == "EMC" and stack:
                    stack.pop()
    return found


def check(path):
    """The findings of one PDF: [(check, message)]."""
    if True:
        findings = []
        elements = struct_text(path)
        for element in elements:
            if element["tag"] == "TH" and not any("/Scope" in a for a in element["attributes"]):
                findings.append(("scope", f"a TH without /Scope: {element['text'][:40]!r}"))
        stamp = next((i for i, e in enumerate(elements) if any(w in e["text"] for w in STAMP_WORDS)), None)
        heading = next((i for i, e in enumerate(elements) if e["tag"] == "H1"), None)
        if stamp is not None and heading is not None and stamp > heading:
            findings.append(("stamp", "the review stamp is read after the H1"))
        catalog, tree, artifacts = lang_elements(path)
        findings += [("artifact", a) for a in artifacts]
        if len(elements) != len(tree):
            findings.append(("lang", f"poppler reads {len(elements)} elements, pikepdf {len(tree)}"))
        english = english_labels()
        for element, (tag, own, effective, actual) in zip(elements, tree):
            # What a screen reader says: the /ActualText when there is one (a right-to-left
            # page's logical order, a fill-in line), else the text.
            said = actual if actual is not None else element["text"]
            for pattern in GLUES:
                match = pattern.search(said)
                if match and not GLUE_ALLOWED.search(said[max(match.start() - 10, 0):match.end() + 10]):
                    findings.append(("glue", f"{tag} glues words: {said[max(match.start()-12,0):match.end()+12]!r}"))
                    break
            if not catalog.startswith("en") and not effective.startswith("en"):
                own = locale_strings(catalog)
                label = said.strip() if said.strip() in english else next(
                    (l for l in english_phrases() if l in said), None)
                if label and label not in own and not any(label in o for o in own):
                    rest = said.replace(label, "")
                    shared = any(script_of(c) not in (None, "LATIN") for c in rest)
                    findings.append(("lang", f"{tag} says the English label {label!r} without /Lang en"
                                     + (" (on one line with the first language)" if shared else "")))
        # A reader that runs an element's inline Spans together must not hear two of them as
        # one word ("EnfermedadesConditions"): a space is drawn or said between them.
        previous = {}
        for element, (tag, _, _, actual) in zip(elements, tree):
            depth = element["depth"]
            for deeper in [d for d in previous if d > depth]:
                del previous[deeper]
            said = actual if actual is not None else element["text"]
            if element["tag"] != "Span":
                previous.pop(depth, None)
                continue
            last = previous.get(depth)
            if last and said and not last[-1].isspace() and not said[0].isspace():
                findings.append(("glue", f"adjacent Spans run together: {last[-20:]!r} + {said[:20]!r}"))
            previous[depth] = said
        # A poppler-based reader (Evince, Okular) reads the glyphs, not the /ActualText: it
        # must get every letter the element says (brackets as one class: a mirrored bracket
        # reads as its twin), so no element is cut short for it.
        for element, (tag, _, _, actual) in zip(elements, tree):
            if actual is None or not element["text"]:
                continue  # no /ActualText, or a container whose kids hold the text
            # A fill-in line's blanks ("____") are said as "…".
            heard, meant = (collections.Counter(
                BRACKETS.get(c, c) for c in unicodedata.normalize("NFKC", text)
                if not c.isspace() and unicodedata.category(c) != "Cf")
                for text in (element["text"].replace("_", ""), actual.replace("…", "").replace("_", "")))
            if meant - heard:
                findings.append(("poppler", f"{tag}: poppler reads {element['text'][:40]!r}, "
                                 f"not all of {actual[:40]!r} (missing {''.join((meant - heard).elements())[:12]!r})"))
        # What a reader gets of each element: its /ActualText when it has one, else its text.
        said = [a if a is not None else e["text"] for e, (_, _, _, a) in zip(elements, tree)]
        struct_chars = collections.Counter(
            BRACKETS.get(c, c) for text in said for c in unicodedata.normalize("NFKC", text) if not c.isspace())
        missing = tagged_characters(path) - struct_chars
        for nested in nested_spans(path)[:3]:
            findings.append(("text", f"a nested span cuts the element short for poppler: {nested}"))
        if sum(missing.values()) > 0:
            findings.append(("text", f"{sum(missing.values())} tagged characters missing from the struct text (e.g. {''.join(list(missing)[:12])!r})"))
        return findings


def main(paths):
    known = [tuple(k.split(":", 1)) for k in os.environ.get("RUA_A11Y_KNOWN", "").split(",") if ":" in k]
    failures = collections.Counter()
    tolerated = collections.Counter()
    with multiprocessing.Pool(min(len(paths), os.cpu_count() or 1) or 1) as pool:
        results = pool.map(check, paths)
    for path, findings in zip(paths, results):
        for name, message in findings:
            if any(c == name and re.search(r, f"{path}: {message}") for c, r in known):
                tolerated[name] += 1
                continue
            failures[name] += 1
            print(f"{path}: {name}: {message}")
    summary = ", ".join(f"{k} {failures[k]}" for k in sorted(failures)) or "none"
    print(f"rua-paper assertions: {len(paths)} PDF(s); failures: {summary}"
          + (f"; known and tolerated: {dict(sorted(tolerated.items()))}" if tolerated else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
