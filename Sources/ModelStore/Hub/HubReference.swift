import Foundation

/// A GGUF model on the Hugging Face Hub, named as llama.cpp's `-hf` and Ollama's `hf.co/…` name
/// it: `hf:owner/repo[:QUANT]` (also `hf.co/owner/repo[:QUANT]` and
/// `huggingface.co/owner/repo[:QUANT]`). The tag picks the quantization; without one the
/// installer takes Q4_K_M, else the repository's first GGUF file.
///
/// ```swift
/// let reference = try HubReference.parse("hf:Qwen/Qwen3-0.6B-GGUF:Q8_0")
/// reference.repository    // "Qwen/Qwen3-0.6B-GGUF"
/// reference.quantization  // "Q8_0"
/// ```
package struct HubReference: Sendable, Hashable, CustomStringConvertible {
    /// The repository, `owner/name`.
    package let repository: String
    /// The quantization tag (`Q4_K_M`, `Q8_0`, `UD-Q4_K_XL`), as written; nil for the default.
    package let quantization: String?
    /// The branch, tag or commit files are taken from.
    package let revision: String

    /// The prefixes that mark a Hub name.
    static let prefixes = ["hf:", "hf.co/", "huggingface.co/", "https://huggingface.co/"]

    /// A reference to `repository` (`owner/name`) at `revision`.
    package init(repository: String, quantization: String? = nil, revision: String = "main") {
        self.repository = repository
        self.quantization = quantization
        self.revision = revision
    }

    /// Whether `text` is written as a Hub name (starts with `hf:`, `hf.co/` or
    /// `huggingface.co/`), valid or not.
    package static func isHubName(_ text: String) -> Bool {
        prefixes.contains { text.lowercased().hasPrefix($0) }
    }

    /// Reads `hf:owner/repo[:QUANT]`; a name that is not one, or is malformed, is an
    /// `.invalidReference` error that says what is wrong.
    package static func parse(_ text: String) throws(HubInstallError) -> HubReference {
        guard let prefix = prefixes.first(where: { text.lowercased().hasPrefix($0) }) else {
            throw .invalidReference(text, reason: "a Hub model is written hf:owner/repo or hf:owner/repo:QUANT")
        }
        let rest = String(text.dropFirst(prefix.count))
        let pieces = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let repository = String(pieces[0])
        let parts = repository.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ isNameComponent($0) }) else {
            throw .invalidReference(text, reason: "the repository must be owner/name (letters, digits, '-', '_', '.')")
        }
        var tag: String?
        if pieces.count == 2 {
            let written = String(pieces[1])
            guard !written.isEmpty, written.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                throw .invalidReference(text, reason: "the quantization tag after ':' must be like Q4_K_M")
            }
            tag = written
        }
        return HubReference(repository: repository, quantization: tag)
    }

    /// A repository name component: ASCII letters, digits, `-`, `_`, `.`, not `.` or `..`.
    static func isNameComponent(_ part: Substring) -> Bool {
        !part.isEmpty && part != "." && part != ".."
            && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    /// The canonical spelling, `hf:owner/repo` or `hf:owner/repo:QUANT`.
    package var description: String {
        "hf:\(repository)" + (quantization.map { ":\($0)" } ?? "")
    }

    /// Where this repository's files are installed in a models directory: `hf/owner/repo/`.
    package func directory(in models: URL) -> URL {
        models.appendingPathComponent("hf", isDirectory: true).appendingPathComponent(repository, isDirectory: true)
    }
}
