/// Placeholder until the tokenizer lands.
public enum TokenizersPlaceholder {}
