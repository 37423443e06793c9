/// A 24-bit sRGB colour.
package struct RGB: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red component, 0...255.
    package var r: UInt8
    /// Green component, 0...255.
    package var g: UInt8
    /// Blue component, 0...255.
    package var b: UInt8

    /// Creates a colour from its three components.
    package init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates a colour from its three labelled components.
    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.init(r, g, b)
    }

    /// Creates a colour from a `0xRRGGBB` literal, e.g. `RGB(hex: 0x6F4E37)`.
    package init(hex: UInt32) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF))
    }

    /// `#rrggbb` notation.
    package var description: String {
        let digits = [r, g, b].map { value -> String in
            let text = String(value, radix: 16)
            return value < 16 ? "0" + text : text
        }
        return "#" + digits.joined()
    }

    /// Linear blend between `self` (t = 0) and `other` (t = 1).
    package func mixed(with other: RGB, amount t: Double) -> RGB {
        let t = min(max(t, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
        }
        return RGB(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }

    /// Pure black.
    package static let black = RGB(0, 0, 0)
    /// Pure white.
    package static let white = RGB(255, 255, 255)
    /// Mid grey.
    package static let gray = RGB(128, 128, 128)
    /// Dark grey, e.g. for shadows and UI chrome.
    package static let darkGray = RGB(64, 64, 64)
    /// Bright red.
    package static let red = RGB(220, 50, 47)
    /// Green.
    package static let green = RGB(80, 180, 70)
    /// Blue.
    package static let blue = RGB(50, 100, 220)
    /// Yellow.
    package static let yellow = RGB(240, 200, 60)
    /// Coffee bean brown.
    package static let coffee = RGB(111, 78, 55)
    /// Milky latte beige.
    package static let latte = RGB(200, 160, 120)
    /// Cream, for cups and highlights.
    package static let cream = RGB(255, 245, 220)
    /// Wooden floor brown.
    package static let wood = RGB(150, 105, 60)
}
