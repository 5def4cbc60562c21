/// The translation tables compiled into the library: Package.swift embeds
/// `Sources/ChatRender/Translations/` in code (`PackageResources`), so the installed binary
/// carries them and looks for no file. A new language's table gets a line here.
extension Translation {
  static let embedded: [(language: String, bytes: [UInt8])] = [
    ("ar", PackageResources.ar_json),
    ("de", PackageResources.de_json),
    ("en", PackageResources.en_json),
    ("es", PackageResources.es_json),
    ("fa", PackageResources.fa_json),
    ("fr", PackageResources.fr_json),
    ("he", PackageResources.he_json),
    ("hi", PackageResources.hi_json),
    ("it", PackageResources.it_json),
    ("ja", PackageResources.ja_json),
    ("ko", PackageResources.ko_json),
    ("nl", PackageResources.nl_json),
    ("pl", PackageResources.pl_json),
    ("pt", PackageResources.pt_json),
    ("ru", PackageResources.ru_json),
    ("th", PackageResources.th_json),
    ("tr", PackageResources.tr_json),
    ("zh-Hans", PackageResources.zh_Hans_json),
    ("zh-Hant", PackageResources.zh_Hant_json),
  ]
}
