import StructuredDecoding

/// Regex parser and compiler: arbitrary text as a pattern. A pattern either throws a
/// `RegexError` or compiles to a byte automaton, which then walks its own source's bytes
/// without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bits = input.byte()
    let source = input.remainingText()
    var options: RegexOptions = []
    if bits & 1 != 0 { options.insert(.dotAll) }
    if bits & 2 != 0 { options.insert(.unicodeCharacterClasses) }
    guard let pattern = try? RegexPattern(source, options: options) else { return 0 }
    var automaton = AutomatonOptions()
    if bits & 4 != 0 { automaton.mode = .search }
    if bits & 8 != 0 { automaton.encoding = .jsonString() }
    if bits & 16 != 0 { automaton.maxLength = Int(bits >> 5) }
    guard let dfa = try? pattern.compile(automaton) else { return 0 }
    _ = dfa.matches(bytes: source.utf8)
    _ = dfa.matches(bytes: [UInt8]())
    return 0
}
