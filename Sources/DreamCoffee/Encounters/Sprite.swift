/// A small square picture of palette letters, as customers' pictures are generated.
public struct Sprite: Equatable, Sendable, Codable {
    /// Width and height in pixels.
    public static let size = 12

    /// The colours a sprite may use, each named by one letter.
    public enum Palette {
        /// The letters and their colours, in the order the schema lists them.
        static let colours: [(letter: Character, name: String, rgb: RGB)] = [
            ("k", "black", RGB(30, 28, 36)), ("w", "white", RGB(240, 238, 230)),
            ("r", "red", RGB(214, 60, 60)), ("o", "orange", RGB(236, 140, 50)),
            ("y", "yellow", RGB(244, 210, 70)), ("g", "green", RGB(80, 170, 90)),
            ("b", "blue", RGB(70, 120, 210)), ("p", "purple", RGB(150, 90, 200)),
            ("n", "brown", RGB(130, 85, 55)), ("s", "pink", RGB(240, 160, 180)),
            ("c", "cyan", RGB(90, 200, 210)), ("e", "grey", RGB(140, 140, 150)),
        ]

        /// Every letter, for a regex character class.
        public static var letters: String { String(colours.map(\.letter)) }

        /// "k=black, w=white, …" for the schema's description.
        public static var legend: String { colours.map { "\($0.letter)=\($0.name)" }.joined(separator: ", ") }

        /// The colour of a letter; `nil` for "." and anything unknown.
        public static func colour(of letter: Character) -> RGB? {
            colours.first { $0.letter == letter }?.rgb
        }
    }

    /// The rows, top to bottom, as generated.
    public let rows: [String]

    /// A sprite from rows of palette letters.
    public init(rows: [String]) {
        self.rows = rows
    }

    /// The pixels: `Sprite.size` rows of `Sprite.size` colours (`nil` is transparent).
    public var pixels: [[RGB?]] {
        (0..<Sprite.size).map { y in
            let row = y < rows.count ? Array(rows[y]) : []
            return (0..<Sprite.size).map { x in x < row.count ? Palette.colour(of: row[x]) : nil }
        }
    }

    /// Whether any pixel is painted.
    public var isBlank: Bool { pixels.allSatisfy { $0.allSatisfy { $0 == nil } } }
}
