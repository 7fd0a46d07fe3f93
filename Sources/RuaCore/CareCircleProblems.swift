// SPDX-License-Identifier: Apache-2.0
/// Every problem found in a refused care-circle file (up to a limit), each with its JSON path,
/// so a person fixing a file by hand sees them all at once instead of one per attempt.
public struct CareCircleProblems: Error, Equatable, Sendable {
  /// In the order found, which is file order.
  public let problems: [CareCircleError]
  /// True when the search stopped at the limit: the file may hold more.
  public let stoppedAtLimit: Bool

  public init(problems: [CareCircleError], stoppedAtLimit: Bool) {
    self.problems = problems
    self.stoppedAtLimit = stoppedAtLimit
  }
}

extension CareCircleDecoder {
  /// The most problems one refusal lists.
  public static let problemLimit = 20

  /// Like `decode(_:today:)`, but a refusal lists every problem it finds, up to `limit`.
  ///
  /// The decoder stops at the first problem, so this decodes again with the faulty value set
  /// aside: the field is removed, and when that leaves the same path faulty (a required field)
  /// the array element holding it is removed. Paths are reported as they are in the file, not
  /// as they are after elements were removed. The file's format, version and JSON syntax are
  /// checked first and alone: past them a list would be noise.
  public static func decodeReportingAll(
    _ bytes: [UInt8], today: CivilDate, limit: Int = problemLimit
  ) throws(CareCircleProblems) -> CareCircle {
    let json: JSON
    do throws(JSONSyntaxError) {
      json = try JSONParser.parse(bytes)
    } catch {
      throw CareCircleProblems(
        problems: [CareCircleError(path: CareCircleError.filePath, reason: error.description)],
        stoppedAtLimit: false)
    }
    var current = json
    var problems: [CareCircleError] = []
    var removals = RemovedElements()
    var attempts = 0
    while true {
      attempts += 1
      let problem: CareCircleError
      do throws(CareCircleError) {
        let circle = try decode(json: current, today: today)
        if problems.isEmpty { return circle }
        break
      } catch {
        problem = error
      }
      let fileWide = [CareCircleError.filePath, "format", "version"].contains(problem.path)
      guard !fileWide, let steps = JSONPathStep.parse(problem.path) else {
        if problems.isEmpty || !fileWide { problems.append(problem) }
        throw CareCircleProblems(problems: problems, stoppedAtLimit: false)
      }
      let original = CareCircleError(
        path: removals.originalPath(steps), reason: problem.reason)
      let repeated = problems.contains { $0.path == original.path }
      if !repeated {
        guard problems.count < limit else {
          throw CareCircleProblems(problems: problems, stoppedAtLimit: true)
        }
        problems.append(original)
      }
      // Set the faulty value aside; a required field gets a stand-in so the rest of its
      // element is still checked; failing both, the element holding it goes.
      if !repeated, let smaller = current.removing(steps) {
        removals.record(steps)
        current = smaller
      } else if let patched = standIn(in: current, at: steps, today: today, round: attempts) {
        current = patched
      } else if let element = steps.lastIndex(where: { $0.isIndex }),
        let smaller = current.removing(Array(steps[...element]))
      {
        removals.record(Array(steps[...element]))
        current = smaller
      } else {
        throw CareCircleProblems(problems: problems, stoppedAtLimit: false)
      }
      // Every round removes something, so this only guards against a decoder bug.
      if attempts > limit * 4 {
        throw CareCircleProblems(problems: problems, stoppedAtLimit: true)
      }
    }
    // What is left of the file decodes: every problem has been found.
    throw CareCircleProblems(problems: problems, stoppedAtLimit: false)
  }
}

extension CareCircleDecoder {
  /// `json` with a value at `steps` that the decoder accepts there (the next problem, if any,
  /// is elsewhere), or nil when no stand-in fits. Stand-ins only ever reach the decoder, never
  /// the store: a file with problems is refused whole.
  fileprivate static func standIn(
    in json: JSON, at steps: [JSONPathStep], today: CivilDate, round: Int
  ) -> JSON? {
    let path = JSONPathStep.render(steps)
    let candidates: [JSON] = [
      .string("1900-01-01"), .string("stand-in-\(round)"), .number("1"), .bool(false),
      .array([]), .object([]),
    ]
    for candidate in candidates {
      guard let patched = json.setting(steps, to: candidate) else { return nil }
      do throws(CareCircleError) {
        _ = try decode(json: patched, today: today)
        return patched
      } catch {
        if error.path != path { return patched }
      }
    }
    return nil
  }
}

/// One step of a path such as `patients[2].medications[0]["odd key"]`.
enum JSONPathStep: Equatable {
  case key(String)
  case index(Int)

  var isIndex: Bool { if case .index = self { true } else { false } }

  /// Nil for a path that is not a plain member/element path (such as `(file)`, or a quoted key
  /// that was shortened or escaped in the message).
  static func parse(_ path: String) -> [JSONPathStep]? {
    var steps: [JSONPathStep] = []
    var rest = Substring(path)
    while !rest.isEmpty {
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close])
        else {
          return nil
        }
        steps.append(.index(index))
        rest = rest[rest.index(after: close)...]
      } else {
        if rest.first == "." { rest = rest.dropFirst() }
        let name = rest.prefix { $0 != "." && $0 != "[" }
        guard !name.isEmpty else { return nil }
        steps.append(.key(String(name)))
        rest = rest[name.endIndex...]
      }
    }
    return steps.isEmpty ? nil : steps
  }

  static func render(_ steps: [JSONPathStep]) -> String {
    var path = ""
    for step in steps {
      switch step {
      case .key(let name): path = CareCirclePath.member(path, name)
      case .index(let index): path = CareCirclePath.element(path, index)
      }
    }
    return path
  }
}

/// The array elements removed so far, by their path in the file, so a path in the smaller
/// document can be written as it is in the file.
struct RemovedElements {
  /// Path of the array in the file → indices removed from it, in file numbering.
  private var removed: [String: [Int]] = [:]

  /// `steps` is a path in the current document; returns the same place in the file.
  func originalPath(_ steps: [JSONPathStep]) -> String {
    var original: [JSONPathStep] = []
    for step in steps {
      if case .index(let current) = step {
        var index = current
        for gone in (removed[JSONPathStep.render(original)] ?? []).sorted() where gone <= index {
          index += 1
        }
        original.append(.index(index))
      } else {
        original.append(step)
      }
    }
    return JSONPathStep.render(original)
  }

  /// Records the removal of the element at `steps` (a path in the current document).
  mutating func record(_ steps: [JSONPathStep]) {
    guard case .index = steps.last else { return }
    let file = JSONPathStep.parse(originalPath(steps)) ?? steps
    guard case .index(let index) = file.last else { return }
    removed[JSONPathStep.render(Array(file.dropLast())), default: []].append(index)
  }
}

extension JSON {
  /// This value with `value` at `steps` (a missing last member is added); nil when the path
  /// does not lead into this value.
  func setting(_ steps: [JSONPathStep], to value: JSON) -> JSON? {
    guard let step = steps.first else { return value }
    let rest = Array(steps.dropFirst())
    switch (self, step) {
    case (.object(var members), .key(let name)):
      if let position = members.firstIndex(where: { $0.key == name }) {
        guard let inner = members[position].value.setting(rest, to: value) else { return nil }
        members[position].value = inner
      } else {
        guard rest.isEmpty else { return nil }
        members.append((key: name, value: value))
      }
      return .object(members)
    case (.array(var elements), .index(let index)):
      guard elements.indices.contains(index),
        let inner = elements[index].setting(rest, to: value)
      else { return nil }
      elements[index] = inner
      return .array(elements)
    default:
      return nil
    }
  }

  /// This value with the member or element at `steps` removed; nil when there is none.
  func removing(_ steps: [JSONPathStep]) -> JSON? {
    guard let step = steps.first else { return nil }
    let rest = Array(steps.dropFirst())
    switch (self, step) {
    case (.object(var members), .key(let name)):
      guard let position = members.firstIndex(where: { $0.key == name }) else { return nil }
      if rest.isEmpty {
        members.remove(at: position)
      } else {
        guard let inner = members[position].value.removing(rest) else { return nil }
        members[position].value = inner
      }
      return .object(members)
    case (.array(var elements), .index(let index)):
      guard elements.indices.contains(index) else { return nil }
      if rest.isEmpty {
        elements.remove(at: index)
      } else {
        guard let inner = elements[index].removing(rest) else { return nil }
        elements[index] = inner
      }
      return .array(elements)
    default:
      return nil
    }
  }
}
