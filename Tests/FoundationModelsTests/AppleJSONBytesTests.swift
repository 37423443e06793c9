import Foundation
import Testing

@_spi(Serving) @testable import FoundationModels

// The exact bytes of every JSON text Apple's API lets an app see — a schema and a transcript
// through `JSONEncoder` (with and without `.sortedKeys`), the feedback attachment, the schema as
// the prompt and the chat template show it — and what decoding them back gives. Numbers are
// the point: integers, integral doubles, doubles JSONEncoder spells with an exponent (`1e-07`,
// `1e+21`), decimals it spells digit by digit (`0.0000001`), negative and fractional bounds.

@Generable(description: "A reading from a weather station")
struct PinnedReading {
    @Guide(description: "The station's code, as in a/b paths", .pattern(/[A-Z]{3}-\d{2}/))
    var station: String
    @Guide(.range(0.5...2.0)) var scale: Double
    @Guide(.range(-40...55)) var celsius: Int
    @Guide(.range(-0.25...0.0000001)) var drift: Double
    @Guide(.minimum(1e21)) var distance: Double
    @Guide(.maximum(3.0)) var gust: Double
    @Guide(.range(-1e-7...1e15)) var pressure: Double
    @Guide(.maximum(123456789.125)) var altitude: Double
    @Guide(.minimum(0.1)) var humidity: Float
    @Guide(.range(Decimal(string: "-0.0000001")!...Decimal(string: "1000000000000000000000")!)) var ratio: Decimal
    @Guide(.maximum(Decimal(string: "3.14159265358979323846")!)) var pi: Decimal
    @Guide(.minimum(Decimal(string: "-2.5")!), .maximum(Decimal(string: "2.0")!)) var tilt: Decimal
    @Guide(description: "Recent offsets", .count(2...4), .element(.range(-3...3))) var offsets: [Int]
    @Guide(.anyOf(["calm", "gusty"])) var wind: String
    @Guide(.maximumCount(2)) var alerts: [PinnedAlert]
    var sky: PinnedSky
    @Guide(description: "What happened \"last\"") var event: PinnedEvent?
}

@Generable(description: "How the sky looks")
enum PinnedSky {
    case clear, cloudy, stormy
}

@Generable
struct PinnedAlert {
    @Guide(description: "The feed's path, e.g. alerts/öster") var feed: String
    @Guide(.minimum(1)) var level: Int
}

@Generable
enum PinnedEvent {
    case rain(millimeters: Double)
    case quiet
}

@Suite struct AppleJSONBytesTests {
    // MARK: Inputs

    static let imported = #"""
        {"type": "object", "title": "Imported", "description": "Numbers as written", "required": ["a"],
         "properties": {
          "a": {"type": "number", "minimum": 1.0, "maximum": 1e2},
          "b": {"type": "number", "exclusiveMinimum": 1E-7, "maximum": 0.10},
          "c": {"type": "integer", "minimum": -0, "maximum": 9007199254740993},
          "d": {"type": "number", "minimum": -12345678901234567890.5, "maximum": 3.14159265358979323846},
          "e": {"enum": [1.50, 2e0, "x/y", null, true]},
          "f": {"type": "number", "maximum": 1e21, "minimum": -1e-7},
          "g": {"const": {"z": 1, "a": [0.5, 1e-7, 25E-1]}}
         }}
        """#

    static func content() -> GeneratedContent {
        GeneratedContent(properties: [
            "station": "ABC-12", "scale": 0.1, "celsius": -3, "drift": 1e-7, "distance": 1e21, "gust": 3.0,
            "big": 1e15, "offsets": [1, -2],
            "nested": GeneratedContent(properties: ["z": 2.5, "a": GeneratedContent(kind: .array([.init(kind: .number(0.5)), .init(kind: .null)]))]),
            "flag": true, "path": "a/b \"q\" é",
        ])
    }

    static func transcript() -> Transcript {
        Transcript(entries: [
            .instructions(
                .init(
                    id: "I1", segments: [.text(.init(id: "S1", content: "Report the weather.\nPaths look like a/b; \"quotes\"; é ✓"))],
                    toolDefinitions: [
                        Transcript.ToolDefinition(name: "readStation", description: "Reads a station", parameters: PinnedReading.generationSchema)
                    ])),
            .prompt(
                .init(
                    id: "P1", segments: [.text(.init(id: "S2", content: "Now?"))],
                    options: GenerationOptions(
                        samplingMode: .random(probabilityThreshold: 0.9, seed: 42), temperature: 0.1, maximumResponseTokens: 256),
                    responseFormat: Transcript.ResponseFormat(type: PinnedReading.self))),
            .prompt(.init(id: "P2", segments: [], options: GenerationOptions(samplingMode: .random(top: 40), temperature: 1e-7))),
            .prompt(.init(id: "P3", segments: [], options: GenerationOptions(samplingMode: .greedy, temperature: 2))),
            .toolCalls(.init(id: "C1", [Transcript.ToolCall(id: "call-1", toolName: "readStation", arguments: content())])),
            .toolOutput(
                .init(
                    id: "call-1", toolName: "readStation",
                    segments: [
                        .text(.init(id: "S3", content: #"{"ok":true}"#)),
                        .attachment(
                            Transcript.AttachmentSegment(
                                id: "A1", content: .image(Transcript.ImageAttachment(imageURL: URL(string: "file:///tmp/a/b.png")!)), label: "map")),
                    ])),
            .response(
                .init(
                    id: "R1", assetIDs: ["model.gguf"],
                    segments: [.structure(.init(id: "S4", source: "PinnedReading", content: content())), .text(.init(id: "S5", content: "Done"))])),
            .reasoning(.init(id: "Z1", segments: [.text(.init(id: "S6", content: "Thinking"))], signature: Data([1, 2, 3]))),
        ])
    }

    // MARK: Expected bytes (captured from the encoder before `CodableJSON` was replaced)

    static let expected: [String: String] = [
        "feedback.negative":
            ##"{"sentiment":"negative","issues":[{"category":"tooVerbose","explanation":"Too long / \"wordy\""},{"category":"incorrect","explanation":null}],"desiredOutput":{"id":"R1","role":"response","assets":["model.gguf"],"contents":[{"type":"structure","id":"S4","structure":{"source":"PinnedReading","content":{"station":"ABC-12","scale":0.1,"celsius":-3,"drift":1e-07,"distance":1e+21,"gust":3,"big":1000000000000000.0,"offsets":[1,-2],"nested":{"z":2.5,"a":[0.5,null]},"flag":true,"path":"a/b \"q\" é"}}},{"type":"text","id":"S5","text":"Done"}]},"transcript":{"transcript":{"entries":[{"id":"I1","role":"instructions","contents":[{"type":"text","id":"S1","text":"Report the weather.\nPaths look like a/b; \"quotes\"; é ✓"}],"tools":[{"type":"function","function":{"name":"readStation","description":"Reads a station","parameters":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["rain"],"type":"string"},"millimeters":{"type":"number"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"gust":{"maximum":3,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"altitude":{"maximum":123456789.125,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"wind":{"enum":["calm","gusty"],"type":"string"},"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"sky":{"$ref":"#/$defs/PinnedSky"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}}}]},{"id":"P1","role":"user","contents":[{"type":"text","id":"S2","text":"Now?"}],"options":{"temperature":0.1,"maximumResponseTokens":256,"sampling":{"mode":"probabilityThreshold","probabilityThreshold":0.9,"seed":"42"}},"responseFormat":{"type":"jsonSchema","jsonSchema":{"name":"PinnedReading","schema":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["rain"],"type":"string"},"millimeters":{"type":"number"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"gust":{"maximum":3,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"altitude":{"maximum":123456789.125,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"wind":{"enum":["calm","gusty"],"type":"string"},"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"sky":{"$ref":"#/$defs/PinnedSky"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}}}},{"id":"P2","role":"user","contents":[],"options":{"temperature":1e-07,"sampling":{"mode":"topK","k":40}}},{"id":"P3","role":"user","contents":[],"options":{"temperature":2,"sampling":{"mode":"greedy"}}},{"id":"C1","role":"response","toolCalls":[{"id":"call-1","name":"readStation","arguments":"{\"station\": \"ABC-12\", \"scale\": 0.1, \"celsius\": -3, \"drift\": 1e-07, \"distance\": 1e+21, \"gust\": 3, \"big\": 1000000000000000.0, \"offsets\": [1, -2], \"nested\": {\"z\": 2.5, \"a\": [0.5, null]}, \"flag\": true, \"path\": \"a/b \\\"q\\\" é\"}"}]},{"id":"call-1","role":"tool","toolName":"readStation","toolCallID":"call-1","contents":[{"type":"text","id":"S3","text":"{\"ok\":true}"},{"type":"attachment","id":"A1","label":"map","image":{"url":"file:///tmp/a/b.png"}}]},{"id":"R1","role":"response","assets":["model.gguf"],"contents":[{"type":"structure","id":"S4","structure":{"source":"PinnedReading","content":{"station":"ABC-12","scale":0.1,"celsius":-3,"drift":1e-07,"distance":1e+21,"gust":3,"big":1000000000000000.0,"offsets":[1,-2],"nested":{"z":2.5,"a":[0.5,null]},"flag":true,"path":"a/b \"q\" é"}}},{"type":"text","id":"S5","text":"Done"}]},{"id":"Z1","role":"reasoning","contents":[{"type":"text","id":"S6","text":"Thinking"}],"signature":"AQID"}]},"type":"FoundationModels.Transcript","version":1}}"##,
        "feedback.structured":
            ##"{"sentiment":"positive","issues":[],"desiredOutput":{"id":"UUID","role":"response","assets":[],"contents":[{"type":"structure","id":"UUID","structure":{"source":"GeneratedContent","content":{"station":"ABC-12","scale":0.1,"celsius":-3,"drift":1e-07,"distance":1e+21,"gust":3,"big":1000000000000000.0,"offsets":[1,-2],"nested":{"z":2.5,"a":[0.5,null]},"flag":true,"path":"a/b \"q\" é"}}}]},"transcript":{"transcript":{"entries":[]},"type":"FoundationModels.Transcript","version":1}}"##,
        "imported.chatTool":
            ##"{"type":"object","title":"Imported","description":"Numbers as written","required":["a"],"properties":{"a":{"type":"number","minimum":1,"maximum":100},"b":{"type":"number","exclusiveMinimum":0.0000001,"maximum":0.1},"c":{"type":"integer","minimum":0,"maximum":9007199254740993},"d":{"type":"number","minimum":-12345678901234567890.5,"maximum":3.14159265358979323846},"e":{"enum":[1.5,2,"x/y",null,true]},"f":{"type":"number","maximum":1000000000000000000000,"minimum":-0.0000001},"g":{"const":{"z":1,"a":[0.5,0.0000001,2.5]}}}}"##,
        "imported.debugDescription":
            ##"{"description":"Numbers as written","properties":{"a":{"maximum":100,"minimum":1,"type":"number"},"b":{"exclusiveMinimum":0.0000001,"maximum":0.1,"type":"number"},"c":{"maximum":9007199254740993,"minimum":0,"type":"integer"},"d":{"maximum":3.14159265358979323846,"minimum":-12345678901234567890.5,"type":"number"},"e":{"enum":[1.5,2,"x/y",null,true]},"f":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"g":{"const":{"a":[0.5,0.0000001,2.5],"z":1}}},"required":["a"],"title":"Imported","type":"object"}"##,
        "imported.prompt":
            ##"""
        Respond with JSON of this TypeScript type:
        // Numbers as written
        {"a": number /* 1 to 100 */, "b"?: number /* at most 0.1; more than 0.0000001 */, "c"?: integer /* 0 to 9007199254740993 */, "d"?: number /* -12345678901234567890.5 to 3.14159265358979323846 */, "e"?: 1.5 | 2 | "x/y" | null | true, "f"?: number /* -0.0000001 to 1000000000000000000000 */, "g"?: {"z":1,"a":[0.5,0.0000001,2.5]}}


        """##,
        "imported.sorted":
            ##"{"description":"Numbers as written","properties":{"a":{"maximum":100,"minimum":1,"type":"number"},"b":{"exclusiveMinimum":0.0000001,"maximum":0.1,"type":"number"},"c":{"maximum":9007199254740993,"minimum":0,"type":"integer"},"d":{"maximum":3.14159265358979323846,"minimum":-12345678901234567890.5,"type":"number"},"e":{"enum":[1.5,2,"x\/y",null,true]},"f":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"g":{"const":{"a":[0.5,0.0000001,2.5],"z":1}}},"required":["a"],"title":"Imported","type":"object"}"##,
        "schema.chatTool":
            ##"{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["rain"],"type":"string"},"millimeters":{"type":"number"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"gust":{"maximum":3,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"altitude":{"maximum":123456789.125,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"wind":{"enum":["calm","gusty"],"type":"string"},"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"sky":{"$ref":"#/$defs/PinnedSky"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}"##,
        "schema.debugDescription":
            ##"{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#/$defs/PinnedSky"},"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}"##,
        "schema.decoded.chatTool":
            ##"{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["rain"],"type":"string"},"millimeters":{"type":"number"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"gust":{"maximum":3,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"altitude":{"maximum":123456789.125,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"ratio":{"maximum":1e+21,"minimum":-1e-07,"type":"number"},"pi":{"maximum":3.141592653589793,"type":"number"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"wind":{"enum":["calm","gusty"],"type":"string"},"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"sky":{"$ref":"#/$defs/PinnedSky"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}"##,
        "schema.decoded.prompt":
            ##"""
        Respond with JSON of this TypeScript type:
        type PinnedAlert = {
          "feed": string, // The feed's path, e.g. alerts/öster
          "level": integer, // at least 1
        };
        type PinnedEvent = {"type": "rain", "millimeters": number} | {"type": "quiet"};
        // How the sky looks
        type PinnedSky = "clear" | "cloudy" | "stormy";
        // A reading from a weather station
        {
          "station": string, // The station's code, as in a/b paths; matching /[A-Z]{3}\-\d{2}/
          "scale": number, // 0.5 to 2
          "celsius": integer, // -40 to 55
          "drift": number, // -0.25 to 1e-07
          "distance": number, // at least 1e+21
          "gust": number, // at most 3
          "pressure": number, // -1e-07 to 1000000000000000
          "altitude": number, // at most 123456789.125
          "humidity": number, // at least 0.1
          "ratio": number, // -1e-07 to 1e+21
          "pi": number, // at most 3.141592653589793
          "tilt": number, // -2.5 to 2
          "offsets": integer /* -3 to 3 */[], // Recent offsets; 2 to 4 items
          "wind": "calm" | "gusty",
          "alerts": PinnedAlert[], // at most 2 items
          "sky": PinnedSky,
          "event"?: PinnedEvent, // What happened "last"
        }


        """##,
        "schema.decoded.sorted":
            ##"{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts\/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#\/$defs\/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#\/$defs\/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.141592653589793,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1e+21,"minimum":-1e-07,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#\/$defs\/PinnedSky"},"station":{"description":"The station's code, as in a\/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}"##,
        "schema.prompt":
            ##"""
        Respond with JSON of this TypeScript type:
        type PinnedAlert = {
          "feed": string, // The feed's path, e.g. alerts/öster
          "level": integer, // at least 1
        };
        // How the sky looks
        type PinnedSky = "clear" | "cloudy" | "stormy";
        type PinnedEvent = {"type": "rain", "millimeters": number} | {"type": "quiet"};
        // A reading from a weather station
        {
          "station": string, // The station's code, as in a/b paths; matching /[A-Z]{3}\-\d{2}/
          "scale": number, // 0.5 to 2
          "celsius": integer, // -40 to 55
          "drift": number, // -0.25 to 1e-07
          "distance": number, // at least 1e+21
          "gust": number, // at most 3
          "pressure": number, // -1e-07 to 1000000000000000
          "altitude": number, // at most 123456789.125
          "humidity": number, // at least 0.1
          "ratio": number, // -0.0000001 to 1000000000000000000000
          "pi": number, // at most 3.14159265358979323846
          "tilt": number, // -2.5 to 2
          "offsets": integer /* -3 to 3 */[], // Recent offsets; 2 to 4 items
          "wind": "calm" | "gusty",
          "alerts": PinnedAlert[], // at most 2 items
          "sky": PinnedSky,
          "event"?: PinnedEvent, // What happened "last"
        }


        """##,
        "schema.sorted":
            ##"{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts\/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#\/$defs\/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#\/$defs\/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#\/$defs\/PinnedSky"},"station":{"description":"The station's code, as in a\/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}"##,
        "schema.sortedUnescaped":
            ##"{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#/$defs/PinnedSky"},"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}"##,
        "transcript.decoded.equalEntries":
            ##"[false, false, true, true, true, true, false, true]"##,
        "transcript.decoded.feedback":
            ##"{"sentiment":null,"issues":[],"desiredOutput":null,"transcript":{"transcript":{"entries":[{"id":"I1","role":"instructions","contents":[{"type":"text","id":"S1","text":"Report the weather.\nPaths look like a/b; \"quotes\"; é ✓"}],"tools":[{"type":"function","function":{"name":"readStation","description":"Reads a station","parameters":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["rain"],"type":"string"},"millimeters":{"type":"number"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"gust":{"maximum":3,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"altitude":{"maximum":123456789.125,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"ratio":{"maximum":1e+21,"minimum":-1e-07,"type":"number"},"pi":{"maximum":3.141592653589793,"type":"number"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"wind":{"enum":["calm","gusty"],"type":"string"},"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"sky":{"$ref":"#/$defs/PinnedSky"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}}}]},{"id":"P1","role":"user","contents":[{"type":"text","id":"S2","text":"Now?"}],"options":{"temperature":0.1,"maximumResponseTokens":256,"sampling":{"mode":"probabilityThreshold","probabilityThreshold":0.9,"seed":"42"}},"responseFormat":{"type":"jsonSchema","jsonSchema":{"name":"PinnedReading","schema":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"type":{"enum":["rain"],"type":"string"},"millimeters":{"type":"number"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"station":{"description":"The station's code, as in a/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"distance":{"minimum":1e+21,"type":"number"},"gust":{"maximum":3,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"altitude":{"maximum":123456789.125,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"ratio":{"maximum":1e+21,"minimum":-1e-07,"type":"number"},"pi":{"maximum":3.141592653589793,"type":"number"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"wind":{"enum":["calm","gusty"],"type":"string"},"alerts":{"items":{"$ref":"#/$defs/PinnedAlert"},"maxItems":2,"type":"array"},"sky":{"$ref":"#/$defs/PinnedSky"},"event":{"$ref":"#/$defs/PinnedEvent","description":"What happened \"last\""}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}}}},{"id":"P2","role":"user","contents":[],"options":{"temperature":1e-07,"sampling":{"mode":"topK","k":40}}},{"id":"P3","role":"user","contents":[],"options":{"temperature":2,"sampling":{"mode":"greedy"}}},{"id":"C1","role":"response","toolCalls":[{"id":"call-1","name":"readStation","arguments":"{\"station\": \"ABC-12\", \"scale\": 0.1, \"celsius\": -3, \"drift\": 1e-07, \"distance\": 1e+21, \"gust\": 3, \"big\": 1000000000000000.0, \"offsets\": [1, -2], \"nested\": {\"z\": 2.5, \"a\": [0.5, null]}, \"flag\": true, \"path\": \"a/b \\\"q\\\" é\"}"}]},{"id":"call-1","role":"tool","toolName":"readStation","toolCallID":"call-1","contents":[{"type":"text","id":"S3","text":"{\"ok\":true}"},{"type":"attachment","id":"A1","label":"map","image":{"url":"file:///tmp/a/b.png"}}]},{"id":"R1","role":"response","assets":["model.gguf"],"contents":[{"type":"structure","id":"S4","structure":{"source":"PinnedReading","content":{"big":1000000000000000.0,"celsius":-3,"distance":1e+21,"drift":1e-07,"flag":true,"gust":3,"nested":{"a":[0.5,null],"z":2.5},"offsets":[1,-2],"path":"a/b \"q\" é","scale":0.1,"station":"ABC-12"}}},{"type":"text","id":"S5","text":"Done"}]},{"id":"Z1","role":"reasoning","contents":[{"type":"text","id":"S6","text":"Thinking"}],"signature":"AQID"}]},"type":"FoundationModels.Transcript","version":1}}"##,
        "transcript.decoded.sorted":
            ##"{"transcript":{"entries":[{"contents":[{"id":"S1","text":"Report the weather.\nPaths look like a\/b; \"quotes\"; é ✓","type":"text"}],"id":"I1","role":"instructions","tools":[{"function":{"description":"Reads a station","name":"readStation","parameters":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts\/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#\/$defs\/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#\/$defs\/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.141592653589793,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1e+21,"minimum":-1e-07,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#\/$defs\/PinnedSky"},"station":{"description":"The station's code, as in a\/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}},"type":"function"}]},{"contents":[{"id":"S2","text":"Now?","type":"text"}],"id":"P1","options":{"maximumResponseTokens":256,"sampling":{"mode":"probabilityThreshold","probabilityThreshold":0.9,"seed":"42"},"temperature":0.1},"responseFormat":{"jsonSchema":{"name":"PinnedReading","schema":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts\/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#\/$defs\/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#\/$defs\/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.141592653589793,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1e+21,"minimum":-1e-07,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#\/$defs\/PinnedSky"},"station":{"description":"The station's code, as in a\/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}},"type":"jsonSchema"},"role":"user"},{"contents":[],"id":"P2","options":{"sampling":{"k":40,"mode":"topK"},"temperature":1e-07},"role":"user"},{"contents":[],"id":"P3","options":{"sampling":{"mode":"greedy"},"temperature":2},"role":"user"},{"id":"C1","role":"response","toolCalls":[{"arguments":"{\"station\": \"ABC-12\", \"scale\": 0.1, \"celsius\": -3, \"drift\": 1e-07, \"distance\": 1e+21, \"gust\": 3, \"big\": 1000000000000000.0, \"offsets\": [1, -2], \"nested\": {\"z\": 2.5, \"a\": [0.5, null]}, \"flag\": true, \"path\": \"a\/b \\\"q\\\" é\"}","id":"call-1","name":"readStation"}]},{"contents":[{"id":"S3","text":"{\"ok\":true}","type":"text"},{"id":"A1","image":{"url":"file:\/\/\/tmp\/a\/b.png"},"label":"map","type":"attachment"}],"id":"call-1","role":"tool","toolCallID":"call-1","toolName":"readStation"},{"assets":["model.gguf"],"contents":[{"id":"S4","structure":{"content":{"big":1000000000000000,"celsius":-3,"distance":1e+21,"drift":1e-07,"flag":true,"gust":3,"nested":{"a":[0.5,null],"z":2.5},"offsets":[1,-2],"path":"a\/b \"q\" é","scale":0.1,"station":"ABC-12"},"source":"PinnedReading"},"type":"structure"},{"id":"S5","text":"Done","type":"text"}],"id":"R1","role":"response"},{"contents":[{"id":"S6","text":"Thinking","type":"text"}],"id":"Z1","role":"reasoning","signature":"AQID"}]},"type":"FoundationModels.Transcript","version":1}"##,
        "transcript.sorted":
            ##"{"transcript":{"entries":[{"contents":[{"id":"S1","text":"Report the weather.\nPaths look like a\/b; \"quotes\"; é ✓","type":"text"}],"id":"I1","role":"instructions","tools":[{"function":{"description":"Reads a station","name":"readStation","parameters":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts\/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#\/$defs\/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#\/$defs\/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#\/$defs\/PinnedSky"},"station":{"description":"The station's code, as in a\/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}},"type":"function"}]},{"contents":[{"id":"S2","text":"Now?","type":"text"}],"id":"P1","options":{"maximumResponseTokens":256,"sampling":{"mode":"probabilityThreshold","probabilityThreshold":0.9,"seed":"42"},"temperature":0.1},"responseFormat":{"jsonSchema":{"name":"PinnedReading","schema":{"$defs":{"PinnedAlert":{"additionalProperties":false,"properties":{"feed":{"description":"The feed's path, e.g. alerts\/öster","type":"string"},"level":{"minimum":1,"type":"integer"}},"required":["feed","level"],"title":"PinnedAlert","type":"object","x-order":["feed","level"]},"PinnedEvent":{"anyOf":[{"additionalProperties":false,"properties":{"millimeters":{"type":"number"},"type":{"enum":["rain"],"type":"string"}},"required":["type","millimeters"],"title":"PinnedEvent.rain","type":"object","x-order":["type","millimeters"]},{"additionalProperties":false,"properties":{"type":{"enum":["quiet"],"type":"string"}},"required":["type"],"title":"PinnedEvent.quiet","type":"object","x-order":["type"]}],"title":"PinnedEvent"},"PinnedSky":{"description":"How the sky looks","enum":["clear","cloudy","stormy"],"title":"PinnedSky","type":"string"}},"additionalProperties":false,"description":"A reading from a weather station","properties":{"alerts":{"items":{"$ref":"#\/$defs\/PinnedAlert"},"maxItems":2,"type":"array"},"altitude":{"maximum":123456789.125,"type":"number"},"celsius":{"maximum":55,"minimum":-40,"type":"integer"},"distance":{"minimum":1e+21,"type":"number"},"drift":{"maximum":1e-07,"minimum":-0.25,"type":"number"},"event":{"$ref":"#\/$defs\/PinnedEvent","description":"What happened \"last\""},"gust":{"maximum":3,"type":"number"},"humidity":{"minimum":0.1,"type":"number"},"offsets":{"description":"Recent offsets","items":{"maximum":3,"minimum":-3,"type":"integer"},"maxItems":4,"minItems":2,"type":"array"},"pi":{"maximum":3.14159265358979323846,"type":"number"},"pressure":{"maximum":1000000000000000,"minimum":-1e-07,"type":"number"},"ratio":{"maximum":1000000000000000000000,"minimum":-0.0000001,"type":"number"},"scale":{"maximum":2,"minimum":0.5,"type":"number"},"sky":{"$ref":"#\/$defs\/PinnedSky"},"station":{"description":"The station's code, as in a\/b paths","pattern":"[A-Z]{3}\\-\\d{2}","type":"string"},"tilt":{"maximum":2,"minimum":-2.5,"type":"number"},"wind":{"enum":["calm","gusty"],"type":"string"}},"required":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky"],"title":"PinnedReading","type":"object","x-order":["station","scale","celsius","drift","distance","gust","pressure","altitude","humidity","ratio","pi","tilt","offsets","wind","alerts","sky","event"]}},"type":"jsonSchema"},"role":"user"},{"contents":[],"id":"P2","options":{"sampling":{"k":40,"mode":"topK"},"temperature":1e-07},"role":"user"},{"contents":[],"id":"P3","options":{"sampling":{"mode":"greedy"},"temperature":2},"role":"user"},{"id":"C1","role":"response","toolCalls":[{"arguments":"{\"station\": \"ABC-12\", \"scale\": 0.1, \"celsius\": -3, \"drift\": 1e-07, \"distance\": 1e+21, \"gust\": 3, \"big\": 1000000000000000.0, \"offsets\": [1, -2], \"nested\": {\"z\": 2.5, \"a\": [0.5, null]}, \"flag\": true, \"path\": \"a\/b \\\"q\\\" é\"}","id":"call-1","name":"readStation"}]},{"contents":[{"id":"S3","text":"{\"ok\":true}","type":"text"},{"id":"A1","image":{"url":"file:\/\/\/tmp\/a\/b.png"},"label":"map","type":"attachment"}],"id":"call-1","role":"tool","toolCallID":"call-1","toolName":"readStation"},{"assets":["model.gguf"],"contents":[{"id":"S4","structure":{"content":{"big":1000000000000000,"celsius":-3,"distance":1e+21,"drift":1e-07,"flag":true,"gust":3,"nested":{"a":[0.5,null],"z":2.5},"offsets":[1,-2],"path":"a\/b \"q\" é","scale":0.1,"station":"ABC-12"},"source":"PinnedReading"},"type":"structure"},{"id":"S5","text":"Done","type":"text"}],"id":"R1","role":"response"},{"contents":[{"id":"S6","text":"Thinking","type":"text"}],"id":"Z1","role":"reasoning","signature":"AQID"}]},"type":"FoundationModels.Transcript","version":1}"##,
    ]

    // MARK: Tests

    @Test func generationSchemaBytes() throws {
        let schema = PinnedReading.generationSchema
        let sorted = try encode(schema, [.sortedKeys])
        pin("schema.sorted", sorted)
        pin("schema.sortedUnescaped", try encode(schema, [.sortedKeys, .withoutEscapingSlashes]))
        #expect(membersSorted(try encode(schema, [.sortedKeys, .prettyPrinted])) == membersSorted(sorted))
        #expect(membersSorted(try encode(schema, [])) == membersSorted(sorted))
        #expect(
            membersSorted(try encode(schema, [.prettyPrinted, .withoutEscapingSlashes]))
                == membersSorted(try encode(schema, [.sortedKeys, .withoutEscapingSlashes])))
        pin("schema.debugDescription", schema.debugDescription)
        pin("schema.prompt", SchemaPromptText.text(for: schema))
        pin("schema.chatTool", Transcript.ToolDefinition(name: "t", description: "d", parameters: schema).chatTool.parametersJSON)

        // Decoding reads every fractional bound as a `Double` (the decoder says nothing of
        // `Decimal`), so decimal bounds come back respelled.
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: Data(sorted.utf8))
        pin("schema.decoded.sorted", try encode(decoded, [.sortedKeys]))
        pin("schema.decoded.prompt", SchemaPromptText.text(for: decoded))
        pin("schema.decoded.chatTool", Transcript.ToolDefinition(name: "t", description: "d", parameters: decoded).chatTool.parametersJSON)
    }

    @Test func importedSchemaBytes() throws {
        let schema = try GenerationSchema(jsonSchema: Self.imported)
        let sorted = try encode(schema, [.sortedKeys])
        pin("imported.sorted", sorted)
        #expect(membersSorted(try encode(schema, [])) == membersSorted(sorted))
        pin("imported.debugDescription", schema.debugDescription)
        pin("imported.prompt", SchemaPromptText.text(for: schema))
        pin("imported.chatTool", Transcript.ToolDefinition(name: "t", description: "d", parameters: schema).chatTool.parametersJSON)
        #expect(schema.validationProblem(forJSON: #"{"a": 1.5}"#) == nil)
        #expect(schema.validationProblem(forJSON: #"{"a": 0.5}"#) != nil)
    }

    @Test func transcriptBytes() throws {
        let transcript = Self.transcript()
        let sorted = try encode(transcript, [.sortedKeys])
        pin("transcript.sorted", sorted)
        #expect(membersSorted(try encode(transcript, [.sortedKeys, .prettyPrinted])) == membersSorted(sorted))
        #expect(membersSorted(try encode(transcript, [])) == membersSorted(sorted))

        let decoded = try JSONDecoder().decode(Transcript.self, from: Data(sorted.utf8))
        pin("transcript.decoded.sorted", try encode(decoded, [.sortedKeys]))
        pin("transcript.decoded.equalEntries", "\(zip(decoded, transcript).map { $0 == $1 })")
        pin(
            "transcript.decoded.feedback",
            String(decoding: LanguageModelSession(transcript: decoded).logFeedbackAttachment(sentiment: nil), as: UTF8.self))
        let entry = try JSONDecoder().decode(Transcript.self, from: Data(try encode(Transcript(entries: [transcript[4]]), []).utf8))
        #expect(entry[0] == transcript[4])
    }

    @Test func feedbackAttachmentBytes() throws {
        let session = LanguageModelSession(transcript: Self.transcript())
        let negative = session.logFeedbackAttachment(
            sentiment: .negative, issues: [.init(category: .tooVerbose, explanation: "Too long / \"wordy\""), .init(category: .incorrect)],
            desiredOutput: Self.transcript()[6])
        pin("feedback.negative", String(decoding: negative, as: UTF8.self))
        let structured = LanguageModelSession(transcript: Transcript())
            .logFeedbackAttachment(sentiment: .positive, desiredResponseContent: Self.content())
        let uuid = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/
        pin("feedback.structured", String(decoding: structured, as: UTF8.self).replacing(uuid, with: "UUID"))
    }

    // MARK: Helpers

    private func encode(_ value: some Encodable, _ formatting: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func pin(_ name: String, _ actual: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual == Self.expected[name], "\(name)", sourceLocation: sourceLocation)
    }
}

/// `text` without whitespace outside strings and with every object's members sorted by their
/// keys' bytes, numbers and strings exactly as written: `JSONEncoder` without `.sortedKeys`
/// writes members in an order that changes from run to run, so two encodings are compared by
/// this form.
private func membersSorted(_ text: String) -> String {
    var rest = Array(text.utf8)[...]
    return String(decoding: sortedValue(&rest), as: UTF8.self)
}

private func sortedValue(_ rest: inout ArraySlice<UInt8>) -> [UInt8] {
    func skipSpace() { while let byte = rest.first, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { rest.removeFirst() } }
    func take(_ byte: Character) { skipSpace(); if rest.first == byte.asciiValue { rest.removeFirst() } }
    skipSpace()
    switch rest.first {
    case UInt8(ascii: "{"):
        rest.removeFirst()
        var members: [[UInt8]] = []
        skipSpace()
        while let byte = rest.first, byte != UInt8(ascii: "}") {
            let key = sortedValue(&rest)
            take(":")
            members.append(key + [UInt8(ascii: ":")] + sortedValue(&rest))
            take(",")
            skipSpace()
        }
        rest.removeFirst()
        return [UInt8(ascii: "{")] + Array(members.sorted { $0.lexicographicallyPrecedes($1) }.joined(separator: [UInt8(ascii: ",")])) + [
            UInt8(ascii: "}")
        ]
    case UInt8(ascii: "["):
        rest.removeFirst()
        var elements: [[UInt8]] = []
        skipSpace()
        while let byte = rest.first, byte != UInt8(ascii: "]") {
            elements.append(sortedValue(&rest))
            take(",")
            skipSpace()
        }
        rest.removeFirst()
        return [UInt8(ascii: "[")] + Array(elements.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
    case UInt8(ascii: "\""):
        var token = [rest.removeFirst()]
        while let byte = rest.first {
            token.append(rest.removeFirst())
            if byte == UInt8(ascii: "\\") { token.append(rest.removeFirst()) } else if byte == UInt8(ascii: "\"") { break }
        }
        return token
    default:
        var token: [UInt8] = []
        while let byte = rest.first, !",]} \n\r\t".utf8.contains(byte) { token.append(rest.removeFirst()) }
        return token
    }
}
