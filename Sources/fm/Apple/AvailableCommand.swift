import ArgumentParser
import Foundation
import FoundationModels
import LocalInference

/// `fm available [--model system|pcc|NAME]`: whether each model can answer, in the words of
/// Apple's `fm available` (macOS 27). `pcc` never is on Linux.
struct AvailableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "available",
        abstract: "Check model availability (system, pcc, or a catalog model).",
        discussion: "Exit status: 0 when the model asked for (without --model: the system model) is available, 1 otherwise.")

    @Option(name: [.customShort("m"), .long], help: "Check only this model: system, pcc, or an installed catalog model.")
    var model: String?

    func run() throws {
        let names = model.map { [$0] } ?? [AppleTier.system, AppleTier.pcc]
        var firstAvailable: Bool?
        for name in names {
            let report = Self.report(for: name)
            if report.available {
                print(report.line)
            } else {
                Terminal.status("Error: \(report.line)")
            }
            if firstAvailable == nil { firstAvailable = report.available }
        }
        if firstAvailable != true { throw ExitCode.failure }
    }

    /// One model's line, and whether it is available.
    static func report(for name: String) -> (line: String, available: Bool) {
        switch name {
        case AppleTier.pcc:
            return (AppleTier.pccUnavailable, false)
        case AppleTier.system:
            // The model `respond` and `chat` would run: the environment's settings, as a value.
            guard let settings = try? LocalModelSettings(environment: ProcessEnvironment.variables) else {
                return ("System model unavailable (\(SystemLanguageModel.Availability.unavailable(.modelNotReady)))", false)
            }
            let model = SystemLanguageModel(settings: settings)
            return model.isAvailable ? ("System model available", true) : ("System model unavailable (\(model.availability))", false)
        default:
            do {
                _ = try ModelOptions.catalogPath(name)
                return ("Model \(name) available", true)
            } catch {
                return ("\(error)", false)
            }
        }
    }
}
