import Foundation
import TestSupport
import Testing

@testable import ModelStore

/// The Hub installer against a fake Hub on loopback: choosing the file, the redirect to the
/// CDN, resuming with Range, checksums, refusals, and what is left on disk after each.
@Suite struct HubInstallerTests {
    @Test func installsTheDefaultQuantizationAndASecondInstallIsANoOp() async throws {
        let sandbox = try await HubSandbox.start()
        defer { Task { await sandbox.stop() } }
        let (result, steps) = await sandbox.install("hf:acme/Tiny-GGUF")
        let url = try result.get()
        #expect(url == sandbox.folder().appendingPathComponent("Tiny-Q4_K_M.gguf"))
        #expect(try Array(Data(contentsOf: url)) == HubSandbox.q4)
        #expect(sandbox.leftovers() == ["Tiny-Q4_K_M.gguf"])
        #expect(steps.contains(.downloading(bytes: 300_000, total: 300_000)))
        #expect(steps.last == .installed(url))
        // HEAD answered by the Hub itself, the body fetched from the CDN after the redirect,
        // pinned to the commit HEAD named.
        let requests = sandbox.hub.requests
        #expect(requests.contains { $0.server == "hub" && $0.method == "HEAD" && $0.uri.hasSuffix("/resolve/main/Tiny-Q4_K_M.gguf") })
        #expect(requests.contains { $0.server == "hub" && $0.method == "GET" && $0.uri.contains("/resolve/\(FakeHub.commit)/") })
        #expect(requests.filter { $0.server == "cdn" }.count == 1)

        let (again, againSteps) = await sandbox.install("hf:acme/Tiny-GGUF:Q4_K_M")
        #expect(try again.get() == url)
        #expect(againSteps.last == .alreadyInstalled(url))
        #expect(sandbox.hub.requests.filter { $0.server == "cdn" }.count == 1, "a verified file is not downloaded again")
    }

    @Test func theTagIsMatchedCaseInsensitivelyAndUnknownTagsListTheAvailableOnes() async throws {
        let sandbox = try await HubSandbox.start()
        defer { Task { await sandbox.stop() } }
        let (q8, _) = await sandbox.install("hf:acme/Tiny-GGUF:q8_0")
        #expect(try q8.get().lastPathComponent == "Tiny-Q8_0.gguf")
        let (folder, _) = await sandbox.install("hf:acme/Tiny-GGUF:iq2_xs")
        #expect(try folder.get().lastPathComponent == "Tiny-IQ2_XS.gguf")

        let (missing, _) = await sandbox.install("hf:acme/Tiny-GGUF:Q5_K_M")
        guard case let .failure(.quantizationNotFound(repository, requested, available)) = missing else {
            Issue.record("expected quantizationNotFound, got \(missing)"); return
        }
        #expect(repository == HubSandbox.repository && requested == "Q5_K_M")
        #expect(available == ["Q4_K_M", "Q8_0", "IQ2_XS"])
        #expect(!available.contains { $0.lowercased().contains("mmproj") || $0.contains("F16") })
        #expect(
            "\(HubInstallError.quantizationNotFound(repository: repository, requested: requested, available: available))".contains("Q4_K_M, Q8_0"))
    }

    @Test func aCutConnectionKeepsThePartAndTheNextInstallResumesItWithRange() async throws {
        let sandbox = try await HubSandbox.start()
        defer { Task { await sandbox.stop() } }
        sandbox.hub.inject([.cutAfter(100_000)], into: "Tiny-Q4_K_M.gguf")
        let (first, _) = await sandbox.install("hf:acme/Tiny-GGUF")
        guard case let .failure(.network(_, _, partial)) = first else { Issue.record("expected a network error, got \(first)"); return }
        let part = sandbox.folder().appendingPathComponent("Tiny-Q4_K_M.gguf.part")
        #expect(partial == part.path)
        #expect(sandbox.leftovers() == ["Tiny-Q4_K_M.gguf.part"], "nothing at the final path, the part kept")
        // What arrived before the cut is kept (the client may drop its last unread chunk).
        let kept = try Data(contentsOf: part).count
        #expect(kept > 0 && kept <= 100_000)
        #expect(try Data(contentsOf: part) == Data(HubSandbox.q4.prefix(kept)))

        let (second, steps) = await sandbox.install("hf:acme/Tiny-GGUF")
        let url = try second.get()
        #expect(steps.contains(.resuming(path: part.path, bytes: Int64(kept), total: 300_000)))
        let download = try #require(sandbox.hub.requests.last { $0.server == "cdn" })
        #expect(download.headers["range"] == "bytes=\(kept)-")
        #expect(FakeHub.sha256(Array(try Data(contentsOf: url))) == FakeHub.sha256(HubSandbox.q4))
        #expect(sandbox.leftovers() == ["Tiny-Q4_K_M.gguf"])
    }

    @Test func aServerThatIgnoresRangeGetsTheDownloadStartedAgain() async throws {
        let sandbox = try await HubSandbox.start()
        defer { Task { await sandbox.stop() } }
        sandbox.hub.inject([.cutAfter(50_000), .ignoreRange], into: "Tiny-Q4_K_M.gguf")
        _ = await sandbox.install("hf:acme/Tiny-GGUF")
        let (second, steps) = await sandbox.install("hf:acme/Tiny-GGUF")
        let url = try second.get()
        #expect(steps.contains { if case .restarting = $0 { true } else { false } })
        #expect(try Array(Data(contentsOf: url)) == HubSandbox.q4)
    }

    @Test func aRangeTheServerCannotSatisfyStartsTheDownloadAgain() async throws {
        // The Hub publishes 10 bytes more than the CDN has: a part holding everything the CDN
        // has asks for a range past its end (416), starts again, and ends short.
        var repository = HubSandbox.tiny
        repository.publishedSizes = ["Tiny-Q8_0.gguf": Int64(HubSandbox.q8.count + 10)]
        let sandbox = try await HubSandbox.start([repository])
        defer { Task { await sandbox.stop() } }
        try FileManager.default.createDirectory(at: sandbox.folder(), withIntermediateDirectories: true)
        let part = sandbox.folder().appendingPathComponent("Tiny-Q8_0.gguf.part")
        try Data(HubSandbox.q8).write(to: part)
        let (result, steps) = await sandbox.install("hf:acme/Tiny-GGUF:Q8_0")
        guard case let .failure(.network(_, detail, partial)) = result else { Issue.record("expected a short download, got \(result)"); return }
        #expect(detail.contains("ended after 200000 of 200010 bytes") && partial == part.path, "\(detail)")
        #expect(steps.contains(.restarting(reason: "the server refused the range (HTTP 416)")))
        let downloads = sandbox.hub.requests.filter { $0.server == "cdn" }
        #expect(downloads.map { $0.headers["range"] } == ["bytes=200000-", nil])
        #expect(sandbox.leftovers() == ["Tiny-Q8_0.gguf.part"], "nothing at the final path")
    }

    @Test func wrongBytesAreAChecksumMismatchAndLeaveNothing() async throws {
        let sandbox = try await HubSandbox.start()
        defer { Task { await sandbox.stop() } }
        sandbox.hub.inject([.wrongBytes], into: "Tiny-Q8_0.gguf")
        let (result, _) = await sandbox.install("hf:acme/Tiny-GGUF:Q8_0")
        guard case let .failure(.checksumMismatch(_, expected, actual)) = result else {
            Issue.record("expected a checksum mismatch, got \(result)"); return
        }
        #expect(expected == FakeHub.sha256(HubSandbox.q8) && actual != expected)
        #expect(sandbox.leftovers().isEmpty, "no part, nothing at the final path")
        // The next install downloads it whole and right.
        let (again, _) = await sandbox.install("hf:acme/Tiny-GGUF:Q8_0")
        #expect(try Array(Data(contentsOf: again.get())) == HubSandbox.q8)
    }

    @Test func aCorruptInstalledFileIsReplacedOnlyOnceTheNewOneVerifies() async throws {
        let sandbox = try await HubSandbox.start()
        defer { Task { await sandbox.stop() } }
        try FileManager.default.createDirectory(at: sandbox.folder(), withIntermediateDirectories: true)
        let installed = sandbox.folder().appendingPathComponent("Tiny-Q8_0.gguf")
        var corrupt = HubSandbox.q8
        corrupt[10] ^= 1
        try Data(corrupt).write(to: installed)
        let (result, steps) = await sandbox.install("hf:acme/Tiny-GGUF:Q8_0")
        #expect(try Array(Data(contentsOf: result.get())) == HubSandbox.q8)
        #expect(steps.contains { if case .replacing = $0 { true } else { false } })
    }

    @Test func aGatedRepositoryWantsTheTokenWhichNeverReachesTheCDN() async throws {
        let gated = FakeHub.Repository(
            name: "corp/Gated-GGUF", files: ["Gated-Q4_K_M.gguf": HubSandbox.payload(4096, seed: 9)], gatedToken: "hf_secret")
        let sandbox = try await HubSandbox.start([gated])
        defer { Task { await sandbox.stop() } }
        let (anonymous, _) = await sandbox.install("hf:corp/Gated-GGUF")
        #expect(anonymous == .failure(.accessDenied(repository: "corp/Gated-GGUF", status: 401, gated: true, tokenSent: false)))
        #expect("\(HubInstallError.accessDenied(repository: "r", status: 401, gated: true, tokenSent: false))".contains("set HF_TOKEN"))
        let (wrong, _) = await sandbox.install("hf:corp/Gated-GGUF", token: "hf_wrong")
        #expect(wrong == .failure(.accessDenied(repository: "corp/Gated-GGUF", status: 401, gated: true, tokenSent: true)))
        #expect(sandbox.leftovers("corp/Gated-GGUF").isEmpty)

        let (granted, _) = await sandbox.install("hf:corp/Gated-GGUF", token: "hf_secret")
        #expect(try granted.get().lastPathComponent == "Gated-Q4_K_M.gguf")
        let requests = sandbox.hub.requests
        #expect(requests.contains { $0.server == "hub" && $0.headers["authorization"] == "Bearer hf_secret" })
        #expect(requests.contains { $0.server == "cdn" })
        #expect(requests.allSatisfy { $0.server == "hub" || $0.headers["authorization"] == nil }, "Authorization is not carried to another origin")
    }

    @Test func aMissingRepositoryAndARepositoryWithoutGGUFAreNamed() async throws {
        let text = FakeHub.Repository(name: "acme/text-only", files: ["config.json": Array("{}".utf8)])
        let split = FakeHub.Repository(
            name: "acme/Big-GGUF",
            files: ["Big-Q4_K_M-00001-of-00002.gguf": [1, 2], "Big-Q4_K_M-00002-of-00002.gguf": [3], "Big-Q8_0.gguf": [4]])
        let sandbox = try await HubSandbox.start([text, split])
        defer { Task { await sandbox.stop() } }
        let (missing, _) = await sandbox.install("hf:acme/nothing-here")
        #expect(missing == .failure(.repositoryNotFound(repository: "acme/nothing-here", tokenSent: false)))
        #expect("\(HubInstallError.repositoryNotFound(repository: "x/y", tokenSent: false))".contains("HF_TOKEN"))
        let (none, _) = await sandbox.install("hf:acme/text-only")
        #expect(none == .failure(.noGGUF(repository: "acme/text-only")))
        let (parts, _) = await sandbox.install("hf:acme/Big-GGUF:Q4_K_M")
        #expect(parts == .failure(.splitModel(repository: "acme/Big-GGUF", file: "Big-Q4_K_M-00001-of-00002.gguf", parts: 2)))
        #expect(sandbox.leftovers("acme/Big-GGUF").isEmpty)
        let (single, _) = await sandbox.install("hf:acme/Big-GGUF:Q8_0")
        #expect(try single.get().lastPathComponent == "Big-Q8_0.gguf")
    }

    @Test func aFileLargerThanTheFreeSpaceIsRefusedBeforeDownloading() async throws {
        let huge = FakeHub.Repository(
            name: "acme/Huge-GGUF", files: ["Huge-Q4_K_M.gguf": [1, 2, 3]], publishedSizes: ["Huge-Q4_K_M.gguf": 1 << 60])
        let sandbox = try await HubSandbox.start([huge])
        defer { Task { await sandbox.stop() } }
        let (result, _) = await sandbox.install("hf:acme/Huge-GGUF")
        guard case let .failure(.insufficientDiskSpace(_, needed, available)) = result else {
            Issue.record("expected insufficientDiskSpace, got \(result)"); return
        }
        #expect(needed == 1 << 60 && available < needed)
        #expect(!sandbox.hub.requests.contains { $0.server == "cdn" })
        #expect(sandbox.leftovers("acme/Huge-GGUF").isEmpty)
    }

    @Test func aListingInPagesIsFollowed() async throws {
        var paged = HubSandbox.tiny
        paged.pageSize = 2
        let sandbox = try await HubSandbox.start([paged])
        defer { Task { await sandbox.stop() } }
        let (result, _) = await sandbox.install("hf:acme/Tiny-GGUF:Q8_0")
        #expect(try result.get().lastPathComponent == "Tiny-Q8_0.gguf")
        #expect(sandbox.hub.requests.filter { $0.uri.contains("/tree/") }.count >= 3)
    }

    @Test func aFullDiskWhileWritingIsNamed() throws {
        // /dev/full answers every write with ENOSPC.
        let part = try PartFile(path: "/dev/full")
        #expect(throws: HubInstallError.diskFull(path: "/dev/full")) {
            try [UInt8](repeating: 1, count: 10).withUnsafeBytes { bytes in try part.append(bytes) }
        }
    }

    @Test func aPartIsWrittenByOneProcessAtATime() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fm-lock-\(UUID().uuidString).part").path
        defer { unlink(path) }
        let first = try PartFile(path: path)
        #expect(throws: HubInstallError.busy(path: path)) { _ = try PartFile(path: path) }
        try first.finish()
        _ = try PartFile(path: path)
    }
}
