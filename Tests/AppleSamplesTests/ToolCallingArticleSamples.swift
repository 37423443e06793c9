// The code samples of Apple's article "Expanding generation with tool calling"
// (../shared/seeds/tool-calling-article.md), in order, each compiled with a plain
// `import FoundationModels`. Whitespace is normalised; nothing else is changed except where a
// line says `// EDIT:`, always because the sample as printed is not valid Swift against any
// version of Apple's framework:
//
// - "Handle errors thrown by a tool" calls `session.respond("...")`; Apple's `respond` has no
//   unlabelled form (26.0 through 27.0), so the edit adds `to:` rather than invent an overload.
//   `SearchBreadDatabaseToolError` is assumed by the sample and declared here.
// - "Inspect the call graph" switches over `Transcript.Entry` with a `.toolCall` case (Apple's is
//   `.toolCalls`, and adding a case would break every exhaustive switch written against Apple's
//   API) and with case bodies holding only comments (not valid Swift); the edits name the case
//   `.toolCalls` and put an `EmptyView()` in each body. SwiftUI comes from FrameworkStandIns.
//
// Statements are wrapped in functions whose parameters are the free variables they use.

import Foundation
import FoundationModels

enum ToolCallingArticle {
    // MARK: "Create a custom tool for your task"

    struct BreadDatabaseTool: Tool {
        let name = "searchBreadDatabase"
        let description = "Searches a local database for bread recipes."

        @Generable
        struct Arguments {
            @Guide(description: "The type of bread to search for")
            var searchTerm: String
            @Guide(description: "The number of recipes to get", .range(1...6))
            var limit: Int
        }

        struct Recipe {
            var name: String
            var description: String
            var link: URL
        }

        func call(arguments: Arguments) async throws -> [String] {
            var recipes: [Recipe] = []

            // Put your code here to retrieve a list of recipes from your database.

            let formattedRecipes = recipes.map {
                "Recipe for '\($0.name)': \($0.description) Link: \($0.link)"
            }
            return formattedRecipes
        }
    }

    // MARK: "Provide a session with the tool you create"

    static func sourdough() async throws -> LanguageModelSession.Response<String> {
        let session = LanguageModelSession(
            tools: [BreadDatabaseTool()]
        )

        let response = try await session.respond(
            to: "Find three sourdough bread recipes"
        )
        return response
    }

    // MARK: "Provide a session with the tool you create": several cities

    struct WeatherTool: Tool {
        let name = "getWeather"
        let description = "Retrieve the latest weather information for a city"

        @Generable
        struct Arguments {
            @Guide(description: "The city to get weather information for")
            var city: String
        }

        struct Forecast: Encodable {
            var city: String
            var temperature: Int
        }

        func call(arguments: Arguments) async throws -> String {
            // Get a random temperature value. Use `WeatherKit` to get
            // a temperature for the city.
            let temperature = Int.random(in: 30...100)
            let formattedResult = """
                The forecast for '\(arguments.city)' is '\(temperature)' \
                degrees Fahrenheit.
                """
            return formattedResult
        }
    }

    static func compareCities() async throws -> LanguageModelSession.Response<String> {
        // Create a session with default instructions that guide the requests.
        let session = LanguageModelSession(
            tools: [WeatherTool()],
            instructions: "Help the person with getting weather information"
        )

        // Make a request that compares the temperature between several locations.
        let response = try await session.respond(
            to: "Is it hotter in Boston, Wichita, or Pittsburgh?"
        )
        return response
    }

    // MARK: "Handle errors thrown by a tool"

    /// What the sample's bread database tool may throw (assumed by the sample).
    enum SearchBreadDatabaseToolError: Error {
        case databaseIsEmpty
    }

    /// Returns the name of the tool that failed, as the sample prints it.
    static func tomatoSoup(session: LanguageModelSession) async -> String? {
        var failedTool: String?
        do {
            let answer = try await session.respond(to: "Find a recipe for tomato soup.") // EDIT: `to:`
        } catch let error as LanguageModelSession.ToolCallError {

            // Access the name of the tool, like BreadDatabaseTool.
            print(error.tool.name)
            failedTool = error.tool.name // added: what the test checks

            // Access an underlying error that your tool throws and check if the tool
            // encounters a specific condition.
            if case .databaseIsEmpty = error.underlyingError as? SearchBreadDatabaseToolError {
                // Display an error in the UI.
            }

        } catch {
            print("Some other error: \(error)")
        }
        return failedTool
    }

    // MARK: "Inspect the call graph"

    struct MyHistoryView: View {

        @State
        var session = LanguageModelSession(
            tools: [BreadDatabaseTool()]
        )

        var body: some View {
            List(session.transcript) { entry in
                switch entry {
                case .instructions(let instructions):
                    // Display the instructions the model uses.
                    EmptyView() // EDIT: a case needs a statement
                case .prompt(let prompt):
                    // Display the prompt made to the model.
                    EmptyView() // EDIT
                case .toolCalls(let call): // EDIT: `.toolCall` in the sample
                    // Display the call details for a tool, like the tool name and arguments.
                    EmptyView() // EDIT
                case .toolOutput(let output):
                    // Display the output that a tool provides back to the model.
                    EmptyView() // EDIT
                case .response(let response):
                    // Display the response from the model.
                    EmptyView() // EDIT
                case .reasoning: // EDIT: 27.0 adds reasoning entries; its SDK requires the case too
                    EmptyView() // EDIT
                }
            }.task {
                do {
                    try await session.respond(to: "Find a milk bread recipe.")
                } catch let error {
                    // Handle the error.
                }
            }
        }

    }
}
