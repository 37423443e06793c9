extension Game {
    /// Where someone stands or something hangs, which the player cannot walk through.
    var occupied: Set<Position> {
        Set(state.customers.map(\.position) + state.items.map(\.position) + [map.baristaPosition])
    }

    /// Walks the player, step by step, to a place from which `goal` holds; returns whether the
    /// player got there.
    @discardableResult
    package func walk(until goal: (Position) -> Bool) -> Bool {
        guard let path = map.path(from: state.player, blocked: occupied, to: goal) else { return false }
        for step in path {
            let direction: Direction = step.x > state.player.x ? .right : step.x < state.player.x ? .left : step.y > state.player.y ? .down : .up
            guard move(direction) else { return false }
        }
        return true
    }

    /// Walks to the barista.
    @discardableResult
    package func walkToBarista() -> Bool { walk { self.map.canReach($0, self.map.baristaPosition) } }

    /// Walks to the counter (where drinks are brewed).
    @discardableResult
    package func walkToCounter() -> Bool { walk { self.map.isAtCounter($0) } }

    /// Walks to the customer whose name contains `name` (the first waiting one when empty).
    @discardableResult
    package func walkToCustomer(named name: String) -> Bool {
        let target =
            name.isEmpty
            ? (state.waiting.first ?? state.customers.first)
            : state.customers.first { $0.customer.displayName.localizedCaseInsensitiveContains(name) }
        guard let target else { return false }
        if map.canReach(state.player, target.position), case .customer(target.customer.id)? = interlocutor { return true }
        return walk { self.map.canReach($0, target.position) && !self.map.canReach($0, self.map.baristaPosition) }
    }

    /// Walks to the level item with this number (1 for the first).
    @discardableResult
    package func walkToItem(_ number: Int) -> Bool {
        guard state.items.indices.contains(number - 1) else { return false }
        let spot = state.items[number - 1].position
        return walk { position in
            self.map.canReach(position, spot) && !self.map.canReach(position, self.map.baristaPosition)
                && !self.state.customers.contains { self.map.canReach(position, $0.position) }
        }
    }

    /// The shop as text: `@` the player, `B` the barista, customers by their initial, items `?`.
    package var mapText: String {
        var marks: [Position: Character] = [:]
        for placement in state.customers { marks[placement.position] = placement.customer.displayName.first ?? "c" }
        for placement in state.items { marks[placement.position] = "?" }
        return map.text(player: state.player, marks: marks)
    }
}
