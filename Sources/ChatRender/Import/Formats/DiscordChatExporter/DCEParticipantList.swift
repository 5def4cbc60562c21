/// The people of an export that names them only (`juno`, `DiceBot#4242`), in order of appearance.
struct DCEParticipantList {
  private(set) var all: [Participant] = []
  private var index: [String: Int] = [:]

  /// The id of the person written `fullName`, added on first sight; `id` when the export has one.
  mutating func id(forFullName fullName: String, id: String? = nil, isBot: Bool = false) -> String {
    let key = id ?? fullName
    if index[key] == nil {
      let (name, handles) = DCEExportParts.author(fullName)
      index[key] = all.count
      all.append(Participant(id: key, name: name, isBot: isBot, handles: handles))
    }
    return key
  }

  func name(of id: String) -> String { index[id].map { all[$0].name } ?? id }

  /// Gives the person `id` the picture at `source`, unless they have one.
  mutating func setAvatar(_ source: AttachmentSource, of id: String) {
    guard let position = index[id], all[position].avatar == nil else { return }
    all[position].avatar = source
  }

  /// Keeps `handle` (the account name a page shows on hover) for the person `id`.
  mutating func addHandle(_ handle: String, to id: String) {
    guard let position = index[id], handle != all[position].name, !all[position].handles.contains(handle) else {
      return
    }
    all[position].handles.append(handle)
  }
}
