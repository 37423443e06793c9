import ArgumentParser
import Foundation
import StructuredDecoding

/// `fm schema check SCHEMA.json INSTANCE.json`: the grammar as a validator, token by token. The
/// instance file's bytes are tokenized as the model's tokenizer does and fed through the masks
/// (fill the mask, check the token is allowed, commit); at the end the end-of-sequence token must
/// be allowed.
///
/// ```sh
/// $ fm schema check person.json ada.json
/// accepted
/// $ fm schema check person.json bad.json
/// rejected at token 6 (byte offset 9): `{"age": 4` then `20}`
/// ```
struct SchemaCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check an instance against a schema through the model's token masks.",
        discussion: """
            Prints `accepted` (exit 0) or `rejected at token K (byte offset B): CONTEXT` (exit 1); \
            other errors exit 2. The default layout, flexible, accepts any JSON whitespace (at most \
            64 bytes in a run); --layout apple accepts exactly what generation writes.
            """)

    @OptionGroup var options: ModelOptions

    @Option(help: "The schema language: auto, json-schema or apple.")
    var dialect: SchemaDialect = .auto

    @Option(help: "The layout the grammar accepts: flexible (any JSON whitespace) or apple (generation's).")
    var layout: SchemaLayout = .flexible

    @Flag(name: .customLong("no-trie-cache"), help: "Build the vocabulary index instead of using MODEL.gguf.fmtrie.")
    var noTrieCache = false

    @Argument(help: "The schema file.")
    var schema: String

    @Argument(help: "The instance file (JSON text, used byte for byte).")
    var instance: String

    func run() throws {
        try SchemaExit.run {
            let document = try SchemaDocument.load(schema, dialect: dialect)
            let grammar = try Grammar.compile(document.graph, options: layout.options)
            let bytes = try SchemaDocument.readBytes(instance, what: "instance")
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw SchemaVerdict("rejected at byte offset \(SchemaDocument.validUTF8Prefix(bytes)): the instance is not UTF-8")
            }
            let vocabulary = try SchemaVocabulary.load(options, useCache: !noTrieCache)
            let tokens = try vocabulary.tokenize(text, name: instance)
            try Self.check(tokens, bytes: bytes, grammar: grammar, vocabulary: vocabulary)
            print("accepted")
            Terminal.status("\(tokens.count) tokens")
        }
    }

    /// Feeds `tokens` through the masks; throws a `SchemaVerdict` at the first token the mask
    /// refuses, or at the end when end of sequence is not allowed.
    static func check(_ tokens: [Int], bytes: [UInt8], grammar: Grammar, vocabulary: SchemaVocabulary) throws {
        let index = vocabulary.index
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        var mask = TokenMask(count: index.tokenCount)
        var offset = 0
        for (position, token) in tokens.enumerated() {
            matcher.fillMask(&mask)
            let length = index.tokenBytes(token).count
            if mask.contains(token) {
                try matcher.commit(token)
                offset += length
                continue
            }
            var inside = 0
            do {
                try matcher.commit(token)
                throw CLIError("internal error: the mask refuses token \(position) (id \(token)) but the grammar accepts it")
            } catch let error as GrammarMatcherError {
                if case .tokenRejected(_, let at) = error { inside = at }
            }
            let rejected = offset + inside
            var detail = "token \(position) is \(TokenizeCommand.visible(String(decoding: index.tokenBytes(token), as: UTF8.self))) (id \(token))"
            if inside <= length, (try? matcher.feed(index.tokenBytes(token).prefix(inside))) != nil {
                detail += "; allowed at byte offset \(rejected): \(describe(matcher.allowedBytes))"
            }
            throw SchemaVerdict("rejected at token \(position) (byte offset \(rejected)): \(context(bytes, at: rejected))\n  \(detail)")
        }
        matcher.fillMask(&mask)
        let ends = index.endOfSequenceTokens
        let complete = ends.isEmpty ? matcher.isComplete : ends.contains(where: mask.contains)
        guard complete else {
            let allowed = describe(matcher.allowedBytes)
            throw SchemaVerdict(
                "rejected at token \(tokens.count) (byte offset \(bytes.count)): the instance ends before its value is complete\n  "
                    + "allowed next: \(allowed)")
        }
    }

    /// Up to 32 bytes before `offset` and 16 from it: `` `{"age": 4` then `20}` ``.
    static func context(_ bytes: [UInt8], at offset: Int) -> String {
        let before = bytes[max(0, offset - 32)..<min(offset, bytes.count)]
        let after = bytes[min(offset, bytes.count)..<min(bytes.count, offset + 16)]
        func show(_ slice: ArraySlice<UInt8>) -> String {
            String(TokenizeCommand.visible(String(decoding: slice, as: UTF8.self)).dropFirst().dropLast())
        }
        let lead = offset > 32 ? "…" : ""
        let tail = offset + 16 < bytes.count ? "…" : ""
        return after.isEmpty ? "`\(lead)\(show(before))` then the end" : "`\(lead)\(show(before))` then `\(show(after))\(tail)`"
    }

    /// The allowed bytes in a few words: `"," "}" digits`.
    static func describe(_ allowed: [UInt8]) -> String {
        if allowed.isEmpty { return "nothing (only the end)" }
        if allowed.count > 40 { return "\(allowed.count) different bytes" }
        return allowed.map { byte in
            byte >= 0x20 && byte < 0x7F ? "`\(Character(Unicode.Scalar(byte)))`" : String(format: "0x%02X", byte)
        }.joined(separator: " ")
    }
}
