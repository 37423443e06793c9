import Foundation

extension LanguageModelExecutorGenerationChannel {
    /// One thing an executor generated: a piece of response text, or a piece of a tool call.
    ///
    /// ```swift
    /// await channel.send(.response(action: .appendText("Hi", tokenCount: 1)))
    /// ```
    public struct Event: Sendable {
        /// What the event is about.
        enum Kind: Sendable {
            case response(Response)
            case reasoning(Reasoning)
            case toolCalls(ToolCalls)
        }

        /// What the event is about.
        let kind: Kind

        /// An event about the response entry. `entryID` names the transcript entry (a fresh
        /// identity when `nil`).
        public static func response(entryID: String? = nil, action: Response.Action) -> Event {
            Event(kind: .response(Response(entryID: entryID, action: action)))
        }

        /// An event about the reasoning entry (a reasoning model's thinking before it answers).
        /// `entryID` names the transcript entry (a fresh identity when `nil`).
        ///
        /// ```swift
        /// await channel.send(.reasoning(entryID: id, action: .appendText("Let me think…", tokenCount: 3)))
        /// ```
        public static func reasoning(entryID: String? = nil, action: Reasoning.Action) -> Event {
            Event(kind: .reasoning(Reasoning(entryID: entryID, action: action)))
        }

        /// An event about the tool-calls entry. `entryID` names the transcript entry (a fresh
        /// identity when `nil`).
        public static func toolCalls(entryID: String? = nil, action: ToolCalls.Action) -> Event {
            Event(kind: .toolCalls(ToolCalls(entryID: entryID, action: action)))
        }
    }

    /// A change to the response entry.
    public struct Response: Sendable {
        /// The identity of the entry, if the executor chose one.
        public var entryID: String?
        /// The change.
        public var action: Action
    }

    /// A change to the reasoning entry.
    public struct Reasoning: Sendable {
        /// The identity of the entry, if the executor chose one.
        public var entryID: String?
        /// The change.
        public var action: Action
    }

    /// A provider's signature of a reasoning entry.
    public struct ReasoningSignature: Sendable {
        /// The signature.
        public var signature: Data
        /// How many tokens it took.
        public var tokenCount: Int
    }

    /// Values an executor attaches to an entry.
    public struct Metadata: Sendable {
        /// The values.
        public var values: [String: any Sendable & Codable & Equatable]
    }

    /// A change to the tool-calls entry.
    public struct ToolCalls: Sendable {
        /// The identity of the entry, if the executor chose one.
        public var entryID: String?
        /// The change.
        public var action: Action
    }

    /// Text added at the end of a segment of the response.
    public struct TextFragment: Sendable {
        /// The text.
        public var content: String
        /// The segment it belongs to (`nil`: the last segment).
        public var segmentID: String?
        /// How many tokens the text took.
        public var tokenCount: Int
    }

    /// New text for a whole segment of the response.
    public struct TextSegmentReplacement: Sendable {
        /// The segment's new text.
        public var content: String
        /// The segment replaced (`nil`: the last segment).
        public var segmentID: String?
        /// How many tokens the new text took.
        public var tokenCount: Int
    }
}

extension LanguageModelExecutorGenerationChannel.Response {
    /// A change to the response's text.
    public struct Action: Sendable {
        /// The change.
        enum Kind: Sendable {
            case append(LanguageModelExecutorGenerationChannel.TextFragment)
            case replace(LanguageModelExecutorGenerationChannel.TextSegmentReplacement)
            case usage(LanguageModelExecutorGenerationChannel.Usage)
            case custom(any Transcript.CustomSegment)
            case addAttachment(Transcript.AttachmentSegment)
            case removeAttachment(id: String)
            case metadata(LanguageModelExecutorGenerationChannel.Metadata)
        }

        /// The change.
        let kind: Kind

        /// Adds or replaces (by identity) an app-defined segment of the response.
        public static func updateCustomSegment(_ segment: any Transcript.CustomSegment) -> Self {
            Self(kind: .custom(segment))
        }

        /// Adds an attachment segment to the response.
        public static func addAttachmentSegment(_ segment: Transcript.AttachmentSegment) -> Self {
            Self(kind: .addAttachment(segment))
        }

        /// Removes the attachment segment `id` from the response.
        public static func removeAttachmentSegment(id: String) -> Self {
            Self(kind: .removeAttachment(id: id))
        }

        /// Merges `values` into the response entry's metadata.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Self {
            Self(kind: .metadata(.init(values: values)))
        }

        /// Appends `text` to the segment `segmentID` (a new segment if none has that identity;
        /// the last segment when `nil`). For a structured response the text is JSON.
        public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Self {
            Self(kind: .append(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// Replaces the text of the segment `segmentID` (the last segment when `nil`).
        public static func replaceTextSegment(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Self {
            Self(kind: .replace(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls {
    /// A change to the step's tool calls.
    public struct Action: Sendable {
        /// The change.
        enum Kind: Sendable {
            case call(ToolCall)
            case remove(id: String)
            case usage(LanguageModelExecutorGenerationChannel.Usage)
            case metadata(LanguageModelExecutorGenerationChannel.Metadata)
        }

        /// The change.
        let kind: Kind

        /// Merges `values` into the tool-calls entry's metadata.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Self {
            Self(kind: .metadata(.init(values: values)))
        }

        /// Starts or continues the call `id` of the tool `name`.
        public static func toolCall(id: String, name: String, action: ToolCall.Action) -> Self {
            Self(kind: .call(ToolCall(id: id, name: name, action: action)))
        }

        /// Withdraws the call `id`.
        public static func removeToolCall(id: String) -> Self {
            Self(kind: .remove(id: id))
        }
    }

    /// A change to one tool call.
    public struct ToolCall: Sendable {
        /// The call's identity; the tool's output carries it too.
        public var id: String
        /// The tool called.
        public var name: String
        /// The change.
        public var action: Action
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall {
    /// A change to a tool call's arguments.
    public struct Action: Sendable {
        /// The arguments added (empty for a metadata update).
        let fragment: ArgumentsFragment
        /// Values merged into the call's metadata.
        var metadata: [String: any Sendable & Codable & Equatable] = [:]

        /// Appends `content` to the call's arguments, a JSON object matching the tool's
        /// parameters once complete.
        public static func appendArguments(_ content: String, tokenCount: Int) -> Self {
            Self(fragment: ArgumentsFragment(content: content, tokenCount: tokenCount))
        }

        /// Merges `values` into the call's metadata.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Self {
            Self(fragment: ArgumentsFragment(content: "", tokenCount: 0), metadata: values)
        }
    }

    /// A piece of a tool call's arguments.
    public struct ArgumentsFragment: Sendable {
        /// The JSON text.
        public var content: String
        /// How many tokens it took.
        public var tokenCount: Int
    }
}

extension LanguageModelExecutorGenerationChannel.Reasoning {
    /// A change to the reasoning entry.
    public struct Action: Sendable {
        /// The change.
        enum Kind: Sendable {
            case append(LanguageModelExecutorGenerationChannel.TextFragment)
            case replace(LanguageModelExecutorGenerationChannel.TextSegmentReplacement)
            case signature(LanguageModelExecutorGenerationChannel.ReasoningSignature)
            case metadata(LanguageModelExecutorGenerationChannel.Metadata)
            case usage(LanguageModelExecutorGenerationChannel.Usage)
        }

        /// The change.
        let kind: Kind

        /// Appends reasoning text to the segment `segmentID` (the last segment when `nil`).
        public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Self {
            Self(kind: .append(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// Replaces the reasoning text of the segment `segmentID` (the last segment when `nil`).
        public static func replaceTextSegment(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Self {
            Self(kind: .replace(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// Sets the provider's signature of the reasoning.
        public static func updateSignature(_ signature: Data, tokenCount: Int) -> Self {
            Self(kind: .signature(.init(signature: signature, tokenCount: tokenCount)))
        }

        /// Merges `values` into the reasoning entry's metadata.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Self {
            Self(kind: .metadata(.init(values: values)))
        }

        /// Reports the tokens the step read and wrote (the latest report counts).
        public static func updateUsage(
            input: LanguageModelExecutorGenerationChannel.Usage.Input,
            output: LanguageModelExecutorGenerationChannel.Usage.Output,
            metadata: [String: any Sendable & Codable & Equatable] = [:]
        ) -> Self {
            Self(kind: .usage(.init(input: input, output: output, metadata: metadata)))
        }
    }
}
