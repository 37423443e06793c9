import Benchmarks
import StructuredDecoding
import Testing

/// Masks over the real Qwen2.5 and Gemma 3 vocabularies: equal to the definition (a token is
/// allowed exactly when committing it succeeds) and fast enough to print.
@Suite struct MaskRealVocabularyTests {
    /// The mask by definition: try every token.
    func bruteForce(_ matcher: GrammarMatcher) -> TokenMask {
        var mask = TokenMask(count: matcher.index.tokenCount)
        for id in 0..<matcher.index.tokenCount where matcher.allows(id) { mask.insert(id) }
        return mask
    }

    @Test(arguments: ["qwen", "gemma"])
    func masksEqualTheDefinitionAlongAnInstance(_ name: String) throws {
        let index = try RealVocabularies.index(name)
        for (graph, instance) in [
            (AppleStyleSchemas.character, AppleStyleSchemas.characterInstances[0]),
            (AppleStyleSchemas.boundedStrings, AppleStyleSchemas.boundedStringInstances[0]),
            (AppleStyleSchemas.wideRegex, AppleStyleSchemas.wideRegexInstances[0]),
        ] {
            let grammar = try Grammar.compile(graph)
            var matcher = GrammarMatcher(grammar: grammar, index: index)
            let tokens = GrammarBenchmark.tokenize(Array(instance.utf8), index: index)
            var mask = TokenMask(count: index.tokenCount)
            for (step, token) in tokens.enumerated() {
                matcher.fillMask(&mask)
                if step % 8 == 0 || step < 3 {
                    #expect(mask == bruteForce(matcher), "\(name): mask differs from the definition at token \(step)")
                }
                #expect(mask.contains(token), "\(name): token \(step) of the instance not allowed")
                try matcher.commit(token)
            }
            #expect(matcher.isComplete)
            matcher.fillMask(&mask)
            #expect(mask.allowed == index.endOfSequenceTokens.sorted())
        }
    }

    /// The flexible layout, where a lexeme may be followed by whitespace and most masks need a
    /// walk past the lexeme's end, replayed twice: the second time every walk comes from the
    /// index's memo of exit walks, and each mask must be the same as the first time's.
    @Test(arguments: ["qwen", "gemma"])
    func flexibleMasksEqualTheDefinitionTwice(_ name: String) throws {
        let index = try RealVocabularies.index(name)
        // A fresh grammar (not the compile cache's): its exit walks are not remembered yet.
        let grammar = try Grammar(compiling: AppleStyleSchemas.character, options: .flexible())
        let instance =
            "{\n  \"name\" : \"Barista Bob\",\n  \"level\": 12, \"mood\":\"grumpy\",\n  \"attacks\": [\n    {\"type\": \"sword\", \"damage\": 42},\n    {\"type\": \"spell\", \"name\": \"Espresso Shot\", \"mana\": 7}\n  ]\n}"
        let tokens = GrammarBenchmark.tokenize(Array(instance.utf8), index: index)
        var first: [TokenMask] = []
        for pass in 0..<2 {
            var matcher = GrammarMatcher(grammar: grammar, index: index)
            var mask = TokenMask(count: index.tokenCount)
            for (step, token) in tokens.enumerated() {
                let walked = matcher.fillMask(&mask)
                if pass == 0 {
                    first.append(mask)
                    if step % 6 == 0 || step < 3 {
                        let definition = bruteForce(matcher)
                        #expect(
                            mask == definition,
                            "\(name): mask differs from the definition at token \(step) (\(mask.allowed.count) vs \(definition.allowed.count) tokens)"
                        )
                    }
                } else {
                    #expect(walked == 0, "\(name): token \(step) walked the trie again")
                    let same = mask == first[step]
                    #expect(same, "\(name): the remembered walk differs at token \(step)")
                }
                #expect(mask.contains(token), "\(name): token \(step) of the instance not allowed")
                try matcher.commit(token)
            }
            #expect(matcher.isComplete)
        }
        #expect(first.count == tokens.count)
    }

    @Test(arguments: ["qwen", "gemma"])
    func benchmarkAppleStyleSchemas(_ name: String) throws {
        // Preprocessing, measured on a fresh index (the shared one is built the same way).
        let (_, preprocessing) = GrammarBenchmark.prepare(try RealVocabularies.vocabulary(name))
        print("\(name): vocabulary preprocessing \(preprocessing)")
        let index = try RealVocabularies.index(name)
        for (label, graph, instances) in [
            ("recipe", AppleStyleSchemas.recipe, AppleStyleSchemas.recipeInstances),
            ("character", AppleStyleSchemas.character, AppleStyleSchemas.characterInstances),
            ("bounded strings", AppleStyleSchemas.boundedStrings, AppleStyleSchemas.boundedStringInstances),
            ("wide regex", AppleStyleSchemas.wideRegex, AppleStyleSchemas.wideRegexInstances),
        ] {
            let report = try GrammarBenchmark.run(schema: graph, index: index, instances: instances)
            #expect(report.rejectedInstances == 0, "\(name) \(label): an instance was rejected")
            print(
                "\(name) \(label): \(report.tokens) tokens\n  mask    \(report.mask)\n  cold    \(report.coldMask)\n  commit  \(report.commit)\n  compile \(report.compile), first \(report.firstCompile) µs"
            )
        }
    }
}
