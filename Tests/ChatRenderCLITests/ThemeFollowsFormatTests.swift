import Foundation
import Testing

/// Without `--theme`, each export is drawn in its app's look (issue 37, point 1).
@Suite struct ThemeFollowsFormatTests {
  static let whatsApp = """
    12/03/2024, 09:15 - Ana Costa: Bom dia! Are we still on for lunch?
    12/03/2024, 09:16 - Sam: Yes, 12:30 at the usual place
    """
  static let chat = """
    title: Lunch
    me: Sam

    [09:15] Ana: Are we still on for lunch?
    [09:16] Sam: Yes
    """

  static let kakaoTalk = """
    민지 님과 카카오톡 대화
    저장한 날짜 : 2025. 3. 2. 오후 9:00



    2025년 3월 1일 토요일
    2025. 3. 1. 오후 2:10, 민지 : 내일 등산 갈래?
    2025. 3. 1. 오후 2:11, 준호 : 좋아!
    """
  static let line = """
    [LINE] 陽菜とのトーク履歴
    保存日時：2025/03/02 21:00

    2025/03/01(土)
    午後2:10	陽菜	明日どうする？
    午後2:11	蓮	映画に行こう
    """

  /// The canvas colour of an SVG page: cairo's first rectangle, as "#rrggbb".
  static func background(of svg: String) -> String? {
    guard let fill = svg.firstMatch(of: /<rect [^>]*style="fill:rgb\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\)/) else {
      return nil
    }
    let channels = [fill.1, fill.2, fill.3].map { Int((Double($0)! * 2.55).rounded()) }
    return "#" + channels.map { String(format: "%02x", $0) }.joined()
  }

  func renderedBackground(_ input: String, text: String, _ flags: [String] = [], environment: [String: String] = [:])
    throws -> String?
  {
    let sandbox = try Sandbox(writing: text, to: input)
    let result = try sandbox.chatrender(["render", input, "-o", "out.svg"] + flags, environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    return Self.background(of: String(decoding: try sandbox.bytes("out.svg"), as: UTF8.self))
  }

  @Test func whatsAppIsDrawnAsWhatsAppByDefault() throws {
    #expect(try renderedBackground("chat.txt", text: Self.whatsApp) == "#efeae2")
  }

  @Test func kakaoTalkIsDrawnAsKakaoTalkByDefault() throws {
    #expect(try renderedBackground("KakaoTalk.txt", text: Self.kakaoTalk) == "#bacee0")
    #expect(try renderedBackground("KakaoTalk.txt", text: Self.kakaoTalk, ["--dark"]) == "#1e1e1e")
  }

  @Test func lineIsDrawnAsLineByDefault() throws {
    #expect(try renderedBackground("line.txt", text: Self.line) == "#8eacda")
  }

  @Test func discordExportsAreDrawnAsDiscord() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("dce-workshop.html", to: "dce.html")
    let result = try sandbox.chatrender(["render", "dce.html", "-o", "out.svg", "--dark"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.background(of: String(decoding: try sandbox.bytes("out.svg"), as: UTF8.self)) == "#313338")
  }

  @Test func assistantExportsAreDrawnAsTheirApps() throws {
    let sandbox = try Sandbox()
    try sandbox.copySample("claude-porto-plan.json", to: "claude.json")
    try sandbox.copySample("chatgpt-dinner-bill.json", to: "chatgpt.json")
    let result = try sandbox.chatrender(["render", "claude.json", "chatgpt.json", "-o", "out", "-f", "svg", "--dark"])
    #expect(result.status == 0, "\(result.standardError)")
    let svg = { (name: String) in String(decoding: try sandbox.bytes("out/" + name), as: UTF8.self) }
    #expect(Self.background(of: try svg("claude.svg")) == "#262624")
    #expect(Self.background(of: try svg("chatgpt.svg")) == "#212121")
  }

  @Test func themeDefaultGivesTheNeutralLook() throws {
    #expect(try renderedBackground("chat.txt", text: Self.whatsApp, ["--theme", "default"]) == "#ffffff")
  }

  @Test func chatFilesKeepTheDefaultLook() throws {
    #expect(try renderedBackground("lunch.chat", text: Self.chat) == "#ffffff")
  }

  @Test func darkGivesTheFamilysDarkVariant() throws {
    #expect(try renderedBackground("chat.txt", text: Self.whatsApp, ["--dark"]) == "#0b141a")
    #expect(try renderedBackground("chat.txt", text: Self.whatsApp, ["--theme", "whatsapp", "--dark"]) == "#0b141a")
  }

  @Test func darkWithoutADarkVariantKeepsTheLightLookQuietly() throws {
    let sandbox = try Sandbox(writing: Self.chat, to: "lunch.chat")
    let result = try sandbox.chatrender(["render", "lunch.chat", "-o", "out.svg", "--dark"])
    #expect(result.status == 0)
    #expect(!result.standardError.contains("warning"))
    #expect(Self.background(of: String(decoding: try sandbox.bytes("out.svg"), as: UTF8.self)) == "#ffffff")
  }

  @Test func configurationPrefersDark() throws {
    let sandbox = try Sandbox(writing: Self.whatsApp, to: "chat.txt")
    try sandbox.write(#"{"prefers": "dark"}"#, to: "config.json")
    let result = try sandbox.chatrender(
      ["render", "chat.txt", "-o", "out.svg"], environment: ["CHATRENDER_CONFIG": sandbox.path + "/config.json"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.background(of: String(decoding: try sandbox.bytes("out.svg"), as: UTF8.self)) == "#0b141a")
  }

  @Test func configurationThemeStillWinsOverTheFormat() throws {
    let sandbox = try Sandbox(writing: Self.whatsApp, to: "chat.txt")
    try sandbox.write(#"{"theme": "default"}"#, to: "config.json")
    let result = try sandbox.chatrender(
      ["render", "chat.txt", "-o", "out.svg"], environment: ["CHATRENDER_CONFIG": sandbox.path + "/config.json"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.background(of: String(decoding: try sandbox.bytes("out.svg"), as: UTF8.self)) == "#ffffff")
  }

  @Test func aBatchOfMixedExportsDrawsEachInItsLook() throws {
    let sandbox = try Sandbox(writing: Self.whatsApp, to: "in/chat.txt")
    try sandbox.write(Self.chat, to: "in/lunch.chat")
    let result = try sandbox.chatrender(["render", "in/chat.txt", "in/lunch.chat", "-o", "out", "-f", "svg"])
    #expect(result.status == 0, "\(result.standardError)")
    let svg = { (name: String) in String(decoding: try sandbox.bytes("out/" + name), as: UTF8.self) }
    #expect(Self.background(of: try svg("chat.svg")) == "#efeae2")
    #expect(Self.background(of: try svg("lunch.svg")) == "#ffffff")
  }
}
