/// A `BEGIN:NAME` … `END:NAME` block: its own properties and its nested components.
struct Component: Sendable, Equatable {
    /// The component name, upper-cased (`VCALENDAR`, `VEVENT`, `VCARD`, …).
    var name: String
    /// The line of its `BEGIN`.
    var lineNumber: Int
    /// The properties directly inside it (not those of nested components), in order.
    var properties: [ContentLine] = []
    /// The nested components, in order.
    var children: [Component] = []

    /// Every property called `name` (upper-case).
    func properties(named name: String) -> [ContentLine] {
        properties.filter { $0.name == name }
    }

    /// The first property called `name` (upper-case).
    func property(named name: String) -> ContentLine? {
        properties.first { $0.name == name }
    }

    /// The nested components called `name` (upper-case).
    func children(named name: String) -> [Component] {
        children.filter { $0.name == name }
    }
}
