import LLMEngine
import Testing

@testable import LocalInference

/// Which idle context a prompt gets: the one it continues, never one whose prefix it would cut
/// for a few shared template tokens while there is room for a new one.
@Suite struct ContextPoolTests {
    @Test func aShortMatchDoesNotCutAnotherConversationsPrefix() throws {
        let model = try LocalTestModels.qwen()
        let pool = ContextPool(model: model.transformer, capacity: 256, retained: 2)
        let conversation = Array(100..<140), other = Array(100..<103) + Array(500..<520)
        let first = pool.acquire(for: conversation)
        _ = try first.prefill(conversation)
        pool.release(first)
        // Three shared tokens of forty held: a new context, the conversation's kept.
        let second = pool.acquire(for: other)
        #expect(second !== first)
        #expect(first.count == 40)
        pool.release(second)
        // The conversation's next turn keeps all forty: it gets its own context back.
        let next = pool.acquire(for: conversation + [7, 8, 9])
        #expect(next === first)
        pool.release(next)
    }

    @Test func withoutRoomTheLongestMatchIsRecycled() throws {
        let model = try LocalTestModels.qwen()
        let pool = ContextPool(model: model.transformer, capacity: 256, retained: 1)
        let held = Array(100..<140)
        let first = pool.acquire(for: held)
        _ = try first.prefill(held)
        pool.release(first)
        #expect(pool.acquire(for: Array(100..<103) + [9]) === first)
    }
}
