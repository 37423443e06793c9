import Foundation

extension HubReference {
    /// The installed file this reference names in the models directory `models`, found
    /// without the network: the GGUF files in `hf/<owner>/<repo>/` (parts excluded), chosen
    /// by the quantization tag as an install chooses (Q4_K_M, else the first, when there is
    /// no tag). Nil when none is installed.
    package func installedFile(in models: URL) -> URL? {
        let folder = directory(in: models)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.map { HubFile(path: $0, size: 0) }
        let candidates = HubQuantization.models(in: files)
        guard !candidates.isEmpty else { return nil }
        let chosen: HubFile?
        if let quantization {
            chosen = HubQuantization.match(quantization, in: candidates)
        } else {
            chosen = HubQuantization.match(HubQuantization.defaultTag, in: candidates) ?? candidates.first
        }
        return chosen.map { folder.appendingPathComponent($0.name) }
    }

    /// Every Hub model installed in `models`: one entry per GGUF file under `hf/<owner>/<repo>/`,
    /// with the reference that names it (its quantization tag, when the file name carries one).
    package static func installed(in models: URL) -> [(reference: HubReference, file: URL)] {
        let root = models.appendingPathComponent("hf", isDirectory: true)
        let fm = FileManager.default
        var found: [(reference: HubReference, file: URL)] = []
        for owner in ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
            let ownerURL = root.appendingPathComponent(owner, isDirectory: true)
            for repo in ((try? fm.contentsOfDirectory(atPath: ownerURL.path)) ?? []).sorted() {
                let folder = ownerURL.appendingPathComponent(repo, isDirectory: true)
                let names = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
                for file in HubQuantization.models(in: names.map { HubFile(path: $0, size: 0) }) {
                    let reference = HubReference(repository: "\(owner)/\(repo)", quantization: HubQuantization.tag(of: file.name))
                    found.append((reference, folder.appendingPathComponent(file.name)))
                }
            }
        }
        return found
    }
}
