import Foundation
import Observation

/// The values of a session that profiles, modifiers, dynamic instructions and tools read and
/// write through `@SessionProperty`: the conversation's `history`, and any value declared
/// with a `SessionPropertyKey`.
///
/// ```swift
/// @SessionProperty(\.history) private var history
/// ```
public final class SessionPropertyValues: @unchecked Sendable {
    /// Guards the values.
    private let lock = NSLock()
    /// The history: the transcript after its instructions entry.
    private var storedHistory: ArraySlice<Transcript.Entry> = []
    /// The values of custom keys.
    private var values: [ObjectIdentifier: Any] = [:]
    /// Tracks observers.
    private let registrar = ObservationRegistrar()

    /// Creates empty values.
    init() {}

    /// The values in scope: those of the session whose profile is being worked out or whose
    /// hook or tool is running.
    @TaskLocal static var current: SessionPropertyValues?

    /// The values used outside any session (reads see defaults; writes are kept here).
    static let detached = SessionPropertyValues()
}

extension SessionPropertyValues {
    /// The conversation: the transcript's entries after its instructions entry.
    ///
    /// ```swift
    /// history = history.suffix(10)   // keep the last ten entries
    /// ```
    public final var history: ArraySlice<Transcript.Entry> {
        get {
            registrar.access(self, keyPath: \.history)
            return lock.withLock { storedHistory }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.history) {
                lock.withLock { storedHistory = newValue }
            }
        }
    }

    /// The value of a custom key, or its default.
    ///
    /// ```swift
    /// extension SessionPropertyValues { var mood: String { get { self[MoodKey.self] } set { self[MoodKey.self] = newValue } } }
    /// ```
    public final subscript<K>(key: K.Type) -> K.Value where K: SessionPropertyKey {
        get {
            lock.withLock { values[ObjectIdentifier(key)] as? K.Value } ?? K.defaultValue
        }
        set {
            lock.withLock { values[ObjectIdentifier(key)] = newValue }
        }
    }
}

extension SessionPropertyValues: Observable {}

/// A key for a custom session property, with its default value.
///
/// ```swift
/// struct MoodKey: SessionPropertyKey { static let defaultValue = "calm" }
/// ```
public protocol SessionPropertyKey: SendableMetatype {
    /// The property's type.
    associatedtype Value
    /// The value before anything is written.
    static var defaultValue: Value { get }
}

extension LanguageModelSession {
    /// Reads and writes a value of the session a profile, modifier, dynamic instructions or
    /// tool runs in.
    ///
    /// ```swift
    /// struct Trim: LanguageModelSession.DynamicProfileModifier {
    ///     @SessionProperty(\.history) private var history
    ///     func body(content: Content) -> some DynamicProfile {
    ///         content.onPrompt { history = history.suffix(10) }
    ///     }
    /// }
    /// ```
    @propertyWrapper
    public struct SessionProperty<Value> {
        /// The value's place in the session's values.
        let keyPath: ReferenceWritableKeyPath<SessionPropertyValues, Value>

        /// The value in the session in scope.
        public var wrappedValue: Value {
            get { (SessionPropertyValues.current ?? .detached)[keyPath: keyPath] }
            nonmutating set { (SessionPropertyValues.current ?? .detached)[keyPath: keyPath] = newValue }
        }

        /// A property reading and writing the value at `keyPath`.
        public init(_ keyPath: ReferenceWritableKeyPath<SessionPropertyValues, Value>) {
            self.keyPath = keyPath
        }
    }
}

extension LanguageModelSession.SessionProperty: @unchecked Sendable where Value: Sendable {}

extension DynamicInstructions {
    /// A session value.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

extension Tool {
    /// A session value.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

extension LanguageModelSession.DynamicProfile {
    /// A session value.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

extension LanguageModelSession.DynamicProfileModifier {
    /// A session value.
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}
