import StructuredDecoding

/// JSON Schema importer: arbitrary text as a schema document, under each dialect and mode. A
/// document either throws a `JSONSchemaImportError` or imports to a graph that can validate
/// the document itself (any JSON value) and compiles to a grammar (or throws `GrammarError`)
/// that checks the document's bytes, all without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONSchema(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bits = input.byte()
    let text = input.remainingText()
    let dialects = JSONSchemaDialect.allCases
    let importer = JSONSchemaImporter(
        mode: bits & 1 == 0 ? .generation : .validation, maxNodes: 5_000,
        dialect: dialects[Int(bits >> 4) % dialects.count],
        isStrict: bits & 2 != 0, coercesOneOf: bits & 4 != 0)
    var warnings: [JSONSchemaImportWarning] = []
    guard let graph = try? importer.importSchema(text, warnings: &warnings) else { return 0 }
    if let document = try? JSONValue(parsing: text) { _ = graph.accepts(document) }
    if bits & 8 != 0, let grammar = try? Grammar(compiling: graph) { _ = grammar.accepts(text) }
    return 0
}
