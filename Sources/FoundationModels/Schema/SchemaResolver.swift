/// Builds the schemas of generable types without looping on recursive types.
///
/// A type's `generationSchema` builds the schemas of its properties' types, which may lead back
/// to the type itself (`Person.children: [Person]`) or to a type already being built further up
/// (`A -> B -> A`). While a type's schema is being built it is on a task-local stack (builds
/// are synchronous, so the stack is per thread too); meeting it again yields a reference to its
/// name instead of building it again. References to the root type encode as `#`.
enum SchemaResolver {
    /// The types whose schemas are being built, outermost first.
    @TaskLocal static var typesBeingBuilt: [ObjectIdentifier] = []

    /// The names of the dynamic root schemas whose `GenerationSchema(root:dependencies:)` is
    /// building the schemas of generable types right now, outermost first: a type whose schema
    /// is dynamic (`@Generable(name:)`) is met again by name, not by type.
    @TaskLocal static var dynamicRootsBeingBuilt: [String] = []

    /// The schema of `type`, or a reference to it if its schema is being built right now.
    static func schema(for type: any Generable.Type) -> GenerationSchema {
        if typesBeingBuilt.contains(ObjectIdentifier(type)) {
            return GenerationSchema(root: .reference(name(of: type)), definitions: [])
        }
        return type.generationSchema
    }

    /// Runs `body` with `type` marked as being built.
    static func building<Result>(_ type: any Generable.Type, _ body: () -> Result) -> Result {
        $typesBeingBuilt.withValue(typesBeingBuilt + [ObjectIdentifier(type)], operation: body)
    }

    /// The name a type has in schemas (`title`, `$defs` key): its unqualified Swift name.
    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}
