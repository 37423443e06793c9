/// Picks the GGUF file of a repository that a quantization tag names, as llama.cpp's `-hf`
/// does: GGUF files only, multimodal projectors (`mmproj`) skipped, the tag matched
/// case-insensitively in the file name (a file whose name ends in the tag first, then any
/// file whose name contains it), Q4_K_M when no tag is given, else the first GGUF file.
package enum HubQuantization {
    /// The tag taken when none is given.
    package static let defaultTag = "Q4_K_M"

    /// The GGUF model files among `files` (not projectors), sorted by path.
    package static func models(in files: [HubFile]) -> [HubFile] {
        files.filter { file in
            let name = file.name.lowercased()
            return name.hasSuffix(".gguf") && !name.contains("mmproj")
        }.sorted { $0.path < $1.path }
    }

    /// The file `tag` names among `files`, or the default's; a split model is refused.
    package static func choose(_ tag: String?, among files: [HubFile], repository: String) throws(HubInstallError) -> HubFile {
        let models = models(in: files)
        guard !models.isEmpty else { throw .noGGUF(repository: repository) }
        let chosen: HubFile
        if let tag {
            guard let match = match(tag, in: models) else {
                throw .quantizationNotFound(repository: repository, requested: tag, available: available(in: models))
            }
            chosen = match
        } else {
            chosen = match(defaultTag, in: models) ?? models[0]
        }
        if let parts = splitCount(of: chosen.name) {
            throw .splitModel(repository: repository, file: chosen.path, parts: parts)
        }
        return chosen
    }

    /// The first model whose stem ends in `tag` after a separator, else the first whose name
    /// contains it (case-insensitively).
    static func match(_ tag: String, in models: [HubFile]) -> HubFile? {
        let key = tag.lowercased()
        let exact = models.first { file in
            let stem = stem(of: file.name).lowercased()
            guard stem.hasSuffix(key) else { return false }
            let before = stem.dropLast(key.count).last
            return before == nil || before == "-" || before == "." || before == "_"
        }
        return exact ?? models.first { $0.name.lowercased().contains(key) }
    }

    /// The quantization tags of `models` (the file name when it carries none), in order, once each.
    package static func available(in models: [HubFile]) -> [String] {
        var seen: Set<String> = []
        return models.compactMap { file in
            let tag = self.tag(of: file.name) ?? file.name
            return seen.insert(tag.lowercased()).inserted ? tag : nil
        }
    }

    /// The quantization tag a GGUF file name ends with (`Qwen3-0.6B-Q4_K_M.gguf` -> `Q4_K_M`,
    /// `model-UD-Q4_K_XL-00001-of-00002.gguf` -> `UD-Q4_K_XL`), or nil.
    package static func tag(of name: String) -> String? {
        let parts = stem(of: name).split(whereSeparator: { $0 == "-" || $0 == "." })
        guard let last = parts.last, looksLikeQuantization(last) else { return nil }
        if parts.count >= 2, parts[parts.count - 2].uppercased() == "UD" { return "UD-" + last }
        return String(last)
    }

    /// `Q4_K_M`, `IQ2_XS`, `Q8_0`, `F16`, `BF16`, `TQ1_0`, `MXFP4`: a letter prefix, then a digit.
    static func looksLikeQuantization(_ part: Substring) -> Bool {
        let upper = part.uppercased()
        for prefix in ["IQ", "TQ", "Q", "BF", "F", "MXFP"] where upper.hasPrefix(prefix) {
            return upper.dropFirst(prefix.count).first?.isNumber == true
        }
        return false
    }

    /// The name without `.gguf` and without a split suffix `-00001-of-00003`.
    static func stem(of name: String) -> String {
        var stem = name.lowercased().hasSuffix(".gguf") ? String(name.dropLast(5)) : name
        if splitCount(of: name) != nil { stem = String(stem.dropLast("-00001-of-00003".count)) }
        return stem
    }

    /// The number of parts when `name` is one part of a split model (`-00001-of-00003.gguf`).
    package static func splitCount(of name: String) -> Int? {
        guard name.lowercased().hasSuffix(".gguf") else { return nil }
        let stem = name.dropLast(5)
        guard stem.count > 15 else { return nil }
        let suffix = stem.suffix(15) // -00001-of-00003
        let chars = Array(suffix)
        guard chars[0] == "-", String(chars[6...9]) == "-of-",
            chars[1...5].allSatisfy(\.isNumber), chars[10...14].allSatisfy(\.isNumber),
            let parts = Int(String(chars[10...14])), parts > 1
        else { return nil }
        return parts
    }
}
