public enum GGUFPlaceholder {}
