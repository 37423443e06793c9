/// A DATE (`19970714`) or DATE-TIME (`19970714T173000Z`) value as written (RFC 5545 §3.3.4–5).
struct ICalendarDateValue: Sendable, Equatable {
    /// The calendar date.
    var date: CivilDate
    /// The time of day; nil for a DATE value.
    var time: LocalTime?
    /// Whether the DATE-TIME ends in `Z` (UTC).
    var isUTC: Bool

    /// Parses `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`; nil when malformed or out of range.
    init?(_ text: String) {
        let chars = Array(text.trimmingSpaces().utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= chars.count else { return nil }
            var value = 0
            for byte in chars[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        self.date = date
        if chars.count == 8 {
            time = nil
            isUTC = false
            return
        }
        guard chars.count == 15 || (chars.count == 16 && (chars[15] == UInt8(ascii: "Z") || chars[15] == UInt8(ascii: "z"))),
            chars[8] == UInt8(ascii: "T") || chars[8] == UInt8(ascii: "t"),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        time = LocalTime(hour: hour, minute: minute, second: min(second, 59))
        isUTC = chars.count == 16
    }
}
