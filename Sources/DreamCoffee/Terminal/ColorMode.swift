/// How a `ScreenRenderer` encodes colours.
package enum ColorMode: Sendable, Hashable {
    /// 24-bit SGR colours: `38;2;r;g;b` / `48;2;r;g;b`.
    case trueColor
    /// The xterm 256-colour palette: `38;5;n` / `48;5;n` (nearest cube or grey entry).
    case palette256

    /// `.trueColor` when `COLORTERM` is `truecolor` or `24bit`, otherwise `.palette256`.
    package static func detect(environment: [String: String]) -> ColorMode {
        let value = environment["COLORTERM"]?.lowercased() ?? ""
        return value == "truecolor" || value == "24bit" ? .trueColor : .palette256
    }

    /// The SGR parameters selecting `color` as foreground (`background == false`) or background.
    package func parameters(for color: RGB, background: Bool) -> String {
        switch self {
        case .trueColor:
            return "\(background ? 48 : 38);2;\(color.r);\(color.g);\(color.b)"
        case .palette256:
            return "\(background ? 48 : 38);5;\(ColorMode.paletteIndex(for: color))"
        }
    }

    /// The index (16...255) of the xterm palette entry closest to `color`.
    package static func paletteIndex(for color: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for (index, level) in levels.enumerated()
            where abs(level - Int(value)) < abs(levels[best] - Int(value)) { best = index }
            return best
        }
        let (ri, gi, bi) = (nearestLevel(color.r), nearestLevel(color.g), nearestLevel(color.b))
        let cube = (levels[ri], levels[gi], levels[bi])
        let average = (Int(color.r) + Int(color.g) + Int(color.b)) / 3
        let greyIndex = min(23, max(0, (average - 8 + 5) / 10))
        let grey = 8 + greyIndex * 10
        func distance(_ a: (Int, Int, Int)) -> Int {
            let dr = a.0 - Int(color.r), dg = a.1 - Int(color.g), db = a.2 - Int(color.b)
            return dr * dr + dg * dg + db * db
        }
        if distance((grey, grey, grey)) < distance(cube) { return 232 + greyIndex }
        return 16 + 36 * ri + 6 * gi + bi
    }
}
