import Foundation
import GGUF
import StructuredDecoding

/// What `fm inspect` prints about a GGUF file, as text or JSON.
struct InspectReport {
    let file: GGUFFile
    /// Print long strings and arrays in full.
    let full: Bool

    /// Array elements shown when not `full`.
    static let arrayPreview = 8
    /// String characters shown when not `full`.
    static let stringPreview = 120

    /// Tensor count and bytes for one ggml type.
    struct Total {
        var type: String
        var count = 0
        var elements = 0
        var bytes = 0
    }

    /// Per-type totals, largest first.
    var totals: [Total] {
        var byType: [GGMLType: Total] = [:]
        for tensor in file.tensors {
            var total = byType[tensor.type] ?? Total(type: tensor.type.name)
            total.count += 1
            total.elements += tensor.elementCount
            total.bytes += tensor.byteCount
            byType[tensor.type] = total
        }
        return byType.values.sorted { ($0.bytes, $1.type) > ($1.bytes, $0.type) }
    }

    // MARK: Text

    /// The human-readable report.
    func text() -> String {
        var lines = [
            "file:         \(file.path ?? "-")",
            "version:      \(file.version)",
            "size:         \(file.fileSize) bytes (\(Self.mebibytes(file.fileSize)))",
            "alignment:    \(file.alignment)",
            "data offset:  \(file.dataOffset)",
            "",
            "metadata (\(file.metadata.count) keys):",
        ]
        let described = file.metadata.map { (key: $0.key, describe($0.value)) }
        let keyWidth = described.map(\.key.count).max() ?? 0
        let typeWidth = described.map(\.1.type.count).max() ?? 0
        for (key, (type, value)) in described {
            lines.append("  " + Self.pad(key, keyWidth) + "  " + Self.pad(type, typeWidth) + "  " + value)
        }

        lines += ["", "tensors (\(file.tensors.count)):"]
        var rows = [["name", "type", "shape", "offset", "bytes", "size"]] // offset: in the data section
        for tensor in file.tensors {
            rows.append([
                tensor.name, tensor.type.name, Self.shape(tensor.dimensions), "\(tensor.offset)",
                "\(tensor.byteCount)", Self.mebibytes(tensor.byteCount),
            ])
        }
        lines += Self.table(rows, rightAligned: [3, 4, 5])

        lines += ["", "totals:"]
        rows = [["type", "tensors", "elements", "bytes", "size"]]
        for total in totals {
            rows.append([total.type, "\(total.count)", "\(total.elements)", "\(total.bytes)", Self.mebibytes(total.bytes)])
        }
        let bytes = file.tensors.reduce(0) { $0 + $1.byteCount }
        let elements = file.tensors.reduce(0) { $0 + $1.elementCount }
        rows.append(["all", "\(file.tensors.count)", "\(elements)", "\(bytes)", Self.mebibytes(bytes)])
        lines += Self.table(rows, rightAligned: [1, 2, 3, 4])
        return lines.joined(separator: "\n")
    }

    /// The type column and value column for one metadata value.
    private func describe(_ value: GGUFValue) -> (type: String, value: String) {
        guard case .array(let array) = value else { return (value.type.name, scalarText(value)) }
        return ("[\(array.elementType.name) x \(array.count)]", elementsText(array))
    }

    private func scalarText(_ value: GGUFValue) -> String {
        switch value {
        case .string(let string):
            guard !full, string.count > Self.stringPreview else { return Self.quoted(string) }
            return Self.quoted(String(string.prefix(Self.stringPreview))) + "... (\(string.count) characters; --full shows all)"
        case .float32(let v): return "\(v)"
        case .float64(let v): return "\(v)"
        case .bool(let v): return "\(v)"
        case .array(let array): return "[\(array.elementType.name) x \(array.count)] " + elementsText(array)
        default: return value.intValue.map(String.init) ?? Self.uint64Text(value)
        }
    }

    private func elementsText(_ array: GGUFArray) -> String {
        let shown = full ? array.count : min(array.count, Self.arrayPreview)
        do {
            let texts = try array.values(prefix: shown).map(scalarText)
            return (texts + (shown < array.count ? ["..."] : [])).joined(separator: ", ")
        } catch {
            return "<\(error)>"
        }
    }

    // MARK: JSON

    /// The machine-readable report: one JSON object.
    func json() -> String {
        let tensors: [JSONValue] = file.tensors.map { tensor in
            Self.object([
                ("name", .string(tensor.name)), ("type", .string(tensor.type.name)),
                ("shape", .array(tensor.dimensions.map(Self.int))), ("offset", Self.int(tensor.offset)),
                ("absoluteOffset", Self.int(tensor.absoluteOffset)), ("elements", Self.int(tensor.elementCount)),
                ("bytes", Self.int(tensor.byteCount)),
            ])
        }
        let totals: [JSONValue] = totals.map { total in
            Self.object([
                ("type", .string(total.type)), ("count", Self.int(total.count)),
                ("elements", Self.int(total.elements)), ("bytes", Self.int(total.bytes)),
            ])
        }
        let root = Self.object([
            ("file", file.path.map(JSONValue.string) ?? .null), ("version", Self.int(Int(file.version))),
            ("fileSize", Self.int(file.fileSize)), ("alignment", Self.int(file.alignment)),
            ("dataOffset", Self.int(file.dataOffset)),
            ("metadata", .array(file.metadata.map { jsonEntry($0.key, $0.value) })),
            ("tensors", .array(tensors)), ("totals", .array(totals)),
            ("tensorCount", Self.int(file.tensors.count)),
            ("tensorBytes", Self.int(file.tensors.reduce(0) { $0 + $1.byteCount })),
        ])
        return JSONText.pretty(root)
    }

    /// An integer as a JSON number.
    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// An object of `fields`, in order.
    static func object(_ fields: [(String, JSONValue)]) -> JSONValue { .object(fields.map { JSONMember($0.0, $0.1) }) }

    private func jsonEntry(_ key: String, _ value: GGUFValue) -> JSONValue {
        var fields: [(String, JSONValue)] = [("key", .string(key)), ("type", .string(value.type.name))]
        if case .array(let array) = value {
            fields += jsonArrayFields(array)
        } else {
            fields.append(("value", jsonValue(value)))
        }
        return Self.object(fields)
    }

    private func jsonArrayFields(_ array: GGUFArray) -> [(String, JSONValue)] {
        let shown = full ? array.count : min(array.count, Self.arrayPreview)
        var fields: [(String, JSONValue)] = [("elementType", .string(array.elementType.name)), ("count", Self.int(array.count))]
        do {
            fields.append(("elements", .array(try array.values(prefix: shown).map(jsonValue))))
        } catch {
            fields.append(("error", .string("\(error)")))
        }
        if shown < array.count { fields.append(("truncated", .bool(true))) }
        return fields
    }

    /// A metadata value as JSON (a non-finite float as `null`).
    private func jsonValue(_ value: GGUFValue) -> JSONValue {
        switch value {
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .float32(let v): v.isFinite ? .number("\(v)") : .null
        case .float64(let v): v.isFinite ? .number("\(v)") : .null
        case .array(let array): Self.object(jsonArrayFields(array))
        default: .number(value.intValue.map(String.init) ?? Self.uint64Text(value))
        }
    }

    // MARK: Formatting helpers

    /// A byte count in B, KiB or MiB.
    static func mebibytes(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: "\(bytes) B"
        case ..<1_048_576: String(format: "%.1f KiB", Double(bytes) / 1024)
        default: String(format: "%.2f MiB", Double(bytes) / 1_048_576)
        }
    }

    static func shape(_ dimensions: [Int]) -> String {
        "[" + dimensions.map(String.init).joined(separator: ", ") + "]"
    }

    static func uint64Text(_ value: GGUFValue) -> String {
        if case .uint64(let v) = value { "\(v)" } else { "\(value)" }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// A string in double quotes, escaped as JSON escapes it.
    static func quoted(_ string: String) -> String { JSONText.quoted(string) }

    /// Rows as columns separated by two spaces; `rightAligned` columns are padded on the left.
    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            return "  " + cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
