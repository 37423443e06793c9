import GGUF

extension GGUFWriter {
    /// A writer holding everything `file` holds (its metadata in order, its tensors with their
    /// data), to be edited and encoded again: tests derive variants of a real or assembled file.
    package init(copying file: GGUFFile) {
        self.init(version: file.version, alignment: file.alignment)
        metadata = file.metadata.entries.map { ($0.key, $0.value) }
        tensors = file.tensors.map { info in
            Tensor(name: info.name, dimensions: info.dimensions, type: info.type, data: Array(file.data(for: info)))
        }
    }
}
