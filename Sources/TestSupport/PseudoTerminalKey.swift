extension PseudoTerminal {
    /// A key to type with `sendKey(_:)`, encoded as an xterm would in normal cursor mode.
    package enum Key: Sendable, Hashable {
        /// `ESC [ A`.
        case up
        /// `ESC [ B`.
        case down
        /// `ESC [ C`.
        case right
        /// `ESC [ D`.
        case left
        /// Carriage return (what Enter sends).
        case enter
        /// A lone ESC byte.
        case escape
        /// DEL (0x7F).
        case backspace
        /// HT (0x09).
        case tab
        /// `ESC [ 3 ~`.
        case delete
        /// `ESC [ H`.
        case home
        /// `ESC [ F`.
        case end
        /// Ctrl plus a letter (or one of `@[\]^_`), e.g. `.control("c")` sends 0x03.
        case control(Character)
        /// The character's UTF-8 bytes.
        case character(Character)

        /// The bytes the key sends.
        package var bytes: [UInt8] {
            switch self {
            case .up: Array("\u{1B}[A".utf8)
            case .down: Array("\u{1B}[B".utf8)
            case .right: Array("\u{1B}[C".utf8)
            case .left: Array("\u{1B}[D".utf8)
            case .enter: [0x0D]
            case .escape: [0x1B]
            case .backspace: [0x7F]
            case .tab: [0x09]
            case .delete: Array("\u{1B}[3~".utf8)
            case .home: Array("\u{1B}[H".utf8)
            case .end: Array("\u{1B}[F".utf8)
            case .control(let character):
                [(character.uppercased().unicodeScalars.first.map { UInt8(truncatingIfNeeded: $0.value) } ?? 0x40) & 0x1F]
            case .character(let character): Array(String(character).utf8)
            }
        }
    }
}
