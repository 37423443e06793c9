/// Words and phrases the characters must not say: topics outside the dream realm, and the lines
/// of a model that breaks character. Matching is by whole words, case-insensitive, so "war"
/// blocks "a war" but not "warm milk", and a phrase matches its words in sequence whatever the
/// spacing or punctuation between them.
package struct BlockList: Sendable, Equatable {
    /// The blocked entries, each as its lower-cased words.
    package private(set) var entries: [[String]]

    /// The game's default list.
    package static let standard = BlockList([
        "politics", "politician", "election", "president", "stock market", "religion", "war",
        "weapon", "gun", "kill", "murder", "drugs", "alcohol", "beer", "wine",
        "as an AI", "AI language model", "language model", "I am an AI", "I'm an AI", "ChatGPT",
        "OpenAI", "Qwen", "Alibaba Cloud", "Gemma", "Google DeepMind",
    ])

    /// A list of words and phrases (empty entries are dropped).
    package init(_ phrases: [String]) {
        entries = phrases.map(BlockList.words(of:)).filter { !$0.isEmpty }
    }

    /// Whether `text` says none of the entries (the sample's `textIsOK`).
    package func textIsOK(_ text: String) -> Bool {
        firstMatch(in: text) == nil
    }

    /// The first entry `text` says, as written in the list (words joined by spaces).
    package func firstMatch(in text: String) -> String? {
        let words = BlockList.words(of: text)
        for entry in entries where words.count >= entry.count {
            for start in 0...(words.count - entry.count) where words[start..<start + entry.count].elementsEqual(entry) {
                return entry.joined(separator: " ")
            }
        }
        return nil
    }

    /// The lower-cased words of a text: runs of letters and digits (an apostrophe inside a word
    /// stays in it, so "I'm" is one word).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || (character == "'" || character == "’") && !current.isEmpty {
                current.append(character == "’" ? "'" : character)
            } else if !current.isEmpty {
                words.append(current.hasSuffix("'") ? String(current.dropLast()) : current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current.hasSuffix("'") ? String(current.dropLast()) : current) }
        return words
    }
}
