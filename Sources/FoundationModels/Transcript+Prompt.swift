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
        /// The structure the response had to follow, if any.
        public var responseFormat: Transcript.ResponseFormat?

        /// Creates a prompt entry.
        public init(
            id: String = UUID().uuidString, segments: [Transcript.Segment], options: GenerationOptions = GenerationOptions(),
            responseFormat: Transcript.ResponseFormat? = nil
        ) {
            self.id = id
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
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
