import Foundation
import Observation
import Synchronization
import TestSupport

@testable import FoundationModels

/// Types and tools shared by the session tests (`Session*Tests.swift`).

/// A generable type with its own partially generated type, as `@Generable` expands it.
struct CatProfile: Generable, Equatable {
    var name: String
    var age: Int

    /// Every property optional: what a streaming snapshot shows.
    struct PartiallyGenerated: ConvertibleFromGeneratedContent, Equatable {
        var name: String?
        var age: Int?

        init(name: String?, age: Int?) {
            self.name = name
            self.age = age
        }

        init(_ content: GeneratedContent) throws {
            name = try content.value(String?.self, forProperty: "name")
            age = try content.value(Int?.self, forProperty: "age")
        }
    }

    static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: CatProfile.self, description: "A cat",
            properties: [
                .init(name: "name", type: String.self),
                .init(name: "age", type: Int.self, guides: [.range(0...30)]),
            ])
    }

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    init(_ content: GeneratedContent) throws {
        name = try content.value(forProperty: "name")
        age = try content.value(forProperty: "age")
    }

    var generatedContent: GeneratedContent { GeneratedContent(properties: ["name": name, "age": age]) }
}

/// The arguments of the weather tool.
struct CityArguments: Generable {
    var city: String

    static var generationSchema: GenerationSchema {
        GenerationSchema(type: CityArguments.self, properties: [.init(name: "city", description: "A city", type: String.self)])
    }

    init(_ content: GeneratedContent) throws {
        city = try content.value(forProperty: "city")
    }

    var generatedContent: GeneratedContent { GeneratedContent(properties: ["city": city]) }
}

/// Reports a fixed temperature per city; throws for cities it does not know.
struct WeatherTool: Tool {
    struct UnknownCity: Error, Equatable {
        var city: String
    }

    let name = "getWeather"
    let description = "Gets the temperature in a city."

    func call(arguments: CityArguments) async throws -> String {
        switch arguments.city {
        case "Paris": "21°C"
        case "Oslo": "9°C"
        default: throw UnknownCity(city: arguments.city)
        }
    }
}

/// A tool whose calls wait until `expected` calls are running at the same time (or a deadline
/// passes), and report whether they met: calls run one after another never meet.
final class RendezvousTool: Tool {
    let name = "meet"
    let description = "Waits for the other calls."
    let expected: Int
    private let running = Mutex(0)

    init(expected: Int) {
        self.expected = expected
    }

    func call(arguments: CityArguments) async throws -> GeneratedContent {
        running.withLock { $0 += 1 }
        let deadline = ContinuousClock.now + .seconds(10)
        while running.withLock({ $0 }) < expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let met = running.withLock { $0 } >= expected
        return GeneratedContent(properties: ["city": arguments.city, "met": met])
    }
}

/// A tool that counts how often its parameters are read.
final class CountingTool: Tool {
    let name = "count"
    let description = "Counts."
    private let reads = Mutex(0)

    var parameterReads: Int { reads.withLock { $0 } }

    var parameters: GenerationSchema {
        reads.withLock { $0 += 1 }
        return CityArguments.generationSchema
    }

    func call(arguments: CityArguments) async throws -> String { "counted \(arguments.city)" }
}

/// Counts observation change notifications.
final class ChangeCounter: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func increment() { count.withLock { $0 += 1 } }
}

/// Calls `onChange` (once) the next time something `read` reads changes.
func observeNextChange(of read: () -> Void, counter: ChangeCounter) {
    withObservationTracking(read, onChange: { counter.increment() })
}

/// Runs `body` and returns what it threw, if it threw an `E`.
func thrownError<E: Error, T>(_ type: E.Type, _ body: () async throws -> T) async -> E? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? E
    }
}

/// The error `body` threw, of any type.
func anyError<T>(_ body: () async throws -> T) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
