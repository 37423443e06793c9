/// A customer's small square picture: rows of letters — `b` body, `d` details, `e` eyes, `.`
/// transparent — and the three colours those letters stand for.
package struct Sprite: Equatable, Sendable, Codable {
    /// Width and height in pixels.
    package static let size = 12

    /// The colours a picture may use, by name.
    package enum Palette {
        /// Every colour, in the order the schema lists them.
        static let colours: [(name: String, rgb: RGB)] = [
            ("black", RGB(30, 28, 36)), ("white", RGB(240, 238, 230)), ("red", RGB(214, 60, 60)),
            ("orange", RGB(236, 140, 50)), ("yellow", RGB(244, 210, 70)), ("green", RGB(80, 170, 90)),
            ("blue", RGB(70, 120, 210)), ("purple", RGB(150, 90, 200)), ("brown", RGB(130, 85, 55)),
            ("pink", RGB(240, 160, 180)), ("cyan", RGB(90, 200, 210)), ("grey", RGB(140, 140, 150)),
            ("gold", RGB(230, 180, 40)), ("silver", RGB(190, 195, 205)),
        ]

        /// The colour names.
        package static var names: [String] { colours.map(\.name) }

        /// The colour called `name`, if the palette has it.
        package static func colour(named name: String) -> RGB? {
            colours.first { $0.name == name.lowercased() }?.rgb
        }
    }

    /// The rows, top to bottom, as generated.
    package let rows: [String]
    /// The body, details and eye colours, by name.
    package let colours: [String]

    /// A sprite from rows of `b`/`d`/`e`/`.` and the colours of `b`, `d` and `e`.
    package init(rows: [String], colours: [String]) {
        self.rows = rows
        self.colours = colours
    }

    /// The pixels: `Sprite.size` rows of `Sprite.size` colours (`nil` is transparent).
    package var pixels: [[RGB?]] {
        let body = colours.indices.contains(0) ? Palette.colour(named: colours[0]) : nil
        let details = colours.indices.contains(1) ? Palette.colour(named: colours[1]) : nil
        let eyes = colours.indices.contains(2) ? Palette.colour(named: colours[2]) : nil
        return (0..<Sprite.size).map { y in
            let row = y < rows.count ? Array(rows[y]) : []
            return (0..<Sprite.size).map { x -> RGB? in
                guard x < row.count else { return nil }
                switch row[x] {
                case "b": return body ?? RGB(200, 200, 200)
                case "d": return details ?? RGB(120, 120, 120)
                case "e": return eyes ?? RGB(20, 20, 20)
                default: return nil
                }
            }
        }
    }

    /// Whether any pixel is painted.
    package var isBlank: Bool { pixels.allSatisfy { $0.allSatisfy { $0 == nil } } }
}
