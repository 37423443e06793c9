import Foundation

/// Why a file of one of the two formats could not be read (`ICalendarError`, `VCardError`):
/// the kind of problem, the line, a message and the file's path, written as one sentence; the
/// shared syntax layer's errors (`SyntaxError`) and a missing or unreadable file become it the
/// same way for both.
package struct SourceFileError<ErrorKind: SourceFileErrorKind>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The format's kinds of problem (`ICalendarError.Kind`, `VCardError.Kind`).
    package typealias Kind = ErrorKind

    /// The kind of problem.
    package var kind: Kind
    /// The 1-based line the problem was found on, when it concerns one line.
    package var line: Int?
    /// A sentence naming the problem (without path or line).
    package var message: String
    /// The file's path, for errors raised reading a file (`ICalendar(contentsOf:)`,
    /// `VCardFile(contentsOf:)`).
    package var path: String?

    /// An error of `kind` at `line` with `message`.
    package init(_ kind: Kind, line: Int?, _ message: String, path: String? = nil) {
        self.kind = kind
        self.line = line
        self.message = message
        self.path = path
    }
}

/// The kinds of problem both formats have.
package protocol SourceFileErrorKind: Sendable, Hashable {
    /// No file at the path.
    static var fileNotFound: Self { get }
    /// The file exists but could not be read.
    static var fileNotReadable: Self { get }
    /// The text is not valid UTF-8.
    static var notUTF8: Self { get }
    /// The file does not start with the format's `BEGIN` line (or is empty).
    static var wrongFormat: Self { get }
    /// A line is not a well-formed content line.
    static var malformedLine: Self { get }
    /// `BEGIN`/`END` do not pair up, or a property is outside the format's component.
    static var unbalancedComponent: Self { get }
}

extension SourceFileError {
    /// `path: line N: message`, leaving out what is unknown.
    package var description: String {
        var text = ""
        if let path { text += "\(path): " }
        if let line { text += "line \(line): " }
        return text + message
    }

    /// The format's form of a shared syntax error.
    init(_ error: SyntaxError) {
        let kind: Kind =
            switch error.kind {
            case .notUTF8: .notUTF8
            case .wrongFormat: .wrongFormat
            case .malformedLine: .malformedLine
            case .unbalancedComponent: .unbalancedComponent
            }
        self.init(kind, line: error.line > 0 ? error.line : nil, error.message)
    }

    /// What `parse` makes of the bytes of the file at `url`, every error carrying the file's
    /// path (a missing or unreadable file is `fileNotFound` or `fileNotReadable`).
    static func parsingFile<Parsed>(at url: URL, _ parse: ([UInt8]) throws(Self) -> Parsed) throws(Self) -> Parsed {
        let bytes: [UInt8]
        do {
            bytes = try SourceFile.bytes(at: url)
        } catch {
            switch error {
            case .notFound:
                throw Self(.fileNotFound, line: nil, "file not found", path: url.path)
            case .unreadable(let reason):
                throw Self(.fileNotReadable, line: nil, "the file cannot be read: \(reason)", path: url.path)
            }
        }
        do {
            return try parse(bytes)
        } catch {
            var located = error
            located.path = url.path
            throw located
        }
    }
}
