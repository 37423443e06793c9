/// A problem found while splitting a file into content lines and components.
///
/// Both formats share this layer; `ICalendar` and `VCardFile` turn it into their public error
/// types (`ICalendarError`, `VCardError`), keeping the line number and the message.
struct SyntaxError: Error, Sendable, Equatable {
    /// What went wrong, so the public error can keep the distinction.
    enum Kind: Sendable, Equatable {
        /// A logical line's bytes are not valid UTF-8.
        case notUTF8
        /// The file does not start with `BEGIN:<expected component>`.
        case wrongFormat
        /// A line is not `name *(;param) : value`.
        case malformedLine
        /// BEGIN/END do not pair up, or a property sits outside every component.
        case unbalancedComponent
    }

    /// What went wrong.
    var kind: Kind
    /// The 1-based physical line the problem starts on (0 when it concerns the whole file).
    var line: Int
    /// A sentence naming the problem, without the line number.
    var message: String
}
