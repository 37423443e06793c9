import Foundation
import LLMEngine
import StructuredDecoding
import Testing

@testable import FoundationModels
@testable import LocalInference

/// Small random changes to generated content, to check that both validators reject (or accept)
/// the same instances: a member added or removed, a value of another kind, a bound or count broken.
enum ContentMutation {
    /// `content` with one value, chosen at random (pre-order), changed.
    static func mutate(_ content: GeneratedContent, using random: inout SeededGenerator) -> GeneratedContent {
        var remaining = Int.random(in: 0..<count(content), using: &random)
        return rewrite(content, remaining: &remaining, using: &random)
    }

    private static func count(_ content: GeneratedContent) -> Int {
        switch content.kind {
        case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
        case .structure(let properties, _): 1 + properties.values.reduce(0) { $0 + count($1) }
        default: 1
        }
    }

    /// Changes the value `remaining` steps ahead in pre-order (`remaining` ends below 0).
    private static func rewrite(_ content: GeneratedContent, remaining: inout Int, using random: inout SeededGenerator) -> GeneratedContent {
        remaining -= 1
        if remaining == -1 { return GeneratedContent(kind: change(content.kind, using: &random)) }
        switch content.kind {
        case .array(let items):
            return GeneratedContent(kind: .array(items.map { remaining >= 0 ? rewrite($0, remaining: &remaining, using: &random) : $0 }))
        case .structure(var properties, let keys):
            for key in keys where remaining >= 0 { properties[key] = rewrite(properties[key]!, remaining: &remaining, using: &random) }
            return GeneratedContent(kind: .structure(properties: properties, orderedKeys: keys))
        default:
            return content
        }
    }

    private static func change(_ kind: GeneratedContent.Kind, using random: inout SeededGenerator) -> GeneratedContent.Kind {
        let choice = Int.random(in: 0..<4, using: &random)
        switch kind {
        case .structure(var properties, var keys):
            switch choice {
            case 0, 1:
                properties["zz_extra"] = GeneratedContent(kind: .number(1))
                keys.append("zz_extra")
            case 2 where !keys.isEmpty:
                properties[keys.remove(at: Int.random(in: 0..<keys.count, using: &random))] = nil
            default:
                return .array([])
            }
            return .structure(properties: properties, orderedKeys: keys)
        case .array(let items):
            let copy = items.last ?? GeneratedContent(kind: .null)
            return [.array(items + [copy]), .array(items + [copy, copy]), .array([]), .structure(properties: [:], orderedKeys: [])][choice]
        case .string(let text):
            return [.string(text + "~"), .number(7), .string(""), .null][choice]
        case .number(let value):
            return [.number(100_000), .number(-100_000), .number(0.5), .string("\(value)")][choice]
        case .bool(let flag):
            return [.bool(!flag), .null, .string("true"), .number(1)][choice]
        case .null:
            return [.bool(false), .string("null"), .number(0), .array([])][choice]
        }
    }
}
