import CalendarContacts
import Foundation
import FoundationModels
import TestSupport

@testable import DreamCoffee

/// A generated customer's JSON, as the model would write it.
func npcJSON(name: String = "Thimblefoot", order: String = "Something sweet like a summer meadow") -> String {
    let rows = (0..<Sprite.size).map { #""row\#($0 + 1)": "..bbbbbbbb..""# }.joined(separator: ", ")
    return
        #"{"name": "\#(name)", "coffeeOrder": "\#(order)", "picture": {"imageDescription": "A horse with a rainbow mane", "bodyColour": "white", "detailColour": "pink", "eyeColour": "black", \#(rows)}}"#
}

/// A temporary folder, removed by the caller.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("dream-coffee-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The sample files shipped with the game.
func sampleCalendar() throws -> ICalendar {
    try ICalendar(contentsOf: GameSamples.calendarURL!)
}

func sampleContacts() throws -> [Contact] {
    try VCardFile(contentsOf: GameSamples.contactsURL!).contacts
}

/// A game on a scripted model, saving into a temporary folder.
@MainActor
func scriptedGame(
    _ steps: [ScriptedLanguageModel.Step], folder: URL, contacts: [Contact]? = nil,
    calendar: ICalendar? = nil
) -> (Game, ScriptedLanguageModel) {
    let model = ScriptedLanguageModel(steps)
    let configuration = GameConfiguration(
        model: model, saveFile: SaveFile(url: folder.appendingPathComponent("save.json")),
        calendar: calendar, contacts: contacts)
    return (Game(configuration: configuration), model)
}
