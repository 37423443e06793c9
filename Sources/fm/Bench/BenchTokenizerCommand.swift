import ArgumentParser
import FMSupport
import Foundation
import Tokenizers

/// `fm bench-tokenizer --corpus FILE`: encoding throughput of a model's tokenizer.
struct BenchTokenizerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-tokenizer",
        abstract: "Measure tokenizer load time and encoding throughput on a text file.",
        discussion: "Compare with scripts/bench_tokenizers_hf.py, which writes the same corpus.")

    @OptionGroup var options: ModelOptions

    @Option(help: "A UTF-8 text file to encode.")
    var corpus: String

    @Option(name: [.customShort("r"), .long], help: "Repetitions.")
    var repetitions = 5

    @Flag(help: "Also encode line by line, newlines kept (many short calls).")
    var lines = false

    @Flag(help: "Recognise control tokens in the text (Hugging Face's default for added tokens).")
    var special = false

    func run() throws {
        guard let data = FileManager.default.contents(atPath: corpus),
            let text = String(data: data, encoding: .utf8)
        else { throw CLIError("cannot read UTF-8 text from \(corpus)") }
        let clock = ContinuousClock()
        var tokenizer: Tokenizer!
        let load = try clock.measure { tokenizer = try options.loadTokenizer() }
        print("load\t\(Self.ms(load)) ms\tvocabulary \(tokenizer.vocabularySize)")
        let megabytes = Double(data.count) / 1_000_000
        func report(_ label: String, _ run: () -> Int) {
            var seconds: [Double] = []
            var count = 0
            for _ in 0..<max(1, repetitions) {
                let t = clock.measure { count = run() }
                seconds.append(t.seconds)
            }
            seconds.sort()
            let median = seconds[seconds.count / 2]
            print(
                String(
                    format: "%@\ttokens %d\tmedian %.3f s\t%.0f tokens/s\t%.2f MB/s\t(min %.3f s, max %.3f s)",
                    label, count, median, Double(count) / median, megabytes / median,
                    seconds.first!, seconds.last!))
        }
        report("whole") { tokenizer.encode(text, addSpecialTokens: false, parseSpecial: special).count }
        if lines {
            var split: [String] = []
            // Split on the byte 0x0A: "\r\n" is one Character, so Character search would miss it.
            var start = text.utf8.startIndex
            while let newline = text.utf8[start...].firstIndex(of: 0x0A) {
                let next = text.utf8.index(after: newline)
                split.append(String(Substring(text.utf8[start..<next])))
                start = next
            }
            if start < text.utf8.endIndex { split.append(String(Substring(text.utf8[start...]))) }
            report("lines") { split.reduce(0) { $0 + tokenizer.encode($1, addSpecialTokens: false, parseSpecial: special).count } }
        }
    }

    static func ms(_ d: Duration) -> String {
        String(format: "%.1f", d.milliseconds)
    }
}
