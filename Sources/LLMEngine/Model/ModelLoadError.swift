import GGUF

/// Why a GGUF file cannot be loaded as a model. Each case names what is wrong.
public enum ModelLoadError: Error, Equatable, CustomStringConvertible {
    /// `general.architecture` names an architecture we do not implement.
    case unsupportedArchitecture(String, supported: [String])
    /// A hyperparameter is missing or out of range.
    case invalidHyperparameter(key: String, reason: String)
    /// A required tensor is absent.
    case missingTensor(String)
    /// A tensor has the wrong shape for the hyperparameters.
    case shapeMismatch(tensor: String, expected: [Int], found: [Int])
    /// A tensor uses a ggml type the kernels do not support.
    case unsupportedTensorType(tensor: String, type: String, supported: [String])

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case let .unsupportedArchitecture(name, supported):
            "unsupported model architecture '\(name)' (supported: \(supported.joined(separator: ", ")))"
        case let .invalidHyperparameter(key, reason):
            "invalid model hyperparameter \(key): \(reason)"
        case let .missingTensor(name):
            "model tensor '\(name)' is missing"
        case let .shapeMismatch(tensor, expected, found):
            "model tensor '\(tensor)' has shape \(found), expected \(expected)"
        case let .unsupportedTensorType(tensor, type, supported):
            "model tensor '\(tensor)' has type \(type), which is not supported (supported: \(supported.joined(separator: ", ")))"
        }
    }
}
