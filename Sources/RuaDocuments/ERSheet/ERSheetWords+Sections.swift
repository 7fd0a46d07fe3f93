// SPDX-License-Identifier: Apache-2.0
import RuaCore

extension ERSheetWords {
  private func bullet(_ text: StyledText) -> ListItem {
    ListItem(marker: run("•", "muted"), text: text)
  }

  func conditions(_ patient: Patient) -> [Block] {
    let title = heading(.conditions)
    guard !patient.conditions.isEmpty else { return [title, empty(.emptyConditions)] }
    return [
      title,
      .list(
        patient.conditions.map { condition in
          var parts = [run(condition.name, "strong")]
          if let since = condition.since {
            parts.append(worded("muted") { $0.format(.since, ["date": since]) })
          }
          if let notes = condition.notes { parts.append(run(notes)) }
          return bullet(joined(parts, separator: " — "))
        }),
    ]
  }

  /// In call order, numbered; the health-care proxy is marked in words.
  func contacts(_ patient: Patient) -> [Block] {
    let title = heading(.contacts)
    guard !patient.contacts.isEmpty else { return [title, empty(.emptyContacts)] }
    let items = contactItems(patient)
    guard patient.contacts.contains(where: { $0.roles.contains(.healthCareProxy) }) else {
      // A power of attorney may be for money only: say that whether it covers health care is
      // not on record, rather than leave "power of attorney" beside "no proxy" to be guessed.
      let poa = patient.contacts.contains { $0.roles.contains(.poa) }
      return [title, .list(items), empty(poa ? .noProxyButPOA : .noProxy)]
    }
    return [title, .list(items)]
  }

  /// One numbered entry per contact in call order: name, relation, phones, roles.
  func contactItems(_ patient: Patient) -> [ListItem] {
    patient.contacts.enumerated().map { index, contact in
      var who = run(contact.name, "strong")
      if let relation = contact.relation { who = who + run(" (\(relation))") }
      var phones = contact.phone.map { run($0, "strong") } ?? value(.notRecorded, "muted")
      if let alternative = contact.altPhone {
        phones = phones + value(.altPhone, lead: " ", trail: " ") + run(alternative, "strong")
      }
      var roles: [StyledText] = []
      for role in contact.roles {
        switch role {
        case .healthCareProxy: roles.append(value(.proxy, "strong"))
        case .poa: roles.append(value(.rolePOA, "muted"))
        case .caregiver: roles.append(value(.roleCaregiver, "muted"))
        case .emergency: break  // the section title says it
        }
      }
      return ListItem(
        marker: run("\(index + 1).", "strong"),
        text: joined([who, phones, joined(roles, separator: ", ")], separator: " · "))
    }
  }

  func careTeam(_ patient: Patient) -> [Block] {
    let title = heading(.careTeam)
    var items = patient.careTeam.map { member in
      var who = run(member.name, "strong")
      if let role = member.role { who = who + run(", \(role)") }
      return bullet(
        joined([who, run(member.organization ?? "", "muted"), run(member.phone ?? "", "strong")]))
    }
    if let pharmacy = patient.pharmacy {
      items.append(
        bullet(
          joined([
            inline(.pharmacy, "label") + run(pharmacy.name, "strong"),
            run(pharmacy.phone ?? "", "strong"), run(pharmacy.address ?? "", "muted"),
          ])))
    }
    return items.isEmpty ? [title, empty(.emptyCareTeam)] : [title, .list(items)]
  }

  func baseline(_ patient: Patient) -> [Block] {
    let title = heading(.baseline)
    let baseline = patient.baseline
    let rows: [(LabelKey, String?)] = [
      (.cognition, baseline?.cognition), (.mobility, baseline?.mobility),
      (.hearing, baseline?.hearing), (.vision, baseline?.vision),
      (.communication, baseline?.communication), (.otherBaseline, baseline?.other),
    ]
    let present = rows.compactMap { key, value in
      value.map { KeyValue(label: label(key, "label"), value: run($0)) }
    }
    return present.isEmpty ? [title, empty(.emptyBaseline)] : [title, .keyValues(present)]
  }

  /// Everything else as label–value rows; absent facts say so.
  func details(_ patient: Patient) -> [Block] {
    func row(_ key: LabelKey, _ value: String?, empty: LabelKey, style: String = "body") -> KeyValue
    {
      KeyValue(
        label: label(key, "label"),
        value: value.map { run($0, style) } ?? label(empty, "muted"))
    }
    var rows: [KeyValue] = []
    if patient.devices.isEmpty { rows.append(row(.devices, nil, empty: .emptyDevices)) }
    if patient.alerts.isEmpty { rows.append(row(.otherAlerts, nil, empty: .emptyAlerts)) }
    if let notes = patient.notes {
      rows.append(KeyValue(label: label(.notes, "label"), value: run(notes)))
    }
    rows += [
      row(.hospital, patient.preferredHospital, empty: .emptyHospital),
      row(.insurance, patient.insurance, empty: .emptyInsurance),
      row(.address, patient.address, empty: .emptyHome),
      row(.phone, patient.phone, empty: .emptyHome, style: "strong"),
      row(.dependents, patient.dependents, empty: .emptyDependents),
    ]
    return [heading(.details), .keyValues(rows)]
  }
}
