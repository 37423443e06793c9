import Testing

@testable import DreamCoffee

@Suite struct BlockListTests {
    @Test func wholeWordsAndPhrasesMatchCaseInsensitively() {
        let list = BlockList(["war", "stock market", "I'm an AI"])
        #expect(list.firstMatch(in: "Warm milk for the warrior?") == nil)
        #expect(list.firstMatch(in: "There was a WAR in the dream realm.") == "war")
        #expect(list.firstMatch(in: "The Stock-Market is up!") == "stock market")
        #expect(list.firstMatch(in: "Well, I’m an AI, you know.") == "i'm an ai")
        #expect(list.firstMatch(in: "market stock") == nil)
        #expect(list.textIsOK("A latte with stardust."))
    }

    @Test func theStandardListCatchesAModelBreakingCharacter() {
        #expect(!BlockList.standard.textIsOK("As an AI language model, I cannot drink coffee."))
        #expect(BlockList.standard.textIsOK("I've worked here for three dream-years, and I love every cup!"))
    }
}
