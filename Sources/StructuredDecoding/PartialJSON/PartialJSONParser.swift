/// An incremental JSON parser for streaming snapshots: feed it bytes as they are generated and
/// read `value`, the partially generated document, at any time.
///
/// ```swift
/// var parser = PartialJSONParser()
/// try parser.append(#"{"name": "Ca"#)
/// parser.value  // {"name":"Ca……   .object([("name", .string("Ca", complete: false))], complete: false)
/// try parser.append(#"fé", "tags": [1, 2"#)
/// parser.value  // {"name":"Café","tags":[1,2……  (`…`: still open)
/// ```
///
/// Each byte is looked at once (amortized O(new bytes) per `append`); `value` builds the
/// snapshot in O(members of the open containers), sharing completed values.
///
/// What a cut-off document shows:
/// - a string: its content so far (`complete: false`), never half a character — a partial
///   UTF-8 sequence, `\u12`, or the first half of a surrogate pair waits for the rest;
/// - a number: the longest prefix that is a number (`-` -> nothing, `1.` -> `1`, `2e` -> `2`);
/// - a literal: nothing until it is whole (`tr` -> nothing);
/// - an object member: only once its value has started (`{"a": ` -> `{}`, `{"a": "` ->
///   `{"a": ""}`);
/// - open arrays and objects: their members so far (`complete: false`).
///
/// Errors: bytes that cannot continue a JSON document throw a `PartialJSONError` naming the
/// byte offset; the parser then stays failed and rethrows it on every later call. Arrays and
/// objects deeper than `maxDepth` are an error (deep values would exhaust the stack when freed).
public struct PartialJSONParser: Sendable {
    /// What the next significant byte must be.
    enum Mode: Sendable {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, done
        case inString, inKey, inNumber, inLiteral
    }

    /// An open array or object.
    struct Frame: Sendable {
        var isObject: Bool
        var items: [PartialJSONValue] = []
        var keys: [String] = []
        /// The key whose value is being read (objects).
        var pendingKey: String?
    }

    /// The deepest nesting of arrays and objects accepted.
    public let maxDepth: Int
    /// How many bytes have been read.
    public private(set) var offset = 0

    var mode = Mode.value
    var stack: [Frame] = []
    var root: PartialJSONValue?
    var string = JSONStringLexer()
    var number = JSONNumberLexer()
    var literal: (text: [UInt8], matched: Int, value: PartialJSONValue) = ([], 0, .null)
    var failure: PartialJSONError?

    /// Creates a parser at the start of a document.
    public init(maxDepth: Int = 512) { self.maxDepth = max(1, maxDepth) }

    /// Whether a whole top-level value has been read. A top-level number counts only once a
    /// byte after it (whitespace) or `finish()` has ended it.
    public var isComplete: Bool { mode == .done }

    /// Reads more bytes of the document.
    public mutating func append(_ bytes: some Sequence<UInt8>) throws(PartialJSONError) {
        let result =
            bytes.withContiguousStorageIfAvailable { buffer in
                Result { () throws(PartialJSONError) in try append(buffer: buffer) }
            } ?? Result { () throws(PartialJSONError) in try append(buffer: Array(bytes)) }
        try result.get()
    }

    private mutating func append(buffer: Array<UInt8>) throws(PartialJSONError) {
        try buffer.withUnsafeBufferPointer { (buffer) throws(PartialJSONError) in try append(buffer: buffer) }
    }

    private mutating func append(buffer: UnsafeBufferPointer<UInt8>) throws(PartialJSONError) {
        if let failure { throw failure }
        for byte in buffer {
            do {
                try read(byte)
            } catch {
                let failure = PartialJSONError(error.reason, at: offset)
                self.failure = failure
                throw failure
            }
            offset += 1
        }
    }

    /// Reads more of the document from UTF-8 text.
    public mutating func append(_ text: String) throws(PartialJSONError) { try append(text.utf8) }

    /// Declares the end of the input: ends a top-level number and returns the whole value, or
    /// throws `unexpectedEnd` if the document is not finished.
    public mutating func finish() throws(PartialJSONError) -> PartialJSONValue {
        if let failure { throw failure }
        if mode == .inNumber, stack.isEmpty, number.isComplete { completeNumber() }
        guard mode == .done, let root else {
            if mode == .inNumber, !number.isComplete {
                throw PartialJSONError(.incompleteNumber(number.text), at: offset)
            }
            throw PartialJSONError(.unexpectedEnd, at: offset)
        }
        return root
    }

    // MARK: - The state machine

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func read(_ byte: UInt8) throws(JSONFault) {
        switch mode {
        case .inString, .inKey:
            guard try string.read(byte) == .closed else { return }
            if mode == .inKey {
                stack[stack.count - 1].pendingKey = string.text
                mode = .colon
            } else {
                complete(.string(string.text, complete: true))
            }
        case .inNumber:
            guard try number.read(byte) == .ended else { return }
            completeNumber()
            try read(byte)
        case .inLiteral:
            guard byte == literal.text[literal.matched] else {
                let word = String(decoding: literal.text, as: UTF8.self)
                let expected = String(UnicodeScalar(literal.text[literal.matched]))
                throw JSONFault(.unexpectedByte(byte, expected: "`\(expected)` of `\(word)`"))
            }
            literal.matched += 1
            if literal.matched == literal.text.count { complete(literal.value) }
        case _ where Self.isWhitespace(byte):
            return
        case .value, .valueOrClose:
            if mode == .valueOrClose, byte == 0x5D {
                closeContainer()
            } else {
                try startValue(byte)
            }
        case .key, .keyOrClose:
            if mode == .keyOrClose, byte == 0x7D {
                closeContainer()
            } else if byte == 0x22 {
                string.reset()
                mode = .inKey
            } else {
                throw JSONFault(.unexpectedByte(byte, expected: mode == .key ? "a key string" : "a key string or `}`"))
            }
        case .colon:
            guard byte == 0x3A else { throw JSONFault(.unexpectedByte(byte, expected: "`:`")) }
            mode = .value
        case .commaOrClose:
            let isObject = stack[stack.count - 1].isObject
            if byte == 0x2C {
                mode = isObject ? .key : .value
            } else if byte == (isObject ? 0x7D : 0x5D) {
                closeContainer()
            } else {
                throw JSONFault(.unexpectedByte(byte, expected: isObject ? "`,` or `}`" : "`,` or `]`"))
            }
        case .done:
            throw JSONFault(.unexpectedByte(byte, expected: "the end of the input"))
        }
    }

    /// Begins the value whose first byte is `byte`.
    private mutating func startValue(_ byte: UInt8) throws(JSONFault) {
        switch byte {
        case 0x22:
            string.reset()
            mode = .inString
        case 0x2D, 0x30...0x39:
            number.reset()
            _ = try number.read(byte)
            mode = .inNumber
        case 0x74: startLiteral("true", .bool(true))
        case 0x66: startLiteral("false", .bool(false))
        case 0x6E: startLiteral("null", .null)
        case 0x5B, 0x7B:
            guard stack.count < maxDepth else { throw JSONFault(.nestingTooDeep(limit: maxDepth)) }
            let isObject = byte == 0x7B
            stack.append(Frame(isObject: isObject))
            mode = isObject ? .keyOrClose : .valueOrClose
        default:
            throw JSONFault(.unexpectedByte(byte, expected: mode == .valueOrClose ? "a value or `]`" : "a value"))
        }
    }

    private mutating func startLiteral(_ word: String, _ value: PartialJSONValue) {
        literal = (Array(word.utf8), 1, value)
        mode = .inLiteral
    }

    private mutating func completeNumber() {
        complete(.number(text: number.text, value: Double(number.text) ?? .nan))
    }

    /// Files a finished value into the open container (or as the document's root).
    private mutating func complete(_ value: PartialJSONValue) {
        guard !stack.isEmpty else {
            root = value
            mode = .done
            return
        }
        let top = stack.count - 1
        if stack[top].isObject {
            stack[top].keys.append(stack[top].pendingKey ?? "")
            stack[top].pendingKey = nil
        }
        stack[top].items.append(value)
        mode = .commaOrClose
    }

    /// Closes the innermost container and files it into its parent.
    private mutating func closeContainer() {
        let frame = stack.removeLast()
        if frame.isObject {
            complete(.object(Array(zip(frame.keys, frame.items).map { (key: $0, value: $1) }), complete: true))
        } else {
            complete(.array(frame.items, complete: true))
        }
    }
}
