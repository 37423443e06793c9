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
        let tensors: [JSON] = file.tensors.map { tensor in
            .object([
                ("name", .string(tensor.name)), ("type", .string(tensor.type.name)),
                ("shape", .array(tensor.dimensions.map(JSON.int))), ("offset", .int(tensor.offset)),
                ("absoluteOffset", .int(tensor.absoluteOffset)), ("elements", .int(tensor.elementCount)),
                ("bytes", .int(tensor.byteCount)),
            ])
        }
        let totals: [JSON] = totals.map { total in
            .object([
                ("type", .string(total.type)), ("count", .int(total.count)),
                ("elements", .int(total.elements)), ("bytes", .int(total.bytes)),
            ])
        }
        let root = JSON.object([
            ("file", file.path.map(JSON.string) ?? .null), ("version", .int(Int(file.version))),
            ("fileSize", .int(file.fileSize)), ("alignment", .int(file.alignment)),
            ("dataOffset", .int(file.dataOffset)),
            ("metadata", .array(file.metadata.map { jsonEntry($0.key, $0.value) })),
            ("tensors", .array(tensors)), ("totals", .array(totals)),
            ("tensorCount", .int(file.tensors.count)),
            ("tensorBytes", .int(file.tensors.reduce(0) { $0 + $1.byteCount })),
        ])
        return root.rendered()
    }

    private func jsonEntry(_ key: String, _ value: GGUFValue) -> JSON {
        var fields: [(String, JSON)] = [("key", .string(key)), ("type", .string(value.type.name))]
        if case .array(let array) = value {
            fields += jsonArrayFields(array)
        } else {
            fields.append(("value", jsonValue(value)))
        }
        return .object(fields)
    }

    private func jsonArrayFields(_ array: GGUFArray) -> [(String, JSON)] {
        let shown = full ? array.count : min(array.count, Self.arrayPreview)
        var fields: [(String, JSON)] = [("elementType", .string(array.elementType.name)), ("count", .int(array.count))]
        do {
            fields.append(("elements", .array(try array.values(prefix: shown).map(jsonValue))))
        } catch {
            fields.append(("error", .string("\(error)")))
        }
        if shown < array.count { fields.append(("truncated", .bool(true))) }
        return fields
    }

    private func jsonValue(_ value: GGUFValue) -> JSON {
        switch value {
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .float32(let v): .number(v.isFinite ? "\(v)" : nil)
        case .float64(let v): .number(v.isFinite ? "\(v)" : nil)
        case .array(let array): .object(jsonArrayFields(array))
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

/// A minimal JSON value that keeps object keys in order (metadata order matters).
enum JSON {
    case null, bool(Bool), int(Int), string(String)
    /// A number already formatted as JSON; `nil` (non-finite) renders as `null`.
    case number(String?)
    case array([JSON])
    case object([(String, JSON)])

    /// Pretty-printed with one-space indentation.
    func rendered(indent: Int = 0) -> String {
        let inner = String(repeating: " ", count: indent + 1)
        let outer = String(repeating: " ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .number(let n): return n ?? "null"
        case .string(let s): return InspectReport.quoted(s)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n\(outer)]"
        case .object(let fields):
            guard !fields.isEmpty else { return "{}" }
            return "{\n"
                + fields.map { inner + InspectReport.quoted($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(outer)}"
        }
    }
}
