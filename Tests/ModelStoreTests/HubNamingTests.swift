import Foundation
import Testing

@testable import ModelStore

/// Hub names, quantization tags, the configuration an environment gives, and finding an
/// installed Hub model without the network.
@Suite struct HubNamingTests {
    @Test func namesAreReadAsLlamaCppAndOllamaWriteThem() throws {
        let plain = try HubReference.parse("hf:Qwen/Qwen3-0.6B-GGUF")
        #expect(plain.repository == "Qwen/Qwen3-0.6B-GGUF" && plain.quantization == nil && plain.revision == "main")
        #expect(try HubReference.parse("hf:Qwen/Qwen3-0.6B-GGUF:Q4_K_M").quantization == "Q4_K_M")
        #expect(try HubReference.parse("hf.co/unsloth/Qwen3-1.7B-GGUF:UD-Q4_K_XL").description == "hf:unsloth/Qwen3-1.7B-GGUF:UD-Q4_K_XL")
        #expect(try HubReference.parse("huggingface.co/a/b").description == "hf:a/b")
        #expect(HubReference.isHubName("HF:a/b") && !HubReference.isHubName("gemma3-270m") && !HubReference.isHubName("/models/hf.gguf"))
        for bad in ["hf:", "hf:owner", "hf:a/b/c", "hf:../b", "hf:a/b:", "hf:a/b:Q4 K", "hf:a b/c", "gemma"] {
            #expect(throws: HubInstallError.self, "\(bad)") { try HubReference.parse(bad) }
        }
        #expect(plain.directory(in: URL(fileURLWithPath: "/m")).path == "/m/hf/Qwen/Qwen3-0.6B-GGUF")
    }

    @Test func quantizationTagsAndSplitsAreReadFromFileNames() {
        #expect(HubQuantization.tag(of: "Qwen3-0.6B-Q4_K_M.gguf") == "Q4_K_M")
        #expect(HubQuantization.tag(of: "llama-2-7b.Q5_K_S.gguf") == "Q5_K_S")
        #expect(HubQuantization.tag(of: "Qwen3-UD-Q4_K_XL-00001-of-00002.gguf") == "UD-Q4_K_XL")
        #expect(HubQuantization.tag(of: "model-bf16.gguf") == "bf16")
        #expect(HubQuantization.tag(of: "Qwen3.gguf") == nil)
        #expect(HubQuantization.splitCount(of: "M-Q8_0-00002-of-00003.gguf") == 3)
        #expect(HubQuantization.splitCount(of: "M-Q8_0.gguf") == nil)
        #expect(HubQuantization.splitCount(of: "M-00001-of-00001.gguf") == nil)
    }

    @Test func theDefaultIsQ4_K_MElseTheFirstGGUF() throws {
        let files = [HubFile(path: "b-Q8_0.gguf", size: 1), HubFile(path: "a-F16.gguf", size: 1), HubFile(path: "mmproj-a.gguf", size: 1)]
        #expect(try HubQuantization.choose(nil, among: files, repository: "r").path == "a-F16.gguf")
        let withDefault = files + [HubFile(path: "c-q4_k_m.gguf", size: 1)]
        #expect(try HubQuantization.choose(nil, among: withDefault, repository: "r").path == "c-q4_k_m.gguf")
        // A tag that ends the name wins over one that is only contained in another name.
        let similar = [HubFile(path: "m-Q4_K_M_L.gguf", size: 1), HubFile(path: "m-Q4_K_M.gguf", size: 1)]
        #expect(try HubQuantization.choose("Q4_K_M", among: similar, repository: "r").path == "m-Q4_K_M.gguf")
        #expect(throws: HubInstallError.noGGUF(repository: "r")) {
            try HubQuantization.choose(nil, among: [HubFile(path: "mmproj-F16.gguf", size: 1)], repository: "r")
        }
    }

    @Test func theTreeListingIsRead() throws {
        let json = """
            [{"type":"directory","oid":"x","size":0,"path":"sub"},
             {"type":"file","oid":"y","size":12,"path":"README.md"},
             {"type":"file","oid":"z","size":135,"path":"sub/m-Q8_0.gguf",
              "lfs":{"oid":"ABCDEF","size":639446688,"pointerSize":135},"xetHash":"q"}]
            """
        #expect(
            try HubFile.listing(from: Array(json.utf8)) == [
                HubFile(path: "README.md", size: 12), HubFile(path: "sub/m-Q8_0.gguf", size: 639_446_688, sha256: "abcdef"),
            ])
        #expect(throws: (any Error).self) { try HubFile.listing(from: Array("{}".utf8)) }
        #expect(HubInstaller.nextPage(#"<https://h/api?cursor=2>; rel="next""#) == "https://h/api?cursor=2")
        #expect(HubInstaller.contentRangeStart("bytes 100-199/200") == 100)
        #expect(HubInstaller.unquote("W/\"abc\"") == "abc")
    }

    @Test func theEnvironmentGivesTheEndpointAndToken() {
        let defaults = HubConfiguration(environment: [:])
        #expect(defaults.endpoint == "https://huggingface.co" && defaults.token == nil)
        let set = HubConfiguration(environment: ["HF_ENDPOINT": "https://mirror.example/", "HF_TOKEN": "hf_x"])
        #expect(set.endpoint == "https://mirror.example" && set.token == "hf_x")
        #expect(HubConfiguration(environment: ["HF_TOKEN": ""]).token == nil)
        #expect(set.resolveURL("a/b", revision: "main", path: "dir/m Q.gguf") == "https://mirror.example/a/b/resolve/main/dir/m%20Q.gguf")
        #expect(HubHTTP.sameOrigin("https://huggingface.co/a", "https://HuggingFace.co:443/b"))
        #expect(!HubHTTP.sameOrigin("https://huggingface.co/a", "https://cdn-lfs.hf.co/b"))
        #expect(!HubHTTP.sameOrigin("http://127.0.0.1:1/a", "http://127.0.0.1:2/a"))
    }

    @Test func anInstalledHubModelIsFoundWithoutTheNetwork() throws {
        let models = FileManager.default.temporaryDirectory.appendingPathComponent("fm-hub-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: models) }
        let folder = models.appendingPathComponent("hf/acme/Tiny-GGUF")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Tiny-Q8_0.gguf", "Tiny-Q4_K_M.gguf", "Tiny-Q5_K_M.gguf.part", "mmproj-Tiny-F16.gguf"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data([1]))
        }
        #expect(try HubReference.parse("hf:acme/Tiny-GGUF").installedFile(in: models)?.lastPathComponent == "Tiny-Q4_K_M.gguf")
        #expect(try HubReference.parse("hf:acme/Tiny-GGUF:q8_0").installedFile(in: models)?.lastPathComponent == "Tiny-Q8_0.gguf")
        #expect(try HubReference.parse("hf:acme/Tiny-GGUF:Q5_K_M").installedFile(in: models) == nil, "a part is not installed")
        #expect(try HubReference.parse("hf:acme/Other").installedFile(in: models) == nil)
        #expect(HubReference.installed(in: models).map(\.reference.description) == ["hf:acme/Tiny-GGUF:Q4_K_M", "hf:acme/Tiny-GGUF:Q8_0"])
    }
}
