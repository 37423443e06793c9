import Foundation

/// A customer in the shop: who, and where they stand or sit.
public struct CustomerPlacement: Codable, Equatable, Sendable {
    /// The customer.
    public var customer: GeneratedCustomer
    /// Their tile.
    public var position: Position
}

/// A level item on the wall.
public struct ItemPlacement: Codable, Equatable, Sendable {
    /// The item.
    public var item: LevelItem
    /// Its tile.
    public var position: Position
}

/// One served drink, for the day's summary.
public struct ServiceRecord: Codable, Equatable, Sendable {
    /// Who was served.
    public var customerName: String
    /// What they ordered.
    public var order: String
    /// What they got.
    public var drink: String
    /// Their rating.
    public var stars: Int
}

/// Everything a save keeps: the shop, its customers and items, the scores, and each character's
/// conversation.
public struct ShopState: Codable, Equatable, Sendable {
    /// The save format's version.
    public var version = 1
    /// The day number (starts at 1).
    public var day = 1
    /// Where the player stands.
    public var player: Position
    /// Customers in the shop, waiting ones first in queue order.
    public var customers: [CustomerPlacement] = []
    /// Items made with the level creator.
    public var items: [ItemPlacement] = []
    /// Customers who have come in since the shop opened (picks each one's silhouette).
    public var visitors = 0
    /// Drinks served today.
    public var served: [ServiceRecord] = []
    /// Totals of the days before.
    public var pastDays: [DaySummary] = []
    /// Every conversation, by character id.
    public var transcripts: [String: TranscriptData] = [:]

    /// A new shop with the player at the door.
    public init(map: ShopMap = ShopMap()) {
        player = map.playerStart
    }

    /// Customers who have not been served yet.
    public var waiting: [CustomerPlacement] { customers.filter { !$0.customer.isServed } }
}

/// A day's totals.
public struct DaySummary: Codable, Equatable, Sendable {
    /// Which day.
    public var day: Int
    /// Drinks served.
    public var served: Int
    /// Stars earned.
    public var stars: Int

    /// A day's totals.
    public init(day: Int, served: Int, stars: Int) {
        self.day = day
        self.served = served
        self.stars = stars
    }

    /// Average stars per drink (0 when nothing was served).
    public var average: Double { served == 0 ? 0 : Double(stars) / Double(served) }
}

/// A transcript kept as its JSON (Apple's `Transcript` Codable encoding), so a save stays
/// readable and independent of the session objects.
public struct TranscriptData: Codable, Equatable, Sendable {
    /// The transcript's JSON.
    public var json: String
}
