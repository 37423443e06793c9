import Testing

@testable import StructuredDecoding

/// The bounded memo behind the mask caches: what it keeps, what it forgets, what it never forgets.
@Suite struct GenerationalMemoTests {
    @Test func recentlyUsedEntriesSurviveATurnover() {
        var memo = GenerationalMemo<Int, String>(limit: 2)
        memo.insert("a", for: 1)
        memo.insert("b", for: 2)
        memo.insert("c", for: 3) // turnover: 1, 2 become the previous generation
        #expect(memo.count == 3)
        #expect(memo.value(for: 1) == "a") // renewed into the current generation (now full)
        memo.insert("d", for: 4) // turnover: 2 is dropped; 1 and 3 are the previous generation
        #expect(memo.value(for: 2) == nil)
        #expect(memo.value(for: 1) == "a")
        #expect(memo.value(for: 4) == "d")
    }

    @Test func sizeStaysBounded() {
        var memo = GenerationalMemo<Int, Int>(limit: 100)
        for key in 0..<10_000 { memo.insert(key, for: key) }
        #expect(memo.count <= 200)
        #expect(memo.value(for: 9_999) == 9_999)
        #expect(memo.value(for: 0) == nil)
    }

    @Test func pinnedEntriesAreNeverForgotten() {
        var memo = GenerationalMemo<Int, Int>(limit: 4)
        memo.insert(-1, for: -1)
        memo.pinAll()
        for key in 0..<1000 { memo.insert(key, for: key) }
        #expect(memo.value(for: -1) == -1)
        #expect(memo.count <= 4 * 2 + 1)
    }

    /// A dropped generation is freed a few entries per insert, not all inside the insert that
    /// turned the generations over, and all of it before the next turnover.
    @Test func aDroppedGenerationIsFreedAFewEntriesAtATime() {
        final class Counter { var freed = 0 }
        final class Tracked {
            let counter: Counter
            init(_ counter: Counter) { self.counter = counter }
            deinit { counter.freed += 1 }
        }
        let counter = Counter()
        var memo = GenerationalMemo<Int, Tracked>(limit: 100)
        for key in 0..<200 { memo.insert(Tracked(counter), for: key) } // 0..<100 are previous
        #expect(counter.freed == 0)
        memo.insert(Tracked(counter), for: 200) // turnover: 0..<100 dropped
        #expect(counter.freed == GenerationalMemo<Int, Tracked>.freedPerInsert)
        #expect(memo.value(for: 0) == nil)
        // The rest of the 100 goes within as many inserts as it takes at that rate.
        let inserts = (100 + GenerationalMemo<Int, Tracked>.freedPerInsert - 1) / GenerationalMemo<Int, Tracked>.freedPerInsert
        for key in 201..<200 + inserts { memo.insert(Tracked(counter), for: key) }
        #expect(counter.freed == 100)
        #expect(memo.count == 100 + inserts)
    }
}
