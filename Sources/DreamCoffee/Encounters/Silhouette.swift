/// The outline a generated picture must fill: for each row, how many transparent pixels
/// frame it on each side, and which row holds the eyes. The encounter engine picks one per
/// customer; the picture's schema is built from it at run time.
package struct Silhouette: Equatable, Sendable {
    /// A name for tests and logs.
    package let name: String
    /// Transparent pixels on each side of each row (`Sprite.size` rows, each at most 4).
    package let margins: [Int]
    /// The row with the two eyes.
    package let eyeRow: Int

    /// Every silhouette, in the order the engine cycles through them.
    package static let all = [
        Silhouette(name: "round", margins: [4, 2, 1, 1, 0, 0, 0, 0, 1, 1, 2, 4], eyeRow: 3),
        Silhouette(name: "tall", margins: [4, 3, 3, 3, 2, 1, 1, 1, 2, 2, 2, 3], eyeRow: 2),
        Silhouette(name: "winged", margins: [4, 4, 3, 3, 1, 0, 0, 1, 2, 3, 4, 4], eyeRow: 3),
        Silhouette(name: "critter", margins: [4, 3, 2, 2, 1, 1, 0, 0, 0, 1, 1, 1], eyeRow: 3),
    ]

    /// The pattern of one row: its margins of dots, the eyes (`e`) in the eye row, body (`b`)
    /// and details (`d`) everywhere else.
    package func pattern(ofRow row: Int) -> String {
        let margin = margins[row]
        let width = Sprite.size - 2 * margin
        let dots = String(repeating: #"\."#, count: margin)
        guard row == eyeRow, width >= 4 else { return dots + "[bd]{\(width)}" + dots }
        // Eyes one pixel in from each edge: b?e…e?b with the middle free.
        return dots + "[bd]e[bd]{\(width - 4)}e[bd]" + dots
    }

    /// The silhouette in use for pictures generated in this task (`round` by default).
    @TaskLocal package static var current = Silhouette.all[0]
}
