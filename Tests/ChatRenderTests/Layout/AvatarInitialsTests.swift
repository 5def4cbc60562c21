import Testing

@_spi(Pages) @testable import ChatRender

@Suite("avatar initials")
struct AvatarInitialsTests {
  @Test(
    "initials are the first letters of two words; a number shows its last two digits",
    arguments: [
      ("Ana Lima", "AL"), ("bo", "B"), ("Ana Maria Lima", "AM"), ("+1 415 555 0142", "42"), ("+49 151 2345678", "78"),
      ("…", "…"),
    ])
  func initials(_ name: String, _ expected: String) {
    #expect(BlockBuilder.initials(of: name) == expected)
  }

  @Test(
    "a Thai or Lao word's initial is its first consonant with its marks, never a leading vowel",
    arguments: [("สมใจ ใจดี", "สจ"), ("เก่ง ไม่ยอม", "ก่ม่"), ("ເພັດ ແກ້ວ", "ພັກ້"), ("ปิ่น", "ปิ่")])
  func thai(_ name: String, _ expected: String) {
    #expect(BlockBuilder.initials(of: name) == expected)
  }
}
