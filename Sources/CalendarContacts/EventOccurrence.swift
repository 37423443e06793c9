import Foundation

/// One instance of an event: the event itself, or one repetition of a repeating event.
public struct EventOccurrence: Sendable, Equatable {
    /// The event (for a repetition, the repeating event).
    public var event: CalendarEvent
    /// When this instance starts.
    public var start: Date
    /// When this instance ends.
    public var end: Date

    /// An instance of `event` from `start` to `end`.
    public init(event: CalendarEvent, start: Date, end: Date) {
        self.event = event
        self.start = start
        self.end = end
    }
}
