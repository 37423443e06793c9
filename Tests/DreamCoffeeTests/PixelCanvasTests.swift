import Testing

@testable import DreamCoffee

@Suite struct PixelCanvasTests {
    let a = RGB(1, 2, 3), b = RGB(200, 100, 0)

    @Test func setFillAndOutOfRange() {
        var canvas = PixelCanvas(width: 3, height: 2)
        #expect(canvas[0, 0] == nil)
        canvas.set(x: 1, y: 1, a)
        canvas.set(x: 5, y: -1, b)
        #expect(canvas[1, 1] == a)
        #expect(canvas[5, -1] == nil)
        canvas.fill(b)
        #expect(canvas.pixels.allSatisfy { $0 == b })
        canvas.fill(x: -1, y: 1, width: 2, height: 5, a)
        #expect(canvas.rows == [[b, b, b], [a, b, b]])
    }

    @Test func blitClipsOnAllSides() {
        var canvas = PixelCanvas(width: 3, height: 3)
        let sprite: [[RGB?]] = [[a, b], [nil, a]]
        canvas.blit(sprite, x: -1, y: -1)
        #expect(canvas.rows == [[a, nil, nil], [nil, nil, nil], [nil, nil, nil]])
        canvas.blit(sprite, x: 2, y: 2)
        #expect(canvas[2, 2] == a)
        canvas.blit(sprite, x: 10, y: 0)
        canvas.blit(sprite, x: 0, y: -10)
        #expect(canvas.pixels.compactMap { $0 }.count == 2)
    }

    @Test func blitKeepsPixelsBehindTransparency() {
        var canvas = PixelCanvas(width: 2, height: 1, fill: b)
        canvas.blit([[nil, a]], x: 0, y: 0)
        #expect(canvas.rows == [[b, a]])
    }

    @Test func downsampleTwelveToFourPicksMostCommonColour() {
        var sprite = [[RGB?]](repeating: [RGB?](repeating: nil, count: 12), count: 12)
        // Block (0,0): 5 × a, 4 × b. Block (1,0): 1 × b, rest transparent. Block (2,0): empty.
        for i in 0..<5 { sprite[i / 3][i % 3] = a }
        for i in 5..<9 { sprite[i / 3][i % 3] = b }
        sprite[1][4] = b
        for y in 3..<12 { for x in 0..<12 { sprite[y][x] = a } }
        let small = PixelCanvas.downsample(sprite, width: 4, height: 4)
        #expect(small.count == 4 && small.allSatisfy { $0.count == 4 })
        #expect(small[0] == [a, b, nil, nil])
        #expect(small[1...].allSatisfy { $0 == [a, a, a, a] })
    }

    @Test func upscaleRepeatsPixels() {
        let canvas = PixelCanvas(rows: [[a, b]]).scaled(width: 4, height: 2)
        #expect(canvas.rows == [[a, a, b, b], [a, a, b, b]])
    }
}
