import Foundation
import FoundationModels
import RemoteModels
import Testing

/// An order with every kind of guide Apple's API has.
@Generable
struct RemoteGuidedOrder {
    @Guide(.pattern(/[A-Z][a-z]+/)) var name: String
    @Guide(.anyOf(["latte", "mocha"])) var drink: String
    @Guide(.constant("oat")) var milk: String
    @Guide(.range(1...4)) var shots: Int
    @Guide(.minimum(1)) var cups: Int
    @Guide(.maximum(90)) var temperature: Int
    @Guide(.range(0.5...2.0)) var size: Double
    @Guide(.count(2)) var toppings: [String]
    @Guide(.minimumCount(1)) var notes: [String]
    @Guide(.maximumCount(2)) var extras: [String]
    @Guide(.element(.range(1...6))) var dice: [Int]
}

/// Looks up a three-letter code.
struct RemoteCodeTool: Tool {
    let name = "lookUpCode"
    let description = "Looks up a three-letter airport code."

    @Generable
    struct Arguments {
        @Guide(.pattern(/[A-Z]{3}/)) var code: String
    }

    func call(arguments: Arguments) async throws -> String {
        "\(arguments.code) is Paris"
    }
}

/// Apple's guide semantics against a server that enforces nothing (`ScriptedHTTPServer` over
/// loopback): the schema sent says what each guide means in standard JSON Schema, and a value
/// breaking any guide becomes `decodingFailure` — never a value that reaches the caller.
@Suite("Remote model: guides against a non-enforcing server")
struct RemoteGuideViolationTests {
    /// A valid order as JSON members, in declaration order.
    static let valid: [(String, String)] = [
        ("name", #""Ana""#), ("drink", #""latte""#), ("milk", #""oat""#), ("shots", "2"), ("cups", "1"),
        ("temperature", "60"), ("size", "1.5"), ("toppings", #"["foam", "cocoa"]"#), ("notes", #"["hot"]"#),
        ("extras", "[]"), ("dice", "[3, 6]"),
    ]

    /// The order's JSON with `changes` applied, the member `removing` left out, and `extra` added.
    static func order(_ changes: [String: String] = [:], removing: String? = nil, extra: String? = nil) -> String {
        var members = valid.compactMap { key, value -> String? in
            key == removing ? nil : "\"\(key)\": \(changes[key] ?? value)"
        }
        if let extra { members.append(extra) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// One violation per guide kind (and per object rule), named.
    static let violations: [(String, String)] = [
        ("pattern: a whole match, not a search", order(["name": #""Ana's Double Latte with Oat Milk""#])),
        ("anyOf", order(["drink": #""tea""#])),
        ("constant", order(["milk": #""soy""#])),
        ("integer range, above", order(["shots": "9"])),
        ("integer minimum", order(["cups": "0"])),
        ("integer maximum", order(["temperature": "95"])),
        ("number range, below", order(["size": "0.25"])),
        ("count, too few", order(["toppings": #"["foam"]"#])),
        ("minimumCount", order(["notes": "[]"])),
        ("maximumCount", order(["extras": #"["a", "b", "c"]"#])),
        ("element guide", order(["dice": "[3, 7]"])),
        ("required key missing", order(removing: "shots")),
        ("additional property", order(extra: #""price": 4"#)),
        ("wrong type", order(["cups": #""one""#])),
    ]

    @Test("every guide kind: the valid order decodes; each violation, streamed or whole, is a decodingFailure")
    func everyGuideViolation() async throws {
        var replies: [ScriptedHTTPServer.Reply] = [.stream(deltas: [Self.order()])]
        for (index, (_, json)) in Self.violations.enumerated() {
            replies.append(index.isMultiple(of: 2) ? .stream(deltas: [String(json.prefix(10)), String(json.dropFirst(10))]) : .completion(json))
        }
        let server = try await ScriptedHTTPServer(replies)
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))

        let order = try await LanguageModelSession(model: model).respond(to: "Order", generating: RemoteGuidedOrder.self).content
        #expect(order.name == "Ana")
        #expect(order.dice == [3, 6])

        for (name, json) in Self.violations {
            do {
                let value = try await LanguageModelSession(model: model).respond(to: "Order", generating: RemoteGuidedOrder.self).content
                Issue.record("\(name): the violating value reached the caller: \(value)")
            } catch let context as GeneratedContent.ParsingError {
                #expect(context.debugDescription.contains("does not follow the requested schema"), "\(name): \(context.debugDescription)")
            } catch {
                Issue.record("\(name): expected decodingFailure, got \(error) for \(json)")
            }
        }
        #expect(server.bodies.count == Self.violations.count + 1)
        await server.stop()
    }

    @Test("the schema sent: anchored patterns, enums, counts and ranges as written, closed objects, required keys, declaration order")
    func schemaOnTheWire() async throws {
        let server = try await ScriptedHTTPServer([.stream(deltas: [Self.order()])])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        _ = try await LanguageModelSession(model: model).respond(to: "Order", generating: RemoteGuidedOrder.self)
        let body = try #require(server.bodies.first)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let format = try #require((json["response_format"] as? [String: Any])?["json_schema"] as? [String: Any])
        let schema = try #require(format["schema"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: [String: Any]])

        #expect(properties["name"]?["pattern"] as? String == "^(?:[A-Z][a-z]+)$")
        #expect(properties["drink"]?["enum"] as? [String] == ["latte", "mocha"])
        #expect(properties["milk"]?["enum"] as? [String] == ["oat"])
        #expect(properties["shots"]?["minimum"] as? Int == 1)
        #expect(properties["shots"]?["maximum"] as? Int == 4)
        #expect(properties["cups"]?["minimum"] as? Int == 1)
        #expect(properties["temperature"]?["maximum"] as? Int == 90)
        #expect(properties["size"]?["minimum"] as? Double == 0.5)
        #expect(properties["size"]?["maximum"] as? Double == 2)
        #expect(properties["toppings"]?["minItems"] as? Int == 2)
        #expect(properties["toppings"]?["maxItems"] as? Int == 2)
        #expect(properties["notes"]?["minItems"] as? Int == 1)
        #expect(properties["extras"]?["maxItems"] as? Int == 2)
        #expect((properties["dice"]?["items"] as? [String: Any])?["maximum"] as? Int == 6)
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(Set(schema["required"] as? [String] ?? []) == Set(Self.valid.map(\.0)))
        #expect(schema["x-order"] == nil)
        // `properties` lists the members in declaration order (servers generate in that order).
        let text = try #require(body.range(of: #""properties":{"#).map { body[$0.upperBound...] })
        let positions = Self.valid.map { key in text.range(of: "\"\(key.0)\":{")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        await server.stop()
    }

    @Test("tool arguments: a pattern guide is a whole match there too; the tool's schema is sent anchored")
    func toolArgumentPattern() async throws {
        let call =
            #"{"choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"lookUpCode","arguments":"{\"code\": \"CDGX\"}"}}]},"finish_reason":"tool_calls"}]}"#
        let server = try await ScriptedHTTPServer([.response(status: 200, body: call)])
        let model = RemoteLanguageModel(baseURL: server.baseURL, model: "m", timeout: .seconds(60))
        let session = LanguageModelSession(model: model, tools: [RemoteCodeTool()])
        do {
            _ = try await session.respond(to: "Which airport?")
            Issue.record("arguments breaking the tool's pattern were accepted")
        } catch let context as GeneratedContent.ParsingError {
            #expect(context.debugDescription.contains("do not follow the tool's parameters"), "\(context.debugDescription)")
        }
        #expect(server.bodies.first?.contains(#""pattern":"^(?:[A-Z]{3})$""#) == true)
        await server.stop()
    }
}
