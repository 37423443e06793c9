import Foundation

// Plain stand-ins for the Apple frameworks some samples lean on (SwiftUI, Contacts), which do not
// exist on Linux. Each declares only what a sample uses, with Apple's names and shapes, so the
// sample text compiles unchanged. Nothing here touches FoundationModels. EventKit, MapKit and
// CoreLocation need no stand-in: the samples that import EventKit use nothing from it.

// MARK: - SwiftUI (ToolCallingArticleSamples, "Inspect the call graph")

/// A piece of user interface, as SwiftUI's `View`.
protocol View {
    /// The view's content.
    associatedtype Body: View
    /// The view's content, built with `ViewBuilder`.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Never called: `Never` is the body of primitive views.
    var body: Never { return fatalError("primitive view") }
}

/// A view of nothing.
struct EmptyView: View {
    /// Primitive.
    var body: Never { return fatalError("primitive view") }
}

/// Any view, type-erased: every `ViewBuilder` result.
struct AnyView: View {
    /// The views built, in order.
    let parts: [any View]
    /// Primitive.
    var body: Never { return fatalError("primitive view") }
}

/// Builds views from statements, as SwiftUI's `ViewBuilder` (type-erased here).
@resultBuilder
enum ViewBuilder {
    static func buildExpression(_ view: some View) -> AnyView { AnyView(parts: [view]) }
    static func buildBlock(_ parts: AnyView...) -> AnyView { AnyView(parts: parts.flatMap(\.parts)) }
    static func buildOptional(_ part: AnyView?) -> AnyView { part ?? AnyView(parts: []) }
    static func buildEither(first part: AnyView) -> AnyView { part }
    static func buildEither(second part: AnyView) -> AnyView { part }
}

/// A value a view owns, as SwiftUI's `State`.
@propertyWrapper
struct State<Value> {
    /// The value.
    var wrappedValue: Value

    init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Rows built from a collection of identifiable elements, as SwiftUI's `List`.
struct List<RowContent: View>: View {
    /// The rows.
    let rows: [RowContent]

    init<Data: RandomAccessCollection>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Data.Element: Identifiable {
        rows = data.map(rowContent)
    }

    /// Primitive.
    var body: Never { return fatalError("primitive view") }
}

extension View {
    /// Runs `action` when the view appears, as SwiftUI's `task(priority:_:)` (here: never).
    func task(_ action: @escaping () async -> Void) -> some View { self }
}

// MARK: - Contacts (DeepDiveSamples, "Tool calling")

/// A key of a contact property to fetch, as Contacts' `CNKeyDescriptor`.
protocol CNKeyDescriptor {}

extension String: CNKeyDescriptor {}

/// The key of `CNContact.givenName`.
let CNContactGivenNameKey = "givenName"
/// The key of `CNContact.birthday`.
let CNContactBirthdayKey = "birthday"

/// A person in the address book, as Contacts' `CNContact`.
struct CNContact: Sendable, Equatable {
    /// The first name.
    var givenName: String
    /// The birthday (year, month, day), if known.
    var birthday: DateComponents?
}

/// Which contacts and properties to fetch, as Contacts' `CNContactFetchRequest`.
struct CNContactFetchRequest {
    /// The properties to fetch.
    var keysToFetch: [CNKeyDescriptor]

    init(keysToFetch: [CNKeyDescriptor]) {
        self.keysToFetch = keysToFetch
    }
}

/// The address book, as Contacts' `CNContactStore`: here a fixed book of `CNContactStore.book`.
struct CNContactStore {
    /// The stand-in address book: one person per generation, one without a birthday.
    static let book: [CNContact] = [
        CNContact(givenName: "Rosalind", birthday: DateComponents(year: 1952, month: 3, day: 9)),
        CNContact(givenName: "Marcus", birthday: DateComponents(year: 1972, month: 11, day: 2)),
        CNContact(givenName: "Priya", birthday: DateComponents(year: 1989, month: 6, day: 21)),
        CNContact(givenName: "Naomy", birthday: DateComponents(year: 2003, month: 1, day: 30)),
        CNContact(givenName: "Ezra", birthday: nil),
    ]

    /// Calls `block` with each contact in the book, until it sets its second argument.
    func enumerateContacts(
        with fetchRequest: CNContactFetchRequest,
        usingBlock block: (CNContact, UnsafeMutablePointer<Bool>) -> Void
    ) throws {
        var stop = false
        for contact in Self.book {
            block(contact, &stop)
            if stop { break }
        }
    }
}
