/// JSON Schema `format`s as exact regular languages (whole-match patterns), so a format is
/// enforced like any `pattern`.
///
/// ```swift
/// let dfa = try StringFormat.date.regex.compile(.init(encoding: .jsonString()))
/// dfa.matches(#""2024-02-29""#)  // true (leap year)
/// dfa.matches(#""2023-02-29""#)  // false
/// ```
///
/// Each case documents where it is stricter than its RFC; none accepts a string its RFC rejects.
public enum StringFormat: String, CaseIterable, Hashable, Sendable {
    /// RFC 3339 `date-time`: `full-date [Tt] full-time` (see `date` and `time`).
    case dateTime = "date-time"
    /// RFC 3339 `full-date`: `YYYY-MM-DD` with days per month and leap years checked exactly.
    case date
    /// RFC 3339 `full-time`: `HH:MM:SS[.frac]` and a required offset `Z`/`z`/`±HH:MM`. A leap
    /// second (`:60`) is accepted only as `23:59:60` with offset `Z` or `±00:00`; RFC 3339 also
    /// allows other offsets whose UTC time is 23:59:60 — those are rejected (stricter).
    case time
    /// RFC 4122 `uuid`: 8-4-4-4-12 hexadecimal digits, either case, any version.
    case uuid
    /// A pragmatic `email` subset of RFC 5321: dot-atom local part (`atext` runs separated by
    /// single dots) `@` a DNS name (labels of letters, digits and inner hyphens). Quoted local
    /// parts and address literals (`[127.0.0.1]`) are rejected (stricter).
    case email
    /// RFC 2673 dotted-quad `ipv4`: four decimal octets 0-255 without leading zeros.
    case ipv4
    /// RFC 4291 `ipv6` text form (all `::` compressions, embedded IPv4 tail); no zone ids.
    case ipv6
    /// RFC 3986 `URI` (absolute, with scheme; fragment allowed), exact grammar; ASCII only
    /// (IRIs are `iri`, not supported).
    case uri

    /// The whole-match pattern for the format.
    public var pattern: String {
        switch self {
        case .dateTime: "\(Self.datePattern)[Tt]\(Self.timePattern)"
        case .date: Self.datePattern
        case .time: Self.timePattern
        case .uuid: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
        case .email: Self.emailPattern
        case .ipv4: Self.ipv4Pattern
        case .ipv6: Self.ipv6Pattern
        case .uri: Self.uriPattern
        }
    }

    /// The parsed pattern (the patterns are constants checked by the tests).
    public var regex: RegexPattern {
        do { return try RegexPattern(pattern) } catch { preconditionFailure("StringFormat.\(self): \(error)") }
    }

    private static let datePattern: String = {
        let monthDay =
            "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
            + "|02-(?:0[1-9]|1[0-9]|2[0-8]))"
        let leapYear = "(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)"
        return "(?:[0-9]{4}-\(monthDay)|\(leapYear)-02-29)"
    }()

    private static let timePattern: String = {
        let fraction = "(?:\\.[0-9]+)?"
        let offset = "(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"
        let regular = "(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\(fraction)\(offset)"
        let leapSecond = "23:59:60\(fraction)(?:[Zz]|[+-]00:00)"
        return "(?:\(regular)|\(leapSecond))"
    }()

    private static let ipv4Pattern = "(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"

    private static let ipv6Pattern: String = {
        let h16 = "[0-9A-Fa-f]{1,4}"
        let ls32 = "(?:\(h16):\(h16)|\(ipv4Pattern))"
        func head(_ n: Int) -> String { n == 0 ? "(?:\(h16))?" : "(?:(?:\(h16):){0,\(n)}\(h16))?" }
        let forms = [
            "(?:\(h16):){6}\(ls32)",
            "::(?:\(h16):){5}\(ls32)",
            "\(head(0))::(?:\(h16):){4}\(ls32)",
            "\(head(1))::(?:\(h16):){3}\(ls32)",
            "\(head(2))::(?:\(h16):){2}\(ls32)",
            "\(head(3))::\(h16):\(ls32)",
            "\(head(4))::\(ls32)",
            "\(head(5))::\(h16)",
            "\(head(6))::",
        ]
        return "(?:" + forms.joined(separator: "|") + ")"
    }()

    private static let emailPattern: String = {
        let atext = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
        let label = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
        return "\(atext)+(?:\\.\(atext)+)*@\(label)(?:\\.\(label))*"
    }()

    private static let uriPattern: String = {
        let pct = "%[0-9A-Fa-f]{2}"
        let pchar = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|\(pct))"
        let userinfo = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:]|\(pct))*"
        let ipFuture = "[vV][0-9A-Fa-f]+\\.[A-Za-z0-9\\-._~!$&'()*+,;=:]+"
        let host = "(?:\\[(?:\(ipv6Pattern)|\(ipFuture))\\]|(?:[A-Za-z0-9\\-._~!$&'()*+,;=]|\(pct))*)"
        let authority = "(?:\(userinfo)@)?\(host)(?::[0-9]*)?"
        let segment = "\(pchar)*"
        let hier = "(?://\(authority)(?:/\(segment))*|/(?:\(pchar)+(?:/\(segment))*)?|\(pchar)+(?:/\(segment))*)?"
        let tail = "(?:\(pchar)|[/?])*"
        return "[A-Za-z][A-Za-z0-9+.\\-]*:\(hier)(?:\\?\(tail))?(?:#\(tail))?"
    }()
}
