import Foundation

/// `fm chat`'s colours (`/appearance dark|light|auto`, as in Apple's tool), kept in
/// `~/.fm/appearance`: the `>` prompt and the notes (`[stopped]`) are coloured for a dark or a
/// light terminal background; `auto` reads the background from `COLORFGBG` (set by xterm,
/// rxvt, Konsole and others), dark when it says nothing. Colour is written only to a terminal,
/// and never when `NO_COLOR` is set.
enum ChatAppearance: String, CaseIterable {
    case dark, light, auto

    /// The saved choice (`auto` when none, or when the file says something else).
    static func saved() -> ChatAppearance {
        FMHome.setting("appearance").flatMap(ChatAppearance.init(rawValue:)) ?? .auto
    }

    /// Saves the choice, atomically.
    func save() throws {
        try FMHome.save(setting: "appearance", rawValue)
    }

    /// `dark` or `light`: `auto` resolved from `COLORFGBG` ("15;0": light text on colour 0, a
    /// dark background; a background of 7 or 15 is light).
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) -> ChatAppearance {
        guard self == .auto else { return self }
        guard let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }) else { return .dark }
        return background == 7 || background == 15 ? .light : .dark
    }

    /// The escape sequences for this appearance, or none when colour is off.
    func palette(colour: Bool) -> Palette {
        guard colour else { return Palette(prompt: "", note: "", reset: "") }
        switch resolved() {
        case .light: return Palette(prompt: "\u{1B}[1;34m", note: "\u{1B}[35m", reset: "\u{1B}[0m")
        default: return Palette(prompt: "\u{1B}[1;96m", note: "\u{1B}[93m", reset: "\u{1B}[0m")
        }
    }

    /// Whether colour may be written to standard output.
    static var colourAllowed: Bool {
        isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    /// The escape sequences of an appearance.
    struct Palette {
        /// Before the `>` prompt.
        let prompt: String
        /// Before a note such as `[stopped]`.
        let note: String
        /// After either.
        let reset: String
    }
}
