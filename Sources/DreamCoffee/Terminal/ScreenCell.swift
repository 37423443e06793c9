import Foundation

/// One character cell of a `ScreenBuffer`.
package struct ScreenCell: Hashable, Sendable {
    /// The character shown; always of display width 1 (see `ScreenCell.displayable(_:)`).
    package var character: Character
    /// Foreground colour, or `nil` for the terminal's default.
    package var foreground: RGB?
    /// Background colour, or `nil` for the terminal's default.
    package var background: RGB?
    /// Whether the character is drawn bold.
    package var bold: Bool

    /// Creates a cell; `character` is passed through `ScreenCell.displayable(_:)`.
    package init(_ character: Character = " ", foreground: RGB? = nil, background: RGB? = nil, bold: Bool = false) {
        self.character = ScreenCell.displayable(character)
        self.foreground = foreground
        self.background = background
        self.bold = bold
    }

    /// A space on the default colours.
    package static let blank = ScreenCell()

    /// Whether the two cells need the same SGR attributes.
    func sameAttributes(as other: ScreenCell) -> Bool {
        foreground == other.foreground && background == other.background && bold == other.bold
    }

    /// The character to store for `character` so that it occupies exactly one column:
    /// control characters, zero-width and wide (CJK, emoji) characters become `"?"`;
    /// decomposed sequences are composed when that yields a single scalar.
    package static func displayable(_ character: Character) -> Character {
        var scalars = Array(character.unicodeScalars)
        if scalars.count > 1 {
            let composed = Array(String(character).precomposedStringWithCanonicalMapping.unicodeScalars)
            guard composed.count == 1 else { return "?" }
            scalars = composed
        }
        guard let scalar = scalars.first, isSingleWidth(scalar) else { return "?" }
        return character.unicodeScalars.count == 1 ? character : Character(scalar)
    }

    /// Whether `scalar` is printable with a display width of exactly one column.
    package static func isSingleWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        if value < 0x7F { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .spacingMark,
            .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
            return false
        default:
            break
        }
        if scalar.properties.isEmojiPresentation { return false }
        return !wideRanges.contains { $0.contains(value) }
    }

    /// East Asian Wide / Fullwidth blocks (an approximation of `wcwidth() == 2`).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x18AFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF,
        0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F2FF, 0x1F300...0x1F64F,
        0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
    ]
}
