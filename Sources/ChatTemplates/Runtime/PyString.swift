/// Python `str` operations, which index and compare by Unicode code point (Swift's `String`
/// works in grapheme clusters and canonical equivalence, so these work on unicode scalars).
enum PyString {
    static func scalars(_ string: String) -> [Unicode.Scalar] { Array(string.unicodeScalars) }

    static func make<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// `len(string)`.
    static func length(_ string: String) -> Int { string.unicodeScalars.count }

    /// The code point index of the first occurrence of `needle` at or after `start`.
    static func find(_ haystack: String, _ needle: String, from start: Int = 0) -> Int? {
        find(scalars(haystack), scalars(needle), from: start)
    }

    static func find(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar], from start: Int = 0, end: Int? = nil) -> Int? {
        let limit = min(end ?? haystack.count, haystack.count)
        let first = max(0, start)
        if needle.isEmpty { return first <= limit ? first : nil }
        guard limit - needle.count >= first else { return nil }
        for position in first...(limit - needle.count) where haystack[position] == needle[0] {
            if haystack[position..<position + needle.count].elementsEqual(needle) { return position }
        }
        return nil
    }

    static func rfind(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Int? {
        if needle.isEmpty { return haystack.count }
        guard haystack.count >= needle.count else { return nil }
        for position in stride(from: haystack.count - needle.count, through: 0, by: -1) {
            if haystack[position..<position + needle.count].elementsEqual(needle) { return position }
        }
        return nil
    }

    /// `str.count(sub)`: non-overlapping occurrences.
    static func count(_ haystack: String, _ needle: String) -> Int {
        let hay = scalars(haystack)
        let sub = scalars(needle)
        if sub.isEmpty { return hay.count + 1 }
        var total = 0
        var position = 0
        while let found = find(hay, sub, from: position) {
            total += 1
            position = found + sub.count
        }
        return total
    }

    /// `str.replace(old, new, count)`.
    static func replace(_ string: String, _ old: String, _ new: String, count: Int = -1) -> String {
        let hay = scalars(string)
        let oldScalars = scalars(old)
        let newScalars = scalars(new)
        var result: [Unicode.Scalar] = []
        var replaced = 0
        if oldScalars.isEmpty {
            for scalar in hay {
                if count < 0 || replaced < count { result += newScalars; replaced += 1 }
                result.append(scalar)
            }
            if count < 0 || replaced < count { result += newScalars }
            return make(result)
        }
        var position = 0
        while count < 0 || replaced < count, let found = find(hay, oldScalars, from: position) {
            result += hay[position..<found]
            result += newScalars
            position = found + oldScalars.count
            replaced += 1
        }
        result += hay[position...]
        return make(result)
    }

    /// `str.strip(chars)` / `lstrip` / `rstrip`; nil `chars` strips whitespace.
    static func strip(_ string: String, _ chars: String?, leading: Bool = true, trailing: Bool = true) -> String {
        let set = chars.map { Set($0.unicodeScalars) }
        func strips(_ scalar: Unicode.Scalar) -> Bool { set?.contains(scalar) ?? isPythonWhitespace(scalar) }
        var view = Substring(string).unicodeScalars
        if leading { while let first = view.first, strips(first) { view.removeFirst() } }
        if trailing { while let last = view.last, strips(last) { view.removeLast() } }
        return String(view)
    }

    /// `str.split(sep, maxsplit)`; nil `separator` splits on runs of whitespace.
    /// `parts` joined by `separator`, refusing results over the size limit before building them.
    static func joined(_ parts: [String], separator: String) throws(ChatTemplateError) -> String {
        var total = separator.utf8.count * max(0, parts.count - 1)
        for part in parts {
            total += part.utf8.count
            try Limits.checkSize(total)
        }
        return parts.joined(separator: separator)
    }

    static func split(_ string: String, _ separator: String?, maxSplit: Int = -1) throws(ChatTemplateError) -> [String] {
        let hay = scalars(string)
        var parts: [String] = []
        guard let separator else {
            var index = 0
            var splits = 0
            while true {
                while index < hay.count, isPythonWhitespace(hay[index]) { index += 1 }
                if index == hay.count { break }
                if maxSplit >= 0 && splits == maxSplit {
                    var end = hay.count
                    while end > index, isPythonWhitespace(hay[end - 1]) { end -= 1 }
                    parts.append(make(hay[index..<end]))
                    break
                }
                let start = index
                while index < hay.count, !isPythonWhitespace(hay[index]) { index += 1 }
                parts.append(make(hay[start..<index]))
                splits += 1
            }
            return parts
        }
        let sep = scalars(separator)
        if sep.isEmpty { throw .type("empty separator") }
        var position = 0
        while maxSplit < 0 || parts.count < maxSplit, let found = find(hay, sep, from: position) {
            parts.append(make(hay[position..<found]))
            position = found + sep.count
        }
        parts.append(make(hay[position...]))
        return parts
    }

    /// `str.rsplit(sep, maxsplit)`.
    static func rsplit(_ string: String, _ separator: String?, maxSplit: Int = -1) throws(ChatTemplateError) -> [String] {
        if maxSplit < 0 { return try split(string, separator, maxSplit: -1) }
        let reversedParts = try split(make(scalars(string).reversed()), separator.map { make(scalars($0).reversed()) }, maxSplit: maxSplit)
        return reversedParts.reversed().map { make(scalars($0).reversed()) }
    }

    /// Python's `str.title()`: a cased character after an uncased one is title-cased, others lowered.
    static func title(_ string: String) -> String {
        var result = ""
        var previousCased = false
        for scalar in string.unicodeScalars {
            if previousCased {
                result += scalar.properties.lowercaseMapping
            } else {
                result += scalar.properties.titlecaseMapping
            }
            previousCased = scalar.properties.isCased
        }
        return result
    }

    /// Python's `str.capitalize()`: the first character title-cased, the rest lowered.
    static func capitalize(_ string: String) -> String {
        var result = ""
        for (index, scalar) in string.unicodeScalars.enumerated() {
            result += index == 0 ? scalar.properties.titlecaseMapping : scalar.properties.lowercaseMapping
        }
        return result
    }

    static func upper(_ string: String) -> String { string.unicodeScalars.map(\.properties.uppercaseMapping).joined() }
    static func lower(_ string: String) -> String { string.unicodeScalars.map(\.properties.lowercaseMapping).joined() }

    /// Python's `str.splitlines()` (without `keepends`).
    static func splitLines(_ string: String) -> [String] {
        let hay = scalars(string)
        var lines: [String] = []
        var start = 0
        var index = 0
        while index < hay.count {
            let scalar = hay[index]
            switch scalar.value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029:
                lines.append(make(hay[start..<index]))
                if scalar == "\r", index + 1 < hay.count, hay[index + 1] == "\n" { index += 1 }
                index += 1
                start = index
            default:
                index += 1
            }
        }
        if start < hay.count { lines.append(make(hay[start...])) }
        return lines
    }

    /// Python's slice of a sequence of `count` items: the selected indices.
    static func sliceIndices(count: Int, start: Int?, stop: Int?, step: Int?) throws(ChatTemplateError) -> [Int] {
        let step = step ?? 1
        if step == 0 { throw .type("slice step cannot be zero") }
        func clamp(_ value: Int?, _ defaultValue: Int, lower: Int, upper: Int) -> Int {
            guard var value else { return defaultValue }
            if value < 0 { value += count }
            return min(max(value, lower), upper)
        }
        var indices: [Int] = []
        if step > 0 {
            let from = clamp(start, 0, lower: 0, upper: count)
            let to = clamp(stop, count, lower: 0, upper: count)
            var index = from
            while index < to {
                indices.append(index)
                let (next, overflowed) = index.addingReportingOverflow(step)
                if overflowed { break }
                index = next
            }
        } else {
            let from = clamp(start, count - 1, lower: -1, upper: count - 1)
            let to = clamp(stop, -1, lower: -1, upper: count - 1)
            var index = from
            while index > to {
                indices.append(index)
                let (next, overflowed) = index.addingReportingOverflow(step)
                if overflowed { break }
                index = next
            }
        }
        return indices
    }
}
