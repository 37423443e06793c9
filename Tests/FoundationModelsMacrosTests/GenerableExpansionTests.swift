import Testing

/// The code `@Generable` writes, pinned.
@Suite struct GenerableExpansionTests {
    @Test func structure() throws {
        try assertExpansion(
            """
            @Generable(description: "Basic profile information about a cat")
            struct CatProfile {
                var name: String
                @Guide(description: "The age of the cat", .range(0...20))
                var age: Int
                @Guide(.count(2), .element(.anyOf(["toy", "nap"])))
                var likes: [String]
                var nickname: String?
            }
            """,
            member: #"""
                nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                    FoundationModels.GenerationSchema(
                        type: Self.self, description: "Basic profile information about a cat",
                        properties: [
                            FoundationModels.GenerationSchema.Property(name: "name", type: String.self),
                            FoundationModels.GenerationSchema.Property(name: "age", description: "The age of the cat", type: Int.self, guides: [.range(0 ... 20)]),
                            FoundationModels.GenerationSchema.Property(name: "likes", type: [String].self, guides: [.count(2), .element(.anyOf(["toy", "nap"]))]),
                            FoundationModels.GenerationSchema.Property(name: "nickname", type: String?.self),
                        ]
                    )
                }

                nonisolated struct PartiallyGenerated: Swift.Identifiable, FoundationModels.ConvertibleFromGeneratedContent {
                    var id: FoundationModels.GenerationID
                    var name: String.PartiallyGenerated?
                    var age: Int.PartiallyGenerated?
                    var likes: [String].PartiallyGenerated?
                    var nickname: String.PartiallyGenerated?

                    nonisolated init(id: FoundationModels.GenerationID = FoundationModels.GenerationID(), name: String.PartiallyGenerated? = nil, age: Int.PartiallyGenerated? = nil, likes: [String].PartiallyGenerated? = nil, nickname: String.PartiallyGenerated? = nil) {
                        self.id = id
                        self.name = name
                        self.age = age
                        self.likes = likes
                        self.nickname = nickname
                    }

                    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                        self.id = content.id ?? FoundationModels.GenerationID()
                        self.name = try Self.partialMember(of: content, named: "name")
                        self.age = try Self.partialMember(of: content, named: "age")
                        self.likes = try Self.partialMember(of: content, named: "likes")
                        self.nickname = try Self.partialMember(of: content, named: "nickname")
                    }

                    /// A property so far: `nil` while absent, or while still too incomplete to read.
                    private static func partialMember<Value: FoundationModels.ConvertibleFromGeneratedContent>(of content: FoundationModels.GeneratedContent, named name: Swift.String) throws -> Value? {
                        guard let member = try content.value(FoundationModels.GeneratedContent?.self, forProperty: name) else {
                            return nil
                        }
                        guard member.isComplete else {
                            return try? member.value(Value.self)
                        }
                        return try member.value(Value.self)
                    }
                }

                nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                    PartiallyGenerated(name: self.name.asPartiallyGenerated(), age: self.age.asPartiallyGenerated(), likes: self.likes.asPartiallyGenerated(), nickname: self.nickname?.asPartiallyGenerated())
                }
                """#,
            extension: #"""
                extension CatProfile: FoundationModels.Generable {
                    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                        self.name = try content.value(forProperty: "name")
                        self.age = try content.value(forProperty: "age")
                        self.likes = try content.value(forProperty: "likes")
                        self.nickname = try content.value(forProperty: "nickname")
                    }

                    nonisolated var generatedContent: FoundationModels.GeneratedContent {
                        var properties: [(Swift.String, any FoundationModels.ConvertibleToGeneratedContent)] = []
                        properties.append(("name", self.name))
                        properties.append(("age", self.age))
                        properties.append(("likes", self.likes))
                        if let value = self.nickname {
                            properties.append(("nickname", value))
                        }
                        return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { _, new in
                                new
                            })
                    }
                }
                """#
        )
    }

    @Test func stringEnumeration() throws {
        try assertExpansion(
            """
            @Generable
            public enum Roast {
                case light, medium
                case `default`
            }
            """,
            member: #"""
                public nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                    FoundationModels.GenerationSchema(type: Self.self, anyOf: ["light", "medium", "default"])
                }
                """#,
            extension: #"""
                extension Roast: FoundationModels.Generable {
                    public nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                        let choice = try content.value(Swift.String.self)
                        switch choice {
                        case "light":
                            self = .light
                        case "medium":
                            self = .medium
                        case "default":
                            self = .`default`
                        default:
                            throw FoundationModels.GeneratedContent.ParsingError(rawContent: content.jsonString, debugDescription: "'\(choice)' is not a case of Roast (light, medium, default).")
                        }
                    }

                    public nonisolated var generatedContent: FoundationModels.GeneratedContent {
                        switch self {
                        case .light:
                            FoundationModels.GeneratedContent(kind: .string("light"))
                        case .medium:
                            FoundationModels.GeneratedContent(kind: .string("medium"))
                        case .`default`:
                            FoundationModels.GeneratedContent(kind: .string("default"))
                        }
                    }
                }
                """#
        )
    }

    @Test func enumerationWithAssociatedValues() throws {
        try assertExpansion(
            """
            @Generable(description: "An encounter")
            indirect enum Encounter {
                case orderCoffee(String)
                case complain(about: String, loudly: Bool?)
                case chain([Encounter])
                case leave
            }
            """,
            member: #"""
                nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                    let name = Swift.String(describing: Self.self)
                    let root = FoundationModels.DynamicGenerationSchema(name: name, description: "An encounter", anyOf: [
                        FoundationModels.DynamicGenerationSchema(name: name + ".orderCoffee", properties: [
                            FoundationModels.DynamicGenerationSchema.Property(name: "type", schema: FoundationModels.DynamicGenerationSchema(type: Swift.String.self, guides: [.constant("orderCoffee")])),
                            FoundationModels.DynamicGenerationSchema.Property(name: "value", schema: FoundationModels.DynamicGenerationSchema(type: String.self)),
                        ]),
                        FoundationModels.DynamicGenerationSchema(name: name + ".complain", properties: [
                            FoundationModels.DynamicGenerationSchema.Property(name: "type", schema: FoundationModels.DynamicGenerationSchema(type: Swift.String.self, guides: [.constant("complain")])),
                            FoundationModels.DynamicGenerationSchema.Property(name: "about", schema: FoundationModels.DynamicGenerationSchema(type: String.self)),
                            FoundationModels.DynamicGenerationSchema.Property(name: "loudly", schema: FoundationModels.DynamicGenerationSchema(type: Bool.self), isOptional: true),
                        ]),
                        FoundationModels.DynamicGenerationSchema(name: name + ".chain", properties: [
                            FoundationModels.DynamicGenerationSchema.Property(name: "type", schema: FoundationModels.DynamicGenerationSchema(type: Swift.String.self, guides: [.constant("chain")])),
                            FoundationModels.DynamicGenerationSchema.Property(name: "value", schema: FoundationModels.DynamicGenerationSchema(arrayOf: FoundationModels.DynamicGenerationSchema(referenceTo: name))),
                        ]),
                        FoundationModels.DynamicGenerationSchema(name: name + ".leave", properties: [
                            FoundationModels.DynamicGenerationSchema.Property(name: "type", schema: FoundationModels.DynamicGenerationSchema(type: Swift.String.self, guides: [.constant("leave")])),
                        ]),
                    ])
                    do {
                        return try FoundationModels.GenerationSchema(root: root, dependencies: [])
                    } catch {
                        return FoundationModels.GenerationSchema(type: Self.self, description: "\(error)", anyOf: [] as [any FoundationModels.Generable.Type])
                    }
                }
                """#,
            extension: #"""
                extension Encounter: FoundationModels.Generable {
                    nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                        let choice = try content.value(Swift.String.self, forProperty: "type")
                        switch choice {
                        case "orderCoffee":
                            self = try .orderCoffee(content.value(forProperty: "value"))
                        case "complain":
                            self = try .complain(about: content.value(forProperty: "about"), loudly: content.value(forProperty: "loudly"))
                        case "chain":
                            self = try .chain(content.value(forProperty: "value"))
                        case "leave":
                            self = .leave
                        default:
                            throw FoundationModels.GeneratedContent.ParsingError(rawContent: content.jsonString, debugDescription: "'\(choice)' is not a case of Encounter (orderCoffee, complain, chain, leave).")
                        }
                    }

                    nonisolated var generatedContent: FoundationModels.GeneratedContent {
                        switch self {
                        case .orderCoffee(let value0):
                            return FoundationModels.GeneratedContent(properties: ["type": "orderCoffee", "value": value0])
                        case .complain(let value0, let value1):
                            var properties: [(Swift.String, any FoundationModels.ConvertibleToGeneratedContent)] = [("type", "complain")]
                            properties.append(("about", value0))
                            if let value1 {
                                properties.append(("loudly", value1))
                            }
                            return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { _, new in
                                    new
                                })
                        case .chain(let value0):
                            return FoundationModels.GeneratedContent(properties: ["type": "chain", "value": value0])
                        case .leave:
                            return FoundationModels.GeneratedContent(properties: ["type": "leave"])
                        }
                    }
                }
                """#
        )
    }

    @Test func publicTypeWithExplicitNilAndElementGuides() throws {
        try assertExpansion(
            """
            @Generable(representNilExplicitlyInGeneratedContent: true)
            public struct Note {
                @Guide(/[A-Z]+/) public var code: String?
                @Guide(.anyOf(["a", "b"])) public var tags: [String]
                public let created = 0
            }
            """,
            member: #"""
                public nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                    FoundationModels.GenerationSchema(
                        type: Self.self, representNilExplicitlyInGeneratedContent: true,
                        properties: [
                            FoundationModels.GenerationSchema.Property(name: "code", type: String?.self, guides: [.pattern(/[A-Z]+/)]),
                            FoundationModels.GenerationSchema.Property(name: "tags", type: [String].self, guides: [.element(.anyOf(["a", "b"]))]),
                        ]
                    )
                }

                public nonisolated struct PartiallyGenerated: Swift.Identifiable, FoundationModels.ConvertibleFromGeneratedContent {
                    public var id: FoundationModels.GenerationID
                    public var code: String.PartiallyGenerated?
                    public var tags: [String].PartiallyGenerated?

                    public nonisolated init(id: FoundationModels.GenerationID = FoundationModels.GenerationID(), code: String.PartiallyGenerated? = nil, tags: [String].PartiallyGenerated? = nil) {
                        self.id = id
                        self.code = code
                        self.tags = tags
                    }

                    public nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                        self.id = content.id ?? FoundationModels.GenerationID()
                        self.code = try Self.partialMember(of: content, named: "code")
                        self.tags = try Self.partialMember(of: content, named: "tags")
                    }

                    /// A property so far: `nil` while absent, or while still too incomplete to read.
                    private static func partialMember<Value: FoundationModels.ConvertibleFromGeneratedContent>(of content: FoundationModels.GeneratedContent, named name: Swift.String) throws -> Value? {
                        guard let member = try content.value(FoundationModels.GeneratedContent?.self, forProperty: name) else {
                            return nil
                        }
                        guard member.isComplete else {
                            return try? member.value(Value.self)
                        }
                        return try member.value(Value.self)
                    }
                }

                public nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                    PartiallyGenerated(code: self.code?.asPartiallyGenerated(), tags: self.tags.asPartiallyGenerated())
                }
                """#,
            extension: #"""
                extension Note: FoundationModels.Generable {
                    public nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                        self.code = try content.value(forProperty: "code")
                        self.tags = try content.value(forProperty: "tags")
                    }

                    public nonisolated var generatedContent: FoundationModels.GeneratedContent {
                        FoundationModels.GeneratedContent(properties: [
                            "code": self.code,
                            "tags": self.tags,
                        ])
                    }
                }
                """#
        )
    }
}
