import Foundation
internal import StructuredDecoding

extension LanguageModelSession {
    /// Writes feedback on this session's responses as a JSON attachment for a bug report: your
    /// sentiment, the issues you saw, the output you wanted, and the session's transcript.
    ///
    /// ```swift
    /// let data = session.logFeedbackAttachment(sentiment: .negative,
    ///                                          issues: [.init(category: .tooVerbose)],
    ///                                          desiredOutput: nil)
    /// try data.write(to: reportURL)
    /// ```
    ///
    /// The document: `{"sentiment": "negative", "issues": [{"category": "tooVerbose",
    /// "explanation": null}], "desiredOutput": <entry or null>, "transcript": <transcript>}`,
    /// entries and transcript in the format of `Transcript`'s `Codable` conformance.
    @discardableResult
    public final func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?,
        issues: [LanguageModelFeedback.Issue] = [],
        desiredOutput: Transcript.Entry? = nil
    ) -> Data {
        let issueValues = issues.map { issue in
            JSONValue.members([
                ("category", .string(String(describing: issue.category))),
                ("explanation", issue.explanation.map(JSONValue.string) ?? .null),
            ])
        }
        let document = JSONValue.members([
            ("sentiment", sentiment.map { .string(String(describing: $0)) } ?? .null),
            ("issues", .array(issueValues)),
            ("desiredOutput", desiredOutput.map(TranscriptJSON.json(for:)) ?? .null),
            ("transcript", TranscriptJSON.json(for: transcript)),
        ])
        return Data(document.compactText.utf8)
    }

    /// Writes feedback with the text response you wanted (see
    /// `logFeedbackAttachment(sentiment:issues:desiredOutput:)`).
    @discardableResult
    public final func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?,
        issues: [LanguageModelFeedback.Issue] = [],
        desiredResponseText: String?
    ) -> Data {
        let entry = desiredResponseText.map { text in
            Transcript.Entry.response(Transcript.Response(assetIDs: [], segments: [.text(Transcript.TextSegment(content: text))]))
        }
        return logFeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: entry)
    }

    /// Writes feedback with the structured response you wanted (see
    /// `logFeedbackAttachment(sentiment:issues:desiredOutput:)`).
    @discardableResult
    public final func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?,
        issues: [LanguageModelFeedback.Issue] = [],
        desiredResponseContent: (any ConvertibleToGeneratedContent)?
    ) -> Data {
        let entry = desiredResponseContent.map { desired in
            let segment = Transcript.StructuredSegment(schemaName: String(describing: type(of: desired)), content: desired.generatedContent)
            return Transcript.Entry.response(Transcript.Response(assetIDs: [], segments: [.structure(segment)]))
        }
        return logFeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: entry)
    }
}
