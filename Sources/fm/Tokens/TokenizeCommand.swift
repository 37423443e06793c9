import ArgumentParser
import Foundation
import Tokenizers

/// `fm tokenize [--special] [--json] TEXT`: shows the ids and pieces a model's tokenizer makes.
struct TokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokenize",
        abstract: "Print the token ids and pieces of a text.",
        discussion: "Reads the text from standard input when TEXT is '-' or absent.")

    @OptionGroup var options: ModelOptions

    @Flag(help: "Recognise control tokens written in the text (<|im_start|>, <start_of_turn>).")
    var special = false

    @Flag(name: .customLong("no-bos"), help: "Do not add BOS/EOS even when the model asks for them.")
    var noBOS = false

    @Flag(help: "Print JSON: {\"ids\": [...], \"pieces\": [...]}.")
    var json = false

    @Flag(help: "Print only the ids, space-separated.")
    var idsOnly = false

    @Argument(help: "The text.")
    var text: String?

    func run() throws {
        let tokenizer = try options.loadTokenizer()
        let input = try TextInput.read(text)
        let ids = tokenizer.encode(input, addSpecialTokens: !noBOS, parseSpecial: special)
        if json {
            let object: [String: Any] = ["ids": ids, "pieces": ids.map { tokenizer.piece($0) }]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        } else if idsOnly {
            print(ids.map(String.init).joined(separator: " "))
        } else {
            for id in ids {
                print("\(id)\t\(Self.visible(tokenizer.piece(id)))\t\(Self.visible(String(decoding: tokenizer.tokenBytes(id), as: UTF8.self)))")
            }
            Terminal.status("\(ids.count) tokens")
        }
    }

    /// Shows control characters as escapes so every piece fits on its line.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return "\"" + out + "\""
    }
}

/// Reads a command's text argument, or standard input for `-`/nothing.
enum TextInput {
    static func read(_ argument: String?) throws -> String {
        if let argument, argument != "-" { return argument }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError("standard input is not valid UTF-8")
        }
        return text
    }
}
