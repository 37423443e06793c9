import CalendarContacts
import Foundation
import FoundationModels

/// What a game runs on: the model, sampling, the save file, and the player's calendar and
/// contacts for the tools.
public struct GameConfiguration: Sendable {
    /// The model every session uses (`SystemLanguageModel.default` in the game).
    public var model: any LanguageModel
    /// Sampling for every request (`.greedy` makes a play-through repeatable).
    public var options: GenerationOptions
    /// Where the game saves.
    public var saveFile: SaveFile
    /// The player's calendar (the calendar tool is offered to customers when present).
    public var calendar: ICalendar?
    /// The player's contacts (customers are named after them when present).
    public var contacts: [Contact]?
    /// Today, for the calendar tool.
    public var today: Date
    /// What characters must not say.
    public var blockList: BlockList
    /// Where to append timing records (JSON lines), if anywhere.
    public var timingsURL: URL?

    /// A configuration.
    public init(
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
public enum Direction: Sendable {
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
public enum Interlocutor: Equatable, Sendable {
    /// The barista.
    case barista
    /// A customer (by id).
    case customer(UUID)
    /// A level item (by index in the shop's items).
    case item(Int)
}

/// A line on screen: who says it, and whether it is still being generated.
public struct Speech: Equatable, Sendable {
    /// Who speaks.
    public var speaker: String
    /// What they say so far.
    public var text: String
    /// Whether more is coming.
    public var isStreaming: Bool
}
