/// The shop's 4×4-pixel tiles and people, drawn from small letter maps.
enum TileArt {
    /// Pixels per tile side.
    static let size = 4

    private static let colours: [Character: RGB] = [
        "f": RGB(196, 150, 102), "F": RGB(182, 136, 90), // floor boards
        "w": RGB(92, 60, 48), "W": RGB(120, 82, 62), // wall
        "c": RGB(150, 98, 56), "C": RGB(214, 176, 120), // counter
        "t": RGB(110, 70, 40), "T": RGB(160, 110, 66), // table
        "g": RGB(70, 150, 80), "G": RGB(40, 110, 60), "o": RGB(170, 90, 60), // plant, pot
        "d": RGB(60, 40, 30), "D": RGB(240, 200, 90), // door, handle
        "s": RGB(120, 80, 50), "m": RGB(240, 240, 230), "r": RGB(200, 70, 60), // shelf, mugs
        "h": RGB(60, 40, 30), "k": RGB(240, 200, 160), "a": RGB(70, 120, 200), "A": RGB(40, 60, 120), // player
        "H": RGB(20, 20, 24), "K": RGB(150, 100, 70), "e": RGB(240, 240, 240), "E": RGB(60, 150, 120), // barista
        "n": RGB(250, 235, 180), "N": RGB(120, 80, 40), "q": RGB(200, 60, 160), // notice board
    ]

    private static func sprite(_ rows: [String]) -> [[RGB?]] {
        rows.map { row in row.map { colours[$0] } }
    }

    static let floor = sprite(["fffF", "fffF", "FFFf", "fFff"])
    static let wall = sprite(["wWww", "wwwW", "Wwww", "wwWw"])
    static let counter = sprite(["CCCC", "cccc", "cccc", "cccc"])
    static let table = sprite(["ffff", "fTTf", "tTTt", "ftTf"])
    static let plant = sprite(["fGgf", "gGgG", "fgGf", "fooF"])
    static let door = sprite(["dddd", "dddd", "dddD", "dddd"])
    static let shelf = sprite(["ssss", "mrmr", "ssss", "fffF"])
    static let player = sprite([".hh.", ".kk.", "aAAa", ".a a".replacingOccurrences(of: " ", with: ".")])
    static let barista = sprite([".HH.", ".KK.", "eEEe", ".E.E"])
    static let item = sprite(["NNNN", "NnqN", "NnnN", ".N.N"])

    /// The tile picture of a map tile.
    static func tile(_ tile: ShopMap.Tile) -> [[RGB?]] {
        switch tile {
        case .wall: wall
        case .floor: floor
        case .counter: counter
        case .table: table
        case .plant: plant
        case .door: door
        case .shelf: shelf
        }
    }
}
