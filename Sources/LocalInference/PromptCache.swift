import Foundation
import Kernels
import LLMEngine

/// Prompts' keys and values kept on disk, so that a new process does not prefill again what an
/// earlier one did: the instructions and a schema's text that every `fm respond --schema` of a
/// game or a script starts with (a structured answer's prompt is mostly its schema), the
/// history of a saved chat.
///
/// ```swift
/// let cache = PromptCache(directory: URL(fileURLWithPath: "/home/me/.cache/fm/prompt-cache"), model: key)
/// if let hit = cache.lookup(prompt) { try cache.load(hit, into: context) }   // before the prefill
/// cache.save(context, prompt: prompt, computed: outcome.prefilledTokens)       // after the answer
/// ```
///
/// An entry is one file (`PromptCacheFile`): a prompt's tokens and the rows of their keys and
/// values, under a directory per model key. A prompt reuses the entry sharing its longest
/// prefix (at least `minimumReuse` tokens); any position whose tokens match holds the same keys
/// and values, whatever followed it. The key (`PromptCache.Key`) names everything the rows depend
/// on — the model file, the cache's layout, the kernels' instruction set, the engine's numerics —
/// so a changed model or machine never reads rows it did not write.
///
/// Files are written to a temporary name and renamed into place (a reader never sees half a
/// file; processes share the directory). A file that cannot be read, is cut short, or fails its
/// checksum is removed and the prompt prefilled as if there were none. The least recently used
/// entries are removed past `maximumBytes`.
package final class PromptCache: Sendable {
    /// What an entry's rows depend on.
    package struct Key: Hashable, Sendable, CustomStringConvertible {
        /// The text all of it is written as (the file header holds it; a directory is named
        /// after its hash).
        package let text: String
        /// Whether a prefix of an entry can be loaded (false for a model with recurrent layers,
        /// whose states an entry holds after its last position only).
        package let loadsPrefixes: Bool

        /// The key of `model`'s rows in `layout` on this machine's kernels: the model file's
        /// path, size and modification time, the layout, the kernels' level and
        /// `engineNumerics`.
        package init(modelPath: String, layout: KVRowLayout, isa: InstructionSet) {
            loadsPrefixes = layout.stateBytes == 0
            let attributes = try? FileManager.default.attributesOfItem(atPath: modelPath)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            text = "\(modelPath)|\(size)|\(Int64(modified * 1000))|\(layout)|\(isa)|numerics \(PromptCache.engineNumerics)"
        }

        package var description: String { text }
    }

    /// The version of the engine's numerics: raised when a change to the forward pass would make
    /// stored rows differ from the ones it computes now.
    package static let engineNumerics = 1

    /// Where the entries are.
    package let directory: URL
    /// The rows' key.
    package let key: Key
    /// The fewest prompt tokens an entry must share to be used (below it the prefill is cheaper
    /// than the file); a request must compute twice as many for its prompt to be saved.
    package let minimumReuse: Int
    /// The most bytes the directory's entries (every model's) may take.
    package let maximumBytes: Int64

    /// The directory holding this key's entries.
    private let entries: URL

    /// A cache under `directory` for rows of `key`.
    package init(directory: URL, key: Key, minimumReuse: Int = 32, maximumBytes: Int64 = 512 << 20) {
        self.directory = directory
        self.key = key
        self.minimumReuse = minimumReuse
        self.maximumBytes = maximumBytes
        var hash = SHA256()
        hash.update(Array(key.text.utf8))
        entries = directory.appendingPathComponent(String(SHA256.hex(hash.finalize()).prefix(16)), isDirectory: true)
    }

    /// An entry a prompt can reuse: its file and how many leading positions match.
    package struct Hit: Sendable, Equatable {
        /// The entry's file.
        package let file: URL
        /// Positions to load: the common prefix, short of the prompt's last token (whose logits
        /// the prefill computes).
        package let length: Int
    }

    /// The entry sharing the longest prefix with `prompt`, when it shares at least
    /// `minimumReuse` tokens.
    package func lookup(_ prompt: [Int]) -> Hit? {
        guard let best = longestEntry(sharing: prompt, upTo: prompt.count - 1), best.length >= minimumReuse else { return nil }
        return best
    }

    /// The entry of `stored` sharing the most of the first `limit` tokens of `tokens`.
    private func longestEntry(sharing tokens: [Int], upTo limit: Int, in stored: [(file: URL, tokens: [Int])]? = nil) -> Hit? {
        var best: Hit?
        for entry in stored ?? storedPrompts() {
            var length = 0
            let end = min(entry.tokens.count, limit)
            while length < end, entry.tokens[length] == tokens[length] { length += 1 }
            // Recurrent states: the whole entry or nothing.
            if !key.loadsPrefixes, length < entry.tokens.count { continue }
            if length > (best?.length ?? 0) { best = Hit(file: entry.file, length: length) }
        }
        return best
    }

    /// This key's entries and the tokens each holds (their headers only are read).
    private func storedPrompts() -> [(file: URL, tokens: [Int])] {
        entryFiles().compactMap { file in
            guard let header = try? PromptCacheFile.readHeader(at: file), header.key == key.text else { return nil }
            return (file, header.tokens)
        }
    }

    /// Loads the first `hit.length` positions of its entry into `context`, which then holds
    /// them (and nothing else). A file that fails to read is removed and `false` returned, the
    /// context left empty.
    @discardableResult
    package func load(_ hit: Hit, into context: ModelContext) -> Bool {
        do {
            try PromptCacheFile.load(hit.file, key: key.text, positions: hit.length, into: context)
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: hit.file.path)
            return true
        } catch {
            try? FileManager.default.removeItem(at: hit.file)
            context.reset()
            return false
        }
    }

    /// Writes the positions of `context` that hold the start of `prompt` as an entry, when the
    /// request computed at least `2 * minimumReuse` of them (`computed`: a prompt mostly reused
    /// from memory or from the cache — the next turn of a chat — is not written again) and no
    /// entry holds them already. Entries this one extends are removed (a conversation keeps one
    /// file). Errors are not reported: the cache only saves work.
    package func save(_ context: ModelContext, prompt: [Int], computed: Int) {
        guard computed >= 2 * minimumReuse else { return }
        let held = context.tokens
        var count = 0
        while count < min(held.count, prompt.count), held[count] == prompt[count] { count += 1 }
        // With recurrent layers, the latest position whose states the context kept, short of the
        // prompt's last token: an entry is loaded whole, and the same prompt asked again loads
        // all but its last token (whose logits the prefill computes).
        count = key.loadsPrefixes ? count : context.restorablePrefixLength(atMost: min(count, prompt.count - 1))
        guard count >= minimumReuse else { return }
        // An entry that already holds all of them (the same prompt asked again) is enough.
        let stored = storedPrompts()
        if let longest = longestEntry(sharing: prompt, upTo: count, in: stored), longest.length == count { return }
        let extended = stored.filter { $0.tokens.count <= count && prompt.starts(with: $0.tokens) }.map(\.file)
        var hash = SHA256()
        hash.update(Array(key.text.utf8))
        prompt[..<count].withUnsafeBytes { hash.update($0) }
        let name = String(SHA256.hex(hash.finalize()).prefix(32)) + ".fmkv"
        do {
            try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
            try PromptCacheFile.write(context, positions: count, key: key.text, to: entries.appendingPathComponent(name))
        } catch {
            return
        }
        for file in extended { try? FileManager.default.removeItem(at: file) }
        evict()
    }

    /// The entry files of this key.
    private func entryFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: entries.path)) ?? []
        return names.filter { $0.hasSuffix(".fmkv") }.map { entries.appendingPathComponent($0) }
    }

    /// Removes the least recently used entries (of every key) while the directory holds more
    /// than `maximumBytes`.
    private func evict() {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])
        else { return }
        var files: [(url: URL, size: Int64, used: Date)] = []
        for case let url as URL in enumerator where url.pathExtension == "fmkv" {
            let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            files.append((url, Int64(values?.fileSize ?? 0), values?.contentModificationDate ?? .distantPast))
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.used < $1.used }) where total > maximumBytes {
            try? manager.removeItem(at: file.url)
            total -= file.size
        }
    }
}
