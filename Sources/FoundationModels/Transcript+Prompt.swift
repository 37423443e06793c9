import Foundation

extension Transcript {
    /// A prompt entry: what was asked, with the request's options and response format.
    public struct Prompt: Sendable, Identifiable, Equatable {
        /// The entry's identity.
        public var id: String
        /// The prompt's text and content.
        public var segments: [Transcript.Segment]
        /// The options of the request.
        public var options: GenerationOptions
        /// The context options of the request (schema in the prompt, reasoning level).
        public var contextOptions: ContextOptions
        /// Values the app attached to the request, passed to the model's executor.
        public var metadata: [String: any Codable & Sendable & Equatable]
        /// The structure the response had to follow, if any.
        public var responseFormat: Transcript.ResponseFormat?

        /// Creates a prompt entry with context options and metadata.
        ///
        /// ```swift
        /// let prompt = Transcript.Prompt(metadata: ["user": "42"], segments: [.text(.init(content: "Hi"))])
        /// ```
        public init(
            id: String = UUID().uuidString, metadata: [String: any Codable & Sendable & Equatable] = [:], segments: [Transcript.Segment],
            options: GenerationOptions = GenerationOptions(), responseFormat: Transcript.ResponseFormat? = nil,
            contextOptions: ContextOptions = ContextOptions()
        ) {
            self.id = id
            self.metadata = metadata
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
            self.contextOptions = contextOptions
        }
    }

    /// The structure a response had to follow: a generable type's or a schema's.
    ///
    /// ```swift
    /// Transcript.ResponseFormat(type: CatProfile.self).name  // "CatProfile"
    /// ```
    public struct ResponseFormat: Sendable, Equatable {
        /// The schema's type name.
        public var name: String { schemaName }

        /// What the response had to be: a schema.
        public var kind: Kind { .schema(schema) }

        let schemaName: String
        /// The schema the response followed.
        let schema: GenerationSchema

        /// The format of a generable type.
        public init<Content>(type: Content.Type) where Content: Generable {
            let schema = Content.generationSchema
            self.init(name: schema.rootName ?? SchemaResolver.name(of: Content.self), schema: schema)
        }

        /// The format of a schema.
        public init(schema: GenerationSchema) {
            self.init(name: schema.rootName ?? "", schema: schema)
        }

        init(name: String, schema: GenerationSchema) {
            self.schemaName = name
            self.schema = schema
        }

        /// Equal formats have the same name and schema.
        public static func == (a: ResponseFormat, b: ResponseFormat) -> Bool {
            a.schemaName == b.schemaName && a.schema.isSame(as: b.schema)
        }
    }
}

extension Transcript.Prompt {
    /// Creates a prompt entry.
    public init(
        id: String = UUID().uuidString, segments: [Transcript.Segment], options: GenerationOptions = GenerationOptions(),
        responseFormat: Transcript.ResponseFormat? = nil
    ) {
        self.init(id: id, metadata: [:], segments: segments, options: options, responseFormat: responseFormat)
    }

    /// Equal prompts have the same identity, content, options, format and metadata.
    public static func == (lhs: Transcript.Prompt, rhs: Transcript.Prompt) -> Bool {
        lhs.id == rhs.id && lhs.segments == rhs.segments && lhs.options == rhs.options && lhs.contextOptions == rhs.contextOptions
            && lhs.responseFormat == rhs.responseFormat && metadataEqual(lhs.metadata, rhs.metadata)
    }
}

extension Transcript.ResponseFormat {
    /// What a response had to be.
    public enum Kind: Sendable {
        /// Content following a schema.
        case schema(GenerationSchema)
    }
}

extension Transcript.ResponseFormat.Kind: Equatable {
    /// Equal kinds follow the same schema.
    public static func == (lhs: Transcript.ResponseFormat.Kind, rhs: Transcript.ResponseFormat.Kind) -> Bool {
        switch (lhs, rhs) {
        case (.schema(let a), .schema(let b)): a.isSame(as: b)
        }
    }
}
