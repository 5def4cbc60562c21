import Testing

@testable import ChatRender

/// The server's render slots refuse at once past their slots and queue (503 with Retry-After),
/// and free a slot when its render ends; checked without timing: a render asks again from
/// inside its own slot.
@Suite struct RenderSlotsTests {
  @Test func aRenderPastEverySlotAndQueuePlaceIsRefusedAtOnce() {
    let slots = RenderSlots(running: 1, waiting: 0)
    let inner = slots.run { slots.run { "second" } }
    #expect(inner == .some(nil))
    #expect(slots.run { "again" } == "again")
  }

  @Test func everySlotRunsAtOnceUpToItsNumber() {
    let slots = RenderSlots(running: 2, waiting: 0)
    let nested = slots.run { slots.run { slots.run { "third" } } }
    #expect(nested == .some(.some(nil)))
  }
}
