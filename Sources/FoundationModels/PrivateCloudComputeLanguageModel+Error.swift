import Foundation

extension PrivateCloudComputeLanguageModel {
    /// Why a Private Cloud Compute request failed.
    ///
    /// ```swift
    /// } catch PrivateCloudComputeLanguageModel.Error.serviceUnavailable(let details) {
    ///     print(details.debugDescription)
    /// }
    /// ```
    public enum Error: Swift.Error, LocalizedError {
        /// The network failed.
        case networkFailure(NetworkFailure)
        /// The user's quota is used up.
        case quotaLimitReached(QuotaLimitReached)
        /// The service cannot be reached (always the case on Linux).
        case serviceUnavailable(ServiceUnavailable)

        /// A one-line summary.
        public var errorDescription: String? {
            switch self {
            case .networkFailure: "The network request to Private Cloud Compute failed."
            case .quotaLimitReached: "The Private Cloud Compute quota limit was reached."
            case .serviceUnavailable: "Private Cloud Compute is unavailable."
            }
        }
    }
}

extension PrivateCloudComputeLanguageModel.Error: CustomDebugStringConvertible {
    /// What went wrong, for developers.
    public var debugDescription: String {
        switch self {
        case .networkFailure(let details): details.debugDescription
        case .quotaLimitReached(let details): details.debugDescription
        case .serviceUnavailable(let details): details.debugDescription
        }
    }
}

extension PrivateCloudComputeLanguageModel.Error {
    /// A network failure.
    public struct NetworkFailure: Sendable {
        /// What went wrong, for developers.
        public var debugDescription: String

        /// Creates the details of a network failure.
        public init(debugDescription: String) {
            self.debugDescription = debugDescription
        }
    }

    /// A quota that is used up.
    public struct QuotaLimitReached: Sendable {
        /// How the user can raise the limit, if they can.
        public var limitIncreaseSuggestion: PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion?
        /// When the quota resets.
        public var resetDate: Date?
        /// What went wrong, for developers.
        public var debugDescription: String

        /// Creates the details of a reached quota.
        public init(
            limitIncreaseSuggestion: PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion? = nil, resetDate: Date? = nil,
            debugDescription: String
        ) {
            self.limitIncreaseSuggestion = limitIncreaseSuggestion
            self.resetDate = resetDate
            self.debugDescription = debugDescription
        }
    }

    /// A service that cannot be reached.
    public struct ServiceUnavailable: Sendable {
        /// What went wrong, for developers.
        public var debugDescription: String

        /// Creates the details of an unavailable service.
        public init(debugDescription: String) {
            self.debugDescription = debugDescription
        }
    }
}

extension PrivateCloudComputeLanguageModel {
    /// How much of the user's Private Cloud Compute quota is used.
    public struct QuotaUsage: Sendable {
        /// Below or at the limit.
        public var status: Status
        /// How the user can raise the limit, if they can.
        public var limitIncreaseSuggestion: LimitIncreaseSuggestion?
        /// When the quota resets.
        public var resetDate: Date?
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage {
    /// Whether the limit is reached.
    public var isLimitReached: Bool {
        if case .limitReached = status { return true }
        return false
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage {
    /// Where usage stands against the limit.
    public enum Status: Sendable {
        /// Below the limit.
        case belowLimit(BelowLimit)
        /// At the limit.
        case limitReached(LimitReached)
    }
}

extension PrivateCloudComputeLanguageModel.QuotaUsage.Status {
    /// Usage below the limit.
    public struct BelowLimit: Sendable {
        /// Whether usage is close to the limit.
        public var isApproachingLimit: Bool
    }

    /// Usage at the limit.
    public struct LimitReached: Sendable {}
}

extension PrivateCloudComputeLanguageModel.QuotaUsage {
    /// A way for the user to raise their limit.
    public struct LimitIncreaseSuggestion: Sendable {}
}

extension PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion {
    /// Shows the suggestion to the user (there is no system interface for it on Linux).
    public func show() {}
}
