import GGUF

/// GGUF parser: arbitrary bytes as a file. A file either throws a `GGUFError` or opens, and then
/// every metadata accessor and every tensor's data range is safe to use.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGGUF(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let buffer = UnsafeRawBufferPointer(start: data, count: size)
    guard let file = try? GGUFFile(copying: buffer) else { return 0 }
    _ = file.architecture
    for entry in file.metadata {
        let key = entry.key
        _ = file.metadata.string(key)
        _ = file.metadata.int(key)
        _ = file.metadata.double(key)
        _ = file.metadata.bool(key)
        _ = file.metadata.stringArray(key)
        _ = file.metadata.intArray(key)
        _ = file.metadata.int32Array(key)
        _ = file.metadata.uint32Array(key)
        _ = file.metadata.floatArray(key)
        _ = file.metadata.doubleArray(key)
        _ = file.metadata.boolArray(key)
        _ = try? file.metadata.requireStringArray(key)
        _ = try? file.metadata.requireIntArray(key)
        _ = try? file.metadata.requireFloatArray(key)
    }
    for tensor in file.tensors {
        let bytes = file.data(for: tensor)
        fuzzCheck(file.tensor(named: tensor.name) != nil, "tensor \(tensor.name) not found by name")
        if let first = bytes.first, let last = bytes.last { _ = first &+ last }
    }
    return 0
}
