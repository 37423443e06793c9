import CalendarContacts
import FoundationModels
import Synchronization

/// Finds the name of one of the player's contacts born in a given month, from a vCard file, as
/// the sample's `ContactTool` does with the Contacts framework. It remembers whom it has handed
/// out, so the shop does not fill with copies of one friend (the deep-dive session's fix).
package final class ContactTool: Tool {
    /// The tool's name in the prompt.
    package let name = "getContactName"
    /// What the tool is for, in one sentence.
    package let description = "Gets the name of a contact born in a given month."

    /// The month to look for.
    @Generable
    package struct Arguments {
        /// The month of birth, 1 to 12.
        @Guide(description: "The month, from 1 to 12", .range(1...12))
        package let month: Int
    }

    private let contacts: [Contact]
    private let picked = Mutex<[String]>([])

    /// A tool over the contacts of a vCard file.
    package init(contacts: [Contact]) {
        self.contacts = contacts
    }

    /// The names handed out so far, in order.
    package var pickedNames: [String] { picked.withLock { $0 } }

    /// A contact born in the month that has not been handed out yet, or a sentence saying there
    /// is none.
    package func call(arguments: Arguments) async throws -> String {
        let month = min(max(arguments.month, 1), 12)
        let candidates = contacts.filter { $0.birthday?.month == month }
        let choice = picked.withLock { picked -> Contact? in
            guard let contact = candidates.first(where: { !picked.contains($0.displayName) }) else { return nil }
            picked.append(contact.displayName)
            return contact
        }
        guard let choice else {
            return "No new contact was born in month \(month). Make up a dreamy name instead."
        }
        return "\(ContactTool.firstName(of: choice.displayName)) (born in month \(month))"
    }

    /// The first word of a name ("Naomy" of "Naomy Park").
    static func firstName(of name: String) -> String {
        String(name.split(separator: " ").first ?? Substring(name))
    }
}
