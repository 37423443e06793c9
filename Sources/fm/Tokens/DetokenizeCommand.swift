import ArgumentParser
import Foundation
import Tokenizers

/// `fm detokenize ID...`: turns token ids back into text.
struct DetokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detokenize",
        abstract: "Print the text of token ids.",
        discussion: "Ids may be separated by spaces or commas, or come as a JSON array; '-' reads standard input.")

    @OptionGroup var options: ModelOptions

    @Flag(help: "Leave out control tokens (BOS, <|im_end|>...).")
    var skipSpecial = false

    @Argument(help: "Token ids.")
    var ids: [String] = []

    func run() throws {
        let tokenizer = try options.loadTokenizer()
        let raw = ids.isEmpty || ids == ["-"] ? try TextInput.read(nil) : ids.joined(separator: " ")
        var parsed: [Int] = []
        for field in raw.split(whereSeparator: { " ,\n\t[]".contains($0) }) {
            guard let id = Int(field) else { throw CLIError("'\(field)' is not a token id") }
            guard (0..<tokenizer.vocabularySize).contains(id) else {
                throw CLIError("token id \(id) is outside the vocabulary (\(tokenizer.vocabularySize) tokens)")
            }
            parsed.append(id)
        }
        FileHandle.standardOutput.write(Data(tokenizer.decodeBytes(parsed, skipSpecialTokens: skipSpecial)))
        if isatty(STDOUT_FILENO) != 0 { print() }
    }
}
