/// A 24-bit sRGB colour.
public struct RGB: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red component, 0...255.
    public var r: UInt8
    /// Green component, 0...255.
    public var g: UInt8
    /// Blue component, 0...255.
    public var b: UInt8

    /// Creates a colour from its three components.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates a colour from its three labelled components.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.init(r, g, b)
    }

    /// Creates a colour from a `0xRRGGBB` literal, e.g. `RGB(hex: 0x6F4E37)`.
    public init(hex: UInt32) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF))
    }

    /// `#rrggbb` notation.
    public var description: String {
        let digits = [r, g, b].map { value -> String in
            let text = String(value, radix: 16)
            return value < 16 ? "0" + text : text
        }
        return "#" + digits.joined()
    }

    /// Linear blend between `self` (t = 0) and `other` (t = 1).
    public func mixed(with other: RGB, amount t: Double) -> RGB {
        let t = min(max(t, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
        }
        return RGB(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }

    /// Pure black.
    public static let black = RGB(0, 0, 0)
    /// Pure white.
    public static let white = RGB(255, 255, 255)
    /// Mid grey.
    public static let gray = RGB(128, 128, 128)
    /// Dark grey, e.g. for shadows and UI chrome.
    public static let darkGray = RGB(64, 64, 64)
    /// Bright red.
    public static let red = RGB(220, 50, 47)
    /// Green.
    public static let green = RGB(80, 180, 70)
    /// Blue.
    public static let blue = RGB(50, 100, 220)
    /// Yellow.
    public static let yellow = RGB(240, 200, 60)
    /// Coffee bean brown.
    public static let coffee = RGB(111, 78, 55)
    /// Milky latte beige.
    public static let latte = RGB(200, 160, 120)
    /// Cream, for cups and highlights.
    public static let cream = RGB(255, 245, 220)
    /// Wooden floor brown.
    public static let wood = RGB(150, 105, 60)
}
