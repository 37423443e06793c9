/// A width × height grid of optional colours; `nil` is a transparent pixel.
///
/// Pixel (0, 0) is the top-left corner. Out-of-range reads return `nil` and
/// out-of-range writes are ignored, so callers never need to clip by hand.
package struct PixelCanvas: Hashable, Sendable {
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Row-major pixel storage (`y * width + x`).
    package private(set) var pixels: [RGB?]

    /// Creates a canvas filled with `color` (transparent by default).
    package init(width: Int, height: Int, fill color: RGB? = nil) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.pixels = Array(repeating: color, count: self.width * self.height)
    }

    /// Creates a canvas from rows of pixels; short rows are padded with transparency.
    package init(rows: [[RGB?]]) {
        let width = rows.map(\.count).max() ?? 0
        self.init(width: width, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, pixel) in row.enumerated() { self[x, y] = pixel }
        }
    }

    /// The pixel at (`x`, `y`); `nil` when transparent or out of range. Writes out of range are ignored.
    package subscript(x: Int, y: Int) -> RGB? {
        get { contains(x: x, y: y) ? pixels[y * width + x] : nil }
        set { if contains(x: x, y: y) { pixels[y * width + x] = newValue } }
    }

    /// Whether (`x`, `y`) lies inside the canvas.
    package func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// Sets one pixel (ignored when out of range).
    package mutating func set(x: Int, y: Int, _ color: RGB?) {
        self[x, y] = color
    }

    /// Fills the whole canvas with `color`.
    package mutating func fill(_ color: RGB?) {
        pixels = Array(repeating: color, count: width * height)
    }

    /// Fills a rectangle (clipped to the canvas) with `color`.
    package mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: RGB?) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 { pixels[py * width + px] = color }
        }
    }

    /// Draws `sprite` (rows of pixels) with its top-left corner at (`x`, `y`).
    /// Transparent sprite pixels leave the canvas unchanged; anything outside
    /// the canvas (including negative offsets) is clipped.
    package mutating func blit(_ sprite: [[RGB?]], x: Int, y: Int) {
        for (row, line) in sprite.enumerated() {
            let py = y + row
            guard py >= 0, py < height else { continue }
            for (column, pixel) in line.enumerated() {
                guard let pixel else { continue }
                let px = x + column
                if px >= 0, px < width { pixels[py * width + px] = pixel }
            }
        }
    }

    /// Draws another canvas like `blit(_:x:y:)`, respecting its transparency.
    package mutating func blit(_ canvas: PixelCanvas, x: Int, y: Int) {
        blit(canvas.rows, x: x, y: y)
    }

    /// The pixels as rows, top to bottom.
    package var rows: [[RGB?]] {
        (0..<height).map { y in Array(pixels[(y * width)..<(y * width + width)]) }
    }

    /// A copy resized to `width` × `height`. Each destination pixel takes the most
    /// common non-transparent colour of its source block (ties: the first seen in
    /// reading order), and is transparent only when the whole block is.
    /// Enlarging repeats pixels (nearest neighbour).
    package func scaled(width newWidth: Int, height newHeight: Int) -> PixelCanvas {
        var result = PixelCanvas(width: newWidth, height: newHeight)
        guard width > 0, height > 0 else { return result }
        for dy in 0..<result.height {
            let y0 = dy * height / result.height
            let y1 = max(y0 + 1, (dy + 1) * height / result.height)
            for dx in 0..<result.width {
                let x0 = dx * width / result.width
                let x1 = max(x0 + 1, (dx + 1) * width / result.width)
                result[dx, dy] = dominantColor(x0..<x1, y0..<y1)
            }
        }
        return result
    }

    /// Downsamples a sprite given as rows (see `scaled(width:height:)`).
    package static func downsample(_ sprite: [[RGB?]], width: Int, height: Int) -> [[RGB?]] {
        PixelCanvas(rows: sprite).scaled(width: width, height: height).rows
    }

    private func dominantColor(_ xs: Range<Int>, _ ys: Range<Int>) -> RGB? {
        var counts: [RGB: Int] = [:]
        var order: [RGB] = []
        for y in ys {
            for x in xs {
                guard let color = self[x, y] else { continue }
                if counts[color] == nil { order.append(color) }
                counts[color, default: 0] += 1
            }
        }
        guard !order.isEmpty else { return nil }
        var best = order[0]
        for color in order where counts[color]! > counts[best]! { best = color }
        return best
    }
}
