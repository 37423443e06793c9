/// Placeholder until the decoder lands.
public enum StructuredDecodingPlaceholder {}
