import Foundation
import FoundationModels
import TestSupport
import Testing

// The Swift types `fm schema object` describes on the command line.

@Generable struct Movie {
    var title: String
    var year: Int
    var rewatchable: Bool
}

@Generable struct Address {
    var street: String
    var zip: String
}

@Generable struct Restaurant {
    @Guide(description: "The restaurant's name")
    var title: String
    var address: Address
    var tags: [String]
    var rating: Double?
}

/// `fm schema object` writes exactly what `JSONEncoder` writes for the equivalent `@Generable`
/// type's `generationSchema` (Apple's dialect: `x-order`, `$defs` for nested types).
@Suite struct FMSchemaObjectEquivalenceTests {
    /// The encoding `fm schema object` uses.
    static func encode(_ schema: GenerationSchema) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(schema), as: UTF8.self) + "\n"
    }

    @Test func movieMatchesTheGenerableType() throws {
        let out = try FMBinary.run(["schema", "object", "--name", "Movie", "--string", "title", "--integer", "year", "--boolean", "rewatchable"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == (try Self.encode(Movie.generationSchema)))
    }

    @Test func nestedObjectsArraysOptionalsAndDescriptionsMatch() throws {
        let expected = try Self.encode(Restaurant.generationSchema)
        // A nested object composed from another `fm schema object`, as Apple's help shows.
        let address = try FMBinary.run(["schema", "object", "--name", "Address", "--string", "street", "--string", "zip"])
        #expect(address.stdout == (try Self.encode(Address.generationSchema)))
        let composed = try FMBinary.run([
            "schema", "object", "--name", "Restaurant", "--string", "title", "--description", "The restaurant's name",
            "--object", "address", "--schema", address.stdout, "--string", "tags", "--array", "--double", "rating", "--optional",
        ])
        #expect(composed.status == 0, "\(composed.stderr)")
        #expect(composed.stdout == expected)
        // The same object made with dotted names.
        let dotted = try FMBinary.run([
            "schema", "object", "--name", "Restaurant", "--string", "title", "--description", "The restaurant's name",
            "--string", "address.street", "--string", "address.zip", "--string", "tags", "--array", "--double", "rating", "--optional",
        ])
        #expect(dotted.status == 0, "\(dotted.stderr)")
        #expect(dotted.stdout == expected)
    }

    @Test func theOutputIsAcceptedAsAGenerationSchema() throws {
        let out = try FMBinary.run(["schema", "object", "--name", "Movie", "--string", "title", "--integer", "year", "--boolean", "rewatchable"])
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: Data(out.stdout.utf8))
        #expect(try Self.encode(decoded) == out.stdout)
    }
}
