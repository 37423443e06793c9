extension ShopMap {
    /// The shortest walk from `start` to a tile that satisfies `goal`, avoiding `blocked`
    /// tiles; `nil` when there is none. The path excludes `start`.
    package func path(from start: Position, blocked: Set<Position>, to goal: (Position) -> Bool) -> [Position]? {
        if goal(start) { return [] }
        var previous: [Position: Position] = [:]
        var frontier = [start]
        var seen: Set<Position> = [start]
        while !frontier.isEmpty {
            var next: [Position] = []
            for position in frontier {
                for neighbour in position.neighbours
                where !seen.contains(neighbour)
                    && tile(at: neighbour).isWalkable && !blocked.contains(neighbour)
                {
                    seen.insert(neighbour)
                    previous[neighbour] = position
                    if goal(neighbour) {
                        var path = [neighbour]
                        var cursor = neighbour
                        while let back = previous[cursor], back != start {
                            path.append(back)
                            cursor = back
                        }
                        return path.reversed()
                    }
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        return nil
    }

    /// The plan as text, with people and items drawn as letters.
    package func text(player: Position, marks: [Position: Character]) -> String {
        (0..<height).map { y in
            String(
                (0..<width).map { x -> Character in
                    let position = Position(x, y)
                    if position == player { return "@" }
                    if let mark = marks[position] { return mark }
                    if position == baristaPosition { return "B" }
                    return tile(at: position).rawValue
                })
        }.joined(separator: "\n")
    }
}
