import Synchronization

/// A `SchemaGraph` compiled for constrained decoding: a lexer of byte automata (punctuation,
/// keys, strings with their patterns and lengths, numbers within exact bounds, constants) and a
/// pushdown parser over the schema graph that is only consulted where a lexeme ends.
///
/// Compile once per schema (compiled grammars are cached), then drive one `GrammarMatcher` per
/// generation, or validate bytes directly.
///
/// ```swift
/// var graph = SchemaGraph()
/// let age = graph.add(.integer(IntegerBounds(minimum: 0, maximum: 120)))
/// graph.root = graph.add(.object(ObjectNode(properties: [.init(name: "age", node: age, isRequired: true)])))
/// let grammar = try Grammar.compile(graph)                    // Apple's `", "` / `": "` layout
/// grammar.accepts(#"{"age": 42}"#)                            // true
/// grammar.accepts(#"{"age": 420}"#)                           // false
/// try Grammar.compile(graph, options: .flexible()).accepts("{ \"age\" :42 }")   // true
/// ```
public final class Grammar: Sendable {
    /// The options it was compiled with.
    public let options: GrammarOptions
    /// The schema it was compiled from.
    public let schema: SchemaGraph
    /// The lexemes its nodes refer to by index.
    let lexemes: [Lexeme]
    /// The compiled nodes (the schema's nodes first, with the same ids, then helper nodes).
    let nodes: [CompiledNode]
    /// Whether each compiled node accepts at least one value.
    let satisfiable: [Bool]
    /// The lexeme indices of the punctuation.
    let punctuation: Punctuation
    /// The threads before any byte.
    let initialThreads: [ParserThread]
    /// This grammar's number in the process, never reused: what memo tables outside it (the
    /// vocabulary index's exit walks) key its parser states by.
    let serial: UInt64

    private static let serials = Atomic<UInt64>(0)

    /// Lexeme indices of JSON's structural tokens (separators include their space in Apple's
    /// layout) and of whitespace (`-1` when none is allowed).
    struct Punctuation: Sendable {
        var openObject: Int32, closeObject: Int32, openArray: Int32, closeArray: Int32
        var comma: Int32, colon: Int32, whitespace: Int32
    }

    init(
        schema: SchemaGraph, options: GrammarOptions, lexemes: [Lexeme], nodes: [CompiledNode],
        satisfiable: [Bool], punctuation: Punctuation, root: Int32
    ) {
        self.schema = schema
        self.options = options
        self.lexemes = lexemes
        self.nodes = nodes
        self.satisfiable = satisfiable
        self.punctuation = punctuation
        var threads: [ParserThread] = []
        Self.expandValue(root, rest: [], nodes: nodes, satisfiable: satisfiable, punctuation: punctuation, into: &threads)
        if punctuation.whitespace >= 0 { threads.append(ParserThread(stack: [.value(root)], lexeme: punctuation.whitespace)) }
        initialThreads = threads
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }

    private static let cache = Mutex<[CacheKey: Grammar]>([:])
    private struct CacheKey: Hashable { var schema: SchemaGraph, options: GrammarOptions }
    /// The most grammars kept by `compile`'s cache (the oldest half is dropped past it).
    public static let cacheLimit = 256

    /// Compiles `schema`, or returns the grammar compiled earlier for the same schema and options.
    public static func compile(_ schema: SchemaGraph, options: GrammarOptions = .appleCompact) throws(GrammarError) -> Grammar {
        let key = CacheKey(schema: schema, options: options)
        if let known = cache.withLock({ $0[key] }) { return known }
        var compiler = GrammarCompiler(schema: schema, options: options)
        let grammar = try compiler.compile()
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[key] = grammar
        }
        return grammar
    }

    /// Compiles `schema` without consulting or filling the cache.
    public init(compiling schema: SchemaGraph, options: GrammarOptions = .appleCompact) throws(GrammarError) {
        var compiler = GrammarCompiler(schema: schema, options: options)
        let grammar = try compiler.compile()
        self.schema = grammar.schema
        self.options = grammar.options
        self.lexemes = grammar.lexemes
        self.nodes = grammar.nodes
        self.satisfiable = grammar.satisfiable
        self.punctuation = grammar.punctuation
        self.initialThreads = grammar.initialThreads
        self.serial = grammar.serial
    }
}

/// A schema node after compilation.
enum CompiledNode: Sendable {
    /// A value that is one lexeme (null, boolean, number, string, constants).
    case lexeme(Int32)
    /// Any of these nodes (flattened: none is itself `alternatives`).
    case alternatives([Int32])
    /// An array.
    case array(CompiledArray)
    /// An object.
    case object(CompiledObject)
    /// No value.
    case never
}

/// An array node with its counts resolved.
struct CompiledArray: Sendable {
    var prefix: [Int32]
    var items: Int32?
    /// `ArrayNode.distinctItems` (then `items` is `nil`): after the prefix, each element is one
    /// of these not used yet (`ParserFrame.array`'s `used`).
    var distinct: [Int32] = []
    var minItems: Int
    /// The most elements that can actually be written (`nil`: unbounded).
    var maxItems: Int?
    /// Past this count every further element behaves the same (frames saturate here).
    var countCap: Int

    /// The node of element `index` (`nil` past the prefix of a distinct-items array).
    func item(_ index: Int) -> Int32? { index < prefix.count ? prefix[index] : items }
}

/// An object node with a lexeme per key.
struct CompiledObject: Sendable {
    var keys: [Int32]
    var values: [Int32]
    var required: [Bool]
    /// Lexemes of the other keys (disjoint classes: a key class each, then the additional
    /// keys), and the node of each one's values.
    var otherKeys: [Int32]
    var otherValues: [Int32]
    var anyOrder: Bool
    /// The fewest and most members (`ObjectNode.minProperties`/`maxProperties`).
    var minMembers = 0
    var maxMembers: Int? = nil

    /// Whether the parser counts members (in `ParserFrame.object`'s `count`).
    var counts: Bool { minMembers > 0 || maxMembers != nil }
}
