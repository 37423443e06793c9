import Foundation

/// A customer in the shop: who, and where they stand or sit.
package struct CustomerPlacement: Codable, Equatable, Sendable {
    /// The customer.
    package var customer: GeneratedCustomer
    /// Their tile.
    package var position: Position
}

/// A level item on the wall.
package struct ItemPlacement: Codable, Equatable, Sendable {
    /// The item.
    package var item: LevelItem
    /// Its tile.
    package var position: Position
}

/// One served drink, for the day's summary.
package struct ServiceRecord: Codable, Equatable, Sendable {
    /// Who was served.
    package var customerName: String
    /// What they ordered.
    package var order: String
    /// What they got.
    package var drink: String
    /// Their rating.
    package var stars: Int
}

/// Everything a save keeps: the shop, its customers and items, the scores, and each character's
/// conversation.
package struct ShopState: Codable, Equatable, Sendable {
    /// The save format's version.
    package var version = 1
    /// The day number (starts at 1).
    package var day = 1
    /// Where the player stands.
    package var player: Position
    /// Customers in the shop, waiting ones first in queue order.
    package var customers: [CustomerPlacement] = []
    /// Items made with the level creator.
    package var items: [ItemPlacement] = []
    /// Customers who have come in since the shop opened (picks each one's silhouette).
    package var visitors = 0
    /// Drinks served today.
    package var served: [ServiceRecord] = []
    /// Totals of the days before.
    package var pastDays: [DaySummary] = []
    /// Every conversation, by character id.
    package var transcripts: [String: TranscriptData] = [:]

    /// A new shop with the player at the door.
    package init(map: ShopMap = ShopMap()) {
        player = map.playerStart
    }

    /// Customers who have not been served yet.
    package var waiting: [CustomerPlacement] { customers.filter { !$0.customer.isServed } }
}

/// A day's totals.
package struct DaySummary: Codable, Equatable, Sendable {
    /// Which day.
    package var day: Int
    /// Drinks served.
    package var served: Int
    /// Stars earned.
    package var stars: Int

    /// A day's totals.
    package init(day: Int, served: Int, stars: Int) {
        self.day = day
        self.served = served
        self.stars = stars
    }

    /// Average stars per drink (0 when nothing was served).
    package var average: Double { served == 0 ? 0 : Double(stars) / Double(served) }
}

/// A transcript kept as its JSON (Apple's `Transcript` Codable encoding), so a save stays
/// readable and independent of the session objects.
package struct TranscriptData: Codable, Equatable, Sendable {
    /// The transcript's JSON.
    package var json: String
}
