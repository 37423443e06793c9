/// A tile position on the shop floor (x to the right, y down).
package struct Position: Hashable, Codable, Sendable {
    /// Column.
    package var x: Int
    /// Row.
    package var y: Int

    /// A position.
    package init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }

    /// The four neighbouring tiles.
    package var neighbours: [Position] { [Position(x, y - 1), Position(x + 1, y), Position(x, y + 1), Position(x - 1, y)] }
}

/// The shop's floor plan: walls, the counter, tables and plants, the door; where the barista
/// stands, where customers queue and sit, and where level items go.
package struct ShopMap: Sendable {
    /// One tile of the plan.
    package enum Tile: Character, Sendable {
        /// A wall (`#`).
        case wall = "#"
        /// Floor boards (`.`).
        case floor = "."
        /// The counter (`=`), across which the barista talks and drinks are brewed.
        case counter = "="
        /// A table (`T`).
        case table = "T"
        /// A plant (`p`).
        case plant = "p"
        /// The door (`D`).
        case door = "D"
        /// A shelf of cups (`s`).
        case shelf = "s"

        /// Whether people can stand on it.
        package var isWalkable: Bool { self == .floor || self == .door }
    }

    /// The plan, row by row.
    package static let plan = [
        "################",
        "#s....s#.......#",
        "#======#...T...#",
        "#..............#",
        "#..........T...#",
        "#p.............#",
        "#...T......T..p#",
        "#..............#",
        "#######DD#######",
    ]

    /// Width in tiles.
    package let width = plan[0].count
    /// Height in tiles.
    package let height = plan.count
    private let tiles: [[Tile]] = plan.map { $0.map { Tile(rawValue: $0) ?? .floor } }

    /// The standard shop.
    package init() {}

    /// The tile at `position` (outside the plan is wall).
    package func tile(at position: Position) -> Tile {
        guard position.y >= 0, position.y < height, position.x >= 0, position.x < width else { return .wall }
        return tiles[position.y][position.x]
    }

    /// Where the barista works (behind the counter).
    package let baristaPosition = Position(3, 1)
    /// Where the player starts.
    package let playerStart = Position(4, 4)
    /// Where waiting customers queue, in front of the counter, first in line first.
    package let queue = [Position(2, 3), Position(4, 3), Position(6, 3), Position(5, 4), Position(3, 4)]
    /// Where served customers sit, next to the tables.
    package let seats = [Position(10, 2), Position(10, 4), Position(12, 6), Position(3, 6), Position(12, 4), Position(5, 6)]
    /// Where level items are put up, along the walls.
    package let itemSpots = [Position(14, 2), Position(14, 3), Position(8, 1), Position(14, 7), Position(1, 7), Position(9, 7)]

    /// Whether `a` can talk to `b`: next to each other, or across the counter.
    package func canReach(_ a: Position, _ b: Position) -> Bool {
        if abs(a.x - b.x) + abs(a.y - b.y) == 1 { return true }
        if a.x == b.x, abs(a.y - b.y) == 2 { return tile(at: Position(a.x, (a.y + b.y) / 2)) == .counter }
        return false
    }

    /// Whether someone at `position` stands at the counter (to brew).
    package func isAtCounter(_ position: Position) -> Bool {
        position.neighbours.contains { tile(at: $0) == .counter }
    }
}
