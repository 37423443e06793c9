/// Placeholder until the API lands.
public enum FoundationModelsPlaceholder {}
