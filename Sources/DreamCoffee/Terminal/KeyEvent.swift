/// An input event read from the terminal.
package enum KeyEvent: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A printable character (including space and multi-byte UTF-8 characters).
    case character(Character)
    /// Arrow up (`ESC [ A` / `ESC O A`, with or without modifiers).
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Return / Enter (`\r` or `\n`; `\r\n` counts once).
    case enter
    /// A lone Escape key press.
    case escape
    /// Backspace (0x7F or 0x08).
    case backspace
    /// Tab (0x09) or Shift-Tab (`ESC [ Z`).
    case tab
    /// A control chord, by lowercase letter: Ctrl-C is `.control("c")`. 0x00 is `.control("@")`,
    /// 0x1C...0x1F are `.control("\\")`, `"]"`, `"^"`, `"_"`.
    case control(Character)
    /// Forward delete (`ESC [ 3 ~`).
    case delete
    /// Home (`ESC [ H`, `ESC O H`, `ESC [ 1 ~`, `ESC [ 7 ~`).
    case home
    /// End (`ESC [ F`, `ESC O F`, `ESC [ 4 ~`, `ESC [ 8 ~`).
    case end
    /// The terminal window changed size (SIGWINCH); query `RawTerminal.size`.
    case resize
    /// Standard input was closed; no more events follow.
    case endOfInput

    /// A short readable name, e.g. `up`, `char(a)`, `ctrl-c`.
    package var description: String {
        switch self {
        case .character(let character): "char(\(character))"
        case .control(let character): "ctrl-\(character)"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .enter: "enter"
        case .escape: "escape"
        case .backspace: "backspace"
        case .tab: "tab"
        case .delete: "delete"
        case .home: "home"
        case .end: "end"
        case .resize: "resize"
        case .endOfInput: "endOfInput"
        }
    }
}
