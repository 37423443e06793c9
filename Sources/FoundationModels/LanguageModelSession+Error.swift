import Foundation

extension LanguageModelSession {
    /// Misuse of a session (Apple 27.0): a request made while another is running, or the
    /// transcript changed while the session is responding.
    ///
    /// ```swift
    /// do { _ = try await session.respond(to: "Hi") }
    /// catch LanguageModelSession.Error.concurrentRequests { /* wait for isResponding */ }
    /// ```
    public enum Error: LocalizedError, Hashable {
        /// A request was made while another request of the same session was running.
        case concurrentRequests
        /// The transcript was changed while the session was responding.
        case transcriptMutationWhileResponding
    }
}

extension LanguageModelSession.Error: CustomDebugStringConvertible {
    /// What went wrong and how to avoid it.
    public var debugDescription: String {
        switch self {
        case .concurrentRequests:
            "The session is still responding to an earlier request; wait until isResponding is false, or use another session."
        case .transcriptMutationWhileResponding:
            "The transcript was modified while the session was responding; change it only when isResponding is false."
        }
    }
}

extension LanguageModelSession.Error {
    /// A one-line summary of the misuse.
    public var errorDescription: String? {
        switch self {
        case .concurrentRequests: "The session is already responding to another request."
        case .transcriptMutationWhileResponding: "The transcript was modified while the session was responding."
        }
    }
}
