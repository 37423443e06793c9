import ArgumentParser

/// `fm quota-usage`: Apple's quota applies only to Private Cloud Compute, which does not exist
/// on Linux; the local model has no quota. Prints Apple's lines for both tiers.
struct QuotaUsageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quota-usage",
        abstract: "Check PCC quota usage (the local model has no quota).")

    @Option(name: [.customShort("m"), .long], help: "system or pcc.")
    var model: String?

    func validate() throws {
        if let model, model != AppleTier.system, model != AppleTier.pcc {
            throw ValidationError("--model must be system or pcc (quota is a PCC notion)")
        }
    }

    func run() throws {
        if model == nil || model == AppleTier.system { print("System: Not applicable (quota only applies to PCC)") }
        if model == nil || model == AppleTier.pcc { print("PCC: unavailable (\(AppleTier.pccUnavailable))") }
    }
}
