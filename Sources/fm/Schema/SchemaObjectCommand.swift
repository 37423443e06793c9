import ArgumentParser
import Foundation
import FoundationModels

/// `fm schema object --name Movie --string title --integer year --boolean rewatchable`: builds a
/// generation schema on the command line, as Apple's `fm schema object` (macOS 27) does, and
/// prints it in Apple's `GenerationSchema` JSON dialect (`x-order`, `additionalProperties:
/// false`, nested types in `$defs`) — byte for byte what `JSONEncoder` writes for the
/// equivalent `@Generable` type — ready for `fm respond --schema`.
struct SchemaObjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "object",
        abstract: "Build a generation schema for an object (for fm respond --schema).",
        discussion: """
            Properties in order: --string NAME, --integer NAME, --double NAME, --boolean NAME, \
            --object NAME --schema JSON (a nested object, e.g. $(fm schema object ...)), \
            --anyOf NAME --schema JSON --schema JSON ... (one of several schemas). The modifiers \
            --array, --optional and --description TEXT apply to the preceding property (before \
            any property, --description describes the object). A dotted name (address.street) \
            makes nested objects.
              fm schema object --name Movie --string title --integer year --boolean rewatchable
              fm schema object --name Restaurant --string title \\
                --object address --schema "$(fm schema object --name Address --string zip)"
            """)

    @Argument(parsing: .captureForPassthrough, help: "--name NAME, then properties and modifiers in order.")
    var arguments: [String] = []

    func run() throws {
        var builder = try SchemaObjectBuilder.parse(arguments)
        let schema = try builder.generationSchema()
        print(try Self.json(schema))
    }

    /// The schema as `fm schema object` prints it.
    static func json(_ schema: GenerationSchema) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(schema), as: UTF8.self)
    }
}
