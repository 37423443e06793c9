import Foundation
import FoundationModels

/// An error the CLI reports as one line on stderr with exit status 1.
struct CLIError: Error, CustomStringConvertible {
    /// The message.
    let description: String
    init(_ message: String) { description = message }

    /// Runs `body`, reporting the model's and the session's errors (unavailable model, content
    /// that does not parse, a failed or refused generation) as their debug descriptions.
    static func reportingModelErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SystemLanguageModel.Error {
            throw CLIError(error.debugDescription)
        } catch let error as GeneratedContent.ParsingError {
            throw CLIError(error.debugDescription)
        } catch let error as LanguageModelError {
            throw CLIError(error.debugDescription)
        } catch let error as LanguageModelSession.Error {
            throw CLIError(error.debugDescription)
        }
    }
}

/// Small output helpers shared by the commands.
enum Terminal {
    /// Writes a progress line to stderr so stdout stays clean for data.
    static func status(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Formats a byte count as MiB with one decimal.
    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    /// Prints rows as left-aligned columns.
    static func printTable(_ rows: [[String]]) {
        guard let width = rows.map(\.count).max() else { return }
        var widths = [Int](repeating: 0, count: width)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        for row in rows {
            let cells = row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
    }
}

/// Names of llama.cpp's `general.file_type` values (the dominant quantization of a file).
enum FileTypeName {
    static let names: [Int: String] = [
        0: "F32", 1: "F16", 2: "Q4_0", 3: "Q4_1", 7: "Q8_0", 8: "Q5_0", 9: "Q5_1", 10: "Q2_K",
        11: "Q3_K_S", 12: "Q3_K_M", 13: "Q3_K_L", 14: "Q4_K_S", 15: "Q4_K_M", 16: "Q5_K_S",
        17: "Q5_K_M", 18: "Q6_K", 19: "IQ2_XXS", 20: "IQ2_XS", 21: "Q2_K_S", 22: "IQ3_XS",
        23: "IQ3_XXS", 24: "IQ1_S", 25: "IQ4_NL", 26: "IQ3_S", 27: "IQ3_M", 28: "IQ2_S",
        29: "IQ2_M", 30: "IQ4_XS", 31: "IQ1_M", 32: "BF16", 36: "TQ1_0", 37: "TQ2_0", 38: "MXFP4",
    ]

    static func describe(_ value: Int?) -> String {
        guard let value else { return "-" }
        return names[value] ?? "type \(value)"
    }
}
