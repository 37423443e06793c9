import ArgumentParser
import Foundation
import StructuredDecoding

/// `fm schema`: compile JSON Schemas into decoding grammars, check instances through the token
/// masks, and measure mask latency.
///
/// ```sh
/// fm schema compile recipe.json
/// fm schema check recipe.json pancakes.json          # accepted / rejected at token K (byte offset B)
/// fm schema bench Benchmarks/schemas/ --walks 8
/// ```
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Compile, check and benchmark JSON Schemas for constrained decoding.",
        discussion: """
            Schemas are JSON Schema 2020-12 or Apple's GenerationSchema dialect (detected: a \
            document with `x-order` and without `$schema` is Apple's; or --dialect). Exit status: \
            0 success, 1 a refused schema or rejected instance, 2 any other error (unreadable \
            file, invalid JSON, unusable model).
            """,
        subcommands: [SchemaObjectCommand.self, SchemaCompileCommand.self, SchemaCheckCommand.self, SchemaBenchCommand.self]
    )
}

/// A verdict on an instance that `fm schema check` prints on stdout with exit status 1 (the
/// instance is at fault; the message names the token and byte offset).
struct SchemaVerdict: Error, CustomStringConvertible {
    /// The message.
    let description: String
    init(_ message: String) { description = message }
}

/// The exit-status convention of the `fm schema` commands.
enum SchemaExit {
    /// Runs `body`; a refused schema (stderr) or a rejected instance (stdout) exits with 1, every
    /// other error with 2 and one line on stderr.
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let verdict as SchemaVerdict {
            print(verdict.description)
            throw ExitCode(1)
        } catch let error as JSONSchemaImportError {
            if case .invalidJSON = error.reason { throw fail("schema: \(error)", status: 2) }
            throw fail("schema refused: \(error)", status: 1)
        } catch let error as GrammarError {
            throw fail("schema refused: \(error)", status: 1)
        } catch {
            throw fail("error: \(error)", status: 2)
        }
    }

    private static func fail(_ message: String, status: Int32) -> ExitCode {
        Terminal.status(message)
        return ExitCode(status)
    }
}
