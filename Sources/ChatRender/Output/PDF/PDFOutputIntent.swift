import CLittleCMS

/// The output intent a PDF/A names for its DeviceRGB colours: sRGB, with its ICC profile as
/// Little CMS makes it.
enum PDFOutputIntent {
  /// The sRGB IEC61966-2.1 profile, its creation date fixed so files are reproducible; empty
  /// if Little CMS cannot make it.
  static let sRGBProfile: [UInt8] = {
    guard let profile = cmsCreate_sRGBProfile() else { return [] }
    defer { cmsCloseProfile(profile) }
    var size: cmsUInt32Number = 0
    guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 128 else { return [] }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return [] }
    // The header's creation date (bytes 24 to 35, six big-endian numbers): 2000-01-01.
    let date: [UInt16] = [2000, 1, 1, 0, 0, 0]
    for (index, value) in date.enumerated() {
      bytes[24 + index * 2] = UInt8(value >> 8)
      bytes[25 + index * 2] = UInt8(value & 0xFF)
    }
    return bytes
  }()

  /// Writes the profile and the output intent; the intent's object, nil without a profile.
  static func write(to file: PDFFile) -> Int? {
    guard !sRGBProfile.isEmpty else { return nil }
    let profile = file.addStream(dictionary: "/N 3", data: sRGBProfile)
    let name = PDFText.string("sRGB IEC61966-2.1")
    return file.add(
      "<</Type/OutputIntent/S/GTS_PDFA1/OutputConditionIdentifier \(name)/Info \(name)"
        + "/RegistryName (http://www.color.org)/DestOutputProfile \(profile) 0 R>>")
  }
}
