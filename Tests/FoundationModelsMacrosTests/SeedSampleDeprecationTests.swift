import Foundation
import Testing

/// Apple's seed samples (`Tests/AppleSamplesTests/*Samples.swift`, Apple's text but for the
/// edits marked `// EDIT:`) compiled as a user's build compiles them, with the real `swiftc`, this
/// build's `FoundationModels` and macro plugin (`MacroCompiler`): they compile, and the only
/// warnings they get are the deprecations listed here — the ones Apple's 27.0 SDK gives the same
/// code on a Mac (27.0 deprecates `GenerationError`'s cases for types of its own, and
/// `GenerationOptions(sampling:)` for `samplingMode`), and the two pieces of Apple's first beta
/// that this module keeps, deprecated, so that the deep dive compiles (`Transcript.entries`,
/// `ToolOutput`). A deprecation 27.0 has and we drop shows up here as a missing warning; one we add
/// that Apple does not, as an extra one.
///
/// The deep dive's `catch LanguageModelSession.GenerationError.exceededContextWindowSize` (blocks 1,
/// 2) and `.unsupportedLanguageOrLocale` (block 5) warn through the type: Swift does not diagnose a
/// deprecated enum case named in a pattern, only in an expression, and 27.0 deprecates the
/// `GenerationError` type itself, which nothing here throws any more.
@Suite struct SeedSampleDeprecationTests {
    /// The sample files, with the stand-ins of the Apple frameworks some samples import.
    static let files = [
        "DeepDiveSamples.swift", "GuidedGenerationArticleSamples.swift", "SampleGameSamples.swift",
        "ToolCallingArticleSamples.swift", "FrameworkStandIns.swift",
    ]

    /// `file:line: message` of every deprecation warning the samples get (the diagnostic
    /// group's `[#…]` suffix left off).
    static let expected: [String] =
        [
            // Block 3: the first beta's `Transcript.entries`.
            "DeepDiveSamples.swift:64: 'entries' is deprecated: Removed from Apple's Foundation Models before 26.0: a Transcript is a RandomAccessCollection of its entries; use it directly",
            // Block 4: `GenerationOptions(sampling: .greedy)`.
            "DeepDiveSamples.swift:91: 'init(sampling:temperature:maximumResponseTokens:)' is deprecated: replaced by 'init(samplingMode:temperature:maximumResponseTokens:)'",
        ]
        + [43, 43, 57, 57, 122, 122].map { line in
            // Blocks 1, 2 and 5: 26.x's `GenerationError`, which 27.0 deprecates with its cases
            // (Swift warns twice on a line: at the type, and at the case the type qualifies).
            "DeepDiveSamples.swift:\(line): 'GenerationError' is deprecated: 27.0 throws LanguageModelError, LanguageModelSession.Error, SystemLanguageModel.Error and GeneratedContent.ParsingError instead."
        }
        + [334, 349, 351, 390, 393, 395, 420, 421].map { line in
            // Blocks 13, 15, 16: the first beta's `ToolOutput`.
            "DeepDiveSamples.swift:\(line): 'ToolOutput' is deprecated: Removed from Apple's Foundation Models before 26.0: return a String or GeneratedContent from call(arguments:)"
        }

    @Test("the seeds' samples compile with exactly Apple's 27.0 deprecation warnings")
    func deprecationWarnings() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AppleSamplesTests")
        let (diagnostics, output) = try MacroCompiler.typecheck(files: Self.files.map { directory.appendingPathComponent($0) })
        #expect(diagnostics.filter { $0.severity == "error" }.isEmpty, "\(output)")
        // Apple's samples also draw warnings of their own (a `var` never mutated, a value never
        // used); the deprecations are the ones this module decides.
        let warnings = diagnostics.filter { $0.severity == "warning" && $0.message.contains(" is deprecated") }.map { warning in
            "\(warning.file):\(warning.line): \(warning.message.replacing(#/ \[#\w+\]$/#, with: ""))"
        }
        #expect(warnings.sorted() == Self.expected.sorted(), "\(output)")
    }
}
