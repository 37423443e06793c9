import Foundation
import TestSupport
import Testing

/// `fm schema object`: Apple's schema builder. (Equality with the `@Generable` encoding is in
/// ServerTests/FMSchemaObjectEquivalenceTests, where the macros are at hand.)
@Suite struct FMSchemaObjectTests {
    static func json(_ text: String) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? NSDictionary
    }

    @Test func theMovieSchemaIsApplesPublishedOne() throws {
        let out = try FMBinary.run(["schema", "object", "--name", "Movie", "--string", "title", "--integer", "year", "--boolean", "rewatchable"])
        #expect(out.status == 0, "\(out.stderr)")
        // The schema Apple's fm wrote for this command on macOS 27 (as JSON, key order aside).
        let published = #"""
            {"type": "object", "title": "Movie", "x-order": ["title", "year", "rewatchable"],
             "properties": {"rewatchable": {"type": "boolean"}, "title": {"type": "string"}, "year": {"type": "integer"}},
             "required": ["title", "year", "rewatchable"], "additionalProperties": false}
            """#
        #expect(Self.json(out.stdout) == Self.json(published), "\(out.stdout)")
    }

    @Test func anyOfAndDescriptions() throws {
        let cat = try FMBinary.run(["schema", "object", "--name", "Cat", "--string", "name"]).stdout
        let dog = try FMBinary.run(["schema", "object", "--name", "Dog", "--string", "name", "--boolean", "good"]).stdout
        let out = try FMBinary.run([
            "schema", "object", "--description", "A pet owner", "--name", "Owner", "--anyOf", "pet", "--schema", cat, "--schema", dog,
            "--description", "The pet",
        ])
        #expect(out.status == 0, "\(out.stderr)")
        let schema = Self.json(out.stdout)
        #expect(schema?["description"] as? String == "A pet owner")
        let pet = (schema?["properties"] as? NSDictionary)?["pet"] as? NSDictionary
        #expect(pet?["$ref"] as? String == "#/$defs/Pet")
        #expect(pet?["description"] as? String == "The pet")
        let definitions = schema?["$defs"] as? NSDictionary
        #expect((definitions?["Pet"] as? NSDictionary)?["anyOf"] as? NSArray == [["$ref": "#/$defs/Cat"], ["$ref": "#/$defs/Dog"]] as NSArray)
        #expect(definitions?["Cat"] != nil && definitions?["Dog"] != nil)
    }

    @Test(arguments: [
        (["--string", "title"], "--name"),
        (["--name", "X", "--array"], "--array must follow a property"),
        (["--name", "X", "--string", "a", "--string", "a"], "given twice"),
        (["--name", "X", "--object", "a"], "needs --schema"),
        (["--name", "X", "--object", "a", "--schema", "not json"], "not a JSON object"),
        (["--name", "X", "--anyOf", "a", "--schema", #"{"type":"string"}"#], "at least two"),
        (["--name", "X", "--strnig", "a"], "--strnig"),
        (["--name", "X", "--string", "a.", "--integer", "b"], "not a property name"),
        (["--name", "X", "--string", "a", "--integer", "a.b"], "not an object"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) throws {
        let out = try FMBinary.run(["schema", "object"] + arguments)
        #expect(out.status != 0 && !out.crashed)
        #expect(out.stderr.contains(message), "\(out.stderr)")
    }
}
