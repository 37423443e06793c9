import Foundation

/// One instance of an event: the event itself, or one repetition of a repeating event.
package struct EventOccurrence: Sendable, Equatable {
    /// The event (for a repetition, the repeating event).
    package var event: CalendarEvent
    /// When this instance starts.
    package var start: Date
    /// When this instance ends.
    package var end: Date
}
