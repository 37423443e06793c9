import CalendarContacts
import Foundation
import FoundationModels

/// What a game runs on: the model, sampling, the save file, and the player's calendar and
/// contacts for the tools.
package struct GameConfiguration: Sendable {
    /// The model every session uses (`SystemLanguageModel.default` in the game).
    package var model: any LanguageModel
    /// Sampling for every request (`.greedy` makes a play-through repeatable).
    package var options: GenerationOptions
    /// Where the game saves.
    package var saveFile: SaveFile
    /// The player's calendar (the calendar tool is offered to customers when present).
    package var calendar: ICalendar?
    /// The player's contacts (customers are named after them when present).
    package var contacts: [Contact]?
    /// Today, for the calendar tool.
    package var today: Date
    /// What characters must not say.
    package var blockList: BlockList
    /// Where to append timing records (JSON lines), if anywhere.
    package var timingsURL: URL?

    /// A configuration.
    package init(
        model: any LanguageModel, options: GenerationOptions = GenerationOptions(), saveFile: SaveFile,
        calendar: ICalendar? = nil, contacts: [Contact]? = nil, today: Date = Date(),
        blockList: BlockList = .standard, timingsURL: URL? = nil
    ) {
        self.model = model
        self.options = options
        self.saveFile = saveFile
        self.calendar = calendar
        self.contacts = contacts
        self.today = today
        self.blockList = blockList
        self.timingsURL = timingsURL
    }
}

/// A step on the shop floor.
package enum Direction: Sendable {
    /// Towards the top of the screen.
    case up
    /// Towards the bottom of the screen.
    case down
    /// To the left.
    case left
    /// To the right.
    case right

    /// The tile offset.
    var offset: (dx: Int, dy: Int) {
        switch self {
        case .up: (0, -1)
        case .down: (0, 1)
        case .left: (-1, 0)
        case .right: (1, 0)
        }
    }
}

/// Whom or what the player is next to.
package enum Interlocutor: Equatable, Sendable {
    /// The barista.
    case barista
    /// A customer (by id).
    case customer(UUID)
    /// A level item (by index in the shop's items).
    case item(Int)
}

/// A line on screen: who says it, and whether it is still being generated.
package struct Speech: Equatable, Sendable {
    /// Who speaks.
    package var speaker: String
    /// What they say so far.
    package var text: String
    /// Whether more is coming.
    package var isStreaming: Bool
}
